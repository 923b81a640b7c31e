package server

import (
	"context"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/rules"
	"github.com/tramita/tramita/internal/workflow"
)

// workflowRoutes mounts the workflow calls, the operations and the form rules
// over one rules runtime, so its limit on concurrent rules is the process's;
// the kanban board gets the workflow service and the form rules back.
func (a *App) workflowRoutes(r chi.Router) (*workflow.Service, *forms.FormRules) {
	rt := rules.New(a.opts.Logger, rules.Limits{})
	send := func(ctx context.Context, tx pgx.Tx, user int64, title, text string) error {
		_, err := a.portal.Messages.SendTx(ctx, tx, user, title, text)
		return err
	}
	current := func(ctx context.Context) (workflow.Caller, bool) {
		c, ok := caller(ctx)
		return workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	svc := workflow.NewService(a.pool, rt, send).WithWIPCheck(kanban.CheckStrictWIP).WithStatusLeft(a.items.timesheets.StatusLeft)
	workflow.NewHandler(svc, current).Routes(r)

	itemCaller := func(ctx context.Context) (items.Caller, bool) {
		c, ok := caller(ctx)
		return items.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	hosts := func(ctx context.Context, tx pgx.Tx, c items.Caller, componentID int64) (rules.Host, func(context.Context) error, error) {
		return svc.RuleHost(ctx, tx, workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, componentID)
	}
	fr := forms.NewFormRules(items.NewService(items.NewStore(a.pool), nil), a.pool, rt, hosts, itemCaller)
	fr.Routes(r)
	return svc, fr
}
