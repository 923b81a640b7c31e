package items_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
)

func TestPredecessorsControlMayNameTheTypeOfItsPredecessors(t *testing.T) {
	src := func(controls string) string {
		return `key: schedule
application:
  name: {pt-BR: Cronograma}
components:
  - key: milestone
    name: {pt-BR: Marco}
  - key: task
    name: {pt-BR: Tarefa}
    forms:
      - key: f
        name: {pt-BR: F}
        tree:
          kind: panel
          children:
` + controls
	}
	ok := "            - {kind: predecessors}\n            - {kind: predecessors, component: milestone, label: {pt-BR: Marcos anteriores}}\n"
	if _, err := apppkg.Parse("schedule.yaml", []byte(src(ok))); err != nil {
		t.Fatalf("predecessors of the item's own type and of a named one: %v", err)
	}
	_, err := apppkg.Parse("schedule.yaml", []byte(src("            - {kind: predecessors, component: phase}\n")))
	var inv *apppkg.Invalid
	if !errors.As(err, &inv) || len(inv.Problems) != 1 || !strings.Contains(inv.Problems[0].String(), `predecessors: component "phase" is not defined`) {
		t.Fatalf("an unknown component: %v", err)
	}
}
