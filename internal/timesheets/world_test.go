package timesheets_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/demo"
	"github.com/tramita/tramita/internal/testkit"
	"github.com/tramita/tramita/internal/timesheets"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// world is the demo installation with two users: ana writes every demo
// project, bia reads "Transformação Digital" only. The clock is 2025-06-01
// 12:00 UTC. items is the core with the time entries in its history.
type world struct {
	db       *pgxpool.Pool
	items    *items.Service
	svc      *timesheets.Service
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
	clock := func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }
	core := items.NewService(items.NewStore(db), clock)
	w := &world{db: db, items: core, svc: timesheets.NewService(timesheets.NewStore(db), core, clock)}
	core.AddHistorySource(w.svc)
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

// itemsIn returns the first n items of type comp in project ("" any).
func (w *world) itemsIn(t *testing.T, comp int64, project string, n int) []int64 {
	t.Helper()
	rows, err := w.db.Query(context.Background(), `SELECT id FROM item WHERE component_id = $1
		AND ($2 = '' OR project_id = (SELECT id FROM project WHERE name = $2)) ORDER BY id LIMIT $3`, comp, project, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

// message is err's Message in ctx's language.
func message(ctx context.Context, err error) string {
	e, ok := httpx.AsError(err)
	if !ok {
		if err == nil {
			return "<nil>"
		}
		return "not an application error: " + err.Error()
	}
	return i18n.T(i18n.From(ctx), e.Key, e.Args...)
}

func status(err error) int {
	if e, ok := httpx.AsError(err); ok {
		return e.Status
	}
	return 0
}
