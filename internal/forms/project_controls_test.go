package forms_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// projectControlsPackage has a project-scoped type whose form holds the five
// project controls, and a type outside projects holding one of them.
const projectControlsPackage = `
key: works
application: {name: {pt-BR: Obras, en: Works}}
components:
  - key: site
    name: {pt-BR: Obra, en: Site}
    projectScoped: true
    statuses:
      - {key: planned, name: {pt-BR: Planejada, en: Planned}, color: "#90A4AE", initial: true}
      - {key: building, name: {pt-BR: Em obra, en: Building}, color: "#42A5F5"}
      - {key: delivered, name: {pt-BR: Entregue, en: Delivered}, color: "#66BB6A", final: true}
    actions:
      - {key: build, name: {pt-BR: Construir, en: Build}, from: [planned], to: building}
      - {key: deliver, name: {pt-BR: Entregar, en: Deliver}, from: [building, planned], to: delivered}
    forms:
      - key: default
        name: {pt-BR: Obra, en: Site}
        tree:
          kind: tab control
          children:
            - kind: panel
              label: {pt-BR: Geral, en: General}
              children:
                - {kind: textbox, field: Title, required: true}
            - kind: panel
              label: {pt-BR: Projeto, en: Project}
              children:
                - {kind: project configuration}
                - {kind: project calendar, label: {pt-BR: Agenda da obra, en: Site calendar}, width: 6}
                - {kind: project item type, width: 6}
                - {kind: project resource}
                - {kind: project workflows}
  - key: memo
    name: {pt-BR: Nota, en: Memo}
    forms:
      - key: default
        name: {pt-BR: Nota, en: Memo}
        tree:
          kind: panel
          children:
            - {kind: textbox, field: Title, required: true}
            - {kind: project calendar}
`

func importProjectControls(t *testing.T, w *world) (site, memo int64) {
	t.Helper()
	ctx := context.Background()
	p, err := apppkg.Parse("works.yaml", []byte(projectControlsPackage))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, w.db, "works.yaml", p); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `SELECT (SELECT id FROM component WHERE key = 'site'), (SELECT id FROM component WHERE key = 'memo')`).
		Scan(&site, &memo); err != nil {
		t.Fatal(err)
	}
	return site, memo
}

// A package's project controls reach the form as they were written, in any
// type's form: getForm passes their kind, label and width, binds no field to
// them, and a save of the form writes nothing through them.
func TestGetFormPassesTheProjectControls(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.En)
	site, memo := importProjectControls(t, w)
	admin := items.Caller{UserID: w.ana.UserID, PanelAdmin: true}
	f, err := w.svc.GetForm(ctx, admin, items.GetFormInput{ComponentID: site})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind, label string
		width       int
	}{
		{"project configuration", "", 0},
		{"project calendar", "Site calendar", 6},
		{"project item type", "", 6},
		{"project resource", "", 0},
		{"project workflows", "", 0},
	} {
		got := find(f.Controls, "", c.kind)
		if got == nil {
			t.Fatalf("%s is not in the form: %+v", c.kind, f.Controls)
		}
		if got.Label != c.label || got.Width != c.width || got.Field != "" || got.Required || len(got.Children) != 0 {
			t.Errorf("%s: %+v", c.kind, got)
		}
	}
	if f, err := w.svc.GetForm(ctx, admin, items.GetFormInput{ComponentID: memo}); err != nil || find(f.Controls, "", "project calendar") == nil {
		t.Fatalf("a type outside projects loses its control: %v", err)
	}
	view, err := w.svc.ReadForm(ctx, admin, site, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(view.Writable) != 1 || !view.Writable["Title"] {
		t.Fatalf("the form writes %v", view.Writable)
	}
}

// loadProjectWorkflows answers, for each type the project allows that the
// caller reads, its statuses in order (final ones marked) and its actions.
func TestProjectWorkflowsAreTheWorkflowsOfItsTypes(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	site, _ := importProjectControls(t, w)
	digital := httpx.ID(w.project(t, "Transformação Digital"))
	admin := items.Caller{UserID: w.ana.UserID, PanelAdmin: true}

	got, err := w.forms.LoadProjectWorkflows(i18n.With(ctx, i18n.En), admin, forms.ProjectWorkflowsInput{ProjectID: digital})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]forms.TypeWorkflow{}
	for _, tw := range got.Types {
		byID[tw.ComponentID] = tw
	}
	task, ok := byID[w.task]
	if !ok || task.Name != "Task" {
		t.Fatalf("no task workflow: %+v", got.Types)
	}
	var keys []string
	for _, s := range task.Statuses {
		keys = append(keys, s.Key)
	}
	if len(keys) != 4 || keys[0] != "todo" || keys[3] != "done" || !task.Statuses[3].Final || task.Statuses[0].Final ||
		!task.Statuses[0].Initial || task.Statuses[1].Color != "#42A5F5" || task.Statuses[1].Name != "In progress" {
		t.Fatalf("task statuses %+v", task.Statuses)
	}
	if a := task.Actions[0]; a.Key != "start" || a.Name != "Start" || len(a.From) != 2 || a.From[1] != "blocked" || a.To != "doing" {
		t.Fatalf("task actions %+v", task.Actions)
	}
	if s := byID[site]; len(s.Statuses) != 3 || len(s.Actions) != 2 || s.Actions[1].To != "delivered" || len(s.Actions[1].From) != 2 {
		t.Fatalf("site %+v", s)
	}

	// A type the caller may not read is left out; the project's own list of
	// types narrows the answer.
	bia, err := w.forms.LoadProjectWorkflows(ctx, w.bia, forms.ProjectWorkflowsInput{ProjectID: digital})
	if err != nil {
		t.Fatal(err)
	}
	for _, tw := range bia.Types {
		if tw.ComponentID == site {
			t.Fatal("bia sees the workflow of a type she may not read")
		}
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO project_item_type (project_id, component_id) VALUES ($1, $2)`, int64(digital), site); err != nil {
		t.Fatal(err)
	}
	if only, err := w.forms.LoadProjectWorkflows(ctx, admin, forms.ProjectWorkflowsInput{ProjectID: digital}); err != nil ||
		len(only.Types) != 1 || only.Types[0].ComponentID != site || only.Types[0].Name != "Obra" {
		t.Fatalf("the project's types: %+v %v", only, err)
	}

	// A project the caller may not read is not found; none named is 400.
	if _, err := w.forms.LoadProjectWorkflows(ctx, w.bia, forms.ProjectWorkflowsInput{ProjectID: httpx.ID(w.secret)}); status(err) != 404 {
		t.Fatalf("bia reads Nova Sede's workflows: %v", err)
	}
	if _, err := w.forms.LoadProjectWorkflows(ctx, w.bia, forms.ProjectWorkflowsInput{}); status(err) != 400 || message(ctx, err) != "Informe o projeto." {
		t.Fatalf("no project: %v", err)
	}
}
