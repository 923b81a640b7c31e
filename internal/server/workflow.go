package server

import (
	"context"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/rules"
	"github.com/tramita/tramita/internal/workflow"
)

// workflowRoutes mounts the workflow calls (getActions, loadResponsibles,
// validateByRule, triggerAction, executeTaskAction) under /genericItem. One
// rules runtime serves them, so its limit on concurrent rules is the
// process's; messages to new responsibles go through the portal's service,
// inside the transition's transaction.
func (a *App) workflowRoutes(r chi.Router) {
	rt := rules.New(a.opts.Logger, rules.Limits{})
	send := func(ctx context.Context, tx pgx.Tx, user int64, title, text string) error {
		_, err := a.portal.Messages.SendTx(ctx, tx, user, title, text)
		return err
	}
	current := func(ctx context.Context) (workflow.Caller, bool) {
		c, ok := caller(ctx)
		return workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	workflow.NewHandler(workflow.NewService(a.pool, rt, send), current).Routes(r)
}
