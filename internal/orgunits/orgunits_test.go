package orgunits_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/orgunits"
	"github.com/tramita/tramita/internal/testkit"
	"github.com/tramita/tramita/internal/testkit/itemstest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// api serves the module's calls to the user named by X-Test-User; admin is
// the panel administrator.
type api struct {
	t     *testing.T
	r     chi.Router
	admin int64
}

func newAPI(t *testing.T, db *pgxpool.Pool, admin int64) *api {
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.Recover,
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if id, err := strconv.ParseInt(r.Header.Get("X-Test-User"), 10, 64); err == nil {
					r = r.WithContext(auth.WithPrincipal(r.Context(), auth.Principal{UserID: id, Login: "u" + strconv.FormatInt(id, 10),
						MFAComplete: true, PanelAdmin: id == admin}))
				}
				next.ServeHTTP(w, r)
			})
		})
	r.Route("/api", orgunits.NewHandler(orgunits.NewService(db, nil), func(*http.Request) string { return "192.0.2.1" }).Routes)
	return &api{t: t, r: r, admin: admin}
}

func (a *api) do(user int64, path string, body any, lang string) *httptest.ResponseRecorder {
	var rd io.Reader = http.NoBody
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest("POST", "/api/"+path, rd)
	if user != 0 {
		req.Header.Set("X-Test-User", strconv.FormatInt(user, 10))
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	rec := httptest.NewRecorder()
	a.r.ServeHTTP(rec, req)
	return rec
}

// save saves a unit as the administrator and answers it.
func (a *api) save(in map[string]any) orgunits.Unit {
	a.t.Helper()
	rec := a.do(a.admin, "admin/orgUnits/save", in, "")
	var u orgunits.Unit
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &u) != nil {
		a.t.Fatalf("save %v: %d %s", in, rec.Code, rec.Body)
	}
	return u
}

// message is the answer's Message without the detail for the console.
func message(rec *httptest.ResponseRecorder) string {
	var m struct{ Message string }
	_ = json.Unmarshal(rec.Body.Bytes(), &m)
	text, _, _ := strings.Cut(m.Message, "##DETAILEDERROR##")
	return text
}

func users(t *testing.T, db *pgxpool.Pool) (root, ana, bia int64) {
	t.Helper()
	if err := db.QueryRow(context.Background(), `WITH n AS (INSERT INTO app_user (login, name, panel_admin) VALUES
		('root', 'Root', true), ('ana', 'Ana Souza', false), ('bia', 'Bia Lima', false) RETURNING id, login)
		SELECT (SELECT id FROM n WHERE login = 'root'), (SELECT id FROM n WHERE login = 'ana'), (SELECT id FROM n WHERE login = 'bia')`).
		Scan(&root, &ana, &bia); err != nil {
		t.Fatal(err)
	}
	return root, ana, bia
}

