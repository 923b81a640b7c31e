package schedule_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/testkit/itemstest"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// world is the demo installation with two users: ana writes every demo
// project, bia reads "Transformação Digital" only. The clock is 2025-06-01
// 12:00 UTC. items is the core with the predecessors in its history.
type world struct {
	db       *pgxpool.Pool
	items    *items.Service
	svc      *schedule.Service
	ana, bia items.Caller
	task     int64
}

// newWorld is the demo without its plan's dependencies and phases: the
// predecessors tests build their own on its tasks.
func newWorld(t *testing.T) *world {
	t.Helper()
	w := newPlanWorld(t)
	if _, err := w.db.Exec(context.Background(), `DELETE FROM item_predecessor; DELETE FROM item_version_predecessors;
		UPDATE item SET parent_id = NULL WHERE parent_id IS NOT NULL`); err != nil {
		t.Fatal(err)
	}
	return w
}

// newPlanWorld is the demo as loaded: "Transformação Digital" has its plan.
func newPlanWorld(t *testing.T) *world {
	t.Helper()
	d := itemstest.New(t)
	w := &world{db: d.DB, items: d.Core, svc: schedule.NewService(schedule.NewStore(d.DB), d.Core), ana: d.Ana, bia: d.Bia, task: d.Task}
	d.Core.AddHistorySource(w.svc)
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
