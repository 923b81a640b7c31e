package items_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/items"
)

// RecentVersions lists the newest versions of a project's items the caller
// may read, newest first and at most limit: a new task's version leads; a
// project the caller may not read lists nothing; an item moved to another
// project or deleted leaves the list.
func TestRecentVersionsAreTheProjectsNewestReadableOnes(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.project(t, "Transformação Digital")
	task := w.newTask(t, nil)
	recent := func(c items.Caller, project int64, limit int) []items.RecentVersion {
		t.Helper()
		got, err := w.svc.RecentVersions(ctx, c, project, limit)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	got := recent(w.bia, digital, 3)
	history, err := w.svc.History(ctx, w.bia, task.ID, w.task, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].VersionID != history[0].ID || got[0].ItemID != task.ID || got[0].ComponentID != w.task ||
		got[0].ComponentName != "Tarefa" || got[0].FormattedID != task.FormattedID || got[0].Title != "Migrar o ERP" {
		t.Fatalf("Bia's newest versions of the project: %+v", got)
	}
	if got := recent(w.bia, w.secret, 3); len(got) != 0 {
		t.Fatalf("Bia may not read Nova Sede, yet lists %+v", got)
	}
	if got := recent(w.ana, w.secret, 3); len(got) != 3 {
		t.Fatalf("Ana's newest versions of Nova Sede: %+v", got)
	}

	listed := func(c items.Caller, project, item int64) bool {
		for _, v := range recent(c, project, 3) {
			if v.ItemID == item {
				return true
			}
		}
		return false
	}
	moved := got[1].ItemID
	if _, err := w.db.Exec(ctx, `UPDATE item SET project_id = $2 WHERE id = $1`, moved, w.secret); err != nil {
		t.Fatal(err)
	}
	if listed(w.ana, digital, moved) {
		t.Fatalf("item %d moved to Nova Sede, yet its versions in the project are listed", moved)
	}
	if err := w.svc.DeleteItems(ctx, items.Caller{UserID: w.ana.UserID, PanelAdmin: true},
		items.DeleteItemInput{IDs: []int64{task.ID}, ComponentID: w.task}); err != nil {
		t.Fatal(err)
	}
	if listed(w.ana, digital, task.ID) {
		t.Fatal("a deleted item is still listed")
	}
}