func TestTreeRules(t *testing.T) {
	db := testkit.NewDB(t)
	root, ana, bia := users(t, db)
	a := newAPI(t, db, root)
	diretoria := a.save(map[string]any{"name": " Diretoria ", "managerId": ana, "memberIds": []int64{ana, bia, ana}})
	if diretoria.Name != "Diretoria" || !diretoria.Active || diretoria.ManagerName != "Ana Souza" || len(diretoria.Members) != 2 {
		t.Fatalf("created: %+v", diretoria)
	}
	ti := a.save(map[string]any{"name": "TI", "parentId": diretoria.ID})
	dev := a.save(map[string]any{"name": "Desenvolvimento", "parentId": ti.ID, "memberIds": []int64{bia}})
	a.save(map[string]any{"name": "TI"}) // the same name at another level

	tests := []struct {
		name    string
		user    int64
		path    string
		body    any
		lang    string
		status  int
		message string
	}{
		{"no session", 0, "admin/orgUnits/list", nil, "", 401, ""},
		{"a user may not list", ana, "admin/orgUnits/list", nil, "", 403, ""},
		{"a user may not save", ana, "admin/orgUnits/save", map[string]any{"name": "X"}, "", 403, ""},
		{"a user may not delete", ana, "admin/orgUnits/delete", map[string]any{"id": dev.ID}, "", 403, ""},
		{"a name is required", root, "admin/orgUnits/save", map[string]any{"name": "  "}, "", 400, "Obrigatório"},
		{"under itself", root, "admin/orgUnits/save", map[string]any{"id": ti.ID, "name": "TI", "parentId": ti.ID}, "", 400,
			"Uma unidade não pode ficar abaixo dela mesma nem de uma de suas subunidades."},
		{"under its grandchild", root, "admin/orgUnits/save", map[string]any{"id": diretoria.ID, "name": "Diretoria", "parentId": dev.ID}, "en", 400,
			"A unit cannot be placed under itself or under one of its sub-units."},
		{"a sibling's name", root, "admin/orgUnits/save", map[string]any{"name": "ti", "parentId": diretoria.ID}, "", 400,
			"Já existe uma unidade com este nome neste nível."},
		{"a missing parent", root, "admin/orgUnits/save", map[string]any{"name": "X", "parentId": 987654}, "", 400,
			"A unidade superior não existe."},
		{"a missing member", root, "admin/orgUnits/save", map[string]any{"name": "X", "memberIds": []int64{987654}}, "", 400,
			"Um dos usuários não existe."},
		{"a missing manager", root, "admin/orgUnits/save", map[string]any{"name": "X", "managerId": 987654, "memberIds": []int64{ana}}, "", 400,
			"Um dos usuários não existe."},
		{"a missing unit", root, "admin/orgUnits/save", map[string]any{"id": 987654, "name": "X"}, "", 404, ""},
		{"deleting a missing unit", root, "admin/orgUnits/delete", map[string]any{"id": 987654}, "", 404, ""},
		{"deleting a unit with a child", root, "admin/orgUnits/delete", map[string]any{"id": ti.ID}, "", 409,
			"A unidade tem 1 subunidade; exclua-a ou mova-a antes."},
		{"a 201-character text", ana, "genericItem/loadOrganizationalStructures", map[string]any{"text": strings.Repeat("x", 201)}, "", 400, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := a.do(tc.user, tc.path, tc.body, tc.lang)
			if rec.Code != tc.status || (tc.message != "" && message(rec) != tc.message) {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
		})
	}
	var count int
	if err := db.QueryRow(context.Background(), `SELECT count(*) FROM org_unit WHERE name = 'X'`).Scan(&count); err != nil || count != 0 {
		t.Fatalf("a refused save left %d units (%v)", count, err)
	}

	t.Run("a move keeps the tree", func(t *testing.T) {
		moved := a.save(map[string]any{"id": dev.ID, "name": "Desenvolvimento", "parentId": diretoria.ID, "memberIds": []int64{bia}})
		if moved.ParentID == nil || *moved.ParentID != diretoria.ID {
			t.Fatalf("moved: %+v", moved)
		}
		rec := a.do(root, "admin/orgUnits/list", nil, "")
		var list []orgunits.Unit
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &list) != nil || len(list) != 4 {
			t.Fatalf("list: %d %s", rec.Code, rec.Body)
		}
	})
	t.Run("saves are audited", func(t *testing.T) {
		var kinds []string
		if err := db.QueryRow(context.Background(), `SELECT array_agg(kind ORDER BY id) FROM audit_event WHERE kind LIKE 'admin.orgUnit.%'`).
			Scan(&kinds); err != nil {
			t.Fatal(err)
		}
		if strings.Join(kinds, ",") != "admin.orgUnit.created,admin.orgUnit.created,admin.orgUnit.created,admin.orgUnit.created,admin.orgUnit.updated" {
			t.Fatalf("audit: %v", kinds)
		}
	})
}

// The lookup offers active units under active ancestors; a text keeps the
// matching units with their ancestors; ids name any unit.
func TestLoadOrganizationalStructures(t *testing.T) {
	db := testkit.NewDB(t)
	root, ana, _ := users(t, db)
	a := newAPI(t, db, root)
	diretoria := a.save(map[string]any{"name": "Diretoria"})
	juridico := a.save(map[string]any{"name": "Jurídico", "parentId": diretoria.ID})
	contratos := a.save(map[string]any{"name": "Contratos", "parentId": juridico.ID})
	antiga := a.save(map[string]any{"name": "Antiga", "active": false})
	a.save(map[string]any{"name": "Filha da antiga", "parentId": antiga.ID})
	load := func(body any) []orgunits.Node {
		t.Helper()
		rec := a.do(ana, "genericItem/loadOrganizationalStructures", body, "")
		var out []orgunits.Node
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
			t.Fatalf("load %v: %d %s", body, rec.Code, rec.Body)
		}
		return out
	}
	all := load(nil)
	if len(all) != 1 || all[0].Name != "Diretoria" || all[0].ParentID != nil || len(all[0].Children) != 1 ||
		all[0].Children[0].Children[0].Name != "Contratos" || all[0].Children[0].Children[0].Children == nil {
		t.Fatalf("whole tree (the inactive one and its child left out): %+v", all)
	}
	byText := load(map[string]any{"text": "juridico"})
	if len(byText) != 1 || byText[0].ID != diretoria.ID || len(byText[0].Children) != 1 || byText[0].Children[0].ID != juridico.ID ||
		len(byText[0].Children[0].Children) != 0 {
		t.Fatalf("by text, with its ancestors: %+v", byText)
	}
	byID := load(map[string]any{"ids": []int64{contratos.ID, antiga.ID}})
	if len(byID) != 2 || byID[0].Name != "Antiga" || byID[1].ParentID == nil || *byID[1].ParentID != juridico.ID {
		t.Fatalf("by ids: %+v", byID)
	}
	if got := load(map[string]any{"text": "filha"}); len(got) != 0 {
		t.Fatalf("a child of an inactive unit offered: %+v", got)
	}
	if rec := a.do(0, "genericItem/loadOrganizationalStructures", nil, ""); rec.Code != 401 {
		t.Fatalf("without a session: %d", rec.Code)
	}
}

