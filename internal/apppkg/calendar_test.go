package apppkg_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
)

// A calendar view names its start and finish dates; a missing start, an
// unknown role or a field that is not a date attribute is refused with the
// view's line.
func TestCalendarViewFieldsAreCheckedWithLines(t *testing.T) {
	const head = `key: plan
application:
  name: {pt-BR: Plano}
components:
  - key: task
    name: {pt-BR: Tarefa}
    attributes:
      - {key: begin, name: {pt-BR: Início}, type: DATE_TIME}
      - {key: end, name: {pt-BR: Fim}, type: DATE_TIME}
      - {key: note, name: {pt-BR: Nota}, type: STRING}
    views:
      - key: agenda
        name: {pt-BR: Agenda}
        kind: calendar
`
	tests := []struct {
		name   string
		fields string
		want   []string
	}{
		{"start and finish", `{start: begin, finish: end}`, nil},
		{"start only", `{start: end}`, nil},
		{"no start", `{finish: end}`, []string{`plan.yaml:12: view "agenda": a calendar view needs a start field`}},
		{"unknown role", `{start: begin, title: Title}`, []string{
			`plan.yaml:12: view "agenda": "title" is not a field of a calendar view (start, finish)`}},
		{"not dates", `{start: note, finish: CreationDate}`, []string{
			`plan.yaml:12: view "agenda": finish field "CreationDate" must be an attribute of type DATE_TIME`,
			`plan.yaml:12: view "agenda": start field "note" must be an attribute of type DATE_TIME`}},
		{"missing field", `{start: gone}`, []string{`plan.yaml:12: view "agenda": start field "gone" is not a field`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := apppkg.Parse("plan.yaml", []byte(head+"        fields: "+tt.fields+"\n"))
			var got []string
			var inv *apppkg.Invalid
			if errors.As(err, &inv) {
				for _, p := range inv.Problems {
					got = append(got, p.String())
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Fatalf("problems\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
