package demo_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/testkit/itemstest"
)

// Each demo query shows what its name says (issue 21): "Abertas" tasks and
// "Abertos" tickets hold every item not in a final status and no other, and
// "SLA estourado" holds the breached tickets only.
func TestDemoQueriesShowWhatTheirNamesSay(t *testing.T) {
	d := itemstest.New(t)
	ctx := context.Background()
	admin := items.Caller{UserID: d.Ana.UserID, PanelAdmin: true}
	for _, tt := range []struct {
		component, query string
		// holds: the SQL condition on the typed table t and its status s that the query's rows meet.
		holds string
	}{
		{"task", "open", "NOT s.final"},
		{"task", "all", "true"},
		{"ticket", "open", "NOT s.final"},
		{"ticket", "breached", "t.a%d IS TRUE"},
	} {
		t.Run(tt.component+"/"+tt.query, func(t *testing.T) {
			var comp, query, slaAttr int64
			if err := d.DB.QueryRow(ctx, `SELECT c.id, q.id, coalesce((SELECT a.id FROM attribute a WHERE a.component_id = c.id AND a.key = 'slaBreached'), 0)
				FROM component c JOIN item_query q ON q.component_id = c.id WHERE c.key = $1 AND q.key = $2`, tt.component, tt.query).
				Scan(&comp, &query, &slaAttr); err != nil {
				t.Fatal(err)
			}
			page, err := d.Core.ExecuteFilter(ctx, admin, items.ExecuteFilterInput{ComponentID: comp, QueryID: query, RowsPerPage: items.MaxRowsPerPage})
			if err != nil {
				t.Fatal(err)
			}
			holds := tt.holds
			if strings.Contains(holds, "%d") {
				holds = fmt.Sprintf(holds, slaAttr)
			}
			var want int64
			if err := d.DB.QueryRow(ctx, `SELECT count(*) FROM `+table.Name(comp)+` t JOIN item_status s ON s.id = t.status_id
				WHERE t.deleted_at IS NULL AND `+holds).Scan(&want); err != nil {
				t.Fatal(err)
			}
			if want == 0 || page.Total != want || int64(len(page.Rows)) != min(want, items.MaxRowsPerPage) {
				t.Fatalf("%d rows (total %d), want %d", len(page.Rows), page.Total, want)
			}
			var ids []int64
			for _, r := range page.Rows {
				ids = append(ids, r["id"].(int64))
			}
			var outside int
			if err := d.DB.QueryRow(ctx, `SELECT count(*) FROM `+table.Name(comp)+` t JOIN item_status s ON s.id = t.status_id
				WHERE t.id = ANY($1) AND NOT (`+holds+`)`, ids).Scan(&outside); err != nil {
				t.Fatal(err)
			}
			if outside != 0 {
				t.Fatalf("%d rows do not meet %s", outside, holds)
			}
		})
	}
}
