package items_test

import (
	"context"
	"slices"
	"testing"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
)

// A list whose last count stayed under the cap counts in its first round
// trip instead of asking the planner (page, store_list.go), and a page of it by
// offset takes its ids from all the list's ids. The rows and totals must be
// those of the estimate's way: the same list asked again, a page past the
// end, and a list grown past the cap meanwhile (the hint is stale), on a
// page within the first ExactCountCap+1 rows, past them and past the end.
func TestTotalsOfAListKeptAsSmallFollowItsGrowth(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var first []int64
	for i := range 3 {
		p := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10, Page: 2})
		if p.Total != 180 || p.TotalKind != items.TotalExact || p.TotalIsEstimate || len(p.Rows) != 10 {
			t.Fatalf("call %d: 180 tasks: %d %s, %d rows", i, p.Total, p.TotalKind, len(p.Rows))
		}
		if i == 0 {
			first = ids(p.Rows)
		} else if !slices.Equal(ids(p.Rows), first) {
			t.Fatalf("call %d: rows %v, want %v", i, ids(p.Rows), first)
		}
	}
	past := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10, Page: 50})
	if past.Total != 180 || past.TotalKind != items.TotalExact || len(past.Rows) != 0 {
		t.Fatalf("past the end: %d %s, %d rows", past.Total, past.TotalKind, len(past.Rows))
	}
	grow := func() {
		t.Helper()
		w.loadTasks(t, 12000)
	}
	// big answers page twice: first with the stale hint, then by the
	// estimate's way; both the planner's figure, with the same rows.
	big := func(page int) {
		t.Helper()
		var rows []int64
		for i := range 2 {
			p := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10, Page: page})
			if p.TotalKind != items.TotalEstimate || !p.TotalIsEstimate || p.Total <= items.ExactCountCap {
				t.Fatalf("call %d (page %d), 12,180 tasks: %d %s", i, page, p.Total, p.TotalKind)
			}
			if i == 0 {
				rows = ids(p.Rows)
			} else if !slices.Equal(ids(p.Rows), rows) {
				t.Fatalf("page %d: rows %v, then %v", page, rows, ids(p.Rows))
			}
			if page < 1200 && len(rows) != 10 {
				t.Fatalf("page %d: %d rows", page, len(rows))
			}
		}
	}
	grow()
	big(1100) // past the first ExactCountCap+1 rows
	shrink := func() {
		t.Helper()
		if _, err := w.db.Exec(ctx, `DELETE FROM item WHERE component_id = $1 AND number > 100000`, w.task); err != nil {
			t.Fatal(err)
		}
		if _, err := w.db.Exec(ctx, `ANALYZE item, `+table.Name(w.task)); err != nil {
			t.Fatal(err)
		}
		if p := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10}); p.Total != 180 || p.TotalKind != items.TotalExact {
			t.Fatalf("180 tasks again: %d %s", p.Total, p.TotalKind)
		}
	}
	shrink()
	grow()
	big(0) // within them
	shrink()
	grow()
	big(50_000) // past the end
	// A keyset page of a small list (a filter narrows it again).
	in := items.ExecuteFilterInput{RowsPerPage: 5, Order: "FormattedID", SortDirection: "asc",
		Filters: []items.FilterItem{{Field: "cost", Operator: "<=", Value: 20}}}
	var want int64
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM `+table.Name(w.task)+` t JOIN attribute a ON a.component_id = $1 AND a.key = 'cost'
		WHERE (to_jsonb(t) ->> ('a' || a.id))::numeric <= 20`, w.task).Scan(&want); err != nil {
		t.Fatal(err)
	}
	firstPage := w.list(t, w.ana, in)
	for i := range 2 {
		in.After = firstPage.NextCursor
		p := w.list(t, w.ana, in)
		if firstPage.NextCursor == "" || p.Total != want || p.TotalKind != items.TotalExact {
			t.Fatalf("keyset call %d, cost <= 20: %d %s, want %d exact (cursor %q)", i, p.Total, p.TotalKind, want, firstPage.NextCursor)
		}
	}
}
