package items_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/items"
)

// A list whose last count stayed under the cap counts in its first round
// trip instead of asking the planner (page, list.go): the totals must be
// the same as by the estimate's way, the same list asked again included,
// and when the list has grown past the cap meanwhile (the hint is stale),
// the answer is the estimate, on a page past the end as on the first.
func TestTotalsOfAListKeptAsSmallFollowItsGrowth(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	for i := range 3 {
		p := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10, Page: 2})
		if p.Total != 180 || p.TotalKind != items.TotalExact || p.TotalIsEstimate || len(p.Rows) != 10 {
			t.Fatalf("call %d: 180 tasks: %d %s, %d rows", i, p.Total, p.TotalKind, len(p.Rows))
		}
	}
	// Past the end: no rows, the total still counted.
	past := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10, Page: 50})
	if past.Total != 180 || past.TotalKind != items.TotalExact || len(past.Rows) != 0 {
		t.Fatalf("past the end: %d %s, %d rows", past.Total, past.TotalKind, len(past.Rows))
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO item (component_id, number, title, attributes)
		SELECT $1, 100000 + g, 'Carga ' || g, jsonb_build_object('priority', 'low', 'cost', g) FROM generate_series(1, 12000) g`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `ANALYZE item`); err != nil {
		t.Fatal(err)
	}
	// The first page after the growth finds the count at the cap: the
	// planner's figure, as a list never counted small would answer.
	for i, page := range []int{50_000, 0, 0, 50_000} {
		p := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10, Page: page})
		if p.TotalKind != items.TotalEstimate || !p.TotalIsEstimate || p.Total <= items.ExactCountCap {
			t.Fatalf("call %d (page %d), 12,180 tasks: %d %s", i, page, p.Total, p.TotalKind)
		}
	}
	// A keyset page of a small list (a filter narrows it again).
	in := items.ExecuteFilterInput{RowsPerPage: 5, Order: "FormattedID", SortDirection: "asc",
		Filters: []items.FilterItem{{Field: "cost", Operator: "<=", Value: 20}}}
	var want int64
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item WHERE component_id = $1 AND (attributes->>'cost')::numeric <= 20`, w.task).Scan(&want); err != nil {
		t.Fatal(err)
	}
	first := w.list(t, w.ana, in)
	for i := range 2 {
		in.After = first.NextCursor
		p := w.list(t, w.ana, in)
		if first.NextCursor == "" || p.Total != want || p.TotalKind != items.TotalExact {
			t.Fatalf("keyset call %d, cost <= 20: %d %s, want %d exact (cursor %q)", i, p.Total, p.TotalKind, want, first.NextCursor)
		}
	}
}
