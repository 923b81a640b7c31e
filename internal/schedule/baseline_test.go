package schedule_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/schedule"
)

func statusOf(err error) int {
	if e, ok := httpx.AsError(err); ok {
		return e.Status
	}
	return 0
}

func TestBaselineKeepsTheScheduleAndMeasuresTheSlip(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, b, c := w.smallPlan(t)
	saved, err := w.svc.SaveBaseline(ctx, w.ana, schedule.BaselineInput{ProjectID: httpx.ID(project), Name: "  Plano aprovado "})
	if err != nil {
		t.Fatal(err)
	}
	before, err := w.svc.GetSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(project)})
	if err != nil {
		t.Fatal(err)
	}
	if len(saved.Baselines) != 1 || saved.Baselines[0].Name != "Plano aprovado" || saved.Baselines[0].Tasks != len(before.Tasks) ||
		!saved.CanEdit || saved.Max != schedule.MaxBaselines || saved.Baselines[0].CreatedBy == "" {
		t.Fatalf("saved: %+v", saved)
	}
	base := saved.Baselines[0].ID

	// A starts two working days later (Wed 4 – Fri 6): B (FS +1) goes from
	// Fri 6 – Mon 9 to Tue 10 – Wed 11, and C with it.
	if err := table.WriteValues(ctx, w.db, w.task, table.Row{ID: a, Values: map[string]any{
		"startDate": "2025-06-04T00:00:00Z", "dueDate": "2025-06-06T00:00:00Z"}}); err != nil {
		t.Fatal(err)
	}
	for name, who := range map[string]items.Caller{"member": w.ana, "read-only member": w.bia} {
		t.Run(name, func(t *testing.T) {
			s, err := w.svc.GetSchedule(ctx, who, schedule.ScheduleInput{ProjectID: httpx.ID(project), BaselineID: httpx.ID(base)})
			if err != nil {
				t.Fatal(err)
			}
			want := map[int64][4]any{a: {"2025-06-02", "2025-06-04", 2, 2}, b: {"2025-06-06", "2025-06-09", 2, 2}, c: {"2025-06-09", "2025-06-09", 2, 2}}
			for id, wnt := range want {
				got := taskOf(s, id)
				if got.BaselineStart != wnt[0] || got.BaselineFinish != wnt[1] || got.StartVariance == nil || *got.StartVariance != wnt[2] ||
					got.FinishVariance == nil || *got.FinishVariance != wnt[3] {
					t.Errorf("task %d: baseline %s – %s, variance %v %v; want %v", id, got.BaselineStart, got.BaselineFinish,
						deref(got.StartVariance), deref(got.FinishVariance), wnt)
				}
			}
		})
	}
	t.Run("without a baseline the tasks carry none", func(t *testing.T) {
		s, err := w.svc.GetSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(project)})
		if err != nil {
			t.Fatal(err)
		}
		if got := taskOf(s, a); got.BaselineStart != "" || got.StartVariance != nil {
			t.Errorf("A: %+v", got)
		}
	})
	t.Run("earlier than planned is a negative slip", func(t *testing.T) {
		if err := table.WriteValues(ctx, w.db, w.task, table.Row{ID: a, Values: map[string]any{
			"startDate": "2025-05-29T00:00:00Z", "dueDate": "2025-06-02T00:00:00Z"}}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.db.Exec(ctx, `UPDATE project SET start_date = '2025-05-26' WHERE id = $1`, project); err != nil {
			t.Fatal(err)
		}
		s, err := w.svc.GetSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(project), BaselineID: httpx.ID(base)})
		if err != nil {
			t.Fatal(err)
		}
		// Thu 29 May – Mon 2 June against Mon 2 – Wed 4: two working days
		// early at both ends (the weekend does not count).
		if got := taskOf(s, a); deref(got.StartVariance) != -2 || deref(got.FinishVariance) != -2 {
			t.Errorf("A: variance %d %d, want -2 -2", deref(got.StartVariance), deref(got.FinishVariance))
		}
	})
}

func deref(p *int) int {
	if p == nil {
		return -999
	}
	return *p
}

