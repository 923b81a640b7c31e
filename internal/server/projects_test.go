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
