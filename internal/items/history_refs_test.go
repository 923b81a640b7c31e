package items_test

import (
	"context"
	"strings"
	"testing"

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
	secret := w.itemIn(t, "Nova Sede")
	var title string
	if err := w.db.QueryRow(ctx, `UPDATE item SET title = 'Compra sigilosa do terreno' WHERE id = $1 RETURNING title`, secret).Scan(&title); err != nil {
		t.Fatal(err)
	}
	task := w.newTask(t, nil)
	if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: items.FlexID(task.ID), ComponentID: items.FlexID(w.task),
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
