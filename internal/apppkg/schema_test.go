package apppkg_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/testkit"
)

// The JSON Schema of api/schema names the fields the Go types read, and the
// same control kinds, item types and attribute types.
func TestJSONSchemaMatchesTheGoTypes(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "api", "schema", "app-package.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	// at walks a path of object keys; "[]" steps into an array's items.
	at := func(path string) map[string]any {
		var node any = doc
		for _, step := range strings.Split(path, ".") {
			m, ok := node.(map[string]any)
			if !ok {
				t.Fatalf("%s: %q is not an object", path, step)
			}
			if step == "[]" {
				step = "items"
			}
			node = m[step]
		}
		m, ok := node.(map[string]any)
		if !ok {
			t.Fatalf("%s is missing", path)
		}
		return m
	}
	cases := []struct {
		path string
		typ  any
	}{
		{"properties", apppkg.Package{}},
		{"properties.application.properties", apppkg.Application{}},
		{"properties.menu.[].properties", apppkg.MenuEntry{}},
		{"properties.menu.[].properties.list.properties", apppkg.ListLink{}},
		{"properties.picklists.[].properties", apppkg.Picklist{}},
		{"properties.picklists.[].properties.items.[].properties", apppkg.PicklistItem{}},
		{"properties.components.[].properties", apppkg.Component{}},
		{"properties.components.[].properties.permissions.[].properties", apppkg.Grant{}},
		{"properties.components.[].properties.attributes.[].properties", apppkg.Attribute{}},
		{"properties.components.[].properties.statuses.[].properties", apppkg.Status{}},
		{"properties.components.[].properties.actions.[].properties", apppkg.Action{}},
		{"properties.components.[].properties.actions.[].properties.allowedTo.properties", apppkg.ActionRunners{}},
		{"properties.components.[].properties.forms.[].properties", apppkg.Form{}},
		{"properties.components.[].properties.rules.[].properties", apppkg.NamedRule{}},
		{"properties.operations.[].properties", apppkg.Operation{}},
		{"properties.operations.[].properties.parameters.[].properties", apppkg.Parameter{}},
		{"properties.reports.[].properties", apppkg.ReportDefinition{}},
		{"properties.components.[].properties.queries.[].properties", apppkg.Query{}},
		{"properties.components.[].properties.views.[].properties", apppkg.View{}},
		{"properties.components.[].properties.views.[].properties.columns.[].properties", apppkg.Column{}},
		{"properties.components.[].properties.views.[].properties.sort.[].properties", apppkg.Sort{}},
		{"$defs.condition.properties", apppkg.Condition{}},
		{"$defs.control.properties", apppkg.Control{}},
		{"$defs.control.properties.showWhen.properties", apppkg.ShowWhen{}},
	}
	for _, c := range cases {
		var fields []string
		rt := reflect.TypeOf(c.typ)
		for i := range rt.NumField() {
			if name, _, _ := strings.Cut(rt.Field(i).Tag.Get("yaml"), ","); name != "-" {
				fields = append(fields, name)
			}
		}
		var props []string
		for k := range at(c.path) {
			props = append(props, k)
		}
		slices.Sort(fields)
		slices.Sort(props)
		if !slices.Equal(fields, props) {
			t.Errorf("%s (%s): Go reads %v, the schema lists %v", rt.Name(), c.path, fields, props)
		}
	}
	enum := func(path string) []string {
		var out []string
		for _, v := range at(path)["enum"].([]any) {
			out = append(out, v.(string))
		}
		slices.Sort(out)
		return out
	}
	var kinds []string
	for k := range apppkg.Kinds {
		kinds = append(kinds, k)
	}
	for _, e := range []struct {
		path string
		want []string
	}{
		{"$defs.control.properties.kind", kinds},
		{"$defs.control.properties.itemType", apppkg.ItemTypes},
		{"$defs.control.properties.showWhen.properties.operator", apppkg.ShowOperators},
		{"properties.components.[].properties.attributes.[].properties.type", schema.Types},
		{"properties.operations.[].properties.result", apppkg.ResultKinds},
		{"properties.operations.[].properties.parameters.[].properties.type", apppkg.ParameterTypes},
	} {
		want := slices.Sorted(slices.Values(e.want))
		if got := enum(e.path); !slices.Equal(got, want) {
			t.Errorf("%s: the schema lists %v, Go %v", e.path, got, want)
		}
	}
}
