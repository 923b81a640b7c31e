package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/testkit"
)

// The demo's report through the whole server, as the spec's viewer URL
// calls it: the token and the language in the query.
func TestTheReportViewerTakesTheTokenAndLanguageFromTheQuery(t *testing.T) {
	s := newRobustServer(t)
	ctx := context.Background()
	raw, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "apps", "demo", "project-management.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := apppkg.Parse("project-management.yaml", raw)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := apppkg.Import(ctx, s.pool, "project-management.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	var report int64
	if err := s.pool.QueryRow(ctx, `SELECT id FROM report WHERE key = 'tasksByProject' AND application_id = $1`, rep.ApplicationID).
		Scan(&report); err != nil {
		t.Fatal(err)
	}
	var menuLink string
	if err := s.pool.QueryRow(ctx, `SELECT link FROM menu_entry WHERE key = 'tasksByProjectReport' AND application_id = $1`, rep.ApplicationID).
		Scan(&menuLink); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("/runtime/%d/report/%d/", rep.ApplicationID, report); !strings.HasPrefix(menuLink, want) {
		t.Errorf("menu link %q, want %s...", menuLink, want)
	}
	get := func(query url.Values, header string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest("GET", s.srv.URL+"/api/reportviewer?"+query.Encode(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if header != "" {
			req.Header.Set("Authorization", "Bearer "+header)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res, body
	}
	message := func(body []byte) string {
		var m struct{ Message string }
		_ = json.Unmarshal(body, &m)
		msg, _, _ := strings.Cut(m.Message, httpx.DetailMarker)
		return msg
	}
	q := func(pairs ...string) url.Values {
		v := url.Values{"reportID": {fmt.Sprint(report)}, "appID": {fmt.Sprint(rep.ApplicationID)}}
		for i := 0; i+1 < len(pairs); i += 2 {
			v.Set(pairs[i], pairs[i+1])
		}
		return v
	}

	res, body := get(q("token", s.plain, "language", "en"), "")
	var out struct {
		Name       string `json:"name"`
		Parameters []string
	}
	if err := json.Unmarshal(body, &out); err != nil || res.StatusCode != 200 || out.Name != "Tasks by project and status" {
		t.Fatalf("token in the query: %d %.300s", res.StatusCode, body)
	}
	res, body = get(q("token", s.plain, "format", "xlsx"), "")
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "spreadsheetml") || len(body) == 0 {
		t.Errorf("workbook: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	tests := []struct {
		name   string
		query  url.Values
		header string
		status int
		msg    string
	}{
		{"no token", q(), "", 401, ""},
		{"a token that opens no session", q("token", "not.a.token"), "", 401, ""},
		{"a token still owing the second factor", q("token", s.pending), "", 401, ""},
		{"another session's token than the header's", q("token", s.plain), s.admin, 403, "O token do endereço é de outra sessão."},
		{"another application", q("token", s.plain, "appID", fmt.Sprint(rep.ApplicationID+1000)), "", 404,
			"O relatório não pertence a esta aplicação."},
		{"a period of a hundred years, in English", q("token", s.plain, "language", "en", "from", "1950-01-01", "to", "2050-01-01"), "", 400,
			"A report's period can be at most 20 years long."},
		{"a project that is not a number", q("token", s.plain, "project", "Obra"), "", 400,
			"O parâmetro project deve ser um número inteiro positivo."},
		{"an unknown format", q("token", s.plain, "format", "pdf"), "", 400, "O formato pdf não existe; use json ou xlsx."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, body := get(tc.query, tc.header)
			if res.StatusCode != tc.status || message(body) == "" || (tc.msg != "" && message(body) != tc.msg) {
				t.Errorf("got %d %q, want %d %q", res.StatusCode, message(body), tc.status, tc.msg)
			}
		})
	}
}
