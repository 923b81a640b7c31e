package schedule_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule"
	"github.com/tramita/tramita/internal/schedule/engine"
	"github.com/tramita/tramita/internal/schedule/msproject"
)

// The MS Project 2019 sample becomes the project's tasks: its outline as
// parents, its dates as scheduled from the file, its milestones and links.
func TestScheduleUploadCreatesTheFilesTasksInTheProject(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	raw, err := os.ReadFile("msproject/testdata/task-links-project2019-mspdi.xml")
	if err != nil {
		t.Fatal(err)
	}
	f, err := msproject.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	want := f.Project()
	planned, err := engine.Schedule(want)
	if err != nil {
		t.Fatal(err)
	}
	var project, view int64
	if err := w.db.QueryRow(ctx, `SELECT p.id, v.id FROM project p, item_view v
		WHERE p.name = 'Nova Sede' AND v.component_id = $1 AND v.key = 'timeline'`, w.task).Scan(&project, &view); err != nil {
		t.Fatal(err)
	}
	in := schedule.ScheduleInput{ProjectID: httpx.ID(project), ViewID: httpx.ID(view)}
	before := countItems(t, w, project)
	// The demo's tasks require a priority, which a file does not have.
	_, err = w.svc.ImportSchedule(ctx, w.ana, in, bytes.NewReader(raw), nil)
	if statusOf(err) != http.StatusUnprocessableEntity || !strings.Contains(message(ctx, err), "Prioridade") ||
		countItems(t, w, project) != before {
		t.Fatalf("without the priority: %v (%s)", err, message(ctx, err))
	}
	out, err := w.svc.ImportSchedule(ctx, w.ana, in, bytes.NewReader(raw), items.Values{"priority": "medium"})
	if err != nil {
		t.Fatal(message(ctx, err))
	}
	if out.Created != len(want.Tasks) || out.Links != len(want.Links) || countItems(t, w, project) != before+len(want.Tasks) {
		t.Fatalf("created %d (want %d), links %d (want %d)", out.Created, len(want.Tasks), out.Links, len(want.Links))
	}
	// The file's titles repeat ("Task 2" in several phases): each of its
	// tasks must find one of its own among the imported, same title, dates,
	// kind and the parent's title.
	used := map[int64]bool{}
	for i, task := range want.Tasks {
		r := planned.Tasks[i]
		found := false
		for j := range out.Schedule.Tasks {
			got := &out.Schedule.Tasks[j]
			if used[got.ID] || got.Title != task.Title || got.Start != r.Start.String() || got.Finish != r.Finish.String() ||
				got.Milestone != r.Milestone || got.Summary != r.Summary || titleOf(out.Schedule, got.ParentID) != titleOfTask(want, task.Parent) {
				continue
			}
			used[got.ID], found = true, true
			break
		}
		if !found {
			t.Errorf("%q (%s – %s, parent %q) not imported as scheduled in the file", task.Title, r.Start, r.Finish, titleOfTask(want, task.Parent))
		}
	}
	links := 0
	for _, l := range out.Schedule.Links {
		if used[l.SuccessorID] && used[l.PredecessorID] {
			links++
		}
	}
	if links != len(want.Links) {
		t.Errorf("%d links among the imported tasks, want %d", links, len(want.Links))
	}
}

func TestScheduleUploadRefusesWithoutRightOrProjectAndSavesNothing(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.En)
	raw, err := os.ReadFile("msproject/testdata/task-links-project2019-mspdi.xml")
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int64{}
	for _, name := range []string{"Transformação Digital", "Nova Sede"} {
		var id int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM project WHERE name = $1`, name).Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids[name] = id
	}
	var view int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_view WHERE component_id = $1 AND key = 'timeline'`, w.task).Scan(&view); err != nil {
		t.Fatal(err)
	}
	into := func(name string) schedule.ScheduleInput {
		return schedule.ScheduleInput{ProjectID: httpx.ID(ids[name]), ViewID: httpx.ID(view)}
	}
	for _, tc := range []struct {
		name   string
		run    func() error
		status int
		text   string
	}{
		{"read-only member", func() error {
			_, err := w.svc.ImportSchedule(ctx, w.bia, into("Transformação Digital"), bytes.NewReader(raw), nil)
			return err
		}, http.StatusForbidden, "Only who may create tasks"},
		{"not a member", func() error {
			_, err := w.svc.ImportSchedule(ctx, w.bia, into("Nova Sede"), bytes.NewReader(raw), nil)
			return err
		}, http.StatusNotFound, ""},
		{"not XML", func() error {
			_, err := w.svc.ImportSchedule(ctx, w.ana, into("Nova Sede"), strings.NewReader("Tarefa;Início\nA;02/06/2025"), nil)
			return err
		}, http.StatusBadRequest, "not an MS Project XML project"},
		{"XML of something else", func() error {
			_, err := w.svc.ImportSchedule(ctx, w.ana, into("Nova Sede"), strings.NewReader(`<?xml version="1.0"?><html><body/></html>`), nil)
			return err
		}, http.StatusBadRequest, "not an MS Project XML project"},
		{"a project without tasks", func() error {
			_, err := w.svc.ImportSchedule(ctx, w.ana, into("Nova Sede"), strings.NewReader(
				`<Project xmlns="http://schemas.microsoft.com/project"><Name>Vazio</Name></Project>`), nil)
			return err
		}, http.StatusBadRequest, "no tasks"},
		{"no view", func() error {
			_, err := w.svc.ImportSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(ids["Nova Sede"])}, bytes.NewReader(raw), nil)
			return err
		}, http.StatusBadRequest, "Choose the schedule"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := countItems(t, w, 0)
			err := tc.run()
			if statusOf(err) != tc.status || !strings.Contains(message(ctx, err), tc.text) {
				t.Errorf("got %v (%s), want %d %q", err, message(ctx, err), tc.status, tc.text)
			}
			if after := countItems(t, w, 0); after != before {
				t.Errorf("items %d -> %d", before, after)
			}
		})
	}
}