// A unit an item's value names is not deleted; the item lists its name.
func TestDeleteRefusedWhileItemsUseIt(t *testing.T) {
	d := itemstest.New(t)
	ctx := context.Background()
	var root int64
	if err := d.DB.QueryRow(ctx, `INSERT INTO app_user (login, name, panel_admin) VALUES ('root', 'Root', true) RETURNING id`).Scan(&root); err != nil {
		t.Fatal(err)
	}
	a := newAPI(t, d.DB, root)
	unit := a.save(map[string]any{"name": "Engenharia"})
	var project int64
	if err := d.DB.QueryRow(ctx, `SELECT id FROM project WHERE name = 'Transformação Digital'`).Scan(&project); err != nil {
		t.Fatal(err)
	}
	for _, title := range []string{"Um", "Dois"} {
		if _, err := d.Core.SaveItem(ctx, d.Ana, items.SaveItemInput{Component: httpx.ID(d.Task), ProjectID: httpx.ID(project),
			Item: items.Values{"Title": title, "priority": "high", "unit": json.Number(strconv.FormatInt(unit.ID, 10))}}); err != nil {
			t.Fatal(err)
		}
	}
	rec := a.do(root, "admin/orgUnits/delete", map[string]any{"id": unit.ID}, "")
	if rec.Code != 409 || message(rec) != "A unidade é usada por 2 itens e não pode ser excluída. Desative-a." {
		t.Fatalf("delete a used unit: %d %s", rec.Code, rec.Body)
	}
	page, err := d.Core.ExecuteFilter(ctx, d.Ana, items.ExecuteFilterInput{ComponentID: d.Task, RowsPerPage: 10,
		Filters: []items.FilterItem{{Field: "Title", Operator: "equals", Value: "Um"}}})
	if err != nil || len(page.Rows) != 1 || page.Rows[0]["unit"] != "Engenharia" {
		t.Fatalf("listed unit: %v %v", page.Rows, err)
	}
	free := a.save(map[string]any{"name": "Livre"})
	if rec := a.do(root, "admin/orgUnits/delete", map[string]any{"id": free.ID}, ""); rec.Code != 200 {
		t.Fatalf("delete an unused unit: %d %s", rec.Code, rec.Body)
	}
}

// The migration turns the groups (but Todos) into top-level units with the
// same ids and members, and the next unit gets an id past them.
func TestMigrationKeepsGroupIDs(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	body, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "migrations", "00300_org_units.sql"))
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(string(body), "-- +goose Down")
	if _, err := db.Exec(ctx, down); err != nil {
		t.Fatal(err)
	}
	var ana, financeiro, juridico int64
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name) VALUES ('ana', 'Ana') RETURNING id`).Scan(&ana); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `INSERT INTO user_group (name) VALUES ('Financeiro') RETURNING id`).Scan(&financeiro); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `INSERT INTO user_group (name) VALUES ('Jurídico') RETURNING id`).Scan(&juridico); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO group_member (group_id, user_id) VALUES ($1, $2)`, juridico, ana); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, up); err != nil {
		t.Fatal(err)
	}
	var names string
	var members, next int64
	if err := db.QueryRow(ctx, `SELECT string_agg(id || '=' || name || coalesce(parent_id::text, ''), ',' ORDER BY id),
		(SELECT count(*) FROM org_unit_member WHERE unit_id = $1 AND user_id = $2) FROM org_unit`, juridico, ana).
		Scan(&names, &members); err != nil {
		t.Fatal(err)
	}
	want := strconv.FormatInt(financeiro, 10) + "=Financeiro," + strconv.FormatInt(juridico, 10) + "=Jurídico"
	if names != want || members != 1 {
		t.Fatalf("units %q (want %q), Ana in Jurídico %d", names, want, members)
	}
	if err := db.QueryRow(ctx, `INSERT INTO org_unit (name) VALUES ('Nova') RETURNING id`).Scan(&next); err != nil || next <= juridico {
		t.Fatalf("next id %d after %d: %v", next, juridico, err)
	}
}
