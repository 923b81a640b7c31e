package resources_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/resources"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestResources(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	var root, ana int64
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name, panel_admin) VALUES ('root', 'Root', true) RETURNING id`).Scan(&root); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name, email) VALUES ('ana', 'Ana Souza', 'ana@example.com') RETURNING id`).Scan(&ana); err != nil {
		t.Fatal(err)
	}
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.Recover,
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if id, err := strconv.ParseInt(r.Header.Get("X-Test-User"), 10, 64); err == nil {
					r = r.WithContext(auth.WithPrincipal(r.Context(), auth.Principal{UserID: id, MFAComplete: true, PanelAdmin: id == root}))
				}
				next.ServeHTTP(w, r)
			})
		})
	r.Route("/api", resources.NewHandler(resources.NewService(db, nil), func(*http.Request) string { return "192.0.2.1" }).Routes)
	do := func(user int64, method, path string, body any) *httptest.ResponseRecorder {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req := httptest.NewRequest(method, "/api/resource/"+path, rd)
		if user != 0 {
			req.Header.Set("X-Test-User", strconv.FormatInt(user, 10))
		}
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, req)
		return rec
	}
	var room, person resources.Form
	rec := do(root, "POST", "saveResource", map[string]any{"name": "Sala 1", "active": true,
		"calendar": map[string]any{"workPeriods": []any{map[string]any{"weekDay": 2, "start": "09:00", "end": "18:00"}}}})
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &room) != nil || room.ID == 0 {
		t.Fatalf("save room %d %s", rec.Code, rec.Body)
	}
	rec = do(root, "POST", "saveResource", map[string]any{"userId": ana, "active": true, "timesheetType": "1"})
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &person) != nil || person.Name != "Ana Souza" {
		t.Fatalf("save person %d %s", rec.Code, rec.Body)
	}
	tests := []struct {
		name   string
		user   int64
		method string
		path   string
		body   any
		status int
	}{
		{"no session", 0, "POST", "getResources", nil, 401},
		{"user lists", ana, "POST", "getResources", map[string]string{"name": "sala"}, 200},
		{"user may not save", ana, "POST", "saveResource", map[string]any{"name": "X"}, 403},
		{"user may not delete", ana, "POST", "deleteResources", []int64{room.ID}, 403},
		{"name required", root, "POST", "saveResource", map[string]any{"name": " "}, 400},
		{"one resource per user", root, "POST", "saveResource", map[string]any{"userId": ana}, 400},
		{"bad timesheet type", root, "POST", "saveResource", map[string]any{"name": "Y", "timesheetType": "9"}, 400},
		{"edit form", ana, "GET", "getResourcetoEdit?resourceId=" + strconv.FormatInt(room.ID, 10), nil, 200},
		{"new form", ana, "GET", "getResourcetoEdit?resourceId=0", nil, 200},
		{"unknown", ana, "GET", "getResourcetoEdit?resourceId=999", nil, 404},
		{"initial data", ana, "GET", "getResourceFormInitialData?resourceId=0", nil, 200},
		{"projects", ana, "GET", "getProjects?resourceId=" + strconv.FormatInt(room.ID, 10), nil, 200},
		{"pending items", ana, "GET", "getPendingItems?resourceId=" + strconv.FormatInt(room.ID, 10) + "&projectId=1", nil, 200},
		{"pending tasks", ana, "GET", "getPendingTasks?resourceId=" + strconv.FormatInt(room.ID, 10) + "&projectId=1", nil, 200},
		{"delete unknown, nothing deleted", root, "POST", "deleteResources", []int64{room.ID, 999}, 404},
		{"delete", root, "POST", "deleteResources", map[string]any{"ids": []int64{room.ID}}, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rec := do(tt.user, tt.method, tt.path, tt.body); rec.Code != tt.status {
				t.Errorf("%d %s", rec.Code, rec.Body)
			}
		})
	}
	var list []resources.Row
	if err := json.Unmarshal(do(ana, "POST", "getResources", nil).Body.Bytes(), &list); err != nil || len(list) != 1 || list[0].Name != "Ana Souza" {
		t.Errorf("list %+v %v", list, err)
	}
	if got := do(ana, "GET", "getPendingTasks?resourceId="+strconv.FormatInt(person.ID, 10), nil).Body.String(); got != "[]\n" {
		t.Errorf("pending %q", got)
	}
	var n int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM audit_event WHERE detail->>'entity' = 'resource'`).Scan(&n); err != nil || n != 3 {
		t.Errorf("%d audit events: %v", n, err)
	}
}
