package profile

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/mail"
)

// Mailer sends the notice of a changed e-mail; *mail.Sender is one.
type Mailer interface {
	Configured(ctx context.Context) (bool, error)
	Send(ctx context.Context, m mail.Message) error
}

// ConfirmPassword checks the caller's current password as a sign-in does
// (auth.Service.ConfirmPassword): a wrong one counts toward the login's lock
// and is answered with a 400 on the field "password".
type ConfirmPassword func(password string) error

// Service updates profiles.
type Service struct {
	store  *Store
	mailer Mailer
	now    func() time.Time
}

// NewService returns the profile service; mailer tells the old address
// when the e-mail changes.
func NewService(store *Store, mailer Mailer) *Service {
	return &Service{store: store, mailer: mailer, now: time.Now}
}

// Update saves the caller's profile and returns it as stored. A new e-mail
// needs the current password (in.CurrentPassword, checked by confirm): a
// reset link goes to the e-mail, so whoever holds a session must not be
// able to move it to their own mailbox. The old address is told.
func (s *Service) Update(ctx context.Context, c Caller, in Input, confirm ConfirmPassword) (Profile, error) {
	p, err := validate(in.Profile)
	if err != nil {
		return Profile{}, err
	}
	current, ok, err := s.store.Current(ctx, c.UserID)
	if err != nil {
		return Profile{}, err
	}
	if !ok {
		// The session's user is gone or was disabled a moment ago.
		return Profile{}, httpx.Unauthorized()
	}
	emailChanged := !strings.EqualFold(p.Email, current.Email)
	if emailChanged {
		if in.CurrentPassword == "" {
			return Profile{}, httpx.Invalid("currentPassword", "portal.currentPasswordRequired")
		}
		if err := confirm(in.CurrentPassword); err != nil {
			return Profile{}, onCurrentPassword(err)
		}
	}
	old, ok, err := s.store.Update(ctx, c.UserID, p, s.now())
	if err != nil {
		return Profile{}, err
	}
	if !ok {
		return Profile{}, httpx.Unauthorized()
	}
	if emailChanged && old.Email != "" {
		s.tellOldAddress(ctx, old, p.Email)
	}
	return p, nil
}

// onCurrentPassword puts a refused password on the dialog's field.
func onCurrentPassword(err error) error {
	if e, ok := httpx.AsError(err); ok && e.Status == http.StatusBadRequest && len(e.Validations) == 1 && e.Validations[0].Field == "password" {
		if e.Validations[0].Key == "error.required" {
			return httpx.Invalid("currentPassword", "portal.currentPasswordRequired")
		}
		return httpx.Invalid("currentPassword", "portal.currentPasswordWrong")
	}
	return err
}

// tellOldAddress mails the previous address that the e-mail changed, after
// the change is committed. Without a mail server nothing is sent; a failed
// send is logged: the change stands and the audit log has it.
func (s *Service) tellOldAddress(ctx context.Context, old Stored, newEmail string) {
	log := httpx.Logger(ctx)
	configured, err := s.mailer.Configured(ctx)
	if err != nil || !configured {
		if err != nil {
			log.Error("e-mail change notice", "error", err)
		}
		return
	}
	brand, err := s.store.Brand(ctx)
	if err != nil {
		log.Error("e-mail change notice", "error", err)
		return
	}
	if brand = strings.TrimSpace(brand); brand == "" {
		brand = "Tramita"
	}
	lang := i18n.Parse(old.Language)
	msg := mail.Message{
		To:      old.Email,
		Subject: i18n.T(lang, "portal.mail.emailChangedSubject", "brand", brand),
		Text: i18n.T(lang, "portal.mail.emailChangedBody", "name", old.Name, "brand", brand, "login", old.Login,
			"old", old.Email, "new", newEmail),
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		log.Error("e-mail change notice", "error", err)
	}
}
