package items_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// The history names a referenced item only for a caller who may read it
// (as the list does): Bia reads Ana's task but not the item of Nova Sede it
// points at, so its title is not shown to her.
func TestHistoryNamesOnlyReadableItems(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type, edit_in_grid, target_component_id)
		VALUES ($1, 'related', '{"pt-BR": "Relacionado"}', 'GENERIC_ITEM_TYPE', true, $1)`, w.task); err != nil {
		t.Fatal(err)
	}
	w.ensureTable(t, w.task)
	secret := w.itemIn(t, "Nova Sede")
	var title string
	if err := w.db.QueryRow(ctx, `UPDATE item SET title = 'Compra sigilosa do terreno' WHERE id = $1 RETURNING title`, secret).Scan(&title); err != nil {
		t.Fatal(err)
	}
	task := w.newTask(t, nil)
	if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task),
		Field: "related", Value: secret, ModificationDateTicks: task.ModificationDateTicks}); err != nil {
		t.Fatal(err)
	}
	related := func(c items.Caller) items.AttributeChange {
		t.Helper()
		hist, err := w.svc.History(ctx, c, task.ID, w.task, true)
		if err != nil || len(hist) != 2 {
			t.Fatalf("history: %+v %v", hist, err)
		}
		for _, ch := range hist[0].Changes {
			if ch.Field == "related" {
				return ch
			}
		}
		t.Fatalf("no change of related: %+v", hist[0].Changes)
		return items.AttributeChange{}
	}
	if ch := related(w.ana); !strings.Contains(ch.Current, title) {
		t.Fatalf("Ana reads the item: %+v", ch)
	}
	if ch := related(w.bia); strings.Contains(ch.Current, title) || ch.Current == "" {
		t.Fatalf("Bia may not read the item, yet the history names it: %+v", ch)
	}
	hist, err := w.svc.History(ctx, w.bia, task.ID, w.task, true)
	if err != nil {
		t.Fatal(err)
	}
	changes, err := w.svc.AttributeChanges(ctx, w.bia, hist[0].ID, hist[1].ID, w.task)
	if err != nil {
		t.Fatal(err)
	}
	for _, ch := range changes {
		if strings.Contains(ch.Current, title) || strings.Contains(ch.Previous, title) {
			t.Fatalf("getAttributeChanges names the item for Bia: %+v", ch)
		}
	}
}

// The form (getFormInitialData) names the parent and referenced items only
// for a caller who may read them, as the list and the history do.
func TestFormNamesOnlyReadableItems(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type, edit_in_grid, target_component_id)
		VALUES ($1, 'related', '{"pt-BR": "Relacionado"}', 'GENERIC_ITEM_TYPE', true, $1)`, w.task); err != nil {
		t.Fatal(err)
	}
	w.ensureTable(t, w.task)
	secret := w.itemIn(t, "Nova Sede")
	title := "Compra sigilosa do terreno"
	if _, err := w.db.Exec(ctx, `UPDATE item SET title = $2 WHERE id = $1`, secret, title); err != nil {
		t.Fatal(err)
	}
	task := w.newTask(t, nil)
	if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task),
		Field: "related", Value: secret, ModificationDateTicks: task.ModificationDateTicks}); err != nil {
		t.Fatal(err)
	}
	// A parent in another project: written directly, as an item moved there later would be.
	if _, err := w.db.Exec(ctx, `UPDATE item SET parent_id = $2 WHERE id = $1`, task.ID, secret); err != nil {
		t.Fatal(err)
	}
	form := func(c items.Caller) (map[string]any, map[string]string) {
		t.Helper()
		d, err := w.svc.FormInitialData(ctx, c, items.FormInitialDataInput{ComponentID: httpx.ID(w.task), ItemID: httpx.ID(task.ID)})
		if err != nil {
			t.Fatal(err)
		}
		return d.Item, d.Display
	}
	item, display := form(w.ana)
	if item["ParentTitle"] != title || !strings.Contains(display["related"], title) {
		t.Fatalf("Ana reads the item: parent %v, related %q", item["ParentTitle"], display["related"])
	}
	item, display = form(w.bia)
	if item["ParentTitle"] != "" || strings.Contains(display["related"], title) {
		t.Fatalf("Bia may not read the item, yet the form names it: parent %v, related %q", item["ParentTitle"], display["related"])
	}
}
