package apppkg_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/testkit"
)

// Named rules, form hooks and operations are checked at import, each
// problem with its line; a rule's syntax error names the rule's own line.
func TestRulesAndOperationsAreCheckedWithLines(t *testing.T) {
	src := `key: ops
application: {name: {pt-BR: Operações}}
picklists:
  - key: level
    items: [{value: a, text: {pt-BR: A}}]
components:
  - key: thing
    name: {pt-BR: Coisa}
    attributes:
      - {key: note, name: {pt-BR: Nota}, type: STRING}
    forms:
      - key: f
        name: {pt-BR: F}
        onSave: missing
        tree:
          kind: panel
          children:
            - {kind: textbox, field: note, onChange: nope}
            - {kind: button, label: {pt-BR: B}, rule: good}
    rules:
      - key: good
        source: "item.note = 'x';"
      - key: broken
        source: |
          var a = 1;
          if (a > {
      - key: good
        source: "return 1;"
menu:
  - {key: m, name: {pt-BR: M}, operation: ghost}
operations:
  - key: report
    name: {pt-BR: Relatório}
    result: pdf
    parameters:
      - {key: level, name: {pt-BR: Nível}, type: PICKLIST, picklist: nothing}
      - {key: when, name: {pt-BR: Quando}, type: COLOR}
    rule: "return {file: {name: 'x.csv', content: ''}};"
  - key: bulky
    name: {pt-BR: Em massa}
    bulk: true
    rule: |
      item.note = 1 +;
  - key: norule
    name: {pt-BR: Sem regra}
    component: ghost
`
	_, err := apppkg.Parse("ops.yaml", []byte(src))
	var inv *apppkg.Invalid
	if !errors.As(err, &inv) {
		t.Fatalf("not refused: %v", err)
	}
	got := make([]string, len(inv.Problems))
	for i, pr := range inv.Problems {
		got[i] = pr.String()
	}
	for _, want := range []string{
		`ops.yaml:27: rule "good" is defined twice`,
		`ops.yaml:23: rule "broken": rule line 4: Unexpected end of input`,
		`ops.yaml:12: form "f": onSave rule "missing" is not a rule of "thing"`,
		`ops.yaml:18: form "f": textbox: onChange needs a field and a rule of the component ("nope")`,
		`ops.yaml:32: operation "report": unknown result "pdf"`,
		`ops.yaml:36: operation "report": parameter "level": picklist "nothing" is not defined`,
		`ops.yaml:37: operation "report": parameter "when" has unknown type "COLOR"`,
		`ops.yaml:39: operation "bulky": a bulk operation needs a component`,
		`ops.yaml:39: operation "bulky": rule line 1: Unexpected token`,
		`ops.yaml:44: operation "norule": component "ghost" is not defined`,
		`ops.yaml:44: operation "norule" needs a rule`,
		`ops.yaml:30: menu entry "m": operation "ghost" is not defined`,
	} {
		found := false
		for _, g := range got {
			found = found || strings.HasPrefix(g, want)
		}
		if !found {
			t.Errorf("missing %q in\n%s", want, strings.Join(got, "\n"))
		}
	}
	for _, g := range got {
		if strings.Contains(g, `button: rule "good"`) {
			t.Errorf("a button naming a defined rule is refused: %s", g)
		}
	}
}

