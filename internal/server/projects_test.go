package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
)

// The project calls through the whole server: the shown manager set by SQL
// manages the project (migration 00220), saves land in the audit log, and
// refusals answer in the caller's language.
func TestProjectPermissionCallsWiredEndToEnd(t *testing.T) {
	s := newRobustServer(t)
	ctx := context.Background()
	var project, plain int64
	if err := s.pool.QueryRow(ctx, `INSERT INTO project (name, manager_id) SELECT 'Obra', id FROM app_user WHERE login = 'plain'
		RETURNING id, manager_id`).Scan(&project, &plain); err != nil {
		t.Fatal(err)
	}
	do := func(token, path, lang string, body any) (int, map[string]any) {
		t.Helper()
		b, _ := json.Marshal(body)
		req, err := http.NewRequest("POST", s.srv.URL+"/api/genericItem/"+path, strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", lang)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		return res.StatusCode, m
	}
	msg := func(m map[string]any) string {
		s, _, _ := strings.Cut(fmt.Sprint(m["Message"]), httpx.DetailMarker)
		return s
	}

	code, m := do(s.plain, "loadProjectPermissions", "en", map[string]any{"projectId": project})
	users, _ := m["users"].([]any)
	if code != 200 || m["readOnly"] != false || m["projectName"] != "Obra" || len(users) != 1 ||
		users[0].(map[string]any)["role"] != "manager" || users[0].(map[string]any)["login"] != "plain" {
		t.Fatalf("load: %d %v", code, m)
	}
	if code, m = do(s.plain, "getProjectTitle", "en", map[string]any{"projectId": fmt.Sprint(project)}); code != 200 || m["title"] != "Obra" {
		t.Fatalf("title: %d %v", code, m)
	}
	var admin int64
	if err := s.pool.QueryRow(ctx, `SELECT id FROM app_user WHERE login = 'admin'`).Scan(&admin); err != nil {
		t.Fatal(err)
	}
	code, m = do(s.plain, "saveProjectPermissions", "en", map[string]any{"projectId": project,
		"users": []any{map[string]any{"id": plain, "role": "manager"}, map[string]any{"id": admin, "role": "read_only"}}})
	if users, _ := m["users"].([]any); code != 200 || len(users) != 2 {
		t.Fatalf("save: %d %v", code, m)
	}
	var kind, login string
	if err := s.pool.QueryRow(ctx, `SELECT kind, login FROM audit_event ORDER BY id DESC LIMIT 1`).Scan(&kind, &login); err != nil ||
		kind != "project.permissions" || login != "plain" {
		t.Fatalf("audit: %s %s %v", kind, login, err)
	}
	for _, tc := range []struct {
		token, path, lang string
		body              any
		code              int
		msg               string
	}{
		{s.plain, "saveProjectPermissions", "en", map[string]any{"projectId": project, "users": []any{map[string]any{"id": plain, "role": "member"}}},
			409, "The project needs at least one manager."},
		{s.plain, "saveProjectPermissions", "pt-BR", map[string]any{"projectId": project, "users": []any{map[string]any{"id": plain, "role": "member"}}},
			409, "O projeto precisa de ao menos um gerente."},
		{s.plain, "loadProjectPermissions", "en", map[string]any{"projectId": 99999}, 404, "The record was not found."},
		{s.plain, "saveProjectPermissions", "en", map[string]any{"projectId": project, "groups": []any{map[string]any{"id": 77777, "role": "member"}},
			"users": []any{map[string]any{"id": plain, "role": "manager"}}}, 400, "The group 77777 does not exist."},
		{"", "loadProjectPermissions", "en", map[string]any{"projectId": project}, 401, ""},
	} {
		code, m := do(tc.token, tc.path, tc.lang, tc.body)
		if code != tc.code || (tc.msg != "" && msg(m) != tc.msg) {
			t.Fatalf("%s %v: %d %v", tc.path, tc.body, code, m)
		}
	}
}

// The project calls under /api/project through the whole server: an
// administrator creates a project for a plain user, who manages it (loads,
// lists, archives); a plain user may not create; archived, it leaves
// loadProjects.
func TestProjectCallsWiredEndToEnd(t *testing.T) {
	s := newRobustServer(t)
	ctx := context.Background()
	var plain int64
	if err := s.pool.QueryRow(ctx, `SELECT id FROM app_user WHERE login = 'plain'`).Scan(&plain); err != nil {
		t.Fatal(err)
	}
	do := func(token, method, path, lang string, body any) (int, any) {
		t.Helper()
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = strings.NewReader(string(b))
		}
		req, err := http.NewRequest(method, s.srv.URL+"/api/"+path, rd)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", lang)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		var m any
		_ = json.Unmarshal(raw, &m)
		return res.StatusCode, m
	}
	msg := func(m any) string {
		mm, _ := m.(map[string]any)
		s, _, _ := strings.Cut(fmt.Sprint(mm["Message"]), httpx.DetailMarker)
		return s
	}

	code, m := do(s.admin, "POST", "project/saveProject", "en", map[string]any{"id": 0, "name": "Ponte", "code": "PT",
		"managerId": plain, "startDate": "2025-03-01", "finishDate": "2025-09-30"})
	p, _ := m.(map[string]any)
	if code != 200 || p["name"] != "Ponte" || p["managerName"] == "" || p["status"] != "active" {
		t.Fatalf("create: %d %v", code, m)
	}
	id := p["id"]
	if code, m = do(s.plain, "POST", "project/loadProject", "en", map[string]any{"projectId": id}); code != 200 || m.(map[string]any)["canEdit"] != true {
		t.Fatalf("load: %d %v", code, m)
	}
	if code, m = do(s.plain, "POST", "project/listProjects", "en", map[string]any{"text": "pon"}); code != 200 || len(m.([]any)) != 1 {
		t.Fatalf("list: %d %v", code, m)
	}
	if code, m = do(s.plain, "POST", "project/archiveProject", "en", map[string]any{"projectId": id, "archived": true}); code != 200 ||
		m.(map[string]any)["openItems"] != float64(0) || m.(map[string]any)["status"] != "archived" {
		t.Fatalf("archive: %d %v", code, m)
	}
	if code, m = do(s.plain, "GET", "genericItem/loadProjects", "en", nil); code != 200 || len(m.([]any)) != 0 {
		t.Fatalf("loadProjects offers the archived project: %d %v", code, m)
	}
	var kinds string
	if err := s.pool.QueryRow(ctx, `SELECT string_agg(kind || ':' || login, ',' ORDER BY id) FROM audit_event WHERE kind LIKE 'project.%'`).
		Scan(&kinds); err != nil || kinds != "project.create:admin,project.archive:plain" {
		t.Fatalf("audit %q %v", kinds, err)
	}
	for _, tc := range []struct {
		token, path, lang string
		body              any
		code              int
		msg               string
	}{
		{s.plain, "project/saveProject", "en", map[string]any{"name": "Minha"}, 403, "Only an administrator may create projects."},
		{s.plain, "project/saveProject", "pt-BR", map[string]any{"name": "Minha"}, 403, "Só um administrador pode criar projetos."},
		{s.admin, "project/saveProject", "en", map[string]any{"name": "Outra", "code": "pt"}, 409, "The code \"pt\" is already used by another project."},
		{s.admin, "project/saveProject", "en", map[string]any{"name": " "}, 400, "Enter the project's name."},
		{s.plain, "project/loadProject", "en", map[string]any{"projectId": 99999}, 404, "The record was not found."},
		{s.plain, "project/listProjects", "en", map[string]any{"status": "open"}, 400, "The status \"open\" does not exist: use active, archived or all."},
		{"", "project/listProjects", "en", map[string]any{}, 401, ""},
	} {
		code, m := do(tc.token, "POST", tc.path, tc.lang, tc.body)
		if code != tc.code || (tc.msg != "" && msg(m) != tc.msg) {
			t.Fatalf("%s %v: %d %v", tc.path, tc.body, code, m)
		}
	}
}
