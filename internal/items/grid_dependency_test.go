package items_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// A dependent picklist edited outside the form (the demo task's Subárea,
// whose options belong to an Área): updateItemField refuses an option of
// another parent value, in the caller's language; a new parent value
// empties a dependent it leaves out, as the form's dropdown does, and a
// required dependent cannot be emptied so; bulkUpdateItems checks the pair
// for every item.
func TestGridEditOfDependentPicklists(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	en := i18n.With(ctx, i18n.En)
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET edit_in_grid = true WHERE component_id = $1 AND key IN ('area', 'subarea')`, w.task); err != nil {
		t.Fatal(err)
	}
	task := w.newTask(t, items.Values{"area": "it", "subarea": "dev"})
	stamp := task.ModificationDateTicks
	edit := func(ctx context.Context, field string, value any) (*items.SaveItemResult, error) {
		t.Helper()
		res, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task),
			Field: field, Value: value, ModificationDateTicks: stamp})
		if err == nil {
			stamp = res.ModificationDateTicks
		}
		return res, err
	}
	stored := func() (area, subarea any) {
		t.Helper()
		return w.valueOrNil(t, task.ID, "area"), w.valueOrNil(t, task.ID, "subarea")
	}

	// Logística belongs to Operações, not to the task's Tecnologia.
	for _, tc := range []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"pt-BR", ctx, "Subárea: a opção não pertence ao valor escolhido em Área"},
		{"en", en, "Subarea: the option does not belong to the value chosen in Area"},
	} {
		t.Run("refused in "+tc.name, func(t *testing.T) {
			_, err := edit(tc.ctx, "subarea", "logistics")
			if status(err) != 400 || message(tc.ctx, err) != tc.want {
				t.Fatalf("an option of another parent value: %v", err)
			}
		})
	}
	if area, subarea := stored(); area != "it" || subarea != "dev" {
		t.Fatalf("a refused edit wrote %v/%v", area, subarea)
	}
	if res, err := edit(ctx, "subarea", "infra"); err != nil || res.Item["subarea"] != "infra" {
		t.Fatalf("an option of the parent value: %+v %v", res, err)
	}

	// A new Área leaves Infraestrutura out: it is emptied in the same save.
	res, err := edit(ctx, "area", "ops")
	if err != nil {
		t.Fatalf("a new parent value: %v", err)
	}
	if _, kept := res.Item["subarea"]; kept || res.Item["area"] != "ops" {
		t.Fatalf("the answer of a new parent value: %+v", res.Item)
	}
	if area, subarea := stored(); area != "ops" || subarea != nil {
		t.Fatalf("a new parent value stored %v/%v", area, subarea)
	}
	if res, err := edit(ctx, "subarea", "logistics"); err != nil || res.Item["subarea"] != "logistics" {
		t.Fatalf("an option of the new parent value: %+v %v", res, err)
	}
	// Emptying the parent leaves no option: the dependent is emptied too.
	if _, err := edit(ctx, "area", nil); err != nil {
		t.Fatalf("emptying the parent: %v", err)
	}
	if area, subarea := stored(); area != nil || subarea != nil {
		t.Fatalf("an emptied parent stored %v/%v", area, subarea)
	}
	if _, err := edit(en, "subarea", "dev"); status(err) != 400 ||
		message(en, err) != "Subarea: the option does not belong to the value chosen in Area" {
		t.Fatalf("a dependent value without a parent value: %v", err)
	}
	if _, err := edit(ctx, "area", "ops"); err != nil {
		t.Fatal(err)
	}
	if _, err := edit(ctx, "subarea", "logistics"); err != nil {
		t.Fatal(err)
	}

	// A required dependent cannot be emptied by its parent's edit: refused, nothing written.
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET required = true WHERE component_id = $1 AND key = 'subarea'`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := edit(en, "area", "it"); status(err) != 400 || message(en, err) !=
		"Subarea: the current value does not belong to the new choice in Area and the field is required: change both in the item's form" {
		t.Fatalf("a new parent value of a required dependent: %v", err)
	}
	if _, err := edit(ctx, "area", "it"); status(err) != 400 || message(ctx, err) !=
		"Subárea: o valor atual não pertence à nova escolha em Área e o campo é obrigatório: altere os dois no formulário do item" {
		t.Fatalf("a new parent value of a required dependent (pt-BR): %v", err)
	}
	if area, subarea := stored(); area != "ops" || subarea != "logistics" {
		t.Fatalf("a refused parent edit wrote %v/%v", area, subarea)
	}
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET required = false WHERE component_id = $1 AND key = 'subarea'`, w.task); err != nil {
		t.Fatal(err)
	}

	// Bulk: the pair is checked against each item's values; all or nothing.
	other := w.newTask(t, items.Values{"area": "it", "subarea": "dev"})
	ids := []int64{task.ID, other.ID}
	bulk := func(ctx context.Context, values items.Values) error {
		_, err := w.svc.BulkUpdateItems(ctx, w.ana, items.BulkUpdateInput{IDs: ids, ComponentID: httpx.ID(w.task), Values: values})
		return err
	}
	if err := bulk(en, items.Values{"subarea": "infra"}); status(err) != 400 ||
		message(en, err) != "Subarea: the option does not belong to the value chosen in Area" {
		t.Fatalf("bulk: a dependent value of another parent value for one item: %v", err)
	}
	if err := bulk(ctx, items.Values{"area": "it"}); status(err) != 400 ||
		message(ctx, err) != "Subárea: a opção não pertence ao valor escolhido em Área" {
		t.Fatalf("bulk: a parent value that leaves an item's dependent out: %v", err)
	}
	if area, subarea := stored(); area != "ops" || subarea != "logistics" {
		t.Fatalf("a refused bulk edit wrote %v/%v", area, subarea)
	}
	if err := bulk(ctx, items.Values{"area": "it", "subarea": "infra"}); err != nil {
		t.Fatalf("bulk: a parent value with one of its options: %v", err)
	}
	if area, subarea := stored(); area != "it" || subarea != "infra" {
		t.Fatalf("bulk stored %v/%v", area, subarea)
	}
}

// A form that does not show the dependent picklist (and a bulk edit of that
// form) cannot let the user choose it again: a new parent value that
// leaves it out empties it, as the grid does; a required one refuses the
// save, naming it; nothing is half-written.
func TestAParentSavedWithoutItsDependentEmptiesIt(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	en := i18n.With(ctx, i18n.En)
	first := w.newTask(t, items.Values{"area": "it", "subarea": "dev"})
	second := w.newTask(t, items.Values{"area": "it", "subarea": "infra"})
	w.reimportDemo(t, func(s string) string {
		return strings.Replace(s, "                - {kind: dropdown, field: subarea, width: 4}\n", "", 1)
	})
	stored := func(id int64) (area, subarea any) {
		t.Helper()
		return w.valueOrNil(t, id, "area"), w.valueOrNil(t, id, "subarea")
	}

	// Required: refused in the caller's language, nothing written.
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET required = true WHERE component_id = $1 AND key = 'subarea'`, w.task); err != nil {
		t.Fatal(err)
	}
	bulk := func(ctx context.Context, values items.Values) error {
		_, err := w.svc.BulkUpdateItems(ctx, w.ana, items.BulkUpdateInput{IDs: []int64{first.ID, second.ID},
			ComponentID: httpx.ID(w.task), Values: values})
		return err
	}
	if err := bulk(en, items.Values{"area": "ops"}); status(err) != 400 || message(en, err) !=
		"Subarea: the current value does not belong to the new choice in Area and the field is required: change both in the item's form" {
		t.Fatalf("bulk: a new parent value leaving a required dependent out: %v", err)
	}
	for _, id := range []int64{first.ID, second.ID} {
		if area, subarea := stored(id); area != "it" || subarea == nil {
			t.Fatalf("a refused bulk edit wrote %v/%v", area, subarea)
		}
	}
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET required = false WHERE component_id = $1 AND key = 'subarea'`, w.task); err != nil {
		t.Fatal(err)
	}

	// The form's save of a new parent value empties the dependent it leaves out.
	edit := first.Item
	edit["area"] = "ops"
	saved, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: edit, Component: httpx.ID(w.task)})
	if err != nil {
		t.Fatalf("a form without the dependent: %v", err)
	}
	if _, kept := saved.Item["subarea"]; kept {
		t.Fatalf("the answer still holds the dependent: %v", saved.Item["subarea"])
	}
	if area, subarea := stored(first.ID); area != "ops" || subarea != nil {
		t.Fatalf("the form's save stored %v/%v", area, subarea)
	}

	// A bulk edit of the parent alone does the same for every item.
	w.setValue(t, first.ID, "area", "it")
	w.setValue(t, first.ID, "subarea", "dev")
	if err := bulk(ctx, items.Values{"area": "ops"}); err != nil {
		t.Fatalf("bulk: a new parent value: %v", err)
	}
	for _, id := range []int64{first.ID, second.ID} {
		if area, subarea := stored(id); area != "ops" || subarea != nil {
			t.Fatalf("bulk stored %v/%v", area, subarea)
		}
	}
}
