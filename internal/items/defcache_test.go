package items_test

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"

	demoapps "github.com/tramita/tramita/apps/demo"
	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// filterOn lists the tasks with one grid filter on field.
func (w *world) filterOn(c items.Caller, field, op string, value any) (items.Page, error) {
	return w.svc.ExecuteFilter(context.Background(), c, items.ExecuteFilterInput{ComponentID: w.task, RowsPerPage: 5,
		Filters: []items.FilterItem{{Field: field, Operator: op, Value: value}}})
}

// reimportDemo imports the demo's project package again (an upgrade in
// place), with edit applied to its text.
func (w *world) reimportDemo(t *testing.T, edit func(string) string) {
	t.Helper()
	data, err := fs.ReadFile(demoapps.Packages, "project-management.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := apppkg.Parse("project-management.yaml", []byte(edit(string(data))))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(context.Background(), w.db, "project-management.yaml", p); err != nil {
		t.Fatal(err)
	}
}

// executeFilter compiles from a kept definition of the type; a package
// imported again must be seen by the very next request.
func TestListSeesAReimportedPackageAtOnce(t *testing.T) {
	w := newWorld(t)
	// The definition is kept by the first list.
	if _, err := w.filterOn(w.ana, "cost", ">", 10.0); err != nil {
		t.Fatal(err)
	}
	// An attribute the type does not have is refused.
	if _, err := w.filterOn(w.ana, "budgetCode", "contains", "x"); !errors.Is(err, httpx.ErrInvalid) {
		t.Fatalf("unknown attribute before the import: %v", err)
	}
	// Imported again with a new attribute: filtering on it works at once.
	w.reimportDemo(t, func(s string) string {
		return strings.Replace(s, "      - {key: photo, name: {pt-BR: Foto, en: Photo}, type: BINARY}\n",
			"      - {key: photo, name: {pt-BR: Foto, en: Photo}, type: BINARY}\n"+
				"      - {key: budgetCode, name: {pt-BR: Código orçamentário, en: Budget code}, type: STRING}\n", 1)
	})
	if _, err := w.filterOn(w.ana, "budgetCode", "contains", "x"); err != nil {
		t.Fatalf("the new attribute after the import: %v", err)
	}
	// Imported again without storyPoints (and its form field): the kept
	// definition that had it is not used (the filter would compile, and the
	// rows would be listed).
	if _, err := w.filterOn(w.ana, "storyPoints", ">", 3.0); err != nil {
		t.Fatal(err)
	}
	w.reimportDemo(t, func(s string) string {
		s = strings.Replace(s, "      - {key: storyPoints, name: {pt-BR: Pontos, en: Story points}, type: INTEGER}\n", "", 1)
		return strings.Replace(s, "                    - {kind: numeric picker, field: storyPoints, minimum: 0, maximum: 100, width: 3}\n", "", 1)
	})
	if _, err := w.filterOn(w.ana, "storyPoints", ">", 3.0); !errors.Is(err, httpx.ErrInvalid) {
		t.Fatalf("a removed attribute after the import: %v", err)
	}
}

// Any change to the type's attributes counts, not only through an import,
// and so does the caller losing the right to read the type.
func TestListSeesDefinitionChangesMadeInSQL(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.filterOn(w.ana, "progress", ">=", 50.0); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET retired_at = now() WHERE component_id = $1 AND key = 'progress'`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := w.filterOn(w.ana, "progress", ">=", 50.0); !errors.Is(err, httpx.ErrInvalid) {
		t.Fatalf("a retired attribute: %v", err)
	}
	p, err := w.filterOn(w.ana, "Title", "contains", "a")
	if err != nil || len(p.Rows) == 0 {
		t.Fatalf("list: %v", err)
	}
	// Taking the read right away answers not found at once, although the
	// definition is kept.
	if _, err := w.db.Exec(ctx, `DELETE FROM component_grant WHERE component_id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := w.filterOn(w.ana, "Title", "contains", "a"); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("after the read right went: %v", err)
	}
	// As does a retired type.
	if _, err := w.db.Exec(ctx, `UPDATE component SET retired_at = now() WHERE id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	admin := items.Caller{UserID: w.ana.UserID, PanelAdmin: true}
	if _, err := w.filterOn(admin, "Title", "contains", "a"); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("a retired type: %v", err)
	}
}
