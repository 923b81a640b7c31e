package schedule_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/schedule"
)

// A member moves a bar: the item's start and finish are written with a
// version in its history, and the answer is the schedule computed again,
// its successors moved by their links.
func TestMoveScheduleTaskWritesTheDatesAndAnswersTheNewSchedule(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, b, c := w.smallPlan(t)
	// A Tue 3 – Thu 5; B after A's finish and a day's lag (Fri 6): Mon 9 –
	// Tue 10; C finishes with B.
	s, err := w.svc.MoveTask(ctx, w.ana, schedule.MoveInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(a), Start: "2025-06-03", Finish: "2025-06-05"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64][2]string{a: {"2025-06-03", "2025-06-05"}, b: {"2025-06-09", "2025-06-10"}, c: {"2025-06-10", "2025-06-10"}}
	for id, dates := range want {
		if got := taskOf(s, id); got == nil || got.Start != dates[0] || got.Finish != dates[1] {
			t.Errorf("task %d: %+v, want %v", id, got, dates)
		}
	}
	values, err := table.ValuesOf(ctx, w.db, a)
	if err != nil {
		t.Fatal(err)
	}
	if values["startDate"] != "2025-06-03T00:00:00Z" || values["dueDate"] != "2025-06-05T00:00:00Z" || values["progress"] != 50.0 {
		t.Fatalf("stored %v", values)
	}
	history, err := w.items.History(ctx, w.ana, a, w.task, false)
	if err != nil {
		t.Fatal(err)
	}
	if h := history[0]; h.ModifierName != "Ana" || h.Operation != "schedule" || !slices.Contains(h.ChangedFields, "startDate") || !slices.Contains(h.ChangedFields, "dueDate") {
		t.Fatalf("latest version %+v", h)
	}
	// The same dates again write nothing.
	if _, err := w.svc.MoveTask(ctx, w.ana, schedule.MoveInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(a), Start: "2025-06-03", Finish: "2025-06-05"}); err != nil {
		t.Fatal(err)
	}
	again, err := w.items.History(ctx, w.ana, a, w.task, false)
	if err != nil || len(again) != len(history) {
		t.Fatalf("a move to the same dates wrote a version: %d then %d (%v)", len(history), len(again), err)
	}
	// A bar resized by a day changes the finish only, and B follows: lag
	// Mon 9, Tue 10 – Wed 11.
	s, err = w.svc.MoveTask(ctx, w.ana, schedule.MoveInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(a), Start: "2025-06-03", Finish: "2025-06-06"})
	if err != nil {
		t.Fatal(err)
	}
	if got := taskOf(s, b); got.Start != "2025-06-10" || got.Finish != "2025-06-11" {
		t.Errorf("B after the resize: %s – %s", got.Start, got.Finish)
	}
	history, err = w.items.History(ctx, w.ana, a, w.task, false)
	if err != nil || strings.Join(history[0].ChangedFields, ",") != "dueDate" {
		t.Fatalf("after the resize %+v %v", history[0], err)
	}
	// The dates dialog's percent complete goes in the same version.
	p := 30.0
	if s, err = w.svc.MoveTask(ctx, w.ana, schedule.MoveInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(a), Start: "2025-06-04", Finish: "2025-06-06", Progress: &p}); err != nil {
		t.Fatal(err)
	}
	history, err = w.items.History(ctx, w.ana, a, w.task, false)
	if err != nil || strings.Join(history[0].ChangedFields, ",") != "startDate,progress" || taskOf(s, a).Progress != 30 {
		t.Fatalf("dates and progress %+v %v", history[0], err)
	}
}

