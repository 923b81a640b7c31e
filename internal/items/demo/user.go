package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/auth"
)

// UserLogin is the demo's plain user: no administration rights, a member of
// one demo project, read-only in another and outside the third, so that a
// new installation shows the project rule at work.
const UserLogin = "maria"

const (
	userName  = "Maria Souza"
	userEmail = "maria.souza@example.com"
)

// userRoles are maria's roles by project name; the third demo project
// ("Implantação do ERP") is not hers.
var userRoles = []struct{ project, role string }{
	{"Transformação Digital", "member"},
	{"Nova Sede", "read_only"},
}

// addUser creates maria with her roles in projects (ids by name). It leaves
// an existing maria alone and creates nobody past the plan's user limit. The
// answer is her password when it was generated here.
func addUser(ctx context.Context, tx pgx.Tx, log *slog.Logger, projects map[string]int64, password string) (generated string, err error) {
	var limit *int
	var used int
	err = tx.QueryRow(ctx, `SELECT max_users, (SELECT count(*) FROM app_user) FROM plan WHERE id = 1 FOR UPDATE`).Scan(&limit, &used)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("plan limit: %w", err)
	}
	if limit != nil && used >= *limit {
		log.Warn("demo user not created: the plan's user limit is reached", "login", UserLogin, "limit", *limit)
		return "", nil
	}
	mustChange := password == ""
	if mustChange {
		password = auth.RandomPassword(16)
		generated = password
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return "", err
	}
	// Timesheet type 1 (hours per day), as the demo's first user: the task
	// form has a timesheets control.
	var id int64
	err = tx.QueryRow(ctx, `INSERT INTO app_user (login, name, email, password_hash, password_changed_at, must_change_password,
		timesheet_type) VALUES ($1, $2, $3, $4, now(), $5, 1) ON CONFLICT (login) DO NOTHING RETURNING id`,
		UserLogin, userName, userEmail, hash, mustChange).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		log.Warn("demo user not created: the login is taken", "login", UserLogin)
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("demo user: %w", err)
	}
	for _, r := range userRoles {
		if _, err := tx.Exec(ctx, `INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, $3)`,
			projects[r.project], id, r.role); err != nil {
			return "", fmt.Errorf("demo user's role in %s: %w", r.project, err)
		}
	}
	return generated, nil
}
