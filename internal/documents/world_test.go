package documents_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/tramita/tramita/internal/testkit/itemstest"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
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
	d := itemstest.New(t)
	return &world{db: d.DB, svc: d.Core, ana: d.Ana, bia: d.Bia, task: d.Task}
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
