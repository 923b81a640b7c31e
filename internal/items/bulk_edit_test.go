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
// picklists, references, read-only controls) and writes nothing when one is
// refused; the field comes back in Validations so the web puts the message on it.
func TestBulkEditValidatesAsTheForm(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	a, b := w.newTask(t, items.Values{"area": "it", "subarea": "dev"}), w.newTask(t, items.Values{"area": "it", "subarea": "dev"})
	ids := []int64{a.ID, b.ID}
	bulk := func(c items.Caller, comp int64, ids []int64, values items.Values) error {
		_, err := w.svc.BulkUpdateItems(ctx, c, items.BulkUpdateInput{IDs: ids, ComponentID: items.FlexID(comp), Values: values})
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
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = ANY($1) AND version > 1`, ids); n != 0 {
		t.Fatalf("refused bulk edits wrote %d items", n)
	}
	// The parent and its dependent changed together fit.
	if err := bulk(w.ana, w.task, ids, items.Values{"area": "ops", "subarea": "logistics", "ResponsibleID": w.bia.UserID}); err != nil {
		t.Fatal(err)
	}
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = ANY($1) AND attributes->>'subarea' = 'logistics' AND responsible_id = $2 AND version = 2`,
		ids, w.bia.UserID); n != 2 {
		t.Fatalf("bulk wrote %d items", n)
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
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = $1 AND attributes ? 'approvedOn'`, one); n != 0 {
		t.Fatal("a read-only field was written")
	}
}
