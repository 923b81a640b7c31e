package kanban_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/kanban"
)

// A column too large to count shows the planner's estimate and says so, as a
// list's total does; small columns stay exact. Under a query of the column's
// status the estimate holds too (the planner counts that condition twice).
func TestLargeColumnsShowAnEstimatedTotal(t *testing.T) {
	const load = 48000 // half to do, half done: a column of 24,250 cards
	todoQuery := "      - key: todo\n        name: {pt-BR: A fazer}\n        where:\n          conditions:\n" +
		"            - {field: StatusName, operator: isAnyOf, value: [todo]}\n    views:\n"
	w := newWorldOf(t, strings.Replace(boardPackage, "    views:\n", todoQuery, 1))
	ctx := context.Background()
	var comp int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'card'`).Scan(&comp); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO item (component_id, number, title, project_id, status_id, created_at)
		SELECT $1, 1000 + g, 'Carga ' || g, $2, CASE WHEN g % 2 = 0 THEN $3::bigint ELSE $4::bigint END, now() - interval '1 day' - make_interval(secs => g)
		FROM generate_series(1, $5::int) g`, comp, w.project, w.todo, w.done, load); err != nil {
		t.Fatal(err)
	}
	if err := table.Copy(ctx, w.db, comp); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `ANALYZE item, `+table.Name(comp)); err != nil {
		t.Fatal(err)
	}
	// The planner's figure for a member's cards is rough (a quarter low here);
	// a status counted twice would halve it.
	const todo = 250 + load/2
	near := func(n int) bool { return n > todo*3/5 && n < todo*7/5 }
	var first int
	var todoID int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_query WHERE component_id = $1 AND key = 'todo'`, comp).Scan(&todoID); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		query *int64
	}{
		{"the default query", nil},
		{"a query of the column's status", &todoID},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := kanban.BoardInput{ViewID: w.board, QueryID: tt.query}
			b, err := w.svc.Board(ctx, w.ana, in)
			if err != nil {
				t.Fatal(err)
			}
			col := b.Columns[0]
			if col.TotalKind != items.TotalEstimate || !near(col.Total) || len(col.Cards) != kanban.DefaultPage || col.Cards[0].FormattedID != 250 {
				t.Errorf("to do: %d %s, %d cards, want about %d estimated", col.Total, col.TotalKind, len(col.Cards), todo)
			}
			if c := b.Columns[1]; tt.query == nil && (c.Total != 3 || c.TotalKind != items.TotalExact) {
				t.Errorf("doing: %d %s, want 3 exact", c.Total, c.TotalKind)
			}
			if first == 0 {
				first = col.Total
			} else if col.Total < first*9/10 || col.Total > first*11/10 {
				t.Errorf("to do: %d under the query of its status, %d under the default query", col.Total, first)
			}
			// A column's next page tells the total the board showed.
			page, err := w.svc.Column(ctx, w.ana, kanban.PageInput{BoardInput: in, StatusID: w.todo, Offset: kanban.DefaultPage})
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != col.Total || page.TotalKind != col.TotalKind || len(page.Cards) != kanban.DefaultPage {
				t.Errorf("next page: %d %s, %d cards; the board said %d %s", page.Total, page.TotalKind, len(page.Cards), col.Total, col.TotalKind)
			}
		})
	}
	// A column under the cap is counted, past a full page too.
	b, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if c := b.Columns[1]; c.Total != 3 || c.TotalKind != items.TotalExact || len(c.Cards) != 2 {
		t.Errorf("doing, two a page: %d %s, %d cards", c.Total, c.TotalKind, len(c.Cards))
	}
	// Who may not read the cards learns nothing of their number.
	b, err = w.svc.Board(ctx, w.outsider, kanban.BoardInput{ViewID: w.board})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range b.Columns {
		if c.Total != 0 || c.TotalKind != items.TotalExact {
			t.Errorf("outsider: %s %d %s", c.Key, c.Total, c.TotalKind)
		}
	}
}
