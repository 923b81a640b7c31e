package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/testkit"
)

// The demo's form rules and operations through the whole server: a button's
// rule, the onSave rule inside saveItem, the operation page's definition and
// an operation with parameters that answers a CSV file.
func TestFormRulesAndOperationsWiredEndToEnd(t *testing.T) {
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
	var task, project int64
	if err := s.pool.QueryRow(ctx, `SELECT id FROM component WHERE key = 'task' AND application_id = $1`, rep.ApplicationID).Scan(&task); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(ctx, `INSERT INTO project (name, manager_id) SELECT 'Obra', id FROM app_user WHERE login = 'plain' RETURNING id`).
		Scan(&project); err != nil {
		t.Fatal(err)
	}
	do := func(path, lang string, body any) (*http.Response, []byte) {
		t.Helper()
		b, _ := json.Marshal(body)
		req, err := http.NewRequest("POST", s.srv.URL+"/api/genericItem/"+path, strings.NewReader(string(b)))
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
		out, _ := io.ReadAll(res.Body)
		return res, out
	}
	obj := func(raw []byte) map[string]any {
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		return m
	}
	msg := func(m map[string]any) string {
		s, _, _ := strings.Cut(fmt.Sprint(m["Message"]), httpx.DetailMarker)
		return s
	}

	res, body := do("executeFormBusinessRule", "en", map[string]any{"componentID": task, "rule": "recalculateDates",
		"item": map[string]any{"startDate": "2025-06-02T00:00:00Z", "estimate": 20}})
	if m := obj(body); res.StatusCode != 200 || m["item"].(map[string]any)["dueDate"] != "2025-06-05T00:00:00Z" || msg(m) != "Due date set to 05/06/2025." {
		t.Fatalf("button rule: %d %s", res.StatusCode, body)
	}
	res, body = do("executeFormBusinessRule", "pt-BR", map[string]any{"componentID": task, "rule": "recalculateDates", "item": map[string]any{}})
	if res.StatusCode != 422 || msg(obj(body)) != "Preencha a data de início primeiro." {
		t.Fatalf("button rule refusal: %d %s", res.StatusCode, body)
	}
	item := map[string]any{"Title": "Fundação", "priority": "high", "cost": 250000, "dueDate": "2025-07-15T00:00:00Z"}
	res, body = do("saveItem", "en", map[string]any{"component": task, "projectId": project, "item": item})
	if res.StatusCode != 422 || msg(obj(body)) != "Tasks costing over R$ 100,000 need a description." {
		t.Fatalf("onSave refusal: %d %s", res.StatusCode, body)
	}
	item["description"] = "<p>Concreto</p>"
	if res, body = do("saveItem", "en", map[string]any{"component": task, "projectId": project, "item": item}); res.StatusCode != 200 {
		t.Fatalf("save: %d %s", res.StatusCode, body)
	}

	// A title that would run as a formula in a spreadsheet.
	link := map[string]any{"Title": `=HYPERLINK("http://x","y")`, "priority": "high"}
	if res, body = do("saveItem", "en", map[string]any{"component": task, "projectId": project, "item": link}); res.StatusCode != 200 {
		t.Fatalf("save: %d %s", res.StatusCode, body)
	}

	res, body = do("getOperation", "en", map[string]any{"operationId": "taskSummary", "appID": rep.ApplicationID})
	if m := obj(body); res.StatusCode != 200 || m["name"] != "Task summary" || m["result"] != "file" || len(m["parameters"].([]any)) != 3 {
		t.Fatalf("getOperation: %d %s", res.StatusCode, body)
	}
	res, body = do("executeOperationCallResultFunction", "pt-BR", map[string]any{"operationId": "taskSummary", "appID": rep.ApplicationID,
		"params": map[string]any{"priority": "high", "openOnly": true}})
	if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != "attachment; filename=tarefas-high.csv" ||
		!strings.HasPrefix(string(body), "\uFEFFID;Título;Status;Prioridade;Progresso;Prazo\r\n") ||
		!strings.Contains(string(body), ";Fundação;A fazer;Alta;0;15/07/2025\r\n") ||
		!strings.Contains(string(body), `;"'=HYPERLINK(""http://x"",""y"")";A fazer;Alta;0;`+"\r\n") {
		t.Fatalf("file: %d %v %q", res.StatusCode, res.Header, body)
	}
	res, body = do("executeOperationCallResultFunction", "en", map[string]any{"operationId": "taskSummary", "appID": rep.ApplicationID,
		"params": map[string]any{"format": "xlsx"}})
	if res.StatusCode != 200 || res.Header.Get("Content-Disposition") != "attachment; filename=tasks-all.xlsx" ||
		!strings.HasPrefix(res.Header.Get("Content-Type"), "application/vnd.openxmlformats") || !strings.HasPrefix(string(body), "PK") {
		t.Fatalf("xlsx: %d %v", res.StatusCode, res.Header)
	}
	res, body = do("executeOperationBusinessRule", "pt-BR", map[string]any{"operationId": "taskSummary", "appID": rep.ApplicationID,
		"params": map[string]any{"priority": "urgent"}})
	if res.StatusCode != 400 || msg(obj(body)) != "O valor do campo Prioridade é inválido." {
		t.Fatalf("bad parameter: %d %s", res.StatusCode, body)
	}
}
