package kanban_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/testkit"
)

// Every board call is in api/openapi.yaml with its method.
func TestRoutesAreInTheOpenAPIFragment(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "api", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	r := chi.NewRouter()
	kanban.NewHandler(nil, nil).Routes(r)
	err = chi.Walk(r, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		path := "\n  " + route + ":\n"
		i := strings.Index(doc, path)
		if i < 0 {
			t.Errorf("%s %s is not in api/openapi.yaml", method, route)
			return nil
		}
		if rest := doc[i+len(path):]; !strings.HasPrefix(rest, "    "+strings.ToLower(method)+":") {
			t.Errorf("%s %s: method missing", method, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
