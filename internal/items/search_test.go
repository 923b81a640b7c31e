package items_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// retitle gives one task of each project a title to search for: "mine" in
// the project bia is in, "theirs" in the one she is not.
func (w *world) retitle(t *testing.T, mine, theirs string) (int64, int64) {
	t.Helper()
	ctx := context.Background()
	var a, b int64
	if err := w.db.QueryRow(ctx, `UPDATE item SET title = $2, search = search || to_tsvector('portuguese', tramita_unaccent($2))
		WHERE id = (SELECT min(i.id) FROM item i JOIN project p ON p.id = i.project_id
		WHERE i.component_id = $1 AND p.name = 'Transformação Digital') RETURNING id`, w.task, mine).Scan(&a); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `UPDATE item SET title = $2, search = search || to_tsvector('portuguese', tramita_unaccent($2))
		WHERE id = (SELECT min(id) FROM item WHERE component_id = $1 AND project_id = $3)
		RETURNING id`, w.task, theirs, w.secret).Scan(&b); err != nil {
		t.Fatal(err)
	}
	return a, b
}

func hitIDs(hits []items.SearchHit) map[int64]bool {
	out := map[int64]bool{}
	for _, h := range hits {
		out[h.ID] = true
	}
	return out
}

func TestSearchItemsByQueryIgnoresAccentsAndRanks(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	mine, theirs := w.retitle(t, "Revisar orçamento anual", "Orçamento da nova sede com orçamentos parciais")
	for _, q := range []string{"orcamento", "ORÇAMENTOS", "orçament"} {
		hits, err := w.svc.SearchItems(ctx, w.ana, items.SearchInput{Query: q})
		if err != nil {
			t.Fatal(err)
		}
		if got := hitIDs(hits); !got[mine] || !got[theirs] {
			t.Fatalf("%q found %v", q, hits)
		}
	}
	hits, err := w.svc.SearchItems(ctx, w.ana, items.SearchInput{Query: "orçamento"})
	if err != nil || hits[0].ID != theirs || hits[0].ComponentName != "Tarefa" || hits[0].ProjectName != "Nova Sede" {
		t.Fatalf("best match first: %+v %v", hits, err)
	}
	// Text attributes are searched too, and the limit holds.
	hits, err = w.svc.SearchItems(ctx, w.ana, items.SearchInput{Query: "critérios de aceite", Limit: 7})
	if err != nil || len(hits) != 7 {
		t.Fatalf("description search: %d hits %v", len(hits), err)
	}
	_, err = w.svc.SearchItems(ctx, w.ana, items.SearchInput{Query: "  "})
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != http.StatusBadRequest || he.Key != "items.searchEmpty" {
		t.Fatalf("empty search: %v", err)
	}
}

func TestDefaultValueQueryResolvesParameters(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	id := func(key string) int64 {
		var id int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM item_query WHERE component_id = $1 AND key = $2`, w.task, key).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	mine, err := w.svc.DefaultValueQuery(ctx, w.ana, id("mine"), 0)
	if err != nil || mine.ComponentID != w.task || mine.Values["ResponsibleName"] != w.ana.UserID || len(mine.Values) != 1 {
		t.Fatalf("mine: %+v %v", mine, err)
	}
	due, err := w.svc.DefaultValueQuery(ctx, w.ana, id("dueToday"), 0)
	if err != nil || due.Values["dueDate"] != "2025-06-01T00:00:00Z" {
		t.Fatalf("dueToday: %+v %v", due, err)
	}
	// Tests that do not pin one value (not empty, under OR) fix nothing.
	open, err := w.svc.DefaultValueQuery(ctx, w.ana, id("open"), 0)
	if err != nil || len(open.Values) != 0 {
		t.Fatalf("open: %+v %v", open, err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET default_query = 'mine' WHERE component_id = $1 AND key = 'reviewer'`, w.task); err != nil {
		t.Fatal(err)
	}
	mine, err = w.svc.DefaultValueQuery(ctx, w.ana, id("mine"), 0)
	if err != nil || len(mine.Attributes) != 1 || mine.Attributes[0] != "reviewer" {
		t.Fatalf("attributes naming the query: %+v %v", mine, err)
	}
	if _, err := w.svc.DefaultValueQuery(ctx, w.ana, 999999, 0); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("missing query: %v", err)
	}
}

func TestAllowedProjectItemTypesHonourGrants(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	keys := func(c items.Caller, comp int64) map[string]bool {
		t.Helper()
		types, err := w.svc.AllowedProjectItemTypes(ctx, c, comp, 0)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, ty := range types {
			out[ty.Key] = ty.CanCreate
		}
		return out
	}
	got := keys(w.ana, w.task)
	if create, ok := got["task"]; !ok || !create {
		t.Fatalf("task not allowed or not creatable: %v", got)
	}
	if _, ok := got["risk"]; !ok {
		t.Fatalf("risk missing: %v", got)
	}
	if _, ok := got["ticket"]; ok {
		t.Fatalf("a type of another application: %v", got)
	}
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_create = false WHERE component_id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	if keys(w.ana, w.task)["task"] {
		t.Fatal("task still creatable without a create grant")
	}
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_read = false
		WHERE component_id = (SELECT id FROM component WHERE key = 'risk')`); err != nil {
		t.Fatal(err)
	}
	if _, ok := keys(w.ana, w.task)["risk"]; ok {
		t.Fatal("risk listed without a read grant")
	}
	if _, ok := keys(items.Caller{UserID: w.ana.UserID, PanelAdmin: true}, 0)["risk"]; !ok {
		t.Fatal("panel admin does not see risk")
	}
}
