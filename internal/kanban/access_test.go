package kanban_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/kanban"
)

// The board reads cards through the item engine's access rules
// (the core's readable_item): a deleted card is on no board and in no column page, not
// even a panel administrator's, and counts in no total.
func TestBoardLeavesOutCardsTheCallerMayNotRead(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	all := w.queries["all"]
	// done holds one card, largeCard: whether the board shows it, and the
	// column's total.
	done := func(c kanban.Caller) (shown bool, total int) {
		t.Helper()
		b, err := w.svc.Board(ctx, c, kanban.BoardInput{ViewID: w.board, QueryID: &all})
		if err != nil {
			t.Fatal(err)
		}
		for _, col := range b.Columns {
			if col.ID != w.done {
				continue
			}
			for _, card := range col.Cards {
				shown = shown || card.ID == w.largeCard
			}
			return shown, col.Total
		}
		t.Fatal("no done column")
		return false, 0
	}
	for _, c := range []kanban.Caller{w.ana, w.admin} {
		if shown, total := done(c); !shown || total != 1 {
			t.Fatalf("before the delete, user %d: card shown %v, total %d", c.UserID, shown, total)
		}
	}
	if _, err := w.db.Exec(ctx, `UPDATE item SET deleted_at = now() WHERE id = $1`, w.largeCard); err != nil {
		t.Fatal(err)
	}
	for _, c := range []kanban.Caller{w.ana, w.admin} {
		if shown, total := done(c); shown || total != 0 {
			t.Errorf("after the delete, user %d: card shown %v, total %d", c.UserID, shown, total)
		}
		page, err := w.svc.Column(ctx, c, kanban.PageInput{BoardInput: kanban.BoardInput{ViewID: w.board, QueryID: &all}, StatusID: w.done})
		if err != nil || len(page.Cards) != 0 {
			t.Errorf("user %d's page of done: %+v %v", c.UserID, page, err)
		}
	}
}
