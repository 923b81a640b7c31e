package documents_test

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/demo"
	"github.com/tramita/tramita/internal/testkit"
)

// world is the demo packages loaded in a fresh database, with two users:
// ana in every demo project, bia only in "Transformação Digital".
type world struct {
	db       *pgxpool.Pool
	svc      *items.Service
	ana, bia items.Caller
	task     int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	if _, err := db.Exec(ctx, `INSERT INTO app_user (login, name) VALUES ('ana', 'Ana'), ('bia', 'Bia')`); err != nil {
		t.Fatal(err)
	}
	if err := demo.Load(ctx, db, slog.New(slog.NewTextHandler(io.Discard, nil)), true); err != nil {
		t.Fatal(err)
	}
	w := &world{db: db, svc: items.NewService(items.NewStore(db), func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) })}
	var ana, bia int64
	if err := db.QueryRow(ctx, `SELECT (SELECT id FROM app_user WHERE login = 'ana'), (SELECT id FROM app_user WHERE login = 'bia')`).Scan(&ana, &bia); err != nil {
		t.Fatal(err)
	}
	w.ana, w.bia = items.Caller{UserID: ana}, items.Caller{UserID: bia}
	if err := db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'task'`).Scan(&w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO project_member (project_id, user_id, can_write)
		SELECT id, $1::bigint, true FROM project UNION ALL SELECT id, $2::bigint, false FROM project WHERE name = 'Transformação Digital'`, ana, bia); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) list(t *testing.T, c items.Caller, in items.ExecuteFilterInput) items.Page {
	t.Helper()
	in.ComponentID = w.task
	p, err := w.svc.ExecuteFilter(context.Background(), c, in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (w *world) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (w *world) project(t *testing.T, name string) int64 {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM project WHERE name = $1`, name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