// countItems counts the live items of project (0: all).
func countItems(t *testing.T, w *world, project int64) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), `SELECT count(*) FROM item WHERE deleted_at IS NULL
		AND ($1 = 0 OR project_id = $1)`, project).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func titleOf(s *schedule.ProjectSchedule, id int64) string {
	if t := taskOf(s, id); t != nil {
		return t.Title
	}
	return ""
}

func titleOfTask(p engine.Project, id int64) string {
	for _, t := range p.Tasks {
		if t.ID == id {
			return t.Title
		}
	}
	return ""
}

// The import screen asks what the type requires and a file cannot say: the
// demo task's priority, with its picklist's values, in the caller's
// language; who may not import is refused as the import refuses.
func TestTheImportAsksTheRequiredFieldsAFileLacks(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.En)
	ids := map[string]int64{}
	for _, name := range []string{"Transformação Digital", "Nova Sede"} {
		var id int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM project WHERE name = $1`, name).Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids[name] = id
	}
	var view int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_view WHERE component_id = $1 AND key = 'timeline'`, w.task).Scan(&view); err != nil {
		t.Fatal(err)
	}
	into := func(name string) schedule.ScheduleInput {
		return schedule.ScheduleInput{ProjectID: httpx.ID(ids[name]), ViewID: httpx.ID(view)}
	}
	fields, err := w.svc.ImportFields(ctx, w.ana, into("Nova Sede"))
	if err != nil {
		t.Fatal(message(ctx, err))
	}
	if len(fields) != 1 || fields[0].Key != "priority" || fields[0].Type != "PICKLIST" || !fields[0].Supported {
		t.Fatalf("fields %+v, want the priority alone", fields)
	}
	var values, labels []string
	for _, o := range fields[0].Options {
		values, labels = append(values, o.Value), append(labels, o.Label)
	}
	if strings.Join(values, ",") != "low,medium,high" || !strings.Contains(strings.Join(labels, ","), "High") {
		t.Errorf("options %v %v", values, labels)
	}
	if _, err := w.svc.ImportFields(ctx, w.bia, into("Transformação Digital")); statusOf(err) != http.StatusForbidden {
		t.Errorf("a read-only member: %v", err)
	}
	if _, err := w.svc.ImportFields(ctx, w.bia, into("Nova Sede")); statusOf(err) != http.StatusNotFound {
		t.Errorf("not a member: %v", err)
	}
	if _, err := w.svc.ImportFields(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(ids["Nova Sede"])}); statusOf(err) != http.StatusBadRequest {
		t.Errorf("no view: %v", err)
	}
	// A new project, no start date, no tasks yet: its schedule opens empty
	// (from today) and offers the import, rather than asking for a start.
	var empty int64
	if err := w.db.QueryRow(ctx, `WITH p AS (INSERT INTO project (name) VALUES ('Obra nova') RETURNING id)
		INSERT INTO project_member (project_id, user_id, role) SELECT id, $1, 'member' FROM p RETURNING project_id`, w.ana.UserID).Scan(&empty); err != nil {
		t.Fatal(err)
	}
	s, err := w.svc.GetSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(empty), ViewID: httpx.ID(view)})
	if err != nil || len(s.Tasks) != 0 || !s.CanImport || !s.CanEdit {
		t.Fatalf("the empty project's schedule: %+v, %v", s, message(ctx, err))
	}
}
