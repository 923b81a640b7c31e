package calendar_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/calendar"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// A project-scoped task type with a calendar view from begin to end, and a
// milestone type whose calendar view has a start only.
const calendarPackage = `
key: plan
application: {name: {pt-BR: Planos, en: Plans}}
groups: [Equipe]
components:
  - key: task
    name: {pt-BR: Tarefa, en: Task}
    projectScoped: true
    permissions:
      - {group: Equipe, rights: [read, create, update]}
    attributes:
      - {key: begin, name: {pt-BR: Início, en: Start}, type: DATE_TIME}
      - {key: end, name: {pt-BR: Fim, en: End}, type: DATE_TIME}
      - {key: notes, name: {pt-BR: Notas}, type: STRING}
    statuses:
      - {key: todo, name: {pt-BR: A fazer, en: To do}, color: "#90A4AE", initial: true}
    views:
      - {key: list, name: {pt-BR: Lista}, default: true, columns: [{field: Title}]}
      - {key: agenda, name: {pt-BR: Agenda}, kind: calendar, fields: {start: begin, finish: end}}
  - key: milestone
    name: {pt-BR: Marco, en: Milestone}
    permissions:
      - {group: Equipe, rights: [read, create, update]}
    attributes:
      - {key: due, name: {pt-BR: Data, en: Date}, type: DATE_TIME}
    statuses:
      - {key: open, name: {pt-BR: Aberto, en: Open}, color: "#42A5F5", initial: true}
    views:
      - {key: agenda, name: {pt-BR: Agenda}, kind: calendar, fields: {start: due}}
`

