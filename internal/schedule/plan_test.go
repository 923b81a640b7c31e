package schedule_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/schedule"
	"github.com/tramita/tramita/internal/schedule/engine"
	"github.com/tramita/tramita/internal/schedule/msproject"
)

// smallPlan gives "Transformação Digital" a start (Monday 2025-06-02) and
// three tasks of its own: A (Mon–Wed), then B (two days, FS +1) and the
// milestone C when B finishes (FF). The project's other demo tasks stay
// as they are, each unlinked.
func (w *world) smallPlan(t *testing.T) (project int64, a, b, c int64) {
	t.Helper()
	ctx := context.Background()
	if err := w.db.QueryRow(ctx, `UPDATE project SET start_date = '2025-06-02' WHERE name = 'Transformação Digital' RETURNING id`).Scan(&project); err != nil {
		t.Fatal(err)
	}
	ids := w.itemsIn(t, w.task, "Transformação Digital", 3)
	a, b, c = ids[0], ids[1], ids[2]
	if err := table.WriteValues(ctx, w.db, w.task,
		table.Row{ID: a, Values: map[string]any{"startDate": "2025-06-02T00:00:00Z", "dueDate": "2025-06-04T00:00:00Z", "progress": 50.0}},
		table.Row{ID: b, Values: map[string]any{"startDate": "2025-06-02T00:00:00Z", "dueDate": "2025-06-03T00:00:00Z"}},
		table.Row{ID: c, Values: map[string]any{"milestone": true}}); err != nil {
		t.Fatal(err)
	}
	for _, in := range []schedule.PredecessorInput{
		{ItemID: httpx.ID(b), PredecessorID: httpx.ID(a), Type: "FS", Lag: 1},
		{ItemID: httpx.ID(c), PredecessorID: httpx.ID(b), Type: "FF"},
	} {
		in.ComponentID = httpx.ID(w.task)
		if _, err := w.svc.AddPredecessor(ctx, w.ana, in); err != nil {
			t.Fatal(err)
		}
	}
	return project, a, b, c
}

func taskOf(s *schedule.ProjectSchedule, id int64) *schedule.ScheduledTask {
	for i := range s.Tasks {
		if s.Tasks[i].ID == id {
			return &s.Tasks[i]
		}
	}
	return nil
}

