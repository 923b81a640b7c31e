package auth

import (
	"net/http"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/api"
)

// Every call the handler mounts is in the API contract.
func TestRoutesAreInTheOpenAPIContract(t *testing.T) {
	r := chi.NewRouter()
	NewHandler(&Service{}).Routes(r)
	doc := string(api.OpenAPI)
	n := 0
	err := chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		n++
		path := "\n  " + route + ":\n"
		i := strings.Index(doc, path)
		if i < 0 {
			t.Errorf("%s %s is not in api/openapi.yaml", method, route)
			return nil
		}
		rest := doc[i+len(path):]
		if end := strings.Index(rest, "\n  /"); end >= 0 {
			rest = rest[:end]
		}
		if !strings.Contains(rest, "    "+strings.ToLower(method)+":") {
			t.Errorf("%s %s: method missing in api/openapi.yaml", method, route)
		}
		return nil
	})
	if err != nil || n != 11 {
		t.Fatalf("walked %d routes: %v", n, err)
	}
}
