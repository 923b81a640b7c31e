package items_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/items/table"
)

func ids(rows []map[string]any) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r["id"].(int64)
	}
	return out
}

// walk follows nextCursor from the first page to the end.
func (w *world) walk(t *testing.T, c items.Caller, in items.ExecuteFilterInput) []int64 {
	t.Helper()
	var got []int64
	for range 100 {
		p := w.list(t, c, in)
		got = append(got, ids(p.Rows)...)
		if p.NextCursor == "" {
			return got
		}
		in.After, in.Page = p.NextCursor, in.Page+1
	}
	t.Fatal("the cursor never ends")
	return nil
}

func TestKeysetPagesWalkTheListAsOffsetPagesDo(t *testing.T) {
	w := newWorld(t)
	for _, tt := range []struct {
		name       string
		order, dir string
	}{
		{"newest first", "", ""},
		{"FormattedID ascending", "FormattedID", "asc"},
		{"last change descending", "LastModify", "desc"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range []items.Caller{w.ana, w.bia} {
				all := w.list(t, c, items.ExecuteFilterInput{RowsPerPage: 500, Order: tt.order, SortDirection: tt.dir})
				walked := w.walk(t, c, items.ExecuteFilterInput{RowsPerPage: 7, Order: tt.order, SortDirection: tt.dir})
				if !slices.Equal(walked, ids(all.Rows)) {
					t.Fatalf("user %d: cursor pages %v\nwant %v", c.UserID, walked, ids(all.Rows))
				}
			}
		})
	}
	// bia's cursor pages hold her project's items only, like her offset pages.
	for _, id := range w.walk(t, w.bia, items.ExecuteFilterInput{RowsPerPage: 9}) {
		var project string
		if err := w.db.QueryRow(context.Background(), `SELECT p.name FROM item i JOIN project p ON p.id = i.project_id WHERE i.id = $1`, id).Scan(&project); err != nil {
			t.Fatal(err)
		}
		if project != "Transformação Digital" {
			t.Fatalf("bia's cursor page holds an item of %s", project)
		}
	}
}

func TestACursorOfAnotherOrderIsRefused(t *testing.T) {
	w := newWorld(t)
	first := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 5})
	if first.NextCursor == "" {
		t.Fatal("a full page of the default order has no nextCursor")
	}
	if p := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 5, Order: "cost"}); p.NextCursor != "" {
		t.Fatal("an attribute sort (offset paging) answered a cursor")
	}
	for _, tt := range []struct{ name, order, after string }{
		{"another order", "FormattedID", first.NextCursor},
		{"an attribute sort", "cost", first.NextCursor},
		{"not a cursor", "", "x' OR 1=1 --"},
		{"base64 of nonsense", "", "eyJmIjoiQ3JlYXRpb25EYXRlIiwiZCI6dHJ1ZSwidiI6Im5vdyIsImlkIjoxfQ"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.svc.ExecuteFilter(context.Background(), w.ana, items.ExecuteFilterInput{ComponentID: w.task,
				RowsPerPage: 5, Order: tt.order, After: tt.after})
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != http.StatusBadRequest {
				t.Fatalf("got %v", err)
			}
		})
	}
}

func TestTotalSaysWhetherItIsCounted(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	small := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10})
	if small.Total != 180 || small.TotalKind != items.TotalExact || small.TotalIsEstimate {
		t.Fatalf("180 tasks: %d %s", small.Total, small.TotalKind)
	}
	last := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 50, Page: 3})
	if last.Total != 180 || last.TotalKind != items.TotalExact || len(last.Rows) != 30 {
		t.Fatalf("last page: %d %s, %d rows", last.Total, last.TotalKind, len(last.Rows))
	}
	// Past the cap the total is the planner's figure, and says so.
	w.loadTasks(t, 12000)
	big := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 50})
	if big.TotalKind == items.TotalExact || !big.TotalIsEstimate || big.Total <= items.ExactCountCap {
		t.Fatalf("12,180 tasks: %d %s", big.Total, big.TotalKind)
	}
	few := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 5, Filters: []items.FilterItem{{Field: "cost", Operator: "<=", Value: 20}}})
	var want int64
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM `+table.Name(w.task)+` t JOIN attribute a ON a.component_id = $1 AND a.key = 'cost'
		WHERE (to_jsonb(t) ->> ('a' || a.id))::numeric <= 20`, w.task).Scan(&want); err != nil {
		t.Fatal(err)
	}
	if few.Total != want || few.TotalKind != items.TotalExact {
		t.Fatalf("cost <= 20: %d %s, want %d exact", few.Total, few.TotalKind, want)
	}
}

func TestAttributeColumnsAreIndexedAndServeSorts(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	attrs, err := table.Attrs(ctx, w.db, w.task)
	if err != nil {
		t.Fatal(err)
	}
	// Every attribute a list can sort has an index on its column; a rich
	// text none.
	var fields []schema.Attr
	for _, a := range attrs {
		var indexed bool
		if err := w.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_indexes
			WHERE tablename = $1 AND indexdef LIKE '%(' || $2::text || ',%')`,
			table.Name(w.task), table.Column(a.ID)).Scan(&indexed); err != nil {
			t.Fatal(err)
		}
		if want := a.Type != "RICH_TEXT" && a.Type != "BINARY"; indexed != want {
			t.Errorf("%s (%s): indexed %v", a.Key, a.Type, indexed)
		}
		if a.Key == "cost" || a.Key == "priority" {
			fields = append(fields, schema.Attr{ID: a.ID, Key: a.Key, Type: a.Type})
		}
	}

	// The order the compiler writes is the index's, both ways: with sorting
	// and table scans made unattractive, the plan reads the index, no Sort.
	set := schema.Build(fields)
	where, args, err := filter.Compile(set.Filter(), filter.Node{Field: "priority", Operator: "is", Value: "high"}, filter.Params{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"asc", "desc"} {
		order, err := filter.OrderBy(set.Order(), []filter.Sort{{Field: "cost", Direction: dir}})
		if err != nil {
			t.Fatal(err)
		}
		plan := explain(t, w, `SELECT i.id FROM `+table.Name(w.task)+` i WHERE i.deleted_at IS NULL AND `+where+
			` ORDER BY `+order+` LIMIT 50`, args...)
		if !strings.Contains(plan, "Index") || strings.Contains(plan, "Sort") {
			t.Fatalf("cost %s:\n%s", dir, plan)
		}
	}
}

func explain(t *testing.T, w *world, sql string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	tx, err := w.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_bitmapscan = off`); err != nil {
		t.Fatal(err)
	}
	rows, err := tx.Query(ctx, `EXPLAIN `+sql, args...)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}
