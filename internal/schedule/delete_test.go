package schedule_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule"
)

// An item that is another's predecessor is deleted only with it.
func TestDeletingAPredecessorIsRefusedUnlessItsSuccessorGoesToo(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.items.AddDeleteGuard(w.svc)
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_delete = true WHERE component_id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	succ, pred := digital[0], digital[1]
	if _, err := w.svc.AddPredecessor(ctx, w.ana, schedule.PredecessorInput{ItemID: httpx.ID(succ), ComponentID: httpx.ID(w.task),
		PredecessorID: httpx.ID(pred)}); err != nil {
		t.Fatal(err)
	}
	np, tp := w.numberOf(t, pred)
	ns, ts := w.numberOf(t, succ)
	err := w.items.DeleteItems(ctx, w.ana, items.DeleteItemInput{ComponentID: w.task, IDs: []int64{pred}})
	want := fmt.Sprintf("Não é possível excluir %d - %s: %d - %s o tem como predecessor.", np, tp, ns, ts)
	if e, ok := httpx.AsError(err); !ok || e.Status != 409 || !strings.HasPrefix(message(ctx, err), want) {
		t.Fatalf("deleting a predecessor: %v %q", err, message(ctx, err))
	}
	if err := w.items.DeleteItems(ctx, w.ana, items.DeleteItemInput{ComponentID: w.task, IDs: []int64{pred, succ}}); err != nil {
		t.Fatalf("with its successor: %v", err)
	}
}
