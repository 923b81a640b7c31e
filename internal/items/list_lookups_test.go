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
	// Odd values in two items: a user that does not exist, a value outside
	// the picklist (a typed column holds no fractional id or text for a user).
	var odd [2]int64
	rows, err := w.db.Query(ctx, `SELECT id FROM item WHERE component_id = $1 ORDER BY id LIMIT 2`, w.task)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; rows.Next(); i++ {
		if err := rows.Scan(&odd[i]); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	w.setValue(t, odd[0], "reviewer", 99999999)
	w.setValue(t, odd[1], "priority", "nope")

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
	if r := byID[odd[1]]; r["priorityValue"] != "nope" || r["priority"] != "" {
		t.Errorf("value outside the picklist: %v / %v", r["priorityValue"], r["priority"])
	}
}