func TestScheduleIsReadByTheProjectsMembersOnly(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, b, c := w.smallPlan(t)
	var demoTasks int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item WHERE project_id = $1 AND component_id = $2`, project, w.task).Scan(&demoTasks); err != nil {
		t.Fatal(err)
	}
	for name, who := range map[string]items.Caller{"member": w.ana, "read-only member": w.bia} {
		t.Run(name, func(t *testing.T) {
			s, err := w.svc.GetSchedule(ctx, who, schedule.ScheduleInput{ProjectID: httpx.ID(project)})
			if err != nil {
				t.Fatal(err)
			}
			if s.CanEdit != (who == w.ana) || s.CanImport != (who == w.ana) || s.ComponentID != w.task || fmt.Sprint(s.Calendar.WorkDays) != "[1 2 3 4 5]" {
				t.Errorf("canEdit %v, canImport %v, component %d, work days %v", s.CanEdit, s.CanImport, s.ComponentID, s.Calendar.WorkDays)
			}
			if s.ProjectName != "Transformação Digital" || len(s.Tasks) != demoTasks || s.Start != "2025-06-02" {
				t.Fatalf("schedule: %q, %d tasks (want %d), start %s", s.ProjectName, len(s.Tasks), demoTasks, s.Start)
			}
			// A Mon 2 – Wed 4; B after A's finish and a day's lag: Fri 6 – Mon 9;
			// C finishes with B, at the end of Monday.
			want := map[int64][3]string{a: {"2025-06-02", "2025-06-04", ""}, b: {"2025-06-06", "2025-06-09", ""}, c: {"2025-06-09", "2025-06-09", "end"}}
			for id, dates := range want {
				got := taskOf(s, id)
				if got == nil {
					t.Fatalf("task %d missing", id)
				}
				end := ""
				if got.AtDayEnd {
					end = "end"
				}
				if got.Start != dates[0] || got.Finish != dates[1] || end != dates[2] {
					t.Errorf("task %d: %s – %s %s, want %v", id, got.Start, got.Finish, end, dates)
				}
			}
			if got := taskOf(s, a); got.Duration != 3 || got.Progress != 50 || got.FormattedID == 0 || got.LateFinish == "" {
				t.Errorf("A: %+v", got)
			}
			if !taskOf(s, c).Milestone || taskOf(s, b).Milestone {
				t.Errorf("only C is a milestone")
			}
			var links []string
			for _, l := range s.Links {
				if l.SuccessorID == b || l.SuccessorID == c {
					links = append(links, l.Type+strconv.Itoa(l.Lag))
				}
			}
			if strings.Join(links, " ") != "FS1 FF0" {
				t.Errorf("links %v", links)
			}
		})
	}
	t.Run("not a member", func(t *testing.T) {
		var secret int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM project WHERE name = 'Nova Sede'`).Scan(&secret); err != nil {
			t.Fatal(err)
		}
		_, err := w.svc.GetSchedule(ctx, w.bia, schedule.ScheduleInput{ProjectID: httpx.ID(secret)})
		if e, ok := httpx.AsError(err); !ok || e.Status != http.StatusNotFound {
			t.Fatalf("got %v, want 404", err)
		}
	})
	t.Run("a view that is not a schedule", func(t *testing.T) {
		var board int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM item_view WHERE component_id = $1 AND key = 'board'`, w.task).Scan(&board); err != nil {
			t.Fatal(err)
		}
		_, err := w.svc.GetSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(project), ViewID: httpx.ID(board)})
		if e, ok := httpx.AsError(err); !ok || e.Status != http.StatusNotFound {
			t.Fatalf("got %v, want 404", err)
		}
	})
}

// A cycle stored by another way than the predecessors control (which
// refuses one) is a 422 naming the items in both languages.
func TestScheduleRefusesACycleWithAMessage(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, _, c := w.smallPlan(t)
	if _, err := w.db.Exec(ctx, `INSERT INTO item_predecessor (item_id, predecessor_id, dependency_type, lag_days) VALUES ($1, $2, 'FS', 0)`, a, c); err != nil {
		t.Fatal(err)
	}
	_, err := w.svc.GetSchedule(ctx, w.bia, schedule.ScheduleInput{ProjectID: httpx.ID(project)})
	e, ok := httpx.AsError(err)
	if !ok || e.Status != http.StatusUnprocessableEntity {
		t.Fatalf("got %v, want 422", err)
	}
	var names [3]string
	for i, id := range []int64{a, 0, c} {
		if id == 0 {
			continue
		}
		var n int64
		var title string
		if err := w.db.QueryRow(ctx, `SELECT number, title FROM item WHERE id = $1`, id).Scan(&n, &title); err != nil {
			t.Fatal(err)
		}
		names[i] = "#" + strconv.FormatInt(n, 10) + " " + title
	}
	for _, lang := range []i18n.Lang{i18n.PtBR, i18n.En} {
		msg := message(i18n.With(ctx, lang), err)
		if !strings.Contains(msg, names[0]) || !strings.Contains(msg, names[2]) || !strings.Contains(msg, " → ") {
			t.Errorf("%s: %q does not name the cycle %v", lang, msg, names)
		}
	}
	if msg := message(i18n.With(ctx, i18n.PtBR), err); !strings.HasPrefix(msg, "As dependências formam um ciclo: ") {
		t.Errorf("pt-BR: %q", msg)
	}
}

// scheduleDownload answers an MS Project file named after the project that
// reads back with the project's tasks and links; a reader may download.
func TestScheduleDownloadIsAnMSProjectFileOfTheProject(t *testing.T) {
	w := newWorld(t)
	project, a, b, c := w.smallPlan(t)
	for name, who := range map[string]items.Caller{"member": w.ana, "read-only member": w.bia} {
		t.Run(name, func(t *testing.T) {
			r := chi.NewRouter()
			schedule.NewHandler(w.svc, func(context.Context) (items.Caller, bool) { return who, true }).Routes(r)
			rec := httptest.NewRecorder()
			r.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/genericItem/scheduleDownload?projectId="+strconv.FormatInt(project, 10), nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if got := rec.Header().Get("Content-Disposition"); got != `attachment; filename*=utf-8''Transforma%C3%A7%C3%A3o%20Digital.xml` {
				t.Errorf("Content-Disposition %q", got)
			}
			f, err := msproject.Read(bytes.NewReader(rec.Body.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			s, err := w.svc.GetSchedule(context.Background(), who, schedule.ScheduleInput{ProjectID: httpx.ID(project)})
			if err != nil {
				t.Fatal(err)
			}
			if f.Name != "Transformação Digital" || len(f.Tasks) != len(s.Tasks) {
				t.Fatalf("file %q with %d tasks, want %d", f.Name, len(f.Tasks), len(s.Tasks))
			}
			p := f.Project()
			res, err := engine.Schedule(p)
			if err != nil {
				t.Fatal(err)
			}
			got := map[int64]string{}
			for i, tr := range res.Tasks {
				got[p.Tasks[i].ID] = tr.Start.String() + "/" + tr.Finish.String()
			}
			for _, want := range s.Tasks {
				if got[want.ID] != want.Start+"/"+want.Finish {
					t.Errorf("task %d read back %s, want %s/%s", want.ID, got[want.ID], want.Start, want.Finish)
				}
			}
			links := map[[2]int64]engine.Link{}
			for _, l := range p.Links {
				links[[2]int64{l.Pred, l.Succ}] = l
			}
			if l := links[[2]int64{a, b}]; l.Type != engine.FS || l.Lag != 1 {
				t.Errorf("A→B read back %+v", l)
			}
			if l := links[[2]int64{b, c}]; l.Type != engine.FF || l.Lag != 0 {
				t.Errorf("B→C read back %+v", l)
			}
		})
	}
	t.Run("not a member", func(t *testing.T) {
		var secret int64
		if err := w.db.QueryRow(context.Background(), `SELECT id FROM project WHERE name = 'Nova Sede'`).Scan(&secret); err != nil {
			t.Fatal(err)
		}
		r := chi.NewRouter()
		schedule.NewHandler(w.svc, func(context.Context) (items.Caller, bool) { return w.bia, true }).Routes(r)
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/genericItem/scheduleDownload?projectId="+strconv.FormatInt(secret, 10), nil))
		if rec.Code != http.StatusNotFound || rec.Header().Get("Content-Disposition") != "" {
			t.Fatalf("status %d", rec.Code)
		}
	})
}

// The demo's plan of "Transformação Digital" schedules on the dates its
// items hold: phases rolled up from their tasks, milestones, links of the
// four kinds with lags and leads, a critical path and nothing broken.
func TestDemoPlanSchedulesOnItsOwnDates(t *testing.T) {
	w := newPlanWorld(t)
	ctx := context.Background()
	var project int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM project WHERE name = 'Transformação Digital'`).Scan(&project); err != nil {
		t.Fatal(err)
	}
	s, err := w.svc.GetSchedule(ctx, w.bia, schedule.ScheduleInput{ProjectID: httpx.ID(project)})
	if err != nil {
		t.Fatal(err)
	}
	var summaries, milestones, critical int
	for _, task := range s.Tasks {
		values, err := table.ValuesOf(ctx, w.db, task.ID)
		if err != nil {
			t.Fatal(err)
		}
		if values["startDate"] != task.Start+"T00:00:00Z" || values["dueDate"] != task.Finish+"T00:00:00Z" {
			t.Errorf("#%d %s: stored %v – %v, scheduled %s – %s", task.FormattedID, task.Title, values["startDate"], values["dueDate"], task.Start, task.Finish)
		}
		if task.Summary {
			summaries++
		}
		if task.Milestone {
			milestones++
		}
		if task.Critical {
			critical++
		}
	}
	kinds := map[string]bool{}
	var lags int
	for _, l := range s.Links {
		kinds[l.Type] = true
		if l.Lag != 0 {
			lags++
		}
	}
	if len(s.Tasks) < 40 || summaries < 8 || milestones < 8 || len(kinds) != 4 || lags < 10 || critical < 5 || len(s.Warnings) != 0 {
		t.Fatalf("%d tasks, %d phases, %d milestones, link kinds %v, %d lags, %d critical, warnings %v",
			len(s.Tasks), summaries, milestones, kinds, lags, critical, s.Warnings)
	}
	if s.Start != "2025-03-03" || s.Tasks[0].Title != "Iniciação" || !s.Tasks[0].Summary || s.Tasks[0].Outline != "1" {
		t.Fatalf("starts %s with %+v", s.Start, s.Tasks[0])
	}
	// The responsible column: the item's responsible's name; a task without one says nothing.
	var admin string
	if err := w.db.QueryRow(ctx, `SELECT u.name FROM item i JOIN app_user u ON u.id = i.responsible_id WHERE i.id = $1`,
		s.Tasks[0].ID).Scan(&admin); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE item SET responsible_id = NULL WHERE id = $1`, s.Tasks[1].ID); err != nil {
		t.Fatal(err)
	}
	if s, err = w.svc.GetSchedule(ctx, w.bia, schedule.ScheduleInput{ProjectID: httpx.ID(project)}); err != nil {
		t.Fatal(err)
	}
	if admin == "" || s.Tasks[0].Responsible != admin || s.Tasks[1].Responsible != "" {
		t.Errorf("responsible %q and %q, want %q and none", s.Tasks[0].Responsible, s.Tasks[1].Responsible, admin)
	}
}