func TestBaselinesAreSavedByWritersOnlyAndRefuseBadInput(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	en := i18n.With(ctx, i18n.En)
	project, _, _, _ := w.smallPlan(t)
	in := func(name string) schedule.BaselineInput {
		return schedule.BaselineInput{ProjectID: httpx.ID(project), Name: name}
	}
	list, err := w.svc.SaveBaseline(ctx, w.ana, in("Linha 1"))
	if err != nil {
		t.Fatal(err)
	}
	first := list.Baselines[0].ID

	t.Run("read-only member reads and may not change", func(t *testing.T) {
		got, err := w.svc.LoadBaselines(ctx, w.bia, schedule.BaselineInput{ProjectID: httpx.ID(project)})
		if err != nil || len(got.Baselines) != 1 || got.CanEdit {
			t.Fatalf("load: %+v, %v", got, err)
		}
		_, err = w.svc.SaveBaseline(en, w.bia, in("Minha"))
		if statusOf(err) != http.StatusForbidden || !strings.Contains(message(en, err), "baselines") {
			t.Errorf("save: %v (%s)", err, message(en, err))
		}
		_, err = w.svc.DeleteBaseline(ctx, w.bia, schedule.BaselineInput{BaselineID: httpx.ID(first)})
		if statusOf(err) != http.StatusForbidden {
			t.Errorf("delete: %v", err)
		}
	})
	t.Run("an outsider finds nothing", func(t *testing.T) {
		var secret int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM project WHERE name = 'Nova Sede'`).Scan(&secret); err != nil {
			t.Fatal(err)
		}
		_, err := w.svc.LoadBaselines(ctx, w.bia, schedule.BaselineInput{ProjectID: httpx.ID(secret)})
		if statusOf(err) != http.StatusNotFound {
			t.Errorf("load: %v", err)
		}
		_, err = w.svc.GetSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(secret), BaselineID: httpx.ID(first)})
		if statusOf(err) != http.StatusNotFound {
			t.Errorf("another project's baseline: %v", err)
		}
	})
	for _, tc := range []struct {
		name, value string
		status      int
		text        string
	}{
		{"empty name", "   ", http.StatusBadRequest, "Give the baseline a name."},
		{"name taken", "Linha 1", http.StatusBadRequest, `already has a baseline named "Linha 1"`},
		{"name too long", strings.Repeat("a", schedule.MaxBaselineName+1), http.StatusBadRequest, "up to 100 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.svc.SaveBaseline(en, w.ana, in(tc.value))
			if statusOf(err) != tc.status || !strings.Contains(message(en, err), tc.text) {
				t.Errorf("got %v (%s)", err, message(en, err))
			}
		})
	}
	t.Run("ten at most", func(t *testing.T) {
		for i := 2; i <= schedule.MaxBaselines; i++ {
			if _, err := w.svc.SaveBaseline(ctx, w.ana, in(fmt.Sprintf("Linha %d", i))); err != nil {
				t.Fatal(err)
			}
		}
		_, err := w.svc.SaveBaseline(en, w.ana, in("Uma a mais"))
		if statusOf(err) != http.StatusUnprocessableEntity || !strings.Contains(message(en, err), "up to 10 baselines") {
			t.Fatalf("got %v (%s)", err, message(en, err))
		}
		got, err := w.svc.DeleteBaseline(ctx, w.ana, schedule.BaselineInput{BaselineID: httpx.ID(first)})
		if err != nil || len(got.Baselines) != schedule.MaxBaselines-1 {
			t.Fatalf("delete: %v, %d left", err, len(got.Baselines))
		}
		if _, err := w.svc.SaveBaseline(ctx, w.ana, in("Uma a mais")); err != nil {
			t.Fatalf("after a delete: %v", err)
		}
	})
	t.Run("unknown baseline", func(t *testing.T) {
		_, err := w.svc.DeleteBaseline(ctx, w.ana, schedule.BaselineInput{BaselineID: httpx.ID(first)})
		if statusOf(err) != http.StatusNotFound {
			t.Errorf("delete twice: %v", err)
		}
		_, err = w.svc.DeleteBaseline(ctx, w.ana, schedule.BaselineInput{})
		if statusOf(err) != http.StatusBadRequest {
			t.Errorf("no id: %v", err)
		}
	})
}
