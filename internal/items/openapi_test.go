package items_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/testkit"
)

// Every item call is in api/openapi.yaml with its method.
func TestRoutesAreInTheOpenAPIFragment(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "api", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	r := chi.NewRouter()
	items.NewHandler(nil, nil).Routes(r)
	items.NewAddressLookup("", nil, nil).Routes(r)
	items.NewFilesHandler(nil, nil, nil).Routes(r)
	items.NewFormRules(nil, nil, nil, nil).Routes(r)
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
