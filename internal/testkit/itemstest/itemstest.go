// Package itemstest is the demo installation that the item core and the
// modules beside it test against, so each module does not keep a copy.
package itemstest

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/demo"
	"github.com/tramita/tramita/internal/testkit"
)

// Demo is a fresh database with the demo loaded and two users: Ana writes in
// every demo project (she manages them: the demo's first user is their shown
// manager), Bia reads "Transformação Digital" only (read_only).
type Demo struct {
	DB       *pgxpool.Pool
	Core     *items.Service // the core on Clock
	Ana, Bia items.Caller
	Task     int64 // the demo's task type
	Secret   int64 // "Nova Sede", a project Bia is not in
}

// Clock is the tests' now, 2025-06-01 12:00 UTC.
func Clock() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }

// New makes the demo installation of one test.
func New(t *testing.T) *Demo {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	if _, err := db.Exec(ctx, `INSERT INTO app_user (login, name) VALUES ('ana', 'Ana'), ('bia', 'Bia')`); err != nil {
		t.Fatal(err)
	}
	if err := demo.Load(ctx, db, slog.New(slog.NewTextHandler(io.Discard, nil)), demo.Options{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	d := &Demo{DB: db, Core: items.NewService(items.NewStore(db), Clock)}
	var ana, bia int64
	if err := db.QueryRow(ctx, `SELECT (SELECT id FROM app_user WHERE login = 'ana'), (SELECT id FROM app_user WHERE login = 'bia')`).Scan(&ana, &bia); err != nil {
		t.Fatal(err)
	}
	d.Ana, d.Bia = items.Caller{UserID: ana}, items.Caller{UserID: bia}
	if err := db.QueryRow(ctx, `SELECT (SELECT id FROM component WHERE key = 'task'), (SELECT id FROM project WHERE name = 'Nova Sede')`).
		Scan(&d.Task, &d.Secret); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO project_member (project_id, user_id, role)
		SELECT id, $1::bigint, 'member' FROM project UNION ALL SELECT id, $2::bigint, 'read_only' FROM project WHERE name = 'Transformação Digital'
		ON CONFLICT (project_id, user_id) DO NOTHING`, ana, bia); err != nil {
		t.Fatal(err)
	}
	return d
}
