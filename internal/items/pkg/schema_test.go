package pkg_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/items/pkg"
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
		{"properties", pkg.Package{}},
		{"properties.application.properties", pkg.Application{}},
		{"properties.menu.[].properties", pkg.MenuEntry{}},
		{"properties.menu.[].properties.list.properties", pkg.ListLink{}},
		{"properties.picklists.[].properties", pkg.Picklist{}},
		{"properties.picklists.[].properties.items.[].properties", pkg.PicklistItem{}},
		{"properties.components.[].properties", pkg.Component{}},
		{"properties.components.[].properties.permissions.[].properties", pkg.Grant{}},
		{"properties.components.[].properties.attributes.[].properties", pkg.Attribute{}},
		{"properties.components.[].properties.statuses.[].properties", pkg.Status{}},
		{"properties.components.[].properties.actions.[].properties", pkg.Action{}},
		{"properties.components.[].properties.actions.[].properties.allowedTo.properties", pkg.ActionRunners{}},
		{"properties.components.[].properties.forms.[].properties", pkg.Form{}},
		{"properties.components.[].properties.rules.[].properties", pkg.NamedRule{}},
		{"properties.operations.[].properties", pkg.Operation{}},
		{"properties.operations.[].properties.parameters.[].properties", pkg.Parameter{}},
		{"properties.components.[].properties.queries.[].properties", pkg.Query{}},
		{"properties.components.[].properties.views.[].properties", pkg.View{}},
		{"properties.components.[].properties.views.[].properties.columns.[].properties", pkg.Column{}},
		{"properties.components.[].properties.views.[].properties.sort.[].properties", pkg.Sort{}},
		{"$defs.condition.properties", pkg.Condition{}},
		{"$defs.control.properties", pkg.Control{}},
		{"$defs.control.properties.showWhen.properties", pkg.ShowWhen{}},
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
	for k := range pkg.Kinds {
		kinds = append(kinds, k)
	}
	for _, e := range []struct {
		path string
		want []string
	}{
		{"$defs.control.properties.kind", kinds},
		{"$defs.control.properties.itemType", pkg.ItemTypes},
		{"$defs.control.properties.showWhen.properties.operator", pkg.ShowOperators},
		{"properties.components.[].properties.attributes.[].properties.type", schema.Types},
		{"properties.operations.[].properties.result", pkg.ResultKinds},
		{"properties.operations.[].properties.parameters.[].properties.type", pkg.ParameterTypes},
	} {
		want := slices.Sorted(slices.Values(e.want))
		if got := enum(e.path); !slices.Equal(got, want) {
			t.Errorf("%s: the schema lists %v, Go %v", e.path, got, want)
		}
	}
}
