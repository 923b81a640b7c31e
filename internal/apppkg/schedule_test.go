package apppkg_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
)

// A schedule view names its fields by role; the wrong role, type or parent
// is refused with the view's line, and the demo's view is accepted.
func TestScheduleViewFieldsAreCheckedWithLines(t *testing.T) {
	const head = `key: plan
application:
  name: {pt-BR: Plano}
components:
  - key: task
    name: {pt-BR: Tarefa}
    attributes:
      - {key: begin, name: {pt-BR: Início}, type: DATE_TIME}
      - {key: end, name: {pt-BR: Fim}, type: DATE_TIME}
      - {key: hours, name: {pt-BR: Horas}, type: DURATION}
      - {key: done, name: {pt-BR: Feito}, type: PERCENTILE}
      - {key: flag, name: {pt-BR: Marco}, type: BOOLEAN}
      - {key: note, name: {pt-BR: Nota}, type: STRING}
    views:
      - key: gantt
        name: {pt-BR: Cronograma}
        kind: schedule
`
	tests := []struct {
		name   string
		fields string
		want   []string
	}{
		{"every role", `{start: begin, finish: end, duration: hours, progress: done, milestone: flag, parent: Parent}`, nil},
		{"no start", `{finish: end}`, []string{`plan.yaml:15: view "gantt": a schedule view needs a start field`}},
		{"unknown role", `{start: begin, end: end}`, []string{
			`plan.yaml:15: view "gantt": "end" is not a field of a schedule view (start, finish, duration, progress, milestone, parent)`}},
		{"wrong types", `{start: note, progress: flag, milestone: LastModify}`, []string{
			`plan.yaml:15: view "gantt": milestone field "LastModify" must be an attribute of type BOOLEAN`,
			`plan.yaml:15: view "gantt": progress field "flag" must be an attribute of type PERCENTILE or INTEGER or DECIMAL`,
			`plan.yaml:15: view "gantt": start field "note" must be an attribute of type DATE_TIME`}},
		{"parent not Parent", `{start: begin, parent: note}`, []string{`plan.yaml:15: view "gantt": parent must be Parent, the item's parent`}},
		{"missing field", `{start: gone}`, []string{`plan.yaml:15: view "gantt": start field "gone" is not a field`}},
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
