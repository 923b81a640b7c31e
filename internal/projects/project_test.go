package projects_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/projects"
)

// admin is Caio as a panel administrator.
func (w *world) admin() projects.Caller {
	return projects.Caller{UserID: w.caio, PanelAdmin: true, Login: "caio", Address: "10.0.0.9"}
}

// ids are the demo's type keys' ids, and a work calendar (an active
// resource) and an inactive resource's.
func (w *world) ids(t *testing.T) (risk, ticket, hidden, calendar, retired int64) {
	t.Helper()
	ctx := context.Background()
	if err := w.db.QueryRow(ctx, `SELECT (SELECT id FROM component WHERE key = 'risk'), (SELECT id FROM component WHERE key = 'ticket')`).
		Scan(&risk, &ticket); err != nil {
		t.Fatal(err)
	}
	// A project-scoped type nobody is granted: only administrators read it.
	if err := w.db.QueryRow(ctx, `INSERT INTO component (application_id, key, name, project_scoped)
		SELECT application_id, 'secretType', '{"pt-BR": "Secreto"}', true FROM component WHERE id = $1 RETURNING id`, w.task).
		Scan(&hidden); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `INSERT INTO resource (name) VALUES ('Sala de obras') RETURNING id`).Scan(&calendar); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `INSERT INTO resource (name, active) VALUES ('Sala antiga', false) RETURNING id`).Scan(&retired); err != nil {
		t.Fatal(err)
	}
	return
}

func (w *world) lastAudit(t *testing.T, kind string) (login string, detail map[string]any) {
	t.Helper()
	var raw string
	if err := w.db.QueryRow(context.Background(), `SELECT login, detail::text FROM audit_event WHERE kind = $1 ORDER BY id DESC LIMIT 1`, kind).
		Scan(&login, &raw); err != nil {
		t.Fatalf("audit %s: %v", kind, err)
	}
	if err := json.Unmarshal([]byte(raw), &detail); err != nil {
		t.Fatal(err)
	}
	return login, detail
}

func (w *world) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// newTask saves a new task in project as user.
func (w *world) newTask(user, project int64) error {
	_, err := w.core.SaveItem(context.Background(), item(user), items.SaveItemInput{Component: httpx.ID(w.task), ProjectID: httpx.ID(project),
		Item: items.Values{"Title": "Nova tarefa", "priority": "low"}})
	return err
}

