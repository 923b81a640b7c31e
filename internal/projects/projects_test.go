package projects_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/projects"
	"github.com/tramita/tramita/internal/testkit/itemstest"
)

// world is the demo installation: Ana manages the three demo projects (the
// demo's first user is their shown manager), Bia reads "Transformação
// Digital" only; Caio and Dora are in no project, Caio in the group Obra.
type world struct {
	db               *pgxpool.Pool
	core             *items.Service
	svc              *projects.Service
	task             int64
	sede, digital    int64 // "Nova Sede", "Transformação Digital"
	ana, bia, caio   int64
	dora, gone, obra int64 // a user, a deactivated user, a group
}

func newWorld(t *testing.T) *world {
	t.Helper()
	d := itemstest.New(t)
	w := &world{db: d.DB, core: d.Core, svc: projects.NewService(d.DB, itemstest.Clock), task: d.Task, sede: d.Secret,
		ana: d.Ana.UserID, bia: d.Bia.UserID}
	ctx := context.Background()
	for _, sql := range []string{
		`INSERT INTO app_user (login, name) VALUES ('caio', 'Caio'), ('dora', 'Dora')`,
		`INSERT INTO app_user (login, name, active) VALUES ('gone', 'Gone', false)`,
		`INSERT INTO user_group (name) VALUES ('Obra')`,
		`INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u WHERE g.name = 'Obra' AND u.login = 'caio'`,
	} {
		if _, err := w.db.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.db.QueryRow(ctx, `SELECT (SELECT id FROM project WHERE name = 'Transformação Digital'),
		(SELECT id FROM app_user WHERE login = 'caio'), (SELECT id FROM app_user WHERE login = 'dora'),
		(SELECT id FROM app_user WHERE login = 'gone'), (SELECT id FROM user_group WHERE name = 'Obra')`).
		Scan(&w.digital, &w.caio, &w.dora, &w.gone, &w.obra); err != nil {
		t.Fatal(err)
	}
	return w
}

func who(id int64) projects.Caller {
	return projects.Caller{UserID: id, Login: "u" + strconv.FormatInt(id, 10)}
}

func item(id int64) items.Caller { return items.Caller{UserID: id} }

func status(err error) int {
	if e, ok := httpx.AsError(err); ok {
		return e.Status
	}
	return 0
}

func message(ctx context.Context, err error) string {
	e, ok := httpx.AsError(err)
	if !ok {
		return "not an application error: " + errors.Join(err).Error()
	}
	return i18n.T(i18n.From(ctx), e.Key, e.Args...)
}

// save saves the lists of project as Ana (its manager), failing the test on error.
func (w *world) save(t *testing.T, project int64, users, groups []projects.Grant) *projects.Permissions {
	t.Helper()
	p, err := w.svc.SavePermissions(context.Background(), who(w.ana), projects.SaveInput{ProjectID: httpx.ID(project), Users: users, Groups: groups})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func grant(id int64, role string) projects.Grant { return projects.Grant{ID: httpx.ID(id), Role: role} }

// sees is how many tasks user lists in project (executeFilter), and
// whether the quick search finds the project's first task by its title.
func (w *world) sees(t *testing.T, user, project int64) (int64, bool) {
	t.Helper()
	ctx := context.Background()
	p, err := w.core.ExecuteFilter(ctx, item(user), items.ExecuteFilterInput{ComponentID: w.task, RowsPerPage: 500})
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, r := range p.Rows {
		if r["ProjectName"] == w.name(t, project) {
			n++
		}
	}
	word := "zebra" + strconv.FormatInt(project, 10)
	var id int64
	if err := w.db.QueryRow(ctx, `UPDATE item SET title = $2, search = search || to_tsvector('portuguese', tramita_unaccent($2))
		WHERE id = (SELECT min(id) FROM item WHERE component_id = $1 AND project_id = $3) RETURNING id`, w.task, word, project).Scan(&id); err != nil {
		t.Fatal(err)
	}
	hits, err := w.core.SearchItems(ctx, item(user), items.SearchInput{Query: word})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range hits {
		found = found || h.ID == id
	}
	return n, found
}

func (w *world) name(t *testing.T, project int64) string {
	t.Helper()
	var s string
	if err := w.db.QueryRow(context.Background(), `SELECT name FROM project WHERE id = $1`, project).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

// edit changes the title of the project's first task as user.
func (w *world) edit(t *testing.T, user, project int64) error {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE component_id = $1 AND project_id = $2 ORDER BY id LIMIT 1`,
		w.task, project).Scan(&id); err != nil {
		t.Fatal(err)
	}
	p, err := w.core.CheckPermissionToUpdate(ctx, item(user), items.CheckPermissionInput{Item: httpx.ID(id), Component: httpx.ID(w.task)})
	if err != nil {
		return err
	}
	r, err := w.core.RefreshItem(ctx, item(user), items.RefreshInput{ItemID: httpx.ID(id), Component: httpx.ID(w.task)})
	if err != nil {
		return err
	}
	_, err = w.core.SaveItem(ctx, item(user), items.SaveItemInput{Item: items.Values{"id": json.Number(strconv.FormatInt(id, 10)),
		"Title": "Editada", "modificationDateTicks": r.ModificationDateTicks}, Component: httpx.ID(w.task)})
	if (err == nil) != p.CanUpdate {
		t.Fatalf("checkPermissionToUpdate says %v, saveItem answers %v", p.CanUpdate, err)
	}
	return err
}

// The roles end to end: a member reads and writes, a read-only member reads
// and the server refuses their save, and removing a member takes the
// project's items away at once, from the lists and from the search.
func TestProjectRolesDecideWhatAUserReadsAndWrites(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if n, found := w.sees(t, w.dora, w.sede); n != 0 || found {
		t.Fatalf("dora sees %d tasks of Nova Sede before joining (search %v)", n, found)
	}
	if err := w.edit(t, w.dora, w.sede); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("dora edits outside her projects: %v", err)
	}
	all, _ := w.sees(t, w.ana, w.sede)
	if all == 0 {
		t.Fatal("Nova Sede has no tasks")
	}

	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.dora, projects.RoleMember)}, nil)
	if n, found := w.sees(t, w.dora, w.sede); n != all || !found {
		t.Fatalf("member dora sees %d of %d tasks (search %v)", n, all, found)
	}
	if err := w.edit(t, w.dora, w.sede); err != nil {
		t.Fatalf("member dora edits: %v", err)
	}

	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.dora, projects.RoleReadOnly)}, nil)
	if n, found := w.sees(t, w.dora, w.sede); n != all || !found {
		t.Fatalf("read-only dora sees %d of %d tasks (search %v)", n, all, found)
	}
	if err := w.edit(t, w.dora, w.sede); status(err) != 403 ||
		message(ctx, err) != "O usuário participa do projeto Nova Sede somente para leitura." {
		t.Fatalf("read-only dora edits: %v", err)
	}
	// A read-only member loads the permissions but may not change them.
	p, err := w.svc.LoadPermissions(ctx, who(w.dora), projects.ProjectInput{ProjectID: httpx.ID(w.sede)})
	if err != nil || !p.ReadOnly || len(p.Users) != 2 || p.ProjectName != "Nova Sede" {
		t.Fatalf("dora loads: %+v %v", p, err)
	}
	if _, err := w.svc.SavePermissions(ctx, who(w.dora), projects.SaveInput{ProjectID: httpx.ID(w.sede),
		Users: []projects.Grant{grant(w.dora, projects.RoleManager)}}); status(err) != 403 {
		t.Fatalf("read-only dora saves permissions: %v", err)
	}

	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager)}, nil)
	if n, found := w.sees(t, w.dora, w.sede); n != 0 || found {
		t.Fatalf("removed dora still sees %d tasks (search %v)", n, found)
	}
	if _, err := w.core.ExecuteFilter(ctx, item(w.dora), items.ExecuteFilterInput{ComponentID: w.task, ProjectID: w.sede}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("removed dora lists the project: %v", err)
	}
	if _, err := w.svc.LoadPermissions(ctx, who(w.dora), projects.ProjectInput{ProjectID: httpx.ID(w.sede)}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("removed dora loads the permissions: %v", err)
	}
}

// A group's members hold the group's role; the strongest of a user's own
// and their groups' roles wins; a group of all users holds everyone.
func TestAGroupsMembersGetItsRole(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	all, _ := w.sees(t, w.ana, w.sede)

	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager)}, []projects.Grant{grant(w.obra, projects.RoleMember)})
	if n, found := w.sees(t, w.caio, w.sede); n != all || !found {
		t.Fatalf("caio, of a member group, sees %d of %d (search %v)", n, all, found)
	}
	if err := w.edit(t, w.caio, w.sede); err != nil {
		t.Fatalf("caio, of a member group, edits: %v", err)
	}
	if n, _ := w.sees(t, w.dora, w.sede); n != 0 {
		t.Fatalf("dora, in no group, sees %d", n)
	}

	// Read-only by the group, member by his own row: he writes.
	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.caio, projects.RoleMember)},
		[]projects.Grant{grant(w.obra, projects.RoleReadOnly)})
	if err := w.edit(t, w.caio, w.sede); err != nil {
		t.Fatalf("caio, member by his own row, edits: %v", err)
	}
	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager)}, []projects.Grant{grant(w.obra, projects.RoleReadOnly)})
	if n, _ := w.sees(t, w.caio, w.sede); n != all {
		t.Fatalf("caio, of a read-only group, sees %d of %d", n, all)
	}
	if err := w.edit(t, w.caio, w.sede); status(err) != 403 {
		t.Fatalf("caio, of a read-only group, edits: %v", err)
	}

	// A group that manages the project lets its members save permissions.
	if _, err := w.svc.SavePermissions(ctx, who(w.caio), projects.SaveInput{ProjectID: httpx.ID(w.sede),
		Groups: []projects.Grant{grant(w.obra, projects.RoleManager)}}); status(err) != 403 {
		t.Fatalf("caio saves as a read-only group member: %v", err)
	}
	w.save(t, w.sede, []projects.Grant{grant(w.ana, projects.RoleManager)}, []projects.Grant{grant(w.obra, projects.RoleManager)})
	p, err := w.svc.SavePermissions(ctx, who(w.caio), projects.SaveInput{ProjectID: httpx.ID(w.sede),
		Users: []projects.Grant{grant(w.dora, projects.RoleReadOnly)}, Groups: []projects.Grant{grant(w.obra, projects.RoleManager)}})
	if err != nil || p.ReadOnly || len(p.Users) != 1 || len(p.Groups) != 1 || p.Groups[0].Name != "Obra" {
		t.Fatalf("caio saves as a manager group member: %+v %v", p, err)
	}
	// Ana, no longer in the project, no longer sees it; the shown manager
	// is nobody now (only a group manages it).
	if n, _ := w.sees(t, w.ana, w.sede); n != 0 {
		t.Fatalf("removed ana sees %d", n)
	}
	var shown *int64
	if err := w.db.QueryRow(ctx, `SELECT manager_id FROM project WHERE id = $1`, w.sede).Scan(&shown); err != nil || shown != nil {
		t.Fatalf("shown manager %v %v", shown, err)
	}

	// The group of all users, read-only: everybody reads.
	var everyone int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM user_group WHERE all_users`).Scan(&everyone); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.SavePermissions(ctx, who(w.caio), projects.SaveInput{ProjectID: httpx.ID(w.sede),
		Groups: []projects.Grant{grant(w.obra, projects.RoleManager), grant(everyone, projects.RoleReadOnly)}}); err != nil {
		t.Fatal(err)
	}
	if n, _ := w.sees(t, w.dora, w.sede); n != all {
		t.Fatalf("dora, through the group of all users, sees %d of %d", n, all)
	}
	if err := w.edit(t, w.dora, w.sede); status(err) != 403 {
		t.Fatalf("dora, read-only through all users, edits: %v", err)
	}
}

// Only a panel administrator or a manager saves; a plain member may not.
// Every change lands in the audit log, naming the project and each user or
// group added, removed or given another role.
func TestManagersSavePermissionsAndTheAuditLogSaysWhat(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.save(t, w.digital, []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.bia, projects.RoleReadOnly),
		grant(w.dora, projects.RoleMember)}, nil)
	if _, err := w.svc.SavePermissions(ctx, who(w.dora), projects.SaveInput{ProjectID: httpx.ID(w.digital),
		Users: []projects.Grant{grant(w.ana, projects.RoleManager)}}); status(err) != 403 ||
		message(ctx, err) != "Só um gerente do projeto ou um administrador pode mudar as suas permissões." {
		t.Fatalf("member dora saves: %v", err)
	}
	admin := projects.Caller{UserID: w.caio, PanelAdmin: true, Login: "caio", Address: "10.0.0.9"}
	p, err := w.svc.SavePermissions(ctx, admin, projects.SaveInput{ProjectID: httpx.ID(w.digital),
		Users:  []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.bia, projects.RoleMember)},
		Groups: []projects.Grant{grant(w.obra, projects.RoleReadOnly)}})
	if err != nil || p.ReadOnly {
		t.Fatalf("an administrator saves: %+v %v", p, err)
	}
	var login, address, detail string
	if err := w.db.QueryRow(ctx, `SELECT login, address, detail::text FROM audit_event WHERE kind = 'project.permissions'
		ORDER BY id DESC LIMIT 1`).Scan(&login, &address, &detail); err != nil {
		t.Fatal(err)
	}
	var got struct {
		EntityID                int64
		Project                 string
		Added, Removed, Changed []struct {
			Kind     string
			ID       int64
			Name     string
			From, To string
		}
	}
	if err := json.Unmarshal([]byte(detail), &got); err != nil {
		t.Fatal(err)
	}
	if login != "caio" || address != "10.0.0.9" || got.EntityID != w.digital || got.Project != "Transformação Digital" ||
		len(got.Added) != 1 || got.Added[0].Kind != "group" || got.Added[0].Name != "Obra" || got.Added[0].To != "read_only" ||
		len(got.Removed) != 1 || got.Removed[0].ID != w.dora || got.Removed[0].Name != "dora" || got.Removed[0].From != "member" ||
		len(got.Changed) != 1 || got.Changed[0].ID != w.bia || got.Changed[0].From != "read_only" || got.Changed[0].To != "member" {
		t.Fatalf("audit %s %s %s", login, address, detail)
	}
	// Saving the same lists again changes nothing and logs nothing.
	var before int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM audit_event WHERE kind = 'project.permissions'`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	w.save(t, w.digital, []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.bia, projects.RoleMember)},
		[]projects.Grant{grant(w.obra, projects.RoleReadOnly)})
	var after int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM audit_event WHERE kind = 'project.permissions'`).Scan(&after); err != nil || after != before {
		t.Fatalf("an unchanged save logged %d events (%v)", after-before, err)
	}
	// The title, for whoever reads the project.
	title, err := w.svc.GetTitle(ctx, who(w.bia), projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
	if err != nil || title.Title != "Transformação Digital" || title.ID != w.digital {
		t.Fatalf("getProjectTitle: %+v %v", title, err)
	}
}

