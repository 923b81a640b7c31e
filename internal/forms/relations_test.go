package forms_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

func TestOneToManyListsTheChildrenOfAnItem(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.project(t, "Transformação Digital")
	task := w.newTask(t, nil)
	var risk int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'risk'`).Scan(&risk); err != nil {
		t.Fatal(err)
	}
	for _, title := range []string{"Atraso do fornecedor", "Falta de verba"} {
		if _, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Component: httpx.ID(risk), ProjectID: httpx.ID(digital),
			Item: items.Values{"Title": title, "impact": "2", "Parent": json.Number(itoa(task.ID))}}); err != nil {
			t.Fatal(err)
		}
	}
	in := forms.OneToManyInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task), ChildComponentID: httpx.ID(risk)}
	page, err := w.forms.LoadOneToMany(ctx, w.ana, in, false)
	if err != nil || page.Total != 2 || page.Rows[0].Title != "Falta de verba" || !page.CanCreate || page.Rows[0].StatusName != "Identificado" {
		t.Fatalf("children: %+v %v", page, err)
	}
	timeline, err := w.forms.LoadOneToMany(ctx, w.ana, in, true)
	if err != nil || timeline.Rows[0].Title != "Atraso do fornecedor" || timeline.Rows[0].CreatorName != "Ana" {
		t.Fatalf("timeline: %+v %v", timeline, err)
	}
	// bia reads the project, may not add to it.
	hers, err := w.forms.LoadOneToMany(ctx, w.bia, in, false)
	if err != nil || hers.Total != 2 || hers.CanCreate {
		t.Fatalf("bia's children: %+v %v", hers, err)
	}
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 AND component_id = $2 LIMIT 1`, w.secret, w.task).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	in.ItemID = httpx.ID(foreign)
	if _, err := w.forms.LoadOneToMany(ctx, w.bia, in, false); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("children of a foreign item: %v", err)
	}
}
