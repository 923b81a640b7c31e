package auth

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// AdminLogin is the administrator created on the first start.
const AdminLogin = "admin"

// EnsureAdmin creates the administrator when no user exists. Given no
// password it generates one, to be changed at first sign-in, and returns it
// for the caller to print once; otherwise it returns "".
func EnsureAdmin(ctx context.Context, db *pgxpool.Pool, password string) (generated string, err error) {
	mustChange := false
	if password == "" {
		password = RandomPassword(16)
		generated = password
		mustChange = true
	}
	hash, err := HashPassword(password)
	if err != nil {
		return "", err
	}
	// One statement, so two instances starting at once cannot both create it.
	tag, err := db.Exec(ctx, `
		INSERT INTO app_user (login, name, email, password_hash, password_changed_at, must_change_password,
		                      panel_admin, administrator, change_password_permission)
		SELECT $1, 'Administrador', '', $2, now(), $3, true, true, true
		WHERE NOT EXISTS (SELECT 1 FROM app_user)
		ON CONFLICT (login) DO NOTHING`, AdminLogin, hash, mustChange)
	if err != nil {
		return "", fmt.Errorf("create administrator: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return "", nil
	}
	return generated, nil
}

// ErrUnknownLogin means no user has the login given to an admin command.
var ErrUnknownLogin = errors.New("no user has this login")

// ResetPasswordByAdmin sets a new random password for login, to be changed at
// the next sign-in, and ends the user's sessions. It is the command-line way
// back in for an administrator who lost the password.
func ResetPasswordByAdmin(ctx context.Context, db *pgxpool.Pool, login string) (string, error) {
	password := RandomPassword(16)
	hash, err := HashPassword(password)
	if err != nil {
		return "", err
	}
	var id int64
	err = db.QueryRow(ctx, `
		UPDATE app_user SET password_hash = $2, password_changed_at = now(), must_change_password = true, updated_at = now()
		WHERE login = $1 RETURNING id`, login, hash).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("%w: %s", ErrUnknownLogin, login)
	}
	if err != nil {
		return "", fmt.Errorf("reset password: %w", err)
	}
	if err := EndSessions(ctx, db, id); err != nil {
		return "", err
	}
	return password, nil
}

// EndSessions revokes every session of a user; their tokens stop working at once.
func EndSessions(ctx context.Context, db *pgxpool.Pool, userID int64) error {
	if _, err := db.Exec(ctx, `UPDATE user_session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, userID); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}
