package projects_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/projects"
)

func text(s string) *string { return &s }

func id(n int64) *httpx.ID { v := httpx.ID(n); return &v }

// updateProject changes only the fields it is given, with saveProject's
// checks and audit event; a plain or read-only member is refused.
func TestUpdateProjectChangesOnlyTheFieldsGiven(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	risk, _, _, calendar, retired := w.ids(t)
	p, err := w.svc.SaveProject(ctx, w.admin(), projects.SaveProjectInput{Name: "Obra Sul", Code: "OS", ManagerID: httpx.ID(w.dora),
		StartDate: "2025-07-01", FinishDate: "2025-12-31", Description: "Ampliação", ItemTypeIDs: []httpx.ID{httpx.ID(w.task)}})
	if err != nil {
		t.Fatal(err)
	}
	pid := httpx.ID(p.ID)

	// The calendar alone: everything else stays.
	got, err := w.svc.UpdateProject(ctx, who(w.dora), projects.UpdateProjectInput{ProjectID: pid, CalendarID: id(calendar)})
	if err != nil {
		t.Fatal(err)
	}
	if got.CalendarID != calendar || got.CalendarName != "Sala de obras" || got.Name != "Obra Sul" || got.Code != "OS" ||
		got.Description != "Ampliação" || got.StartDate != "2025-07-01" || got.ManagerID != w.dora || len(got.ItemTypes) != 1 {
		t.Fatalf("calendar only: %+v", got)
	}
	_, detail := w.lastAudit(t, "project.update")
	if changed, _ := detail["changed"].(map[string]any); len(changed) != 1 || changed["calendarId"] == nil {
		t.Fatalf("audit %v", detail)
	}

	// The item types alone, then settings with a date cleared and the
	// calendar taken away.
	if got, err = w.svc.UpdateProject(ctx, who(w.dora), projects.UpdateProjectInput{ProjectID: pid,
		ItemTypeIDs: &[]httpx.ID{httpx.ID(w.task), httpx.ID(risk)}}); err != nil || len(got.ItemTypes) != 2 || got.CalendarID != calendar {
		t.Fatalf("types: %+v %v", got, err)
	}
	if got, err = w.svc.UpdateProject(ctx, who(w.dora), projects.UpdateProjectInput{ProjectID: pid, Code: text(" OS-2 "),
		FinishDate: text(""), CalendarID: id(0)}); err != nil {
		t.Fatal(err)
	}
	if got.Code != "OS-2" || got.FinishDate != "" || got.StartDate != "2025-07-01" || got.CalendarID != 0 || len(got.ItemTypes) != 2 {
		t.Fatalf("settings: %+v", got)
	}
	updates := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'project.update'`)
	if _, err := w.svc.UpdateProject(ctx, who(w.dora), projects.UpdateProjectInput{ProjectID: pid}); err != nil {
		t.Fatal(err)
	}
	if n := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'project.update'`); n != updates {
		t.Fatal("an update that changed nothing was logged")
	}

	// saveProject's checks, in the caller's language; nothing half saved.
	en := i18n.With(ctx, i18n.En)
	for _, c := range []struct {
		name  string
		in    projects.UpdateProjectInput
		code  int
		field string
		want  string
	}{
		{"finish before start", projects.UpdateProjectInput{FinishDate: text("2025-01-01"), Description: text("x")}, 400, "finishDate",
			"The finish (01/01/2025) is before the start (01/07/2025)."},
		{"inactive calendar", projects.UpdateProjectInput{CalendarID: id(retired)}, 400, "calendarId", ""},
		{"blank name", projects.UpdateProjectInput{Name: text(" ")}, 400, "name", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.in.ProjectID = pid
			_, err := w.svc.UpdateProject(en, who(w.dora), c.in)
			e, ok := httpx.AsError(err)
			if !ok || e.Status != c.code || len(e.Validations) == 0 || e.Validations[0].Field != c.field {
				t.Fatalf("got %v", err)
			}
			if c.want != "" && message(en, err) != c.want {
				t.Fatalf("message %q", message(en, err))
			}
		})
	}
	if after, _ := w.svc.LoadProject(ctx, who(w.dora), projects.ProjectInput{ProjectID: pid}); after.Description != "Ampliação" || after.Name != "Obra Sul" {
		t.Fatalf("a refused update wrote: %+v", after)
	}

	// Who may not: a plain member (403), a read-only member (403), someone
	// outside the project (404, as an unknown project).
	if _, err := w.svc.SavePermissions(ctx, who(w.dora), projects.SaveInput{ProjectID: pid, Users: []projects.Grant{
		grant(w.dora, projects.RoleManager), grant(w.ana, projects.RoleMember), grant(w.bia, projects.RoleReadOnly)}}); err != nil {
		t.Fatal(err)
	}
	for _, u := range []int64{w.ana, w.bia} {
		if _, err := w.svc.UpdateProject(ctx, who(u), projects.UpdateProjectInput{ProjectID: pid, CalendarID: id(calendar)}); status(err) != 403 ||
			message(ctx, err) != "Só um gerente do projeto ou um administrador pode mudar o projeto." {
			t.Fatalf("member %d updates: %v", u, err)
		}
	}
	if _, err := w.svc.UpdateProject(ctx, who(w.caio), projects.UpdateProjectInput{ProjectID: pid, Name: text("Minha")}); status(err) != 404 {
		t.Fatalf("outsider updates: %v", err)
	}
	if _, err := w.svc.UpdateProject(ctx, who(w.dora), projects.UpdateProjectInput{}); status(err) != 400 {
		t.Fatalf("no project: %v", err)
	}
	if after, _ := w.svc.LoadProject(ctx, who(w.dora), projects.ProjectInput{ProjectID: pid}); after.CalendarID != 0 {
		t.Fatal("a refused member's update wrote")
	}
}