type world struct {
	db                            *pgxpool.Pool
	svc                           *calendar.Service
	ana, reader, outsider, admin  calendar.Caller
	app, agendaApp                int64
	task, milestone               int64
	project, otherProject         int64
	march, april, other, landmark int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	id := func(sql string, args ...any) int64 {
		t.Helper()
		var v int64
		if err := db.QueryRow(ctx, sql, args...).Scan(&v); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return v
	}
	exec(`INSERT INTO app_user (login, name, email) VALUES ('ana', 'Ana Lima', 'ana@example.com'),
		('rita', 'Rita', 'rita@example.com'), ('out', 'Otto', 'otto@example.com'), ('boss', 'Boss', '')`)
	exec(`UPDATE app_user SET panel_admin = true WHERE login = 'boss'`)
	exec(`INSERT INTO user_group (name) VALUES ('Equipe')`)
	exec(`INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u
		WHERE g.name = 'Equipe' AND u.login IN ('ana', 'rita', 'out')`)
	p, err := apppkg.Parse("plan.yaml", []byte(calendarPackage))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := apppkg.Import(ctx, db, "plan.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{db: db, app: rep.ApplicationID}
	w.ana = calendar.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'ana'`)}
	w.reader = calendar.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'rita'`)}
	w.outsider = calendar.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'out'`)}
	w.admin = calendar.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'boss'`), PanelAdmin: true}
	// Gestão do Trabalho: the built-in application without types.
	w.agendaApp = id(`SELECT id FROM application WHERE key = 'demo'`)
	w.task = id(`SELECT id FROM component WHERE key = 'task'`)
	w.milestone = id(`SELECT id FROM component WHERE key = 'milestone'`)
	todo := id(`SELECT id FROM item_status WHERE component_id = $1`, w.task)
	open := id(`SELECT id FROM item_status WHERE component_id = $1`, w.milestone)
	w.project = id(`INSERT INTO project (name) VALUES ('Obra') RETURNING id`)
	w.otherProject = id(`INSERT INTO project (name) VALUES ('Outra') RETURNING id`)
	exec(`INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, 'member'), ($1, $3, 'read_only')`,
		w.project, w.ana.UserID, w.reader.UserID)
	task := func(number int, title string, project int64) int64 {
		return id(`INSERT INTO item (component_id, number, title, project_id, status_id, responsible_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
			w.task, number, title, project, todo, w.ana.UserID)
	}
	w.march = task(1, "Fundação", w.project)
	w.april = task(2, "Telhado", w.project)
	w.other = task(3, "Alheia", w.otherProject)
	w.landmark = id(`INSERT INTO item (component_id, number, title, status_id) VALUES ($1, 1, 'Entrega', $2) RETURNING id`, w.milestone, open)
	for _, c := range []int64{w.task, w.milestone} {
		if err := table.Copy(ctx, db, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := table.WriteValues(ctx, db, w.task,
		table.Row{ID: w.march, Values: map[string]any{"begin": "2026-03-03T00:00:00Z", "end": "2026-03-07T00:00:00Z", "notes": "keep"}},
		table.Row{ID: w.april, Values: map[string]any{"begin": "2026-04-10T00:00:00Z", "end": "2026-04-12T00:00:00Z"}},
		table.Row{ID: w.other, Values: map[string]any{"begin": "2026-03-05T00:00:00Z", "end": "2026-03-06T00:00:00Z"}}); err != nil {
		t.Fatal(err)
	}
	if err := table.WriteValues(ctx, db, w.milestone, table.Row{ID: w.landmark, Values: map[string]any{"due": "2026-03-20T15:00:00Z"}}); err != nil {
		t.Fatal(err)
	}
	w.svc = calendar.NewService(calendar.NewStore(db))
	return w
}

func status(t *testing.T, err error) int {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) {
		t.Fatalf("not an application error: %v", err)
	}
	return e.Status
}

// message is an error's text as a caller of language l reads it.
func message(l i18n.Lang, err error) string {
	var e *httpx.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	return i18n.T(l, e.Key, e.Args...)
}

func titles(items *calendar.Items) []string {
	out := []string{}
	for _, e := range items.Events {
		out = append(out, e.Title)
	}
	return out
}

func march(app int64) calendar.ItemsInput {
	return calendar.ItemsInput{ApplicationID: httpx.ID(app), From: "2026-03-01", To: "2026-04-01"}
}

func TestTheCalendarShowsOnlyTheItemsTheCallerMayRead(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	tests := []struct {
		name string
		c    calendar.Caller
		want []string
	}{
		// Ana is in Obra, not in Outra; the milestone is in no project.
		{"member", w.ana, []string{"Fundação", "Entrega"}},
		{"read-only member", w.reader, []string{"Fundação", "Entrega"}},
		// Otto reads the types but is in no project.
		{"outsider", w.outsider, []string{"Entrega"}},
		{"administrator", w.admin, []string{"Fundação", "Alheia", "Entrega"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := w.svc.Items(ctx, tt.c, march(w.app))
			if err != nil {
				t.Fatal(err)
			}
			if g := titles(got); len(g) != len(tt.want) || !equal(g, tt.want) {
				t.Errorf("events %v, want %v", g, tt.want)
			}
		})
	}
	got, err := w.svc.Items(ctx, w.ana, march(w.app))
	if err != nil {
		t.Fatal(err)
	}
	e := got.Events[0]
	if e.FormattedID != 1 || e.StatusName != "A fazer" || e.StatusColor != "#90A4AE" || e.ProjectName != "Obra" || !e.CanEdit ||
		e.ComponentID != w.task || e.Start == nil || !e.Start.Equal(time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)) ||
		e.Finish == nil || !e.Finish.Equal(time.Date(2026, 3, 7, 0, 0, 0, 0, time.UTC)) || e.ResponsibleName != "Ana Lima" {
		t.Errorf("event %+v", e)
	}
	if len(got.Types) != 2 || !got.Types[0].HasFinish || got.Types[1].HasFinish || got.Agenda {
		t.Errorf("types %+v, agenda %v", got.Types, got.Agenda)
	}
	if len(got.Projects) != 1 || got.Projects[0].Name != "Obra" {
		t.Errorf("projects %+v", got.Projects)
	}
	read, err := w.svc.Items(ctx, w.reader, march(w.app))
	if err != nil {
		t.Fatal(err)
	}
	if read.Events[0].CanEdit {
		t.Errorf("a read-only member may edit %+v", read.Events[0])
	}
}

func equal(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

func TestTheFiltersNarrowTheEvents(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	in := march(w.app)
	in.ComponentID = httpx.ID(w.milestone)
	tests := []struct {
		name string
		in   calendar.ItemsInput
		want []string
	}{
		{"type", in, []string{"Entrega"}},
		{"project", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-03-01", To: "2026-04-01", ProjectID: httpx.ID(w.otherProject)}, []string{"Alheia"}},
		{"responsible", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-03-01", To: "2026-04-01", ResponsibleID: httpx.ID(w.ana.UserID)}, []string{"Fundação", "Alheia"}},
		// An item lasting over the range's start is in it: Telhado ends on 12 April.
		{"overlap", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-04-11", To: "2026-04-20"}, []string{"Telhado"}},
		{"a week with nothing", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-05-01", To: "2026-05-08"}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := w.svc.Items(ctx, w.admin, tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if g := titles(got); !equal(g, tt.want) {
				t.Errorf("events %v, want %v", g, tt.want)
			}
		})
	}
}

// Gestão do Trabalho has no types: its Agenda is the caller's items of
// every application's calendar types.
func TestTheAgendaIsTheCallersItemsAcrossApplications(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	got, err := w.svc.Items(ctx, w.ana, march(w.agendaApp))
	if err != nil {
		t.Fatal(err)
	}
	// The milestone has no responsible: not Ana's.
	if !got.Agenda || !equal(titles(got), []string{"Fundação"}) {
		t.Errorf("agenda %v: %v", got.Agenda, titles(got))
	}
	got, err = w.svc.Items(ctx, w.outsider, march(w.agendaApp))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Events) != 0 {
		t.Errorf("Otto's agenda %v", titles(got))
	}
}

func TestARangeIsCheckedWithAMessage(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.En)
	tests := []struct {
		name     string
		in       calendar.ItemsInput
		status   int
		contains string
	}{
		{"no from", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), To: "2026-04-01"}, 400, "The from field must be a date"},
		{"not a date", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "March", To: "2026-04-01"}, 400, "must be a date"},
		{"backwards", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-04-01", To: "2026-03-01"}, 400, "after its start"},
		{"too long", calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-01-01", To: "2026-12-31"}, 400, "at most 100 days"},
		{"no application", calendar.ItemsInput{From: "2026-03-01", To: "2026-04-01"}, 400, "applicationId"},
		{"an application not there", calendar.ItemsInput{ApplicationID: 999999, From: "2026-03-01", To: "2026-04-01"}, 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.svc.Items(ctx, w.ana, tt.in)
			if err == nil {
				t.Fatal("accepted")
			}
			if got := status(t, err); got != tt.status {
				t.Fatalf("status %d, want %d", got, tt.status)
			}
			if msg := message(i18n.En, err); !strings.Contains(msg, tt.contains) {
				t.Errorf("message %q, want it to say %q", msg, tt.contains)
			}
		})
	}
}
