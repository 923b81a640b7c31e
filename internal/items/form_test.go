package items_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// message is the Message a failed call answers, without its detail.
func message(ctx context.Context, err error) string {
	e, ok := httpx.AsError(err)
	if !ok {
		return "not an application error: " + errString(err)
	}
	return i18n.T(i18n.From(ctx), e.Key, e.Args...)
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func status(err error) int {
	if e, ok := httpx.AsError(err); ok {
		return e.Status
	}
	return 0
}

// find returns the control bound to field (or with kind, when field is "").
func find(c items.FormControl, field, kind string) *items.FormControl {
	if (field != "" && c.Field == field && (kind == "" || c.Kind == kind)) || (field == "" && c.Kind == kind) {
		return &c
	}
	for _, ch := range c.Children {
		if f := find(ch, field, kind); f != nil {
			return f
		}
	}
	return nil
}

func (w *world) project(t *testing.T, name string) int64 {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM project WHERE name = $1`, name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestGetFormGivesControlsWithTheSpecDefaults(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.En)
	f, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: w.task, FormName: "default"})
	if err != nil {
		t.Fatal(err)
	}
	if f.Key != "default" || f.Name != "Task" || f.Controls.Kind != "tab control" || len(f.Controls.Children) != 5 ||
		f.Controls.Children[0].Label != "General" {
		t.Fatalf("form: %+v", f)
	}
	cost := find(f.Controls, "cost", "")
	if cost == nil || *cost.Minimum != 0 || *cost.Maximum != items.DefaultMaximum || *cost.DecimalScale != 2 || cost.Prefix != "R$ " ||
		!cost.Currency || cost.DecimalSeparator != "," || cost.ThousandSeparator != "." || cost.ItemType != "Currency" || cost.Label != "Cost" {
		t.Fatalf("cost: %+v", cost)
	}
	points := find(f.Controls, "storyPoints", "")
	if points == nil || *points.DecimalScale != 0 || *points.Maximum != 100 || points.ItemType != "Integer" {
		t.Fatalf("story points: %+v", points)
	}
	estimate := find(f.Controls, "exposure", "")
	if estimate != nil {
		t.Fatalf("a control of another type: %+v", estimate)
	}
	if p := find(f.Controls, "progress", "numeric picker"); p == nil || p.Suffix != "%" || p.ItemType != "Percentile" {
		t.Fatalf("progress: %+v", p)
	}
	if d := find(f.Controls, "dueDate", ""); d == nil || d.Format != "DD/MM/YYYY" || d.ItemType != "Date" {
		t.Fatalf("due date: %+v", d)
	}
	if s := find(f.Controls, "subarea", ""); s == nil || s.DependsOn != "area" || s.PicklistID == nil || s.ItemType != "Picklist" {
		t.Fatalf("subarea: %+v", s)
	}
	if p := find(f.Controls, "priority", ""); p == nil || !p.Required {
		t.Fatalf("priority (required attribute): %+v", p)
	}
	if r := find(f.Controls, "ResponsibleName", ""); r == nil || r.ItemType != "User" || r.Label != "Responsible" {
		t.Fatalf("responsible: %+v", r)
	}
	if g := find(f.Controls, "", "one-to-many"); g == nil || g.ComponentID == nil || g.Label != "Risks" {
		t.Fatalf("one-to-many: %+v", g)
	}
	if h := find(f.Controls, "", "html"); h == nil || !strings.Contains(h.Text, "expected outcome") {
		t.Fatalf("html: %+v", h)
	}
	// Form modes: bulk requires nothing; a field list is flat; filters drop
	// what is not a field.
	bulk, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: w.task, Mode: items.ModeBulk})
	if err != nil || find(bulk.Controls, "priority", "").Required {
		t.Fatalf("bulk mode: %v", err)
	}
	list, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: w.task, Mode: items.ModeFieldList})
	if err != nil || list.Controls.Kind != "panel" || len(list.Controls.Children) < 20 {
		t.Fatalf("field list: %+v %v", list, err)
	}
	for _, ch := range list.Controls.Children {
		if ch.Field == "" || len(ch.Children) > 0 {
			t.Fatalf("field list holds %+v", ch)
		}
	}
	filter, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: w.task, Mode: items.ModeFilter})
	if err != nil || find(filter.Controls, "", "history") != nil || find(filter.Controls, "", "button") != nil ||
		find(filter.Controls, "cost", "") == nil || filter.Controls.Kind != "tab control" {
		t.Fatalf("filter mode: %+v %v", filter, err)
	}
	if _, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: w.task, Mode: 2}); status(err) != 400 {
		t.Fatalf("mode 2: %v", err)
	}
	// Another form id of the type is not found; so is a type bia cannot read.
	if _, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: w.task, FormID: 999999}); status(err) != 404 {
		t.Fatalf("missing form: %v", err)
	}
	if _, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: 999999}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("missing type: %v", err)
	}
}

func TestFormInitialDataForNewAndExistingItems(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.project(t, "Transformação Digital")
	fresh, err := w.svc.FormInitialData(ctx, w.ana, items.FormInitialDataInput{ComponentName: "task", ProjectID: httpx.ID(digital),
		FormName: "default", FolderID: 7, FolderName: "Contratos"})
	if err != nil {
		t.Fatal(err)
	}
	if !fresh.IsNew || !fresh.CanEdit || fresh.Item["StatusName"] != "A fazer" || fresh.Item["ProjectName"] != "Transformação Digital" ||
		fresh.ModificationDateTicks != 0 || fresh.Form.Key != "default" || fresh.Folder == nil || fresh.Folder.Name != "Contratos" {
		t.Fatalf("new item: %+v", fresh)
	}
	if fresh.NeedsProject {
		t.Fatal("a new task in a project needs a project")
	}
	// Without a project the form asks for one first, and saves nothing meanwhile.
	if none, err := w.svc.FormInitialData(ctx, w.ana, items.FormInitialDataInput{ComponentName: "task", FormName: "default"}); err != nil ||
		!none.NeedsProject || none.CanEdit {
		t.Fatalf("a new task without a project: %+v %v", none, err)
	}
	var id int64
	if err := w.db.QueryRow(ctx, `SELECT min(id) FROM item WHERE project_id = $1 AND component_id = $2`, digital, w.task).Scan(&id); err != nil {
		t.Fatal(err)
	}
	w.setValue(t, id, "priority", "high")
	w.setValue(t, id, "cost", 10.5)
	edit, err := w.svc.FormInitialData(ctx, w.bia, items.FormInitialDataInput{ComponentID: httpx.ID(w.task), ItemID: httpx.ID(id)})
	if err != nil {
		t.Fatal(err)
	}
	if edit.IsNew || edit.CanEdit || edit.CannotEditReason != "O usuário participa do projeto Transformação Digital somente para leitura." ||
		edit.Item["priority"] != "high" || edit.Display["priority"] != "Alta" || edit.ModificationDateTicks == 0 {
		t.Fatalf("bia reads without write: %+v", edit)
	}
	// A template's attributes start a new item.
	tpl, err := w.svc.FormInitialData(ctx, w.ana, items.FormInitialDataInput{ComponentID: httpx.ID(w.task), ProjectID: httpx.ID(digital),
		ItemTemplate: httpx.ID(id)})
	if err != nil || tpl.Item["priority"] != "high" || tpl.Item["cost"] != json.Number("10.5") {
		t.Fatalf("template: %+v %v", tpl, err)
	}
	// Another's project: not found, as everywhere.
	if _, err := w.svc.FormInitialData(ctx, w.bia, items.FormInitialDataInput{ComponentID: httpx.ID(w.task), ProjectID: httpx.ID(w.secret)}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("foreign project: %v", err)
	}
}

// Every control of the demo forms reaches the renderer: none is bound to
// something the type lacks.
func TestDemoFormsRenderWhole(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	count := func(c items.FormControl) int {
		var n func(items.FormControl) int
		n = func(c items.FormControl) int {
			total := 1
			for _, ch := range c.Children {
				total += n(ch)
			}
			return total
		}
		return n(c)
	}
	rows, err := w.db.Query(ctx, `SELECT f.component_id, f.id, c.key, f.key,
		(SELECT count(*) FROM jsonb_path_query(f.tree, 'strict $.**.kind'))
		FROM item_form f JOIN component c ON c.id = f.component_id ORDER BY f.id`)
	if err != nil {
		t.Fatal(err)
	}
	type form struct {
		comp, id   int64
		ckey, fkey string
		controls   int
	}
	var forms []form
	for rows.Next() {
		var f form
		if err := rows.Scan(&f.comp, &f.id, &f.ckey, &f.fkey, &f.controls); err != nil {
			t.Fatal(err)
		}
		forms = append(forms, f)
	}
	if err := rows.Err(); err != nil || len(forms) != 4 {
		t.Fatalf("%d forms: %v", len(forms), err)
	}
	for _, f := range forms {
		got, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: f.comp, FormID: f.id})
		if err != nil {
			t.Fatal(err)
		}
		if n := count(got.Controls); n != f.controls || n < 6 {
			t.Errorf("%s.%s renders %d of %d controls", f.ckey, f.fkey, n, f.controls)
		}
	}
}