// An administrator creates a project with every field; its manager manages
// it (role manager), edits it, and the audit log records both; a plain user
// may not create, a plain member may not edit.
func TestAProjectIsCreatedEditedAndAudited(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	risk, _, _, calendar, _ := w.ids(t)
	p, err := w.svc.SaveProject(ctx, w.admin(), projects.SaveProjectInput{Name: "  Obra Norte ", Code: "ON-1", ManagerID: httpx.ID(w.dora),
		StartDate: "2025-07-01", FinishDate: "2025-12-31", Description: "Ampliação", CalendarID: httpx.ID(calendar),
		ItemTypeIDs: []httpx.ID{httpx.ID(w.task), httpx.ID(w.task)}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "Obra Norte" || p.Code != "ON-1" || p.ManagerID != w.dora || p.ManagerName != "Dora" || p.StartDate != "2025-07-01" ||
		p.FinishDate != "2025-12-31" || p.Description != "Ampliação" || p.Status != "active" || p.CalendarID != calendar ||
		p.CalendarName != "Sala de obras" || len(p.ItemTypes) != 1 || p.ItemTypes[0].ID != w.task || p.ItemTypes[0].Name == "" ||
		p.CreatedBy != w.caio || !p.CanEdit {
		t.Fatalf("created %+v", p)
	}
	if n := w.count(t, `SELECT count(*) FROM project_member WHERE project_id = $1 AND user_id = $2 AND role = 'manager'`, p.ID, w.dora); n != 1 {
		t.Fatal("the manager given holds no manager role")
	}
	login, detail := w.lastAudit(t, "project.create")
	if login != "caio" || detail["entityId"] != float64(p.ID) || detail["project"] != "Obra Norte" {
		t.Fatalf("audit %s %v", login, detail)
	}

	// The manager reads and edits it; the audit log says what changed.
	got, err := w.svc.LoadProject(ctx, who(w.dora), projects.ProjectInput{ProjectID: httpx.ID(p.ID)})
	if err != nil || !got.CanEdit || got.ManagerName != "Dora" {
		t.Fatalf("dora loads %+v %v", got, err)
	}
	edit := projects.SaveProjectInput{ID: httpx.ID(p.ID), Name: "Obra Norte II", StartDate: "2025-07-01", FinishDate: "2025-12-31",
		ItemTypeIDs: []httpx.ID{httpx.ID(w.task), httpx.ID(risk)}}
	if p, err = w.svc.SaveProject(ctx, who(w.dora), edit); err != nil {
		t.Fatal(err)
	}
	if p.Name != "Obra Norte II" || p.Code != "" || p.Description != "" || p.CalendarID != 0 || p.ManagerID != w.dora || len(p.ItemTypes) != 2 {
		t.Fatalf("edited %+v", p)
	}
	_, detail = w.lastAudit(t, "project.update")
	changed, _ := detail["changed"].(map[string]any)
	if _, ok := changed["name"]; !ok || len(changed) != 5 { // name, code, description, calendarId, itemTypeIds
		t.Fatalf("changed %v", changed)
	}
	updates := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'project.update'`)
	if _, err := w.svc.SaveProject(ctx, who(w.dora), edit); err != nil {
		t.Fatal(err)
	}
	if n := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'project.update'`); n != updates {
		t.Fatal("a save that changed nothing was logged")
	}

	// A new manager becomes a manager; the administrator creating without
	// one manages the project.
	edit.ManagerID = httpx.ID(w.bia)
	if p, err = w.svc.SaveProject(ctx, who(w.dora), edit); err != nil || p.ManagerID != w.bia {
		t.Fatalf("new manager %+v %v", p, err)
	}
	if n := w.count(t, `SELECT count(*) FROM project_member WHERE project_id = $1 AND role = 'manager'`, p.ID); n != 2 {
		t.Fatalf("%d managers", n)
	}
	own, err := w.svc.SaveProject(ctx, w.admin(), projects.SaveProjectInput{Name: "Sem gerente dado"})
	if err != nil || own.ManagerID != w.caio || own.StartDate != "" || len(own.ItemTypes) != 0 {
		t.Fatalf("default manager %+v %v", own, err)
	}

	// The list: what the caller reads, by status and text.
	list, err := w.svc.ListProjects(ctx, who(w.dora), projects.ListProjectsInput{Text: "norte"})
	if err != nil || len(list) != 1 || list[0].ID != p.ID || list[0].ManagerName != "Bia" || list[0].Members != 2 {
		t.Fatalf("dora lists %+v %v", list, err)
	}
	if list, _ := w.svc.ListProjects(ctx, who(w.ana), projects.ListProjectsInput{}); len(list) != 3 {
		t.Fatalf("ana lists %+v", list)
	}
	if list, _ := w.svc.ListProjects(ctx, w.admin(), projects.ListProjectsInput{Text: "transformacao"}); len(list) != 1 || list[0].ID != w.digital {
		t.Fatalf("accents: %+v", list)
	}

	// Who may not: a plain user creates, a plain member or a read-only one
	// edits.
	if _, err := w.svc.SaveProject(ctx, who(w.ana), projects.SaveProjectInput{Name: "Minha"}); status(err) != 403 ||
		message(ctx, err) != "Só um administrador pode criar projetos." {
		t.Fatalf("ana creates: %v", err)
	}
	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.dora, projects.RoleMember)}, nil)
	if _, err := w.svc.SaveProject(ctx, who(w.dora), projects.SaveProjectInput{ID: httpx.ID(w.sede), Name: "Sede"}); status(err) != 403 ||
		message(ctx, err) != "Só um gerente do projeto ou um administrador pode mudar o projeto." {
		t.Fatalf("member dora edits: %v", err)
	}
	if got, err := w.svc.LoadProject(ctx, who(w.dora), projects.ProjectInput{ProjectID: httpx.ID(w.sede)}); err != nil || got.CanEdit {
		t.Fatalf("member dora loads %+v %v", got, err)
	}
	// The list says the same per row: dora manages "Obra Norte II" (own role), not Nova Sede.
	rows, _ := w.svc.ListProjects(ctx, who(w.dora), projects.ListProjectsInput{Status: "all"})
	edits := map[int64]bool{}
	for _, r := range rows {
		edits[r.ID] = r.CanEdit
	}
	if !edits[p.ID] || edits[w.sede] {
		t.Fatalf("dora's list says canEdit %v", edits)
	}
	if _, err := w.svc.ArchiveProject(ctx, who(w.bia), projects.ArchiveInput{ProjectID: httpx.ID(w.digital), Archived: true}); status(err) != 403 {
		t.Fatalf("read-only bia archives: %v", err)
	}
}