// Over HTTP, a field left out or null stays as it is and one present
// changes; a plain member's call is answered 403 with its message.
func TestUpdateProjectOverHTTPKeepsWhatTheBodyLeavesOut(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	_, _, _, calendar, _ := w.ids(t)
	p, err := w.svc.SaveProject(ctx, w.admin(), projects.SaveProjectInput{Name: "Obra Leste", Code: "OL", ManagerID: httpx.ID(w.dora),
		Description: "Fundações"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.SavePermissions(ctx, who(w.dora), projects.SaveInput{ProjectID: httpx.ID(p.ID), Users: []projects.Grant{
		grant(w.dora, projects.RoleManager), grant(w.ana, projects.RoleMember)}}); err != nil {
		t.Fatal(err)
	}
	as := projects.Caller{}
	r := chi.NewRouter()
	projects.NewHandler(w.svc, func(*http.Request) (projects.Caller, bool) { return as, true }).Routes(r)
	call := func(body string) (int, map[string]any) {
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/project/updateProject", strings.NewReader(body)))
		var out map[string]any
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		return rec.Code, out
	}

	as = who(w.dora)
	code, got := call(`{"projectId": ` + strconv.FormatInt(p.ID, 10) + `, "calendarId": ` + strconv.FormatInt(calendar, 10) + `, "description": null}`)
	if code != 200 || got["calendarName"] != "Sala de obras" || got["description"] != "Fundações" || got["code"] != "OL" || got["name"] != "Obra Leste" {
		t.Fatalf("%d %v", code, got)
	}
	as = who(w.ana)
	if code, got := call(`{"projectId": "` + strconv.FormatInt(p.ID, 10) + `", "calendarId": 0}`); code != 403 ||
		!strings.HasPrefix(fmt.Sprint(got["Message"]), "Só um gerente do projeto ou um administrador pode mudar o projeto.") {
		t.Fatalf("member: %d %v", code, got)
	}
	if after, _ := w.svc.LoadProject(ctx, who(w.dora), projects.ProjectInput{ProjectID: httpx.ID(p.ID)}); after.CalendarID != calendar {
		t.Fatal("the member's call changed the calendar")
	}
}
