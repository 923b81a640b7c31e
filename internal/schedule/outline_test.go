package schedule_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/schedule"
)

// A member indents two tasks under the one above them and outdents the
// first again: the parent is the item core's, with a version in the
// item's history; the outdented task comes right after its old summary,
// and the summary rolls its tasks up at once.
func TestSetScheduleParentIndentsAndOutdentsThroughTheItemCore(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, _, _, _ := w.smallPlan(t)
	ids := w.itemsIn(t, w.task, "Transformação Digital", 6)
	c, d, e := ids[3], ids[4], ids[5]
	parent := func(item, to int64) *schedule.ProjectSchedule {
		t.Helper()
		s, err := w.svc.SetParent(ctx, w.ana, schedule.ParentInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(item), ParentID: httpx.ID(to)})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	parent(d, c)
	s := parent(e, c)
	sc, sd, se := taskOf(s, c), taskOf(s, d), taskOf(s, e)
	if !sc.Summary || sd.ParentID != c || se.ParentID != c || sd.Outline != sc.Outline+".1" || se.Outline != sc.Outline+".2" || sd.Level != sc.Level+1 {
		t.Fatalf("after indenting: c %+v\nd %+v\ne %+v", sc, sd, se)
	}
	if sc.Start != min(sd.Start, se.Start) || sc.Finish != max(sd.Finish, se.Finish) {
		t.Errorf("the summary %s – %s does not roll up %s – %s and %s – %s", sc.Start, sc.Finish, sd.Start, sd.Finish, se.Start, se.Finish)
	}
	history, err := w.items.History(ctx, w.ana, d, w.task, false)
	if err != nil {
		t.Fatal(err)
	}
	if h := history[0]; h.ModifierName != "Ana" || h.Operation != "schedule" || !slices.Contains(h.ChangedFields, "Parent") {
		t.Fatalf("latest version %+v", h)
	}
	s = parent(d, 0)
	sc, sd, se = taskOf(s, c), taskOf(s, d), taskOf(s, e)
	n, _ := strconv.Atoi(sc.Outline)
	if sd.ParentID != 0 || sd.Outline != strconv.Itoa(n+1) || se.Outline != sc.Outline+".1" {
		t.Fatalf("after outdenting: c %s, d %s, e %s", sc.Outline, sd.Outline, se.Outline)
	}
	at := func(id int64) int {
		return slices.IndexFunc(s.Tasks, func(x schedule.ScheduledTask) bool { return x.ID == id })
	}
	if at(d) != at(e)+1 {
		t.Errorf("the outdented task is at %d, its old summary's last task at %d", at(d), at(e))
	}
	// The same parent again writes nothing.
	before, _ := w.items.History(ctx, w.ana, d, w.task, false)
	parent(d, 0)
	after, _ := w.items.History(ctx, w.ana, d, w.task, false)
	if len(after) != len(before) {
		t.Errorf("the same parent wrote a version: %d then %d", len(before), len(after))
	}
}

// Who may not change the item is refused, and so is a parent that is the
// task itself, one of its tasks, another project's, or a summary the task
// is linked to; nothing is written.
func TestSetScheduleParentRefusesWithAMessageAndWritesNothing(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, b, _ := w.smallPlan(t)
	ids := w.itemsIn(t, w.task, "Transformação Digital", 5)
	c, d := ids[3], ids[4]
	if _, err := w.svc.SetParent(ctx, w.ana, schedule.ParentInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(d), ParentID: httpx.ID(c)}); err != nil {
		t.Fatal(err)
	}
	var secret int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM project WHERE name = 'Nova Sede'`).Scan(&secret); err != nil {
		t.Fatal(err)
	}
	other := w.itemsIn(t, w.task, "Nova Sede", 1)[0]
	in := func(item, parent int64) schedule.ParentInput {
		return schedule.ParentInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(item), ParentID: httpx.ID(parent)}
	}
	for _, tc := range []struct {
		name   string
		ana    bool
		in     schedule.ParentInput
		status int
		field  string
		ptBR   string
	}{
		{"read-only member", false, in(b, a), http.StatusForbidden, "", "O usuário não possui permissão de editar o item."},
		{"not a member", false, schedule.ParentInput{ProjectID: httpx.ID(secret), ItemID: httpx.ID(other)}, http.StatusNotFound, "", ""},
		{"no project", true, schedule.ParentInput{ItemID: httpx.ID(b), ParentID: httpx.ID(a)}, http.StatusBadRequest, "projectId", "Escolha o projeto."},
		{"itself", true, in(b, b), http.StatusBadRequest, "parentId", "Uma tarefa não pode ser a tarefa-resumo de si mesma."},
		{"one of its tasks", true, in(c, d), http.StatusBadRequest, "parentId", ""},
		{"another project's task", true, in(b, other), http.StatusBadRequest, "parentId", "A tarefa-resumo deve ser uma tarefa deste cronograma, do mesmo projeto."},
		{"an item of another project", true, in(other, a), http.StatusNotFound, "", ""},
		{"a summary it is linked to", true, in(b, a), http.StatusUnprocessableEntity, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			who := w.bia
			if tc.ana {
				who = w.ana
			}
			_, err := w.svc.SetParent(i18n.With(ctx, i18n.PtBR), who, tc.in)
			e, ok := httpx.AsError(err)
			if !ok || e.Status != tc.status {
				t.Fatalf("got %v, want %d", err, tc.status)
			}
			if tc.field != "" && (len(e.Validations) != 1 || e.Validations[0].Field != tc.field) {
				t.Errorf("validations %+v, want %s", e.Validations, tc.field)
			}
			pt, en := message(i18n.With(ctx, i18n.PtBR), err), message(i18n.With(ctx, i18n.En), err)
			if tc.ptBR != "" && pt != tc.ptBR {
				t.Errorf("pt-BR %q", pt)
			}
			if tc.status != http.StatusNotFound && (pt == en || strings.HasPrefix(en, "schedule.")) {
				t.Errorf("en %q", en)
			}
		})
	}
	var cycle string
	_, err := w.svc.SetParent(i18n.With(ctx, i18n.PtBR), w.ana, in(c, d))
	if cycle = message(i18n.With(ctx, i18n.PtBR), err); !strings.Contains(cycle, "ciclo") || !strings.HasPrefix(cycle, "#") {
		t.Errorf("cycle %q", cycle)
	}
	var parents int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item WHERE id = ANY($1) AND parent_id IS NOT NULL`, []int64{a, b, c}).Scan(&parents); err != nil || parents != 0 {
		t.Errorf("a refused change wrote a parent: %d (%v)", parents, err)
	}
}
