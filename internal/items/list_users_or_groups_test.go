package items_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// A USERS_OR_GROUPS column shows a name, as the other references do: the
// user's, else the group's (the same id space saveItem checks), the name
// the form shows for the value; the id stays beside it. An id that names
// nothing shows empty.
func TestListNamesUsersOrGroups(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type, edit_in_grid)
		VALUES ($1, 'watcher', '{"pt-BR": "Observador"}', 'USERS_OR_GROUPS', true)`, w.task); err != nil {
		t.Fatal(err)
	}
	w.ensureTable(t, w.task)
	// Ids past every user's and group's: a group that is no user, and a
	// user and a group with the same id (the user's name, as the form's).
	var both int64
	if err := w.db.QueryRow(ctx, `SELECT greatest((SELECT max(id) FROM app_user), (SELECT max(id) FROM user_group)) + 1000`).
		Scan(&both); err != nil {
		t.Fatal(err)
	}
	group := both + 1
	if _, err := w.db.Exec(ctx, `INSERT INTO user_group (id, name) OVERRIDING SYSTEM VALUE VALUES ($1, 'Comitê de obras')`, group); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO app_user (id, login, name) OVERRIDING SYSTEM VALUE VALUES ($1, 'caio', 'Caio')`, both); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO user_group (id, name) OVERRIDING SYSTEM VALUE VALUES ($1, 'Diretoria')`, both); err != nil {
		t.Fatal(err)
	}

	want := map[int64]string{w.bia.UserID: "Bia", group: "Comitê de obras", both: "Caio"}
	saved := map[int64]int64{} // item → value
	for id, name := range want {
		task := w.newTask(t, nil)
		res, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task),
			Field: "watcher", Value: id, ModificationDateTicks: task.ModificationDateTicks})
		if err != nil {
			t.Fatal(err)
		}
		if res.Display["watcher"] != name {
			t.Fatalf("the form shows %d as %q, want %q", id, res.Display["watcher"], name)
		}
		saved[task.ID] = id
	}
	unknown := w.newTask(t, nil)
	w.setValue(t, unknown.ID, "watcher", 99999999)
	saved[unknown.ID] = 99999999

	page := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500, Order: "FormattedID", SortDirection: "asc"})
	seen := 0
	for _, r := range page.Rows {
		id, ok := saved[r["id"].(int64)]
		if !ok {
			if v, has := r["watcher"]; has {
				t.Fatalf("item %v without a watcher shows %v", r["id"], v)
			}
			continue
		}
		seen++
		if r["watcherID"] != id || r["watcher"] != want[id] {
			t.Errorf("item %v: watcher %v shown as %q, want %d / %q", r["id"], r["watcherID"], r["watcher"], id, want[id])
		}
	}
	if seen != len(saved) {
		t.Fatalf("the list shows %d of the %d items", seen, len(saved))
	}
}
