// Package admin is the administration of the platform: users, groups,
// companies and the audit log. Every call is for administrators only (spec
// section 6: panel admin or administrator); the router puts
// auth.RequireAdmin in front of all of them and the services check again.
package admin

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/mail"
)

// Mailer sends the temporary password of a new user; *mail.Sender is one.
type Mailer interface {
	Configured(ctx context.Context) (bool, error)
	Send(ctx context.Context, m mail.Message) error
}

// Actor is the administrator making a call and where the call came from.
type Actor struct {
	auth.Principal
	Address string
}

// MailSettings keeps the mail server's settings; *mail.Store is one.
type MailSettings interface {
	Settings(ctx context.Context) (mail.Settings, error)
	Save(ctx context.Context, st mail.Settings) error
}

// TermsPublisher publishes a new version of the terms of use; *auth.Service is one.
type TermsPublisher interface {
	PublishTerms(ctx context.Context, actor auth.Principal, fileName string, pdf []byte, c auth.Client) (int, error)
}

// Deps are what the administration needs of other modules.
type Deps struct {
	Mailer       Mailer
	MailSettings MailSettings
	Terms        TermsPublisher
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Service holds the administration's business rules.
type Service struct {
	db       *pgxpool.Pool
	mailer   Mailer
	mailConf MailSettings
	terms    TermsPublisher
	now      func() time.Time
}

// NewService returns the service over db.
func NewService(db *pgxpool.Pool, d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{db: db, mailer: d.Mailer, mailConf: d.MailSettings, terms: d.Terms, now: d.Now}
}

// allow refuses anyone but an administrator; the router already did, but a
// service never trusts that it was reached through the router.
func allow(a Actor) error {
	switch {
	case !a.Complete():
		return httpx.Unauthorized()
	case !a.Admin():
		return httpx.Forbidden()
	}
	return nil
}

// tx runs fn in one transaction: a change and its audit record land together
// or not at all.
func (s *Service) tx(ctx context.Context, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.db, fn)
}

// record writes an administrative change to the audit log: user_id is who
// did it; detail names the entity and holds the record before and after.
func (s *Service) record(ctx context.Context, db audit.Execer, a Actor, kind, entity string, id int64, before, after any) error {
	detail := audit.ChangeDetail(entity, id, before, after)
	if err := audit.Record(ctx, db, audit.Event{At: s.now(), UserID: a.UserID, Login: a.Login, Kind: kind,
		Address: a.Address, Detail: detail}); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}