// Who may not edit the item is refused and nothing is written: a
// read-only member with a 403 Message in their language, a non-member as
// if the project did not exist; bad dates and a summary are 400s.
func TestMoveScheduleTaskRefusesWhoMayNotEditAndBadDates(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, b, _ := w.smallPlan(t)
	var secret int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM project WHERE name = 'Nova Sede'`).Scan(&secret); err != nil {
		t.Fatal(err)
	}
	other := w.itemsIn(t, w.task, "Nova Sede", 1)[0]
	if _, err := w.db.Exec(ctx, `UPDATE item SET parent_id = $1 WHERE id = $2`, a, b); err != nil {
		t.Fatal(err)
	}
	before := map[int64]map[string]any{}
	for _, id := range []int64{a, b, other} {
		v, err := table.ValuesOf(ctx, w.db, id)
		if err != nil {
			t.Fatal(err)
		}
		before[id] = v
	}
	over := 150.0
	move := func(item, proj int64, start, finish string) schedule.MoveInput {
		return schedule.MoveInput{ProjectID: httpx.ID(proj), ItemID: httpx.ID(item), Start: start, Finish: finish}
	}
	for _, tc := range []struct {
		name   string
		ana    bool
		in     schedule.MoveInput
		status int
		field  string
		ptBR   string
	}{
		{"read-only member", false, move(b, project, "2025-06-09", "2025-06-10"), http.StatusForbidden, "", "O usuário não possui permissão de editar o item."},
		{"not a member", false, move(other, secret, "2025-06-09", "2025-06-10"), http.StatusNotFound, "", ""},
		{"an item of another project", true, move(other, project, "2025-06-09", "2025-06-10"), http.StatusNotFound, "", ""},
		{"no project", true, move(b, 0, "2025-06-09", "2025-06-10"), http.StatusBadRequest, "projectId", "Escolha o projeto."},
		{"a start that is no date", true, move(b, project, "2025-02-30", "2025-06-10"), http.StatusBadRequest, "start", "Informe uma data válida (AAAA-MM-DD)."},
		{"no finish", true, move(b, project, "2025-06-09", ""), http.StatusBadRequest, "finish", "Informe uma data válida (AAAA-MM-DD)."},
		{"a finish before the start", true, move(b, project, "2025-06-09", "2025-06-06"), http.StatusBadRequest, "finish", "O término não pode ser anterior ao início."},
		{"a finish too far", true, move(b, project, "2025-06-09", "2045-06-09"), http.StatusBadRequest, "finish", "O término deve ficar a no máximo 3650 dias do início."},
		{"a summary", true, move(a, project, "2025-06-09", "2025-06-10"), http.StatusBadRequest, "", "As datas de uma tarefa-resumo vêm das suas tarefas: mova as tarefas."},
		{"a percent over 100", true, schedule.MoveInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(b), Start: "2025-06-09", Finish: "2025-06-10", Progress: &over}, http.StatusBadRequest, "progress", "Informe o percentual concluído, de 0 a 100."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			who := w.bia
			if tc.ana {
				who = w.ana
			}
			_, err := w.svc.MoveTask(i18n.With(ctx, i18n.PtBR), who, tc.in)
			e, ok := httpx.AsError(err)
			if !ok || e.Status != tc.status {
				t.Fatalf("got %v, want %d", err, tc.status)
			}
			if tc.field != "" && (len(e.Validations) != 1 || e.Validations[0].Field != tc.field) {
				t.Errorf("validations %+v, want %s", e.Validations, tc.field)
			}
			if tc.ptBR != "" {
				if msg := message(i18n.With(ctx, i18n.PtBR), err); msg != tc.ptBR {
					t.Errorf("pt-BR %q", msg)
				}
				if msg := message(i18n.With(ctx, i18n.En), err); msg == tc.ptBR || strings.HasPrefix(msg, "schedule.") {
					t.Errorf("en %q", msg)
				}
			}
		})
	}
	for id, was := range before {
		now, err := table.ValuesOf(ctx, w.db, id)
		if err != nil {
			t.Fatal(err)
		}
		if now["startDate"] != was["startDate"] || now["dueDate"] != was["dueDate"] {
			t.Errorf("item %d: a refused move wrote %v – %v", id, now["startDate"], now["dueDate"])
		}
	}
}

// A member drags a bar's progress handle: the view's progress field is
// written (a whole percent) with a version in its history, and the answer
// is the schedule with it; who may not edit, a summary and a percent out
// of 0–100 are refused and write nothing.
func TestSetScheduleProgressWritesThePercentOrRefuses(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, b, _ := w.smallPlan(t)
	progress := func(item, proj int64, p float64) schedule.ProgressInput {
		return schedule.ProgressInput{ProjectID: httpx.ID(proj), ItemID: httpx.ID(item), Progress: &p}
	}
	s, err := w.svc.SetProgress(ctx, w.ana, progress(b, project, 72.6))
	if err != nil {
		t.Fatal(message(ctx, err))
	}
	if got := taskOf(s, b); got == nil || got.Progress != 73 || !s.HasProgress {
		t.Fatalf("answered %+v (hasProgress %v)", got, s.HasProgress)
	}
	values, err := table.ValuesOf(ctx, w.db, b)
	if err != nil {
		t.Fatal(err)
	}
	if values["progress"] != 73.0 {
		t.Fatalf("stored %v", values["progress"])
	}
	history, err := w.items.History(ctx, w.ana, b, w.task, false)
	if err != nil || history[0].Operation != "schedule" || strings.Join(history[0].ChangedFields, ",") != "progress" {
		t.Fatalf("latest version %+v %v", history[0], err)
	}

	if _, err := w.db.Exec(ctx, `UPDATE item SET parent_id = $1 WHERE id = $2`, a, b); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		ana    bool
		in     schedule.ProgressInput
		status int
		ptBR   string
	}{
		{"read-only member", false, progress(b, project, 10), http.StatusForbidden, "O usuário não possui permissão de editar o item."},
		{"a summary", true, progress(a, project, 10), http.StatusBadRequest, "O percentual de uma tarefa-resumo vem das suas tarefas: altere as tarefas."},
		{"over 100", true, progress(b, project, 101), http.StatusBadRequest, "Informe o percentual concluído, de 0 a 100."},
		{"below 0", true, progress(b, project, -1), http.StatusBadRequest, "Informe o percentual concluído, de 0 a 100."},
		{"none", true, schedule.ProgressInput{ProjectID: httpx.ID(project), ItemID: httpx.ID(b)}, http.StatusBadRequest, "Informe o percentual concluído, de 0 a 100."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			who := w.bia
			if tc.ana {
				who = w.ana
			}
			_, err := w.svc.SetProgress(i18n.With(ctx, i18n.PtBR), who, tc.in)
			if e, ok := httpx.AsError(err); !ok || e.Status != tc.status {
				t.Fatalf("got %v, want %d", err, tc.status)
			}
			if msg := message(i18n.With(ctx, i18n.PtBR), err); msg != tc.ptBR {
				t.Errorf("pt-BR %q", msg)
			}
			if msg := message(i18n.With(ctx, i18n.En), err); msg == tc.ptBR || strings.HasPrefix(msg, "schedule.") {
				t.Errorf("en %q", msg)
			}
		})
	}
	if values, err := table.ValuesOf(ctx, w.db, b); err != nil || values["progress"] != 73.0 {
		t.Fatalf("a refused change wrote %v (%v)", values["progress"], err)
	}
}
