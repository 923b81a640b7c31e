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

// The project page's calls through the whole server: the manager reads the
// summary and the WBS of a project without items; a missing or garbled
// projectId is refused in the caller's language, an unknown project is 404.
func TestProjectPageCallsWiredEndToEnd(t *testing.T) {
	s := newRobustServer(t)
	var project int64
	if err := s.pool.QueryRow(context.Background(), `INSERT INTO project (name, manager_id) SELECT 'Obra', id FROM app_user WHERE login = 'plain'
		RETURNING id`).Scan(&project); err != nil {
		t.Fatal(err)
	}
	do := func(path, lang, body string) (int, map[string]any) {
		t.Helper()
		req, err := http.NewRequest("POST", s.srv.URL+"/api/"+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", lang)
		req.Header.Set("Authorization", "Bearer "+s.plain)
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
	for _, path := range []string{"project/projectSummary", "genericItem/getAllActivitiesToEAP"} {
		code, m := do(path, "en", fmt.Sprintf(`{"projectId": %d}`, project))
		if code != 200 || m["projectId"] != float64(project) {
			t.Fatalf("%s: %d %v", path, code, m)
		}
		for _, tc := range []struct {
			lang, body string
			code       int
			msg        string
		}{
			{"pt-BR", `{}`, 400, "Informe o projeto."},
			{"en", `{}`, 400, "Name the project."},
			{"pt-BR", `{"projectId": "abc"}`, 400, "O campo projectId tem um tipo inválido."},
			{"en", `{"projectId": [1]}`, 400, "The field projectId has an invalid type."},
			{"en", `not json`, 400, "The request body is not valid JSON."},
			{"pt-BR", `{"projectId": 987654}`, 404, "O registro não foi encontrado."},
		} {
			code, m := do(path, tc.lang, tc.body)
			msg, _, _ := strings.Cut(fmt.Sprint(m["Message"]), httpx.DetailMarker)
			if code != tc.code || msg != tc.msg {
				t.Fatalf("%s %s %s: %d %v", path, tc.lang, tc.body, code, m)
			}
		}
	}
}