// Only a button with a rule opens a window, whose fields are checked as an
// operation's parameters.
func TestWindowIsCheckedWithLines(t *testing.T) {
	src := `key: win
application: {name: {pt-BR: Janela}}
components:
  - key: thing
    name: {pt-BR: Coisa}
    forms:
      - key: f
        name: {pt-BR: F}
        tree:
          kind: panel
          children:
            - {kind: label, text: {pt-BR: L}, window: [{key: a, name: {pt-BR: A}, type: STRING}]}
            - kind: button
              label: {pt-BR: B}
              rule: go
              window:
                - {key: n, name: {pt-BR: N}, type: INTEGER}
                - {key: n, name: {pt-BR: N}, type: COLOR}
    rules:
      - {key: go, source: "return params.n;"}
`
	_, err := apppkg.Parse("win.yaml", []byte(src))
	var inv *apppkg.Invalid
	if !errors.As(err, &inv) {
		t.Fatalf("not refused: %v", err)
	}
	var got []string
	for _, p := range inv.Problems {
		got = append(got, p.String())
	}
	want := []string{
		`win.yaml:12: form "f": label: only a button with a rule opens a window`,
		`win.yaml:18: parameter "n" is defined twice`,
		`win.yaml:18: form "f": button window: parameter "n" has unknown type "COLOR"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The demo's operations and rules are stored and exported back; the menu's
// operation entry links to the operation's page.
func TestOperationsAndRulesAreStoredAndLinked(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	p, _ := demo(t, "project-management.yaml")
	rep, err := apppkg.Import(ctx, db, "pm.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	var opID int64
	var link string
	if err := db.QueryRow(ctx, `SELECT o.id, m.link FROM operation o JOIN menu_entry m ON m.application_id = o.application_id AND m.key = 'taskReport'
		WHERE o.application_id = $1 AND o.key = 'taskSummary'`, rep.ApplicationID).Scan(&opID, &link); err != nil {
		t.Fatal(err)
	}
	if want := "/runtime/" + itoa(rep.ApplicationID) + "/operation/" + itoa(opID) + "/Relat%C3%B3rio%20de%20tarefas"; link != want {
		t.Fatalf("link %s, want %s", link, want)
	}
	var rules, onSave int
	if err := db.QueryRow(ctx, `SELECT (SELECT count(*) FROM component_rule), (SELECT count(*) FROM item_form WHERE on_save <> '')`).
		Scan(&rules, &onSave); err != nil || rules != 3 || onSave != 1 {
		t.Fatalf("rules %d, forms with onSave %d: %v", rules, onSave, err)
	}
	// Dropping an operation and a rule retires them, with a note.
	p.Operations = p.Operations[:1]
	p.Components[0].Rules = p.Components[0].Rules[:2]
	p.Components[0].Forms[0].OnSave = ""
	rep, err = apppkg.Import(ctx, db, "pm.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(rep.Notes, "\n")
	if !strings.Contains(notes, `operation "raisePriority" is no longer in the package`) || !strings.Contains(notes, `rule of task "checkCost"`) {
		t.Fatalf("notes: %s", notes)
	}
}

// An operation whose rule builds a CSV itself is imported with a note that
// points to csv:, which neutralises formulas; one using csv: gets none, and
// neither does the demo.
func TestHandBuiltCSVIsNotedAtImport(t *testing.T) {
	src := `key: reports
application: {name: {pt-BR: Relatórios}}
operations:
  - key: byHand
    name: {pt-BR: À mão}
    result: file
    rule: |
      var lines = ["Título"].concat(items.query({component: "task"}).map(function (t) { return t.Title; }));
      return {file: {name: "a.csv", type: "text/csv; charset=utf-8", content: lines.join("\r\n")}};
  - key: untyped
    name: {pt-BR: Sem tipo}
    result: file
    rule: |
      return {file: {name: "b.CSV", content: "=1+1"}};
  - key: builder
    name: {pt-BR: Pelo servidor}
    result: file
    rule: |
      return {file: {name: "c.csv", csv: {columns: ["a"], rows: [{a: "=1+1"}]}}};
`
	p, err := apppkg.Parse("reports.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := apppkg.Import(context.Background(), testkit.NewDB(t), "reports.yaml", p)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`reports.yaml:4: operation "byHand" builds a CSV by hand: return {file: {name, csv: {columns, rows}}} and the server writes it with formulas neutralised (a title like =HYPERLINK(...) stays text)`,
		`reports.yaml:10: operation "untyped" builds a CSV by hand: return {file: {name, csv: {columns, rows}}} and the server writes it with formulas neutralised (a title like =HYPERLINK(...) stays text)`,
	}
	if strings.Join(rep.Notes, "\n") != strings.Join(want, "\n") {
		t.Fatalf("notes\n got %s\nwant %s", strings.Join(rep.Notes, "\n"), strings.Join(want, "\n"))
	}
	pm, _ := demo(t, "project-management.yaml")
	if w := apppkg.Warnings("project-management.yaml", pm); len(w) != 0 {
		t.Fatalf("the demo: %s", w)
	}
}

func itoa(n int64) string {
	var b []byte
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