// Bad input answers a clear 4xx in the caller's language and saves nothing.
func TestBadPermissionsAreRefusedWhole(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	before := w.save(t, w.digital, []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.bia, projects.RoleReadOnly)}, nil)
	ok := []projects.Grant{grant(w.ana, projects.RoleManager), grant(w.dora, projects.RoleMember)}
	cases := []struct {
		name        string
		caller      projects.Caller
		in          projects.SaveInput
		status      int
		field       string
		ptBR, en    string
		notReadable bool
	}{
		{name: "unknown project", caller: who(w.ana), in: projects.SaveInput{ProjectID: 99999, Users: ok}, status: 404,
			ptBR: "O registro não foi encontrado.", en: "The record was not found."},
		{name: "project the caller may not see", caller: who(w.bia), in: projects.SaveInput{ProjectID: httpx.ID(w.sede), Users: ok},
			status: 404, ptBR: "O registro não foi encontrado.", en: "The record was not found."},
		{name: "not a user", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital),
			Users: append(ok[:2:2], grant(99999, projects.RoleMember))}, status: 400, field: "users[2].id",
			ptBR: "O usuário 99999 não é um usuário ativo.", en: "The user 99999 is not an active user."},
		{name: "a deactivated user", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital),
			Users: append(ok[:2:2], grant(w.gone, projects.RoleMember))}, status: 400, field: "users[2].id",
			ptBR: "O usuário " + strconv.FormatInt(w.gone, 10) + " não é um usuário ativo.",
			en:   "The user " + strconv.FormatInt(w.gone, 10) + " is not an active user."},
		{name: "no such group", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital), Users: ok,
			Groups: []projects.Grant{grant(w.obra, projects.RoleMember), grant(88888, projects.RoleMember)}}, status: 400, field: "groups[1].id",
			ptBR: "O grupo 88888 não existe.", en: "The group 88888 does not exist."},
		{name: "unknown role", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital),
			Users: append(ok[:2:2], grant(w.caio, "owner"))}, status: 400, field: "users[2].role",
			ptBR: "O papel \"owner\" não existe: use manager, member ou read_only.",
			en:   "The role \"owner\" does not exist: use manager, member or read_only."},
		{name: "unknown group role", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital), Users: ok,
			Groups: []projects.Grant{grant(w.obra, "")}}, status: 400, field: "groups[0].role",
			ptBR: "O papel \"\" não existe: use manager, member ou read_only.",
			en:   "The role \"\" does not exist: use manager, member or read_only."},
		{name: "a user twice", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital),
			Users: append(ok[:2:2], grant(w.dora, projects.RoleReadOnly))}, status: 400, field: "users[2].id",
			ptBR: "O usuário " + strconv.FormatInt(w.dora, 10) + " aparece mais de uma vez.",
			en:   "The user " + strconv.FormatInt(w.dora, 10) + " appears more than once."},
		{name: "the last manager removed", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital),
			Users: []projects.Grant{grant(w.ana, projects.RoleMember), grant(w.dora, projects.RoleMember)}}, status: 409,
			ptBR: "O projeto precisa de ao menos um gerente.", en: "The project needs at least one manager."},
		{name: "nobody left", caller: who(w.ana), in: projects.SaveInput{ProjectID: httpx.ID(w.digital)}, status: 409,
			ptBR: "O projeto precisa de ao menos um gerente.", en: "The project needs at least one manager."},
		{name: "a read-only member saves", caller: who(w.bia), in: projects.SaveInput{ProjectID: httpx.ID(w.digital), Users: ok}, status: 403,
			ptBR: "Só um gerente do projeto ou um administrador pode mudar as suas permissões.",
			en:   "Only a manager of the project or an administrator may change its permissions."},
		{name: "no project", caller: who(w.ana), in: projects.SaveInput{Users: ok}, status: 400, field: "projectId",
			ptBR: "Informe o projeto.", en: "Name the project."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := w.svc.SavePermissions(pt, tc.caller, tc.in)
			if status(err) != tc.status || message(pt, err) != tc.ptBR || message(en, err) != tc.en {
				t.Fatalf("got %d %q / %q", status(err), message(pt, err), message(en, err))
			}
			if e, _ := httpx.AsError(err); tc.field != "" && (len(e.Validations) != 1 || e.Validations[0].Field != tc.field) {
				t.Fatalf("validations %+v, want %s", e.Validations, tc.field)
			}
			now, err := w.svc.LoadPermissions(pt, who(w.ana), projects.ProjectInput{ProjectID: httpx.ID(w.digital)})
			if err != nil {
				t.Fatal(err)
			}
			if b, _ := json.Marshal(before); !jsonEqual(t, now, before) {
				t.Fatalf("half saved: %+v, was %s", now, b)
			}
		})
	}
	// Loading and the title answer an unknown project and one the caller
	// may not see alike.
	for _, id := range []int64{99999, w.sede} {
		if _, err := w.svc.LoadPermissions(pt, who(w.bia), projects.ProjectInput{ProjectID: httpx.ID(id)}); status(err) != 404 {
			t.Fatalf("load %d: %v", id, err)
		}
		if _, err := w.svc.GetTitle(pt, who(w.bia), projects.ProjectInput{ProjectID: httpx.ID(id)}); status(err) != 404 {
			t.Fatalf("title %d: %v", id, err)
		}
	}
}

func jsonEqual(t *testing.T, a, b any) bool {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(x) == string(y)
}
