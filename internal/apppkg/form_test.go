package apppkg_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
)

func TestInvalidFormIsRefusedWithLines(t *testing.T) {
	src := `key: forms
application:
  name: {pt-BR: Formulários}
components:
  - key: task
    name: {pt-BR: Tarefa}
    attributes:
      - {key: size, name: {pt-BR: Tamanho}, type: INTEGER}
      - {key: note, name: {pt-BR: Nota}, type: STRING}
      - {key: done, name: {pt-BR: Feito}, type: BOOLEAN}
    forms:
      - key: f
        name: {pt-BR: F}
        tree:
          kind: tab control
          children:
            - kind: panel
              children:
                - {kind: slider, field: size}
                - {kind: numeric picker, field: size, minimum: 10, maximum: 1, decimalScale: 2}
                - {kind: checkbox, field: note}
                - {kind: textbox, field: missing}
                - {kind: textbox, field: note}
                - {kind: masked textbox, field: note}
                - {kind: date chooser, field: done, format: "DD/MM/YYYY%"}
                - {kind: one-to-many}
                - {kind: history, field: note}
                - {kind: textbox, field: StatusName}
                - {kind: label, field: note, showWhen: {field: done, operator: isEmpty, value: 1}}
                - {kind: panel, children: [{kind: html}]}
                - {kind: address, field: note, parts: {street: size, planet: note}}
                - {kind: button, rule: r}
  - key: empty
    name: {pt-BR: Vazio}
    forms:
      - {key: g, name: {pt-BR: G}}
`
	_, err := apppkg.Parse("forms.yaml", []byte(src))
	var inv *apppkg.Invalid
	if !errors.As(err, &inv) {
		t.Fatalf("got %v", err)
	}
	want := []string{
		`forms.yaml:17: form "f": tab control: every tab is a panel with a label`,
		`forms.yaml:19: form "f": unknown control kind "slider"`,
		`forms.yaml:20: form "f": numeric picker: minimum 10 is above maximum 1`,
		`forms.yaml:20: form "f": numeric picker: an INTEGER attribute has decimalScale 0`,
		`forms.yaml:21: form "f": checkbox cannot show attribute "note" of type STRING`,
		`forms.yaml:22: form "f": textbox: field "missing" is not an attribute of the component`,
		`forms.yaml:24: form "f": masked textbox: field "note" is edited by two controls`,
		`forms.yaml:24: form "f": masked textbox needs a mask`,
		`forms.yaml:25: form "f": date chooser cannot show attribute "done" of type BOOLEAN`,
		`forms.yaml:25: form "f": date chooser: format "DD/MM/YYYY%" uses only D M Y H h m s and separators`,
		`forms.yaml:26: form "f": one-to-many needs a component`,
		`forms.yaml:27: form "f": history does not bind a field`,
		`forms.yaml:28: form "f": textbox cannot edit the system field StatusName`,
		`forms.yaml:29: form "f": label: showWhen isEmpty needs no value`,
		`forms.yaml:30: form "f": html needs a text`,
		`forms.yaml:31: form "f": address: field "note" is edited by two controls`,
		`forms.yaml:31: form "f": address: unknown address part "planet"`,
		`forms.yaml:31: form "f": address: address part street needs a STRING attribute, "size" is not one`,
		`forms.yaml:32: form "f": button needs a label`,
		`forms.yaml:32: form "f": button: rule "r" is not a rule of the component`,
		`forms.yaml:36: form "g" has no tree`,
	}
	var got []string
	for _, p := range inv.Problems {
		r := p.String()
		if i := strings.Index(r, " (use "); i > 0 {
			r = r[:i]
		}
		got = append(got, r)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