// The item types a project lists are the ones getAllowedsProjectItemTypes
// offers in it and the only ones saveItem creates there; none listed: all.
func TestAProjectsItemTypesDecideWhatItTakes(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	risk, _, _, _, _ := w.ids(t)
	all, err := w.core.AllowedProjectItemTypes(ctx, item(w.ana), 0, w.sede)
	if err != nil || len(all) < 2 {
		t.Fatalf("no list: %+v %v", all, err)
	}
	if _, err := w.svc.SaveProject(ctx, who(w.ana), projects.SaveProjectInput{ID: httpx.ID(w.sede), Name: "Nova Sede",
		ItemTypeIDs: []httpx.ID{httpx.ID(w.task)}}); err != nil {
		t.Fatal(err)
	}
	only, err := w.core.AllowedProjectItemTypes(ctx, item(w.ana), 0, w.sede)
	if err != nil || len(only) != 1 || only[0].ID != w.task {
		t.Fatalf("listed: %+v %v", only, err)
	}
	if _, err := w.core.AllowedProjectItemTypes(ctx, item(w.bia), 0, w.sede); status(err) != 404 {
		t.Fatalf("bia asks in a project she does not read: %v", err)
	}
	// The new item form's choice: the projects where the caller may create that type.
	has := func(list []items.Choice, id int64) bool {
		for _, c := range list {
			if c.ID == id {
				return true
			}
		}
		return false
	}
	forTask, err := w.core.LoadProjects(ctx, item(w.ana), w.task)
	if err != nil || !has(forTask, w.sede) || !has(forTask, w.digital) {
		t.Fatalf("ana's projects for a task: %+v %v", forTask, err)
	}
	if forRisk, _ := w.core.LoadProjects(ctx, item(w.ana), risk); has(forRisk, w.sede) || !has(forRisk, w.digital) {
		t.Fatalf("ana's projects for a risk: %+v", forRisk)
	}
	if forBia, _ := w.core.LoadProjects(ctx, item(w.bia), w.task); len(forBia) != 0 {
		t.Fatalf("read-only bia may create tasks in %+v", forBia)
	}
	if err := w.newTask(w.ana, w.sede); err != nil {
		t.Fatal(err)
	}
	_, err = w.core.SaveItem(ctx, item(w.ana), items.SaveItemInput{Component: httpx.ID(risk), ProjectID: httpx.ID(w.sede),
		Item: items.Values{"Title": "Risco", "impact": "2"}})
	if status(err) != 409 || message(ctx, err) != "Este tipo de item não é usado neste projeto." {
		t.Fatalf("a risk in a project of tasks: %v", err)
	}
}

