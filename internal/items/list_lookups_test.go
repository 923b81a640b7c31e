package items_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/items"
)

// A page's names (users, picklist texts) are looked up in the rows' batch
// from the items themselves, then whatever the rows hold that was not found
// is looked up again: the answer is what the rows' own values name.
func TestPageNamesTheValuesItsRowsHold(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := w.db.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	// Odd values in five items: a user that does not exist, a fractional id,
	// a text where a user id goes, a value outside the picklist, an id
	// beyond bigint.
	var odd [5]int64
	rows, err := w.db.Query(ctx, `SELECT id FROM item WHERE component_id = $1 ORDER BY id LIMIT 5`, w.task)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; rows.Next(); i++ {
		if err := rows.Scan(&odd[i]); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	exec(`UPDATE item SET attributes = attributes || jsonb_build_object('reviewer', 99999999) WHERE id = $1`, odd[0])
	exec(`UPDATE item SET attributes = attributes || jsonb_build_object('reviewer', $2::numeric + 0.7) WHERE id = $1`, odd[1], w.bia.UserID)
	exec(`UPDATE item SET attributes = attributes || '{"reviewer": "abc"}' WHERE id = $1`, odd[2])
	exec(`UPDATE item SET attributes = attributes || '{"priority": "nope"}' WHERE id = $1`, odd[3])
	exec(`UPDATE item SET attributes = attributes || '{"reviewer": 1e30}' WHERE id = $1`, odd[4])

	names := map[int64]string{}
	users, err := w.db.Query(ctx, `SELECT id, name FROM app_user`)
	if err != nil {
		t.Fatal(err)
	}
	for users.Next() {
		var id int64
		var n string
		if err := users.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		names[id] = n
	}
	users.Close()
	texts := map[string]string{"low": "Baixa", "medium": "Média", "high": "Alta"}

	page := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500, Order: "FormattedID", SortDirection: "asc"})
	byID := map[int64]map[string]any{}
	reviewers := 0
	for _, r := range page.Rows {
		byID[r["id"].(int64)] = r
		if id, ok := r["reviewerID"].(int64); ok && r["reviewer"] != names[id] {
			t.Fatalf("item %v: reviewer %d shown as %q, want %q", r["id"], id, r["reviewer"], names[id])
		} else if ok && names[id] != "" {
			reviewers++
		}
		if v, ok := r["priorityValue"].(string); ok && r["priority"] != texts[v] {
			t.Fatalf("item %v: priority %q shown as %q", r["id"], v, r["priority"])
		}
	}
	if reviewers == 0 {
		t.Fatal("no demo task names a reviewer")
	}
	if r := byID[odd[0]]; r["reviewerID"] != int64(99999999) || r["reviewer"] != "" {
		t.Errorf("missing user: %v / %v", r["reviewerID"], r["reviewer"])
	}
	if r := byID[odd[1]]; r["reviewerID"] != w.bia.UserID || r["reviewer"] != "Bia" {
		t.Errorf("fractional id: %v / %v", r["reviewerID"], r["reviewer"])
	}
	if r := byID[odd[2]]; r["reviewer"] != "abc" || r["reviewerID"] != nil {
		t.Errorf("text for a user: %v / %v", r["reviewerID"], r["reviewer"])
	}
	if r := byID[odd[3]]; r["priorityValue"] != "nope" || r["priority"] != "" {
		t.Errorf("value outside the picklist: %v / %v", r["priorityValue"], r["priority"])
	}
	if r := byID[odd[4]]; r["reviewer"] != "" {
		t.Errorf("id beyond bigint: %v / %v", r["reviewerID"], r["reviewer"])
	}
}
