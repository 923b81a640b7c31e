package items_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// guard is a module's tie between two items, as the schedule's predecessors.
type guard struct{ item, dependent int64 }

func (g guard) Dependents(_ context.Context, _ pgx.Tx, ids []int64) ([]items.Dependent, error) {
	if !slices.Contains(ids, g.item) {
		return nil, nil
	}
	return []items.Dependent{{Item: g.item, Dependent: g.dependent, Key: "items.delete.hasChild"}}, nil
}

func TestDeleteItemsNeedsTheRightAndAWritingRole(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.project(t, "Transformação Digital")
	a := w.newTask(t, nil)
	del := items.DeleteItemInput{ComponentID: w.task, IDs: []int64{a.ID}}

	// The demo's types grant no delete right: ana, who writes the project, may not.
	if err := w.svc.DeleteItems(ctx, w.ana, del); status(err) != 403 {
		t.Fatalf("ana without the delete right: %v", err)
	}
	if d, err := w.svc.ListControlData(ctx, w.ana, w.task, digital, 0); err != nil || d.CanDelete {
		t.Fatalf("ana's list without the right: %v %v", d.CanDelete, err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_delete = true WHERE component_id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	if d, err := w.svc.ListControlData(ctx, w.ana, w.task, digital, 0); err != nil || !d.CanDelete {
		t.Fatalf("ana's list with the right: %v %v", d.CanDelete, err)
	}
	// bia holds the right through the type but reads the project only.
	if d, err := w.svc.ListControlData(ctx, w.bia, w.task, digital, 0); err != nil || d.CanDelete {
		t.Fatalf("bia's list: %v %v", d.CanDelete, err)
	}
	if err := w.svc.DeleteItems(ctx, w.bia, del); status(err) != 403 {
		t.Fatalf("bia, read-only: %v", err)
	}
	form := func(c items.Caller) bool {
		t.Helper()
		d, err := w.svc.FormInitialData(ctx, c, items.FormInitialDataInput{ComponentID: httpx.ID(w.task), ItemID: httpx.ID(a.ID)})
		if err != nil {
			t.Fatal(err)
		}
		return d.CanDelete
	}
	if !form(w.ana) || form(w.bia) {
		t.Fatalf("the form's canDelete: ana %v, bia %v", form(w.ana), form(w.bia))
	}
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = $1 AND deleted_at IS NULL`, a.ID); n != 1 {
		t.Fatal("a refused deletion deleted the item")
	}
}

func TestDeleteItemsRefusesItemsOthersDependOnUnlessDeletedTogether(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_delete = true WHERE component_id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	parent, child, other := w.newTask(t, items.Values{"Title": "Plano"}), w.newTask(t, items.Values{"Title": "Etapa"}), w.newTask(t, nil)
	if _, err := w.db.Exec(ctx, `UPDATE item SET parent_id = $1 WHERE id = $2`, parent.ID, child.ID); err != nil {
		t.Fatal(err)
	}
	ana := w.ana
	ana.Login, ana.Address = "ana", "192.0.2.7"

	err := w.svc.DeleteItems(ctx, ana, items.DeleteItemInput{ComponentID: w.task, IDs: []int64{other.ID, parent.ID}})
	want := "Não é possível excluir 181 - Plano: 182 - Etapa é filho dele."
	if status(err) != 409 || !strings.HasPrefix(message(ctx, err), want) {
		t.Fatalf("deleting a parent: %v %q", err, message(ctx, err))
	}
	en := i18n.With(ctx, i18n.En)
	if got := message(en, err); !strings.HasPrefix(got, "181 - Plano cannot be deleted: 182 - Etapa is its child.") {
		t.Fatalf("in English: %q", got)
	}
	// All or none: the item beside it is still there, with no version of a deletion.
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = ANY($1) AND deleted_at IS NULL`, []int64{other.ID, parent.ID}); n != 2 {
		t.Fatalf("half done: %d live", n)
	}
	if n := w.count(t, `SELECT count(*) FROM item_version WHERE operation = 'delete'`); n != 0 {
		t.Fatalf("%d delete versions after a refusal", n)
	}

	// A module's tie refuses too, and a dependent the caller may not read is not named.
	var hidden int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 LIMIT 1`, w.secret).Scan(&hidden); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `DELETE FROM project_member WHERE project_id = $1 AND user_id = $2`, w.secret, w.ana.UserID); err != nil {
		t.Fatal(err)
	}
	w.svc.AddDeleteGuard(guard{item: other.ID, dependent: hidden})
	err = w.svc.DeleteItems(ctx, ana, items.DeleteItemInput{ComponentID: w.task, IDs: []int64{other.ID}})
	if status(err) != 409 || !strings.Contains(message(ctx, err), ": um item que você não pode ver é filho dele") {
		t.Fatalf("a module's tie to a hidden item: %v %q", err, message(ctx, err))
	}

	// Deleted together, the parent and its child go; the history and the audit log say so.
	if err := w.svc.DeleteItems(ctx, ana, items.DeleteItemInput{ComponentID: w.task, IDs: []int64{child.ID, parent.ID, parent.ID}}); err != nil {
		t.Fatalf("parent and child together: %v", err)
	}
	if n := w.count(t, `SELECT count(*) FROM item WHERE id = ANY($1) AND deleted_at IS NOT NULL`, []int64{child.ID, parent.ID}); n != 2 {
		t.Fatalf("%d of 2 deleted", n)
	}
	if n := w.count(t, `SELECT count(*) FROM item_version v JOIN item i ON i.id = v.item_id
		WHERE v.item_id = ANY($1) AND v.operation = 'delete' AND v.version = i.version AND v.modifier_id = $2`,
		[]int64{child.ID, parent.ID}, ana.UserID); n != 2 {
		t.Fatalf("%d delete versions", n)
	}
	if got := i18n.T(i18n.PtBR, "forms.op.delete") + "/" + i18n.T(i18n.En, "forms.op.delete"); got != "Excluído/Deleted" {
		t.Fatalf("the history's name of a deletion: %s", got)
	}
	var login, address, detail string
	if err := w.db.QueryRow(ctx, `SELECT login, address, detail->>'items' FROM audit_event WHERE kind = 'item.deleted'`).
		Scan(&login, &address, &detail); err != nil {
		t.Fatal(err)
	}
	if login != "ana" || address != "192.0.2.7" || detail != `["181 - Plano", "182 - Etapa"]` {
		t.Fatalf("audit: %s %s %s", login, address, detail)
	}
	// They leave the lists; deleting them again answers as for a missing item.
	if res := w.list(t, w.ana, items.ExecuteFilterInput{ComponentID: w.task, RowsPerPage: 500}); slices.Contains(ids(res.Rows), parent.ID) {
		t.Fatal("a deleted item is still listed")
	}
	if err := w.svc.DeleteItems(ctx, ana, items.DeleteItemInput{ComponentID: w.task, IDs: []int64{parent.ID}}); status(err) != 404 {
		t.Fatalf("deleting again: %v", err)
	}
}
