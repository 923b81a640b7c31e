package admin_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/resources"
	"github.com/tramita/tramita/internal/testkit"
)

// Every administration and resource call is in the OpenAPI fragment api/openapi.yaml.
func TestRoutesAreInTheOpenAPIFragment(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "api", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	r := chi.NewRouter()
	admin.NewHandler(nil, nil).Routes(r)
	resources.NewHandler(nil, nil).Routes(r)
	err = chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
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
			t.Errorf("%s %s: method missing", method, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
