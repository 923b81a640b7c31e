package server

import (
	"context"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/workflow"
)

// kanbanRoutes mounts the board calls. A card moves through the workflow
// calls and its lane is written by the form rules' updateItemField or the
// workflow's responsible change, so both are handed in.
func (a *App) kanbanRoutes(r chi.Router, wf *workflow.Service, formRules *forms.FormRules) {
	current := func(ctx context.Context) (kanban.Caller, bool) {
		c, ok := caller(ctx)
		return kanban.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	svc := kanban.NewService(kanban.NewStore(a.pool), nil).WithLanes(kanban.WorkflowLanes{Workflow: wf, FormRules: formRules})
	kanban.NewHandler(svc, current).Routes(r)
}
