package workflow_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/workflow"
)

// The strict board with two more ways into "Em análise": an action whose
// rule makes the request small (onto the board's query), and one whose rule
// makes it large (off the board).
var strictRulesPackage = strings.Replace(strictPackage, "    queries:\n", `      - key: shrink
        name: {pt-BR: Reduzir, en: Shrink}
        from: [open]
        to: review
        rule: |
          item.amount = 10;
      - key: grow
        name: {pt-BR: Ampliar, en: Grow}
        from: [open]
        to: review
        rule: |
          item.amount = 9000;
    queries:
`, 1)

// Every path into a strict column is a transition, so the one check there
// holds for a selection as a whole and for a form's one-item call, and counts
// the items as the action's rule left them.
func TestStrictWIPLimitHoldsOnEveryPathIntoTheColumn(t *testing.T) {
	w := newWorldOf(t, strictRulesPackage)
	ctx := context.Background()
	action := func(key string) workflow.Ref {
		var id int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM item_action WHERE component_id = $1 AND key = $2`, w.request, key).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return workflow.Ref{ID: id}
	}
	submit := workflow.Ref{ID: w.actions["submit"]}

	// A list's selection of two small requests into the one place: refused as a whole.
	_, err := w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(w.open1, w.open2), ComponentID: httpx.ID(w.request),
		Action: submit, ResponsibleID: httpx.ID(w.bia.UserID)})
	if code, msg := message(t, err, "pt-BR"); code != http.StatusUnprocessableEntity || !strings.HasPrefix(msg, "A coluna Em análise do quadro Quadro está no limite WIP (1)") {
		t.Errorf("two at once: %d %q", code, msg)
	}
	for _, item := range []int64{w.open1, w.open2} {
		if st, v, _ := w.state(t, item); st != "open" || v != 1 {
			t.Errorf("item %d after the refused selection: %s v%d", item, st, v)
		}
	}

	// The form's call (executeTaskAction, one item): the first takes the place, the second is refused.
	if _, err := w.svc.ExecuteTaskAction(ctx, w.ana, workflow.TriggerInput{ItemID: httpx.ID(w.open1), ComponentID: httpx.ID(w.request),
		Action: submit, ResponsibleID: httpx.ID(w.bia.UserID)}); err != nil {
		t.Fatal(err)
	}
	_, err = w.svc.ExecuteTaskAction(ctx, w.ana, workflow.TriggerInput{ItemID: httpx.ID(w.open2), ComponentID: httpx.ID(w.request),
		Action: submit, ResponsibleID: httpx.ID(w.bia.UserID)})
	if code, _ := message(t, err, "en"); code != http.StatusUnprocessableEntity {
		t.Errorf("the form's second move: %d", code)
	}

	// A large request is off the board, but the rule of "Reduzir" makes it small: it would
	// take a place the column does not have, so it is refused and keeps its amount.
	_, err = w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(w.bigOpen), ComponentID: httpx.ID(w.request), Action: action("shrink")})
	if code, _ := message(t, err, "pt-BR"); code != http.StatusUnprocessableEntity {
		t.Errorf("shrunk onto the board: %d", code)
	}
	if st, v, attrs := w.state(t, w.bigOpen); st != "open" || v != 1 || attrs["amount"] != float64(5000) {
		t.Errorf("the refused shrink: %s v%d %v", st, v, attrs["amount"])
	}
	// The rule of "Ampliar" takes a small request off the board: it takes no place, it moves.
	if _, err := w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(w.open2), ComponentID: httpx.ID(w.request), Action: action("grow")}); err != nil {
		t.Errorf("grown off the board: %v", err)
	}
}
