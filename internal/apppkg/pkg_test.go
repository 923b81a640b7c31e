package apppkg_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func demo(t *testing.T, name string) (*apppkg.Package, []byte) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "apps", "demo", name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := apppkg.Parse(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return p, data
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDemoPackagesRoundTrip(t *testing.T) {
	for _, name := range []string{"project-management.yaml", "service-desk.yaml"} {
		t.Run(name, func(t *testing.T) {
			db := testkit.NewDB(t)
			ctx := context.Background()
			p, _ := demo(t, name)
			rep, err := apppkg.Import(ctx, db, name, p)
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Created || len(rep.Notes) != 0 {
				t.Fatalf("first import: %+v", rep)
			}
			back, err := apppkg.Export(ctx, db, p.Key)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := asJSON(t, back), asJSON(t, p); got != want {
				t.Fatalf("export differs from the package\n got %s\nwant %s", got, want)
			}
			// The exported YAML imports again and changes nothing.
			text, err := apppkg.Marshal(back)
			if err != nil {
				t.Fatal(err)
			}
			again, err := apppkg.Parse("export.yaml", text)
			if err != nil {
				t.Fatal(err)
			}
			rep, err = apppkg.Import(ctx, db, "export.yaml", again)
			if err != nil || rep.Created || len(rep.Notes) != 0 {
				t.Fatalf("re-import: %+v %v", rep, err)
			}
		})
	}
}

func TestInvalidPackageIsRefusedWholeWithLines(t *testing.T) {
	src := `key: broken
application:
  name: {en: Only English}
  colour: blue
picklists:
  - key: p
    items: []
components:
  - key: task
    name: {pt-BR: Tarefa}
    attributes:
      - {key: size, name: {pt-BR: Tamanho}, type: HUGE}
      - {key: kind, name: {pt-BR: Tipo}, type: PICKLIST, picklist: nope}
    queries:
      - key: q
        name: {pt-BR: Q}
        where:
          conditions:
            - {field: missing, operator: is, value: 1}
            - {field: Title, operator: ">", value: 1}
            - {field: StatusName, operator: isAnyOf, value: [gone]}
`
	_, err := apppkg.Parse("broken.yaml", []byte(src))
	var inv *apppkg.Invalid
	if !errors.As(err, &inv) {
		t.Fatalf("got %v", err)
	}
	// unknown fields stop before semantic checks: fix and parse again
	if len(inv.Problems) != 1 || inv.Problems[0].Line != 4 || !strings.Contains(inv.Problems[0].Reason, "colour") {
		t.Fatalf("problems: %v", inv)
	}
	_, err = apppkg.Parse("broken.yaml", []byte(strings.Replace(src, "  colour: blue\n", "", 1)))
	if !errors.As(err, &inv) {
		t.Fatalf("got %v", err)
	}
	want := []string{
		"broken.yaml:3: the application needs a name in pt-BR",
		`broken.yaml:5: picklist "p" has no items`,
		`broken.yaml:11: attribute "size" has unknown type "HUGE"`,
		`broken.yaml:12: attribute "kind": picklist "nope" is not defined`,
		`broken.yaml:18: condition on "missing": unknown field`,
		`broken.yaml:19: condition on "Title": operator not allowed for this field`,
		`broken.yaml:20: condition on StatusName: "gone" is not a status of "task"`,
	}
	var got []string
	for _, p := range inv.Problems {
		got = append(got, p.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestUnknownGroupRefusesTheWholeImport(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	p, _ := demo(t, "project-management.yaml")
	p.Groups = append(p.Groups, "Ninguém")
	_, err := apppkg.Import(ctx, db, "pm.yaml", p)
	var inv *apppkg.Invalid
	if !errors.As(err, &inv) || !strings.Contains(inv.Error(), `group "Ninguém" does not exist`) {
		t.Fatalf("got %v", err)
	}
	var n int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM application WHERE key = $1`, p.Key).Scan(&n); err != nil || n != 0 {
		t.Fatalf("application imported anyway: %d %v", n, err)
	}
}

func TestReimportRenamesMovesValuesAndKeepsRemovedData(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	p, _ := demo(t, "project-management.yaml")
	rep, err := apppkg.Import(ctx, db, "pm.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	var comp int64
	if err := db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'task' AND application_id = $1`, rep.ApplicationID).Scan(&comp); err != nil {
		t.Fatal(err)
	}
	var item int64
	if err := db.QueryRow(ctx, `INSERT INTO item (component_id, number, title) VALUES ($1, 1, 'A') RETURNING id`, comp).Scan(&item); err != nil {
		t.Fatal(err)
	}
	if err := table.WriteValues(ctx, db, comp, table.Row{ID: item, Values: map[string]any{"cost": 10.5, "storyPoints": 3}}); err != nil {
		t.Fatal(err)
	}
	task := &p.Components[0]
	var kept []apppkg.Attribute
	for _, a := range task.Attributes {
		switch a.Key {
		case "cost":
			a.Key, a.RenamedFrom = "budget", "cost"
		case "storyPoints":
			continue
		}
		kept = append(kept, a)
	}
	task.Attributes = kept
	for i := range task.Views {
		for j := range task.Views[i].Columns {
			if task.Views[i].Columns[j].Field == "cost" {
				task.Views[i].Columns[j].Field = "budget"
			}
		}
	}
	rep, err = apppkg.Import(ctx, db, "pm.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(rep.Notes, "\n")
	if !strings.Contains(notes, `attribute "cost" of "task" renamed to "budget": values of 1 items moved`) ||
		!strings.Contains(notes, `attribute "storyPoints" of "task" is no longer in the package: retired, the values of 1 items kept`) {
		t.Fatalf("notes: %s", notes)
	}
	// The item's values by the attributes' keys now, the retired one's too.
	attrs, err := table.Attrs(ctx, db, comp)
	if err != nil {
		t.Fatal(err)
	}
	var values string
	if err := db.QueryRow(ctx, `SELECT `+table.AttributesExpr("t", attrs)+`::text FROM `+table.Name(comp)+` t WHERE t.id = $1`, item).
		Scan(&values); err != nil {
		t.Fatal(err)
	}
	if values != `{"budget": 10.5, "storyPoints": 3}` {
		t.Fatalf("values %s", values)
	}
	// A type change the stored values cannot follow is refused.
	for i, a := range task.Attributes {
		if a.Key == "budget" {
			task.Attributes[i].Type = "BOOLEAN"
		}
	}
	if _, err := apppkg.Import(ctx, db, "pm.yaml", p); err == nil || !strings.Contains(err.Error(), "cannot change from CURRENCY to BOOLEAN") {
		t.Fatalf("type change: %v", err)
	}
}

// A package upgrade changes the type's typed table (docs/item-tables.md): an
// added attribute is a new column, a renamed one keeps its column and values,
// a removed one keeps them until a purge, a conversion between kinds of the
// same SQL type passes, and one the values cannot follow is refused with the
// attribute's line, the table as it was.
func TestUpgradeChangesTheTypedTable(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	p, _ := demo(t, "project-management.yaml")
	rep, err := apppkg.Import(ctx, db, "pm.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	var comp, user int64
	if err := db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'task' AND application_id = $1`, rep.ApplicationID).Scan(&comp); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name, email, password_hash) VALUES ('ana', 'Ana', 'ana@example.com', '') RETURNING id`).
		Scan(&user); err != nil {
		t.Fatal(err)
	}
	var item int64
	if err := db.QueryRow(ctx, `INSERT INTO item (component_id, number, title) VALUES ($1, 1, 'A') RETURNING id`, comp).Scan(&item); err != nil {
		t.Fatal(err)
	}
	if err := table.WriteValues(ctx, db, comp, table.Row{ID: item,
		Values: map[string]any{"cost": 10.5, "storyPoints": 3, "progress": 40, "reviewer": user}}); err != nil {
		t.Fatal(err)
	}
	attrID := func(key string) int64 {
		t.Helper()
		var id int64
		if err := db.QueryRow(ctx, `SELECT id FROM attribute WHERE component_id = $1 AND key = $2`, comp, key).Scan(&id); err != nil {
			t.Fatalf("attribute %s: %v", key, err)
		}
		return id
	}
	column := func(id int64) (typ, comment, value string) {
		t.Helper()
		col := table.Column(id)
		err := db.QueryRow(ctx, `SELECT format_type(a.atttypid, a.atttypmod), coalesce(col_description(a.attrelid, a.attnum), ''),
			(SELECT coalesce(`+col+`::text, 'NULL') FROM `+table.Name(comp)+`)
			FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attname = $2 AND NOT a.attisdropped`, table.Name(comp), col).
			Scan(&typ, &comment, &value)
		if err != nil {
			t.Fatalf("column %s: %v", col, err)
		}
		return typ, comment, value
	}
	cost, points, progress, reviewer := attrID("cost"), attrID("storyPoints"), attrID("progress"), attrID("reviewer")
	if typ, _, v := column(cost); typ != "numeric" || v != "10.5" {
		t.Fatalf("cost before: %s %s", typ, v)
	}

	task := &p.Components[0]
	var kept []apppkg.Attribute
	for _, a := range task.Attributes {
		switch a.Key {
		case "cost":
			a.Key, a.RenamedFrom = "budget", "cost"
		case "storyPoints":
			continue
		case "progress":
			a.Type = "DECIMAL"
		case "reviewer":
			a.Type = "RESOURCES"
		}
		kept = append(kept, a)
	}
	task.Attributes = append(kept, apppkg.Attribute{Key: "risk", Name: apppkg.Text{"pt-BR": "Risco", "en": "Risk"}, Type: "STRING"})
	for i := range task.Views {
		for j := range task.Views[i].Columns {
			if task.Views[i].Columns[j].Field == "cost" {
				task.Views[i].Columns[j].Field = "budget"
			}
		}
	}
	if _, err := apppkg.Import(ctx, db, "pm.yaml", p); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		id                  int64
		typ, comment, value string
	}{
		{cost, "numeric", "CURRENCY", "10.5"},  // renamed: same column, same value
		{points, "numeric", "INTEGER", "3"},    // removed: kept until a purge
		{progress, "numeric", "DECIMAL", "40"}, // converted within numeric
		{reviewer, "bigint", "RESOURCES", strconv.FormatInt(user, 10)},
		{attrID("risk"), "text", "STRING", "NULL"}, // added
	}
	for _, c := range checks {
		if typ, comment, v := column(c.id); typ != c.typ || comment != c.comment || v != c.value {
			t.Errorf("%s: %s %s %s, want %s %s %s", table.Column(c.id), typ, comment, v, c.typ, c.comment, c.value)
		}
	}

	// A user's id is no project's: refused while an item holds one, with the line.
	for i, a := range task.Attributes {
		if a.Key == "reviewer" {
			task.Attributes[i].Type = "PROJECT"
		}
	}
	_, err = apppkg.Import(ctx, db, "pm.yaml", p)
	if err == nil || !strings.Contains(err.Error(), `attribute "reviewer" cannot change from RESOURCES to PROJECT: 1 items hold values; add a new attribute instead`) {
		t.Fatalf("refused conversion: %v", err)
	}
	if typ, comment, v := column(reviewer); typ != "bigint" || comment != "RESOURCES" || v != strconv.FormatInt(user, 10) {
		t.Fatalf("after the refusal: %s %s %s", typ, comment, v)
	}
}
