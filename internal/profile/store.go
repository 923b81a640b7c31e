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

// Stored is what a profile update replaced, and what a notice of it needs.
type Stored struct {
	Login, Name, Email, Language string
}

// Current reads the profile of user id as stored; false when the user does
// not exist or is inactive.
func (s *Store) Current(ctx context.Context, id int64) (Stored, bool, error) {
	var st Stored
	err := s.db.QueryRow(ctx, `SELECT login::text, name, email::text, language FROM app_user WHERE id = $1 AND active`, id).
		Scan(&st.Login, &st.Name, &st.Email, &st.Language)
	if errors.Is(err, pgx.ErrNoRows) {
		return Stored{}, false, nil
	}
	if err != nil {
		return Stored{}, false, fmt.Errorf("read profile of user %d: %w", id, err)
	}
	return st, true, nil
}

// Brand is the platform's name, for mails.
func (s *Store) Brand(ctx context.Context) (string, error) {
	var brand string
	err := s.db.QueryRow(ctx, `SELECT coalesce((SELECT value #>> '{}' FROM platform_setting WHERE key = 'brand'), '')`).Scan(&brand)
	if err != nil {
		return "", fmt.Errorf("read brand: %w", err)
	}
	return brand, nil
}

// Update saves p for user id and records the change in the audit log, with
// the e-mail it replaced (password resets go to the e-mail, so a changed one
// must be traceable). It returns what was stored before; false when the
// user does not exist or is inactive.
func (s *Store) Update(ctx context.Context, id int64, p Profile, at time.Time) (Stored, bool, error) {
	var old Stored
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var oldAvatar string
		err := tx.QueryRow(ctx, `SELECT login::text, name, email::text, language, avatar FROM app_user WHERE id = $1 AND active FOR UPDATE`, id).
			Scan(&old.Login, &old.Name, &old.Email, &old.Language, &oldAvatar)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE app_user SET name = $2, email = $3, avatar = $4, updated_at = $5 WHERE id = $1`,
			id, p.Name, p.Email, p.Avatar, at); err != nil {
			return err
		}
		var changed []string
		detail := map[string]any{}
		if p.Name != old.Name {
			changed = append(changed, "name")
		}
		if p.Email != old.Email {
			changed = append(changed, "email")
			detail["previousEmail"] = old.Email
		}
		if p.Avatar != oldAvatar {
			changed = append(changed, "avatar")
		}
		if len(changed) == 0 {
			return nil
		}
		detail["changed"] = changed
		return audit.Record(ctx, tx, audit.Event{At: at, UserID: id, Login: old.Login, Kind: "profile.updated", Detail: detail})
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return Stored{}, false, nil
	}
	if err != nil {
		return Stored{}, false, fmt.Errorf("update profile of user %d: %w", id, err)
	}
	return old, true, nil
}
