package items_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// A bulk edit checks each value as the form does (masks, dependent
// picklists, references, read-only controls), refuses keys the form does not
// write, and writes nothing when one is refused; the field comes back in
// Validations so the web puts the message on it. A grid edit may not write a
// field the form shows read-only.
func TestBulkEditValidatesAsTheForm(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	a, b := w.newTask(t, items.Values{"area": "it", "subarea": "dev"}), w.newTask(t, items.Values{"area": "it", "subarea": "dev"})
	ids := []int64{a.ID, b.ID}
	bulk := func(c items.Caller, comp int64, ids []int64, values items.Values) error {
		_, err := w.svc.BulkUpdateItems(ctx, c, items.BulkUpdateInput{IDs: ids, ComponentID: httpx.ID(comp), Values: values})
		return err
	}
	for _, tc := range []struct {
		name, field, message string
		values               items.Values
	}{
		{"mask", "code", "Código: preencha no formato aaa-9999", items.Values{"code": "12"}},
		{"dependent picklist", "subarea", "Subárea: a opção não pertence ao valor escolhido em Área", items.Values{"subarea": "logistics"}},
		{"unknown user", "reviewer", "", items.Values{"reviewer": json.Number("99999999")}},
		{"range with another good value", "progress", "Progresso: o valor deve estar entre 0 e 100", items.Values{"priority": "low", "progress": json.Number("101")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := bulk(w.ana, w.task, ids, tc.values)
			var he *httpx.Error
			if status(err) != 400 || !errors.As(err, &he) || len(he.Validations) != 1 || he.Validations[0].Field != tc.field {
				t.Fatalf("%v (%+v)", err, he)
			}
			if tc.message != "" && message(ctx, err) != tc.message {
				t.Fatalf("message %q", message(ctx, err))
			}
		})
	}
	// A key no control of the form writes is refused, not dropped: a bulk edit sends only what
	// should change.
	var doing int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_status WHERE component_id = $1 AND key = 'doing'`, w.task).Scan(&doing); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, field string
		values      items.Values
	}{
		{"status", "StatusID", items.Values{"priority": "low", "StatusID": doing}},
		{"project", "ProjectID", items.Values{"ProjectID": w.secret}},
		{"unknown key", "nope", items.Values{"nope": "x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := bulk(w.ana, w.task, ids, tc.values)
			var he *httpx.Error
			if status(err) != 400 || !errors.As(err, &he) || len(he.Validations) != 1 || he.Validations[0].Field != tc.field ||
				message(ctx, err) != tc.field+": este formulário não altera este campo" {
				t.Fatalf("%v (%+v)", err, he)
			}
		})
	}
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = ANY($1) AND version > 1`, ids); n != 0 {
		t.Fatalf("refused bulk edits wrote %d items", n)
	}
	// The parent and its dependent changed together fit.
	if err := bulk(w.ana, w.task, ids, items.Values{"area": "ops", "subarea": "logistics", "ResponsibleID": w.bia.UserID}); err != nil {
		t.Fatal(err)
	}
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = ANY($1) AND responsible_id = $2 AND version = 2`,
		ids, w.bia.UserID); n != 2 {
		t.Fatalf("bulk wrote %d items", n)
	}
	for _, id := range ids {
		if v := w.value(t, id, "subarea"); v == nil || *v != "logistics" {
			t.Fatalf("item %d: subarea %v", id, v)
		}
	}

	// The change request form shows approvedOn read-only: a bulk edit may not write it.
	var cr, one int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'changeRequest'`).Scan(&cr); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_update = true WHERE component_id = $1`, cr); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE component_id = $1 ORDER BY id LIMIT 1`, cr).Scan(&one); err != nil {
		t.Fatal(err)
	}
	err := bulk(w.ana, cr, []int64{one}, items.Values{"approvedOn": "2025-05-01"})
	if status(err) != 400 || message(ctx, err) != "Aprovada em: este formulário não altera este campo" {
		t.Fatalf("bulk edit of a read-only field: %v", err)
	}
	// Nor may a grid edit, even when the attribute says editInGrid.
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET edit_in_grid = true WHERE component_id = $1 AND key = 'approvedOn'`, cr); err != nil {
		t.Fatal(err)
	}
	var stamp string
	if err := w.db.QueryRow(ctx, `SELECT to_char(modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') FROM item WHERE id = $1`, one).Scan(&stamp); err != nil {
		t.Fatal(err)
	}
	_, err = w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(one), ComponentID: httpx.ID(cr),
		Field: "approvedOn", Value: "2025-05-01", LastModify: stamp})
	if status(err) != 400 || message(ctx, err) != "Aprovada em: este formulário não altera este campo" {
		t.Fatalf("grid edit of a read-only field: %v", err)
	}
	if v := w.value(t, one, "approvedOn"); v != nil {
		t.Fatal("a read-only field was written")
	}
	// An editInGrid attribute the form writes stays editable in the grid.
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET edit_in_grid = true WHERE component_id = $1 AND key = 'costImpact'`, cr); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(one), ComponentID: httpx.ID(cr),
		Field: "costImpact", Value: json.Number("1500.5"), LastModify: stamp}); err != nil {
		t.Fatalf("grid edit of a field the form writes: %v", err)
	}
}