// A manager who may not read one of the project's types is not told of it,
// and their save keeps it: the list they send back is the list they saw.
func TestAProjectsTypesHiddenFromTheCallerStay(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	_, _, hidden, _, _ := w.ids(t)
	if _, err := w.svc.SaveProject(ctx, w.admin(), projects.SaveProjectInput{ID: httpx.ID(w.sede), Name: "Nova Sede",
		ItemTypeIDs: []httpx.ID{httpx.ID(w.task), httpx.ID(hidden)}}); err != nil {
		t.Fatal(err)
	}
	seen, err := w.svc.LoadProject(ctx, who(w.ana), projects.ProjectInput{ProjectID: httpx.ID(w.sede)})
	if err != nil || len(seen.ItemTypes) != 1 || seen.ItemTypes[0].ID != w.task {
		t.Fatalf("ana sees %+v %v", seen, err)
	}
	if _, err := w.svc.SaveProject(ctx, who(w.ana), projects.SaveProjectInput{ID: httpx.ID(w.sede), Name: "Nova Sede II",
		ItemTypeIDs: []httpx.ID{httpx.ID(w.task)}}); err != nil {
		t.Fatal(err)
	}
	if n := w.count(t, `SELECT count(*) FROM project_item_type WHERE project_id = $1`, w.sede); n != 2 {
		t.Fatalf("the project lists %d types after ana's save, want 2", n)
	}
}

// An archived project stays readable and editable by its manager, leaves
// the pickers, and takes no new item until it is brought back.
func TestAnArchivedProjectTakesNoNewItems(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	en := i18n.With(ctx, i18n.En)
	open := w.count(t, `SELECT count(*) FROM item i LEFT JOIN item_status s ON s.id = i.status_id
		WHERE i.project_id = $1 AND i.deleted_at IS NULL AND NOT coalesce(s.final, false)`, w.sede)
	if open == 0 {
		t.Fatal("Nova Sede has no open items")
	}
	a, err := w.svc.ArchiveProject(ctx, who(w.ana), projects.ArchiveInput{ProjectID: httpx.ID(w.sede), Archived: true})
	if err != nil || a.Status != "archived" || a.OpenItems != int64(open) || a.ID != w.sede {
		t.Fatalf("archive %+v %v", a, err)
	}
	if b, _ := json.Marshal(a); !strings.Contains(string(b), `"openItems":`+strconv.Itoa(open)) || !strings.Contains(string(b), `"status":"archived"`) {
		t.Fatalf("answer %s", b)
	}
	login, detail := w.lastAudit(t, "project.archive")
	if login != "u"+strconv.FormatInt(w.ana, 10) || detail["openItems"] != float64(open) {
		t.Fatalf("audit %s %v", login, detail)
	}
	archives := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'project.archive'`)
	if _, err := w.svc.ArchiveProject(ctx, who(w.ana), projects.ArchiveInput{ProjectID: httpx.ID(w.sede), Archived: true}); err != nil ||
		w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'project.archive'`) != archives {
		t.Fatalf("archiving again: %v", err)
	}

	if p, err := w.svc.LoadProject(ctx, who(w.ana), projects.ProjectInput{ProjectID: httpx.ID(w.sede)}); err != nil || p.Status != "archived" {
		t.Fatalf("load archived %+v %v", p, err)
	}
	for status, want := range map[string]int{"": 2, "active": 2, "archived": 1, "all": 3} {
		if list, err := w.svc.ListProjects(ctx, who(w.ana), projects.ListProjectsInput{Status: status}); err != nil || len(list) != want {
			t.Fatalf("list %q: %+v %v", status, list, err)
		}
	}
	picker, err := w.core.LoadProjects(ctx, item(w.ana), 0)
	if err != nil || len(picker) != 2 {
		t.Fatalf("loadProjects %+v %v", picker, err)
	}
	for _, c := range picker {
		if c.ID == w.sede {
			t.Fatal("the picker offers the archived project")
		}
	}
	if n, _ := w.sees(t, w.ana, w.sede); n == 0 {
		t.Fatal("the archived project's tasks are gone from the list")
	}
	if err := w.edit(t, w.ana, w.sede); err != nil {
		t.Fatalf("editing an item of an archived project: %v", err)
	}

	err = w.newTask(w.ana, w.sede)
	if status(err) != 409 || message(ctx, err) != "O projeto está arquivado: não recebe novos itens." ||
		message(en, err) != "The project is archived: it takes no new items." {
		t.Fatalf("new task in an archived project: %v", err)
	}
	perm, err := w.core.CheckPermissionToUpdate(ctx, item(w.ana), items.CheckPermissionInput{Component: httpx.ID(w.task), Project: httpx.ID(w.sede)})
	if err != nil || perm.CanUpdate || perm.Message != "O projeto está arquivado: não recebe novos itens." {
		t.Fatalf("checkPermissionToUpdate %+v %v", perm, err)
	}

	a, err = w.svc.ArchiveProject(ctx, w.admin(), projects.ArchiveInput{ProjectID: httpx.ID(w.sede)})
	if err != nil || a.Status != "active" {
		t.Fatalf("bring back %+v %v", a, err)
	}
	if login, _ := w.lastAudit(t, "project.unarchive"); login != "caio" {
		t.Fatalf("unarchive audit by %s", login)
	}
	if err := w.newTask(w.ana, w.sede); err != nil {
		t.Fatalf("new task after bringing back: %v", err)
	}
}

