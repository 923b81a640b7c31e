// Package audit writes the audit log: who did what, when and from where.
// Modules call Record in the same transaction as the change they log when
// they have one, so a change and its record land together.
package audit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Event is one line of the audit log.
type Event struct {
	At time.Time
	// UserID is the user the event is about; 0 when none is known (a failed
	// sign-in with a login that does not exist).
	UserID int64
	// Login is the login as typed or as stored.
	Login string
	// Kind names what happened, prefixed by the module: "signin.success",
	// "password.changed".
	Kind string
	// Address is the client's IP address.
	Address string
	// Detail holds what else is worth keeping; never a password or a secret.
	Detail map[string]any
}

// ChangeDetail is the Detail of an administrative change: the entity and
// its id, and the record before and after (left out when nil: a creation,
// a deletion).
func ChangeDetail(entity string, id int64, before, after any) map[string]any {
	detail := map[string]any{"entity": entity, "entityId": id}
	if before != nil {
		detail["before"] = before
	}
	if after != nil {
		detail["after"] = after
	}
	return detail
}

// Execer is what Record needs: a pool, a connection or a transaction.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Record writes e.
func Record(ctx context.Context, db Execer, e Event) error {
	if e.Kind == "" {
		return errors.New("audit: event without kind")
	}
	if e.At.IsZero() {
		return errors.New("audit: event without time")
	}
	detail := []byte("{}")
	if len(e.Detail) > 0 {
		b, err := json.Marshal(e.Detail)
		if err != nil {
			return fmt.Errorf("audit %s: %w", e.Kind, err)
		}
		detail = b
	}
	var user *int64
	if e.UserID != 0 {
		user = &e.UserID
	}
	if _, err := db.Exec(ctx, `
		INSERT INTO audit_event (at, user_id, login, kind, address, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
		e.At, user, e.Login, e.Kind, e.Address, detail); err != nil {
		return fmt.Errorf("audit %s: %w", e.Kind, err)
	}
	return nil
}
