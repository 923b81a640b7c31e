package projects_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/projects"
)

// tasks is the summary's task card, failing the test without one.
func tasks(t *testing.T, s *projects.Summary, task int64) projects.TypeCount {
	t.Helper()
	for _, c := range s.Types {
		if c.ID == task {
			return c
		}
	}
	t.Fatalf("no task card in %+v", s.Types)
	return projects.TypeCount{}
}

func statusCount(tc projects.TypeCount, key string) int64 {
	for _, st := range tc.Statuses {
		if st.Key == key {
			return st.Count
		}
	}
	return -1
}

// The project page's summary: a read-only member sees the counts the
// database holds and the recent activity; a new task counts at once and
// leads the activity, a deleted one leaves the counts; a user outside the
// project, and a member just removed, get the unknown project's 404.
func TestTheSummaryCountsTheProjectsItemsForItsReaders(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	bia := who(w.bia)
	s, err := w.svc.Summary(ctx, bia, projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
	if err != nil {
		t.Fatal(err)
	}
	live := w.count(t, `SELECT count(*) FROM item WHERE project_id = $1 AND deleted_at IS NULL`, w.digital)
	open := w.count(t, `SELECT count(*) FROM item i LEFT JOIN item_status st ON st.id = i.status_id
		WHERE i.project_id = $1 AND i.deleted_at IS NULL AND NOT coalesce(st.final, false)`, w.digital)
	if live == 0 || s.Total != int64(live) || s.Open != int64(open) || s.Done != s.Total-s.Open {
		t.Fatalf("total %d open %d, the database says %d and %d", s.Total, s.Open, live, open)
	}
	task := tasks(t, s, w.task)
	todo := statusCount(task, "todo")
	if task.Key != "task" || task.Name != "Tarefa" || todo < 0 || len(task.Statuses) != 4 || task.Statuses[0].Key != "todo" ||
		task.Statuses[3].Key != "done" || !task.Statuses[3].Final || task.Statuses[0].Color == "" {
		t.Fatalf("task card: %+v", task)
	}
	if s.Progress == nil || *s.Progress < 0 || *s.Progress > 100 {
		t.Fatalf("progress: %v", s.Progress)
	}
	if len(s.Activity) == 0 || len(s.Activity) > projects.ActivityLimit {
		t.Fatalf("activity: %d entries", len(s.Activity))
	}
	for i := 1; i < len(s.Activity); i++ {
		if s.Activity[i].ModifiedAt.After(s.Activity[i-1].ModifiedAt) {
			t.Fatalf("activity not newest first at %d", i)
		}
	}

	// Ana adds a task: it counts, in the initial status, and is the newest entry.
	if err := w.newTask(w.ana, w.digital); err != nil {
		t.Fatal(err)
	}
	s, err = w.svc.Summary(ctx, bia, projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
	if err != nil {
		t.Fatal(err)
	}
	if got := tasks(t, s, w.task); got.Total != task.Total+1 || statusCount(got, "todo") != todo+1 || s.Total != int64(live)+1 {
		t.Fatalf("after a new task: %+v", got)
	}
	first := s.Activity[0]
	if first.Title != "Nova tarefa" || first.ComponentID != w.task || first.Operation != "create" || first.ModifierName != "Ana" ||
		first.OperationName == "" || first.FormattedID == 0 || len(first.Changed) == 0 {
		t.Fatalf("newest activity: %+v", first)
	}

	// An administrator deletes it: the counts go back.
	if err := w.core.DeleteItems(ctx, items.Caller{UserID: w.ana, PanelAdmin: true},
		items.DeleteItemInput{IDs: []int64{first.ItemID}, ComponentID: w.task}); err != nil {
		t.Fatal(err)
	}
	s, err = w.svc.Summary(ctx, bia, projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
	if err != nil {
		t.Fatal(err)
	}
	if got := tasks(t, s, w.task); got.Total != task.Total || s.Total != int64(live) {
		t.Fatalf("after deleting: %+v", got)
	}
	for _, a := range s.Activity {
		if a.ItemID == first.ItemID {
			t.Fatalf("the deleted item is still in the activity: %+v", a)
		}
	}

	// Caio is in no project; Bia, removed, loses it at once.
	if _, err := w.svc.Summary(ctx, who(w.caio), projects.ProjectInput{ProjectID: httpx.ID(w.digital)}); status(err) != http.StatusNotFound {
		t.Fatalf("outsider: %v", err)
	}
	w.save(t, w.digital, []projects.Grant{grant(w.ana, projects.RoleManager)}, nil)
	for _, call := range []func() error{
		func() error {
			_, err := w.svc.Summary(ctx, bia, projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
			return err
		},
		func() error {
			_, err := w.svc.WBS(ctx, bia, projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
			return err
		},
	} {
		if err := call(); status(err) != http.StatusNotFound {
			t.Fatalf("removed member: %v", err)
		}
	}
	if _, err := w.svc.Summary(ctx, bia, projects.ProjectInput{ProjectID: 987654}); status(err) != http.StatusNotFound {
		t.Fatalf("unknown project: %v", err)
	}
}

// The WBS numbers items by their parents at any depth, siblings by id, and
// a child whose parent is not listed is a root.
func TestTheWBSNumbersNestedItems(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var ids []int64
	for range 4 {
		if err := w.newTask(w.ana, w.sede); err != nil {
			t.Fatal(err)
		}
		var id int64
		if err := w.db.QueryRow(ctx, `SELECT max(id) FROM item`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	// ids[1] and ids[3] under ids[0]; ids[2] under ids[1].
	if _, err := w.db.Exec(ctx, `UPDATE item SET parent_id = CASE id WHEN $2 THEN $1 WHEN $4 THEN $1 WHEN $3 THEN $2 END
		WHERE id IN ($2, $3, $4)`, ids[0], ids[1], ids[2], ids[3]); err != nil {
		t.Fatal(err)
	}
	wbs, err := w.svc.WBS(ctx, who(w.ana), projects.ProjectInput{ProjectID: httpx.ID(w.sede)})
	if err != nil {
		t.Fatal(err)
	}
	live := w.count(t, `SELECT count(*) FROM item WHERE project_id = $1 AND deleted_at IS NULL`, w.sede)
	if len(wbs.Items) != live || wbs.Truncated {
		t.Fatalf("%d items, the project has %d", len(wbs.Items), live)
	}
	at := map[int64]int{}
	for i, it := range wbs.Items {
		at[it.ID] = i
	}
	root := wbs.Items[at[ids[0]]]
	want := []struct {
		id            int64
		outline       string
		level, kids   int
		parent, after int64
	}{
		{ids[0], root.Outline, 1, 2, 0, 0},
		{ids[1], root.Outline + ".1", 2, 1, ids[0], ids[0]},
		{ids[2], root.Outline + ".1.1", 3, 0, ids[1], ids[1]},
		{ids[3], root.Outline + ".2", 2, 0, ids[0], ids[2]},
	}
	for _, c := range want {
		i := at[c.id]
		it := wbs.Items[i]
		if it.Outline != c.outline || it.Level != c.level || it.Children != c.kids || it.ParentID != c.parent ||
			(c.after != 0 && wbs.Items[i-1].ID != c.after) || it.StatusName != "A fazer" || it.ComponentName != "Tarefa" {
			t.Fatalf("item %d: %+v (want %+v)", c.id, it, c)
		}
	}
	if n, err := strconv.Atoi(root.Outline); err != nil || n < 1 {
		t.Fatalf("root outline %q", root.Outline)
	}
	// Bia cannot read Nova Sede; its items are nobody else's business.
	if _, err := w.svc.WBS(ctx, who(w.bia), projects.ProjectInput{ProjectID: httpx.ID(w.sede)}); status(err) != http.StatusNotFound {
		t.Fatalf("outsider: %v", err)
	}
}

// No project is refused in both languages, before anything is read.
func TestThePageCallsNeedAProject(t *testing.T) {
	w := newWorld(t)
	for _, lang := range []i18n.Lang{"pt-BR", "en"} {
		ctx := i18n.With(context.Background(), lang)
		_, err1 := w.svc.Summary(ctx, who(w.ana), projects.ProjectInput{})
		_, err2 := w.svc.WBS(ctx, who(w.ana), projects.ProjectInput{})
		want := map[i18n.Lang]string{"pt-BR": "Informe o projeto.", "en": "Name the project."}[lang]
		for _, err := range []error{err1, err2} {
			if status(err) != http.StatusBadRequest || message(ctx, err) != want {
				t.Fatalf("%s: %v %q", lang, err, message(ctx, err))
			}
		}
	}
}

// Migration 00107's down drops the page's two indexes and its up makes them
// again; the summary answers the same either way.
func TestThePageIndexesMigrationGoesDownAndUp(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	indexes := func() int {
		return w.count(t, `SELECT count(*) FROM pg_indexes WHERE indexname IN ('item_version_project_recent', 'item_project_type_status')`)
	}
	summary := func() string {
		s, err := w.svc.Summary(ctx, who(w.ana), projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(s)
		return string(b)
	}
	before := summary()
	body, err := os.ReadFile("../../migrations/00107_item_project_recent.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(string(body), "-- +goose Down")
	for _, step := range []struct {
		sql  string
		want int
	}{{down, 0}, {strings.Replace(up, "-- +goose Up", "", 1), 2}} {
		if _, err := w.db.Exec(ctx, step.sql, pgx.QueryExecModeSimpleProtocol); err != nil {
			t.Fatal(err)
		}
		if indexes() != step.want || summary() != before {
			t.Fatalf("%d indexes, want %d; the summary changed: %v", indexes(), step.want, summary() != before)
		}
	}
}