// Bad input answers a clear 4xx in the caller's language and saves nothing.
func TestBadProjectInputIsRefusedWhole(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	_, ticket, hidden, calendar, retired := w.ids(t)
	other, err := w.svc.SaveProject(pt, w.admin(), projects.SaveProjectInput{Name: "Outra", Code: "OUT"})
	if err != nil {
		t.Fatal(err)
	}
	base := projects.SaveProjectInput{ID: httpx.ID(w.digital), Name: "Transformação Digital", Code: "TD", CalendarID: httpx.ID(calendar),
		StartDate: "2025-01-01", FinishDate: "2025-06-30", ItemTypeIDs: []httpx.ID{httpx.ID(w.task)}}
	if _, err := w.svc.SaveProject(pt, who(w.ana), base); err != nil {
		t.Fatal(err)
	}
	with := func(change func(*projects.SaveProjectInput)) projects.SaveProjectInput {
		in := base
		in.ItemTypeIDs = append([]httpx.ID(nil), base.ItemTypeIDs...)
		change(&in)
		return in
	}
	gone := strconv.FormatInt(w.gone, 10)
	cases := []struct {
		name     string
		caller   projects.Caller
		in       projects.SaveProjectInput
		status   int
		field    string
		ptBR, en string
	}{
		{"blank name", who(w.ana), with(func(in *projects.SaveProjectInput) { in.Name = "  " }), 400, "name",
			"Informe o nome do projeto.", "Enter the project's name."},
		{"name too long", who(w.ana), with(func(in *projects.SaveProjectInput) { in.Name = strings.Repeat("ã", 201) }), 400, "name",
			"O nome do projeto tem mais de 200 caracteres.", "The project's name is longer than 200 characters."},
		{"code too long", who(w.ana), with(func(in *projects.SaveProjectInput) { in.Code = strings.Repeat("X", 21) }), 400, "code",
			"O código do projeto tem mais de 20 caracteres.", "The project's code is longer than 20 characters."},
		{"description too long", who(w.ana), with(func(in *projects.SaveProjectInput) { in.Description = strings.Repeat("x", 10001) }), 400, "description",
			"A descrição do projeto tem mais de 10000 caracteres.", "The project's description is longer than 10000 characters."},
		{"duplicate code", who(w.ana), with(func(in *projects.SaveProjectInput) { in.Code = "out" }), 409, "code",
			"O código \"out\" já é usado por outro projeto.", "The code \"out\" is already used by another project."},
		{"finish before start", who(w.ana), with(func(in *projects.SaveProjectInput) { in.FinishDate = "2024-12-31" }), 400, "finishDate",
			"O término (31/12/2024) é anterior ao início (01/01/2025).", "The finish (31/12/2024) is before the start (01/01/2025)."},
		{"a date that is not one", who(w.ana), with(func(in *projects.SaveProjectInput) { in.StartDate = "31/01/2025" }), 400, "startDate",
			"A data \"31/01/2025\" é inválida: use AAAA-MM-DD.", "The date \"31/01/2025\" is invalid: use YYYY-MM-DD."},
		{"manager not a user", who(w.ana), with(func(in *projects.SaveProjectInput) { in.ManagerID = 99999 }), 400, "managerId",
			"O gerente 99999 não é um usuário ativo.", "The manager 99999 is not an active user."},
		{"manager deactivated", who(w.ana), with(func(in *projects.SaveProjectInput) { in.ManagerID = httpx.ID(w.gone) }), 400, "managerId",
			"O gerente " + gone + " não é um usuário ativo.", "The manager " + gone + " is not an active user."},
		{"unknown calendar", who(w.ana), with(func(in *projects.SaveProjectInput) { in.CalendarID = 77777 }), 400, "calendarId",
			"O calendário 77777 não existe.", "The calendar 77777 does not exist."},
		{"inactive calendar", who(w.ana), with(func(in *projects.SaveProjectInput) { in.CalendarID = httpx.ID(retired) }), 400, "calendarId",
			"O calendário " + strconv.FormatInt(retired, 10) + " não existe.", "The calendar " + strconv.FormatInt(retired, 10) + " does not exist."},
		{"a type that is not project-scoped", who(w.ana), with(func(in *projects.SaveProjectInput) {
			in.ItemTypeIDs = append(in.ItemTypeIDs, httpx.ID(ticket))
		}), 400, "itemTypeIds[1]",
			"O tipo de item " + strconv.FormatInt(ticket, 10) + " não existe ou não é usado em projetos.",
			"The item type " + strconv.FormatInt(ticket, 10) + " does not exist or is not used in projects."},
		{"a type the caller may not see", who(w.ana), with(func(in *projects.SaveProjectInput) {
			in.ItemTypeIDs = []httpx.ID{httpx.ID(hidden), httpx.ID(w.task)}
		}), 400, "itemTypeIds[0]",
			"O tipo de item " + strconv.FormatInt(hidden, 10) + " não existe ou não é usado em projetos.",
			"The item type " + strconv.FormatInt(hidden, 10) + " does not exist or is not used in projects."},
		{"unknown project", who(w.ana), with(func(in *projects.SaveProjectInput) { in.ID = 99999 }), 404, "",
			"O registro não foi encontrado.", "The record was not found."},
		{"a project the caller may not see", who(w.dora), base, 404, "",
			"O registro não foi encontrado.", "The record was not found."},
		{"a read-only member edits", who(w.bia), with(func(in *projects.SaveProjectInput) { in.Name = "Minha" }), 403, "",
			"Só um gerente do projeto ou um administrador pode mudar o projeto.",
			"Only a manager of the project or an administrator may change the project."},
		{"a plain user creates", who(w.ana), with(func(in *projects.SaveProjectInput) { in.ID = 0; in.Code = "NEW" }), 403, "",
			"Só um administrador pode criar projetos.", "Only an administrator may create projects."},
	}
	before, err := w.svc.LoadProject(pt, who(w.ana), projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
	if err != nil {
		t.Fatal(err)
	}
	count := w.count(t, `SELECT count(*) FROM project`)
	events := w.count(t, `SELECT count(*) FROM audit_event`)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.svc.SaveProject(pt, tc.caller, tc.in)
			if status(err) != tc.status || message(pt, err) != tc.ptBR || message(en, err) != tc.en {
				t.Fatalf("got %d %q / %q", status(err), message(pt, err), message(en, err))
			}
			if e, _ := httpx.AsError(err); tc.field != "" && (len(e.Validations) != 1 || e.Validations[0].Field != tc.field) {
				t.Fatalf("validations %+v, want %s", e.Validations, tc.field)
			}
			now, err := w.svc.LoadProject(pt, who(w.ana), projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
			if err != nil {
				t.Fatal(err)
			}
			if !jsonEqual(t, now, before) || w.count(t, `SELECT count(*) FROM project`) != count ||
				w.count(t, `SELECT count(*) FROM audit_event`) != events {
				t.Fatalf("half saved: %+v, was %+v", now, before)
			}
		})
	}
	// An administrator may edit the project to any code but another's;
	// its own code, in another case, is its own.
	if _, err := w.svc.SaveProject(pt, w.admin(), with(func(in *projects.SaveProjectInput) { in.Code = "td" })); err != nil {
		t.Fatalf("own code: %v", err)
	}
	if _, err := w.svc.SaveProject(pt, w.admin(), projects.SaveProjectInput{ID: httpx.ID(other.ID), Name: "Outra", Code: "TD"}); status(err) != 409 {
		t.Fatalf("another's code: %v", err)
	}
	// Several bad fields at once: each is named.
	_, err = w.svc.SaveProject(pt, w.admin(), projects.SaveProjectInput{Name: "", StartDate: "x", Code: strings.Repeat("y", 30)})
	if e, _ := httpx.AsError(err); status(err) != 400 || len(e.Validations) != 3 {
		t.Fatalf("several: %v", err)
	}
	// The other calls' bad input.
	for _, tc := range []struct {
		name string
		run  func() error
		code int
		ptBR string
	}{
		{"load unknown", func() error {
			_, err := w.svc.LoadProject(pt, who(w.ana), projects.ProjectInput{ProjectID: 99999})
			return err
		}, 404, "O registro não foi encontrado."},
		{"load unseen", func() error {
			_, err := w.svc.LoadProject(pt, who(w.bia), projects.ProjectInput{ProjectID: httpx.ID(w.sede)})
			return err
		}, 404, "O registro não foi encontrado."},
		{"load nothing", func() error {
			_, err := w.svc.LoadProject(pt, who(w.ana), projects.ProjectInput{})
			return err
		}, 400, "Informe o projeto."},
		{"list an unknown status", func() error {
			_, err := w.svc.ListProjects(pt, who(w.ana), projects.ListProjectsInput{Status: "closed"})
			return err
		}, 400, "A situação \"closed\" não existe: use active, archived ou all."},
		{"archive nothing", func() error {
			_, err := w.svc.ArchiveProject(pt, who(w.ana), projects.ArchiveInput{Archived: true})
			return err
		}, 400, "Informe o projeto."},
		{"archive unknown", func() error {
			_, err := w.svc.ArchiveProject(pt, who(w.ana), projects.ArchiveInput{ProjectID: 99999, Archived: true})
			return err
		}, 404, "O registro não foi encontrado."},
		{"archive unseen", func() error {
			_, err := w.svc.ArchiveProject(pt, who(w.dora), projects.ArchiveInput{ProjectID: httpx.ID(w.sede), Archived: true})
			return err
		}, 404, "O registro não foi encontrado."},
	} {
		if err := tc.run(); status(err) != tc.code || message(pt, err) != tc.ptBR {
			t.Fatalf("%s: %d %q", tc.name, status(err), message(pt, err))
		}
	}
	if n := w.count(t, `SELECT count(*) FROM project WHERE status = 'archived'`); n != 0 {
		t.Fatalf("%d archived", n)
	}
}
