package items_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

type apiResult struct {
	status int
	body   map[string]any
	list   []any
}

func (w *world) api(t *testing.T, c items.Caller) func(method, path, lang, body string) apiResult {
	t.Helper()
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))))
	items.NewHandler(w.svc, func(context.Context) (items.Caller, bool) { return c, true }).Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return func(method, path, lang, body string) apiResult {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", lang)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		out := apiResult{status: res.StatusCode}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) {
			_ = dec.Decode(&out.list)
		} else if err := dec.Decode(&out.body); err != nil {
			t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, raw)
		}
		return out
	}
}

func userMessage(r apiResult) string {
	m, _ := r.body["Message"].(string)
	before, _, _ := strings.Cut(m, httpx.DetailMarker)
	return before
}

func TestFormCallsOverHTTP(t *testing.T) {
	w := newWorld(t)
	call := w.api(t, w.ana)
	digital := itoa(w.project(t, "Transformação Digital"))
	task := itoa(w.task)
	init := call("POST", "/genericItem/getFormInitialData", "en", `{"componentID": "`+task+`", "projectID": `+digital+`, "formName": "default"}`)
	if init.status != 200 || init.body["isNew"] != true {
		t.Fatalf("initial data: %+v", init)
	}
	bad := call("POST", "/genericItem/saveItem", "en", `{"component": `+task+`, "projectId": `+digital+`,
		"item": {"Title": "Via HTTP", "priority": "high", "progress": 101}}`)
	if bad.status != 400 || userMessage(bad) != "Progress: value must be between 0 and 100" {
		t.Fatalf("bad save: %+v", bad)
	}
	if v, _ := bad.body["Validations"].([]any); len(v) != 1 || v[0].(map[string]any)["Field"] != "progress" ||
		v[0].(map[string]any)["Message"] != "value must be between 0 and 100" {
		t.Fatalf("validations: %+v", bad.body["Validations"])
	}
	// Money keeps every digit: numbers are never floats on the way.
	ok := call("POST", "/genericItem/saveItem", "pt-BR", `{"component": {"id": `+task+`}, "projectId": `+digital+`,
		"item": {"Title": "Via HTTP", "priority": "high", "cost": 12345678901234567.89}}`)
	if ok.status != 200 || ok.body["Message"] != "Item Salvo com Sucesso" {
		t.Fatalf("save: %+v", ok)
	}
	item := ok.body["item"].(map[string]any)
	if item["cost"] != json.Number("12345678901234567.89") {
		t.Fatalf("cost: %v", item["cost"])
	}
	// The browser holds the stamp as a double (it passes 2^53) and sends that back.
	exact, _ := ok.body["modificationDateTicks"].(json.Number).Int64()
	id, stamp := ok.body["id"].(json.Number).String(), strconv.FormatFloat(float64(exact), 'f', -1, 64)
	if stamp == strconv.FormatInt(exact, 10) {
		t.Logf("the stamp %d is exact as a double", exact)
	}
	edit := call("POST", "/genericItem/saveItem", "pt-BR", `{"component": `+task+`, "item": {"id": `+id+`, "modificationDateTicks": `+stamp+`, "Title": "Editado"}}`)
	if edit.status != 200 {
		t.Fatalf("edit: %+v", edit)
	}
	stale := call("POST", "/genericItem/saveItem", "en", `{"component": `+task+`, "item": {"id": `+id+`, "modificationDateTicks": "`+stamp+`", "Title": "Outro"}}`)
	if stale.status != 409 || !strings.HasPrefix(userMessage(stale), "The item was changed by Ana after you opened it") {
		t.Fatalf("stale: %+v", stale)
	}
	hist := call("GET", "/genericItem/getHistory?itemId="+id+"&tableName=task", "pt-BR", "")
	if hist.status != 200 || len(hist.list) != 2 {
		t.Fatalf("history: %+v", hist)
	}
	newest, oldest := hist.list[0].(map[string]any)["id"].(json.Number), hist.list[1].(map[string]any)["id"].(json.Number)
	full := call("GET", "/genericItem/getHistoryFull?itemId="+id+"&component="+task, "pt-BR", "")
	if full.status != 200 || len(full.list) != 2 || len(full.list[0].(map[string]any)["changes"].([]any)) != 1 {
		t.Fatalf("full history: %+v", full)
	}
	diff := call("GET", "/genericItem/getAttributeChanges?currentVersion="+newest.String()+"&previousVersion="+oldest.String()+"&componentId="+task, "pt-BR", "")
	if diff.status != 200 || diff.list[0].(map[string]any)["previous"] != "Via HTTP" || diff.list[0].(map[string]any)["current"] != "Editado" {
		t.Fatalf("changes: %+v", diff)
	}
	if r := call("GET", "/genericItem/getHistory?itemId=x", "pt-BR", ""); r.status != 400 {
		t.Fatalf("bad id: %+v", r)
	}
	if r := call("POST", "/genericItem/checkPermissionToUpdate", "pt-BR", `{"item": `+id+`, "component": `+task+`}`); r.status != 200 || r.body["canUpdate"] != true {
		t.Fatalf("permission: %+v", r)
	}
	if r := call("POST", "/genericItem/refreshItem", "pt-BR", `{"itemId": `+id+`, "component": `+task+`, "modificationDateTicks": `+stamp+`}`); r.status != 200 || r.body["changed"] != true {
		t.Fatalf("refresh: %+v", r)
	}
	if r := call("POST", "/genericItem/getForm", "pt-BR", `{"componentID": `+task+`, "formID": 999999}`); r.status != 404 {
		t.Fatalf("missing form: %+v", r)
	}
}

// Two browsers save the same version at once: one wins, the other is told.
func TestConcurrentSavesOfOneVersion(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	created := w.newTask(t, nil)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Component: httpx.ID(w.task), Item: items.Values{
				"id": json.Number(itoa(created.ID)), "modificationDateTicks": created.ModificationDateTicks, "Title": "Versão " + itoa(int64(i))}})
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case status(err) != 409:
			t.Fatalf("a concurrent save: %v", err)
		}
	}
	if won != 1 || w.versions(t, created.ID) != 2 {
		t.Fatalf("%d saves won, %d versions", won, w.versions(t, created.ID))
	}
}
