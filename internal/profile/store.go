package profile

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/audit"
)

// Store writes profiles to the users table.
type Store struct{ db *pgxpool.Pool }

// NewStore returns a store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// Update saves p for user id and records the change in the audit log, with
// the e-mail it replaced (password resets go to the e-mail, so a changed one
// must be traceable). False when the user does not exist or is inactive.
func (s *Store) Update(ctx context.Context, id int64, p Profile, at time.Time) (bool, error) {
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var login, oldName, oldEmail, oldAvatar string
		err := tx.QueryRow(ctx, `SELECT login, name, email, avatar FROM app_user WHERE id = $1 AND active FOR UPDATE`, id).
			Scan(&login, &oldName, &oldEmail, &oldAvatar)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE app_user SET name = $2, email = $3, avatar = $4, updated_at = $5 WHERE id = $1`,
			id, p.Name, p.Email, p.Avatar, at); err != nil {
			return err
		}
		var changed []string
		detail := map[string]any{}
		if p.Name != oldName {
			changed = append(changed, "name")
		}
		if p.Email != oldEmail {
			changed = append(changed, "email")
			detail["previousEmail"] = oldEmail
		}
		if p.Avatar != oldAvatar {
			changed = append(changed, "avatar")
		}
		if len(changed) == 0 {
			return nil
		}
		detail["changed"] = changed
		return audit.Record(ctx, tx, audit.Event{At: at, UserID: id, Login: login, Kind: "profile.updated", Detail: detail})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("update profile of user %d: %w", id, err)
	}
	return true, nil
}
