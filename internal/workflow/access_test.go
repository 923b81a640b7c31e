package workflow_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/workflow"
)

// An item the caller may not read (deleted, or in a project they are not in)
// is not found by any workflow call, for a panel administrator too when it is
// deleted, and nothing of the selection moves.
func TestWorkflowRefusesItemsTheCallerMayNotRead(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `UPDATE item SET deleted_at = now() WHERE id = $1`, w.open2); err != nil {
		t.Fatal(err)
	}
	bia := httpx.ID(w.bia.UserID)
	cases := []struct {
		name   string
		c      workflow.Caller
		hidden int64
	}{
		{"deleted, as a user", w.ana, w.open2},
		{"deleted, as a panel administrator", w.admin, w.open2},
		{"in another project", w.ana, w.foreign},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sel := ids(w.open1, tc.hidden)
			calls := map[string]error{}
			_, calls["triggerAction"] = w.svc.Trigger(ctx, tc.c, workflow.TriggerInput{IDs: sel, Action: workflow.Ref{Key: "submit"}, ResponsibleID: bia})
			_, calls["executeTaskAction"] = w.svc.ExecuteTaskAction(ctx, tc.c, workflow.TriggerInput{IDs: ids(tc.hidden), Action: workflow.Ref{Key: "submit"}, ResponsibleID: bia})
			_, calls["getActions"] = w.svc.Actions(ctx, tc.c, workflow.ActionsInput{IDs: sel})
			_, calls["validateByRule"] = w.svc.ValidateByRule(ctx, tc.c, workflow.ValidateInput{IDs: sel, RuleID: workflow.Ref{Key: "submit"}})
			_, calls["loadResponsibles"] = w.svc.Responsibles(ctx, tc.c, workflow.ResponsiblesInput{IDs: sel, Action: workflow.Ref{Key: "submit"}})
			for call, err := range calls {
				if !errors.Is(err, httpx.ErrNotFound) {
					t.Errorf("%s: %v, want not found", call, err)
				}
			}
		})
	}
	for _, it := range []int64{w.open1, w.open2, w.foreign} {
		if st, v, _ := w.state(t, it); st != "open" || v != 1 {
			t.Errorf("item %d moved: %s v%d", it, st, v)
		}
	}
	// The control: the readable item alone moves.
	w.trigger(t, w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "submit"}, ResponsibleID: bia})
}
