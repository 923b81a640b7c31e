package items_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/items"
)

func TestQuickSearchNarrowsTheListAndStatusesComeWithIt(t *testing.T) {
	w := newWorld(t)
	all := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500})
	var title string
	var number int64
	for _, r := range all.Rows {
		if s := r["Title"].(string); strings.Contains(s, " ") {
			title, number = s, r["FormattedID"].(int64)
			break
		}
	}
	word := strings.Fields(title)[0]
	found := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500, Search: word})
	if found.Total == 0 || found.Total >= all.Total {
		t.Fatalf("search %q: %d of %d", word, found.Total, all.Total)
	}
	byNumber := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500, Search: " " + itoa(number) + " ",
		Filters: []items.FilterItem{{Field: "FormattedID", Operator: "equals", Value: itoa(number)}}})
	if byNumber.Total != 1 {
		t.Fatalf("search by FormattedID %d: %d rows", number, byNumber.Total)
	}
	if _, err := w.svc.ExecuteFilter(context.Background(), w.ana, items.ExecuteFilterInput{ComponentID: w.task,
		Search: strings.Repeat("a", 201)}); err == nil {
		t.Fatal("a 201-character search was accepted")
	}
	def, err := w.svc.ListDefinition(context.Background(), w.ana, w.task, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(def.Statuses) == 0 || def.Statuses[0].Name == "" || def.Statuses[0].Color == "" || len(def.Columns) == 0 {
		t.Fatalf("statuses: %+v", def.Statuses)
	}
}
