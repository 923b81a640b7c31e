package admin_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// TestEveryAdministrationCallIsForAdministratorsOnly walks the router, so a
// route added tomorrow is covered without touching this test.
func TestEveryAdministrationCallIsForAdministratorsOnly(t *testing.T) {
	e := newEnv(t)
	type route struct{ method, path string }
	var routes []route
	err := chi.Walk(e.router, func(method, path string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		path = strings.ReplaceAll(path, "{id}", "1")
		routes = append(routes, route{method, strings.TrimPrefix(path, "/api")})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) < 5 {
		t.Fatalf("only %d routes found", len(routes))
	}
	for _, rt := range routes {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			var body any
			if rt.method == http.MethodPost {
				body = map[string]any{}
			}
			if r := e.do(0, rt.method, rt.path, body); r.Code != http.StatusUnauthorized {
				t.Errorf("without a session: %d, want 401", r.Code)
			}
			e.lang = "en"
			r := e.do(e.ana, rt.method, rt.path, body)
			e.lang = ""
			if r.Code != http.StatusForbidden {
				t.Fatalf("plain user: %d, want 403", r.Code)
			}
			if msg := r.message(); msg != "You do not have permission for this operation." {
				t.Errorf("message %q", msg)
			}
		})
	}
}
