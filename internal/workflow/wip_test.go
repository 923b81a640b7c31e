package workflow_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/workflow"
)

// The request package with a board of the small requests (under R$ 1.000)
// whose column "Em análise" takes one: strict, so a transition past it is
// refused wherever it comes from.
const strictPackage = requestPackage + `    queries:
      - key: small
        name: {pt-BR: Pequenas, en: Small}
        where:
          conditions:
            - {field: amount, operator: "<", value: 1000}
    views:
      - key: board
        name: {pt-BR: Quadro, en: Board}
        kind: kanban
        query: small
        wip: {review: 1}
        wipStrict: true
`

func TestStrictWIPLimitRefusesATransitionIntoAFullColumn(t *testing.T) {
	w := newWorldOf(t, strictPackage)
	ctx := context.Background()
	submit := func(item int64) error {
		_, err := w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(item), ComponentID: httpx.ID(w.request),
			Action: workflow.Ref{ID: w.actions["submit"]}, ResponsibleID: httpx.ID(w.bia.UserID)})
		return err
	}
	// The first small request takes the column's one place.
	if err := submit(w.open1); err != nil {
		t.Fatal(err)
	}
	// The second is refused, in the caller's language, and stays open.
	err := submit(w.open2)
	if code, msg := message(t, err, "pt-BR"); code != http.StatusUnprocessableEntity ||
		msg != "A coluna Em análise do quadro Quadro está no limite WIP (1) e não aceita mais itens." {
		t.Errorf("pt-BR: %d %q", code, msg)
	}
	_, err = w.svc.Trigger(i18n.With(ctx, i18n.Parse("en")), w.ana, workflow.TriggerInput{IDs: ids(w.open2), ComponentID: httpx.ID(w.request),
		Action: workflow.Ref{ID: w.actions["submit"]}, ResponsibleID: httpx.ID(w.bia.UserID)})
	if _, msg := message(t, err, "en"); msg != "Column In review of board Board is at its WIP limit (1) and takes no more items." {
		t.Errorf("en: %q", msg)
	}
	if st, v, _ := w.state(t, w.open2); st != "open" || v != 1 {
		t.Errorf("refused item: %s v%d", st, v)
	}
	// A large request is not on the board: it takes no place there.
	if err := submit(w.bigOpen); err != nil {
		t.Errorf("a request the board does not show: %v", err)
	}
	// An administrator's limit on the board overrides the package's.
	var board int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_view WHERE key = 'board'`).Scan(&board); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO kanban_wip_limit (view_id, status_id, wip_limit) VALUES ($1, $2, 2)`, board, w.statuses["review"]); err != nil {
		t.Fatal(err)
	}
	if err := submit(w.open2); err != nil {
		t.Errorf("under the administrator's limit of 2: %v", err)
	}
}

func TestWIPLimitsWarnOnlyWhenNotStrict(t *testing.T) {
	w := newWorldOf(t, strings.Replace(strictPackage, "wipStrict: true", "wipStrict: false", 1))
	ctx := context.Background()
	for _, item := range []int64{w.open1, w.open2} {
		if _, err := w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(item), ComponentID: httpx.ID(w.request),
			Action: workflow.Ref{ID: w.actions["submit"]}, ResponsibleID: httpx.ID(w.bia.UserID)}); err != nil {
			t.Errorf("a soft limit does not refuse: %v", err)
		}
	}
}

// Two moves into the last place of a strict column at once: the second
// waits for the first and then finds the column full.
func TestStrictWIPLimitHoldsUnderConcurrentMoves(t *testing.T) {
	w := newWorldOf(t, strictPackage)
	ctx := context.Background()
	errs := make(chan error, 2)
	for _, item := range []int64{w.open1, w.open2} {
		go func() {
			_, err := w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(item), ComponentID: httpx.ID(w.request),
				Action: workflow.Ref{ID: w.actions["submit"]}, ResponsibleID: httpx.ID(w.bia.UserID)})
			errs <- err
		}()
	}
	var refused int
	for range 2 {
		if err := <-errs; err != nil {
			if code, _ := message(t, err, "pt-BR"); code != http.StatusUnprocessableEntity {
				t.Errorf("refusal %d: %v", code, err)
			}
			refused++
		}
	}
	var inReview int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item WHERE status_id = $1`, w.statuses["review"]).Scan(&inReview); err != nil {
		t.Fatal(err)
	}
	if refused != 1 || inReview != 1 {
		t.Errorf("%d refused, %d in review; want 1 and 1", refused, inReview)
	}
}
