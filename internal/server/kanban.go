package server

import (
	"context"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/workflow"
)

// kanbanRoutes mounts the board calls (/kanban/getBoards, getBoard,
// getColumn, saveWipLimits, setLane). Moving a card goes through the
// workflow calls; a card's lane is written by the form rules' updateItemField
// (a picklist) or the workflow's responsible change.
func (a *App) kanbanRoutes(r chi.Router, wf *workflow.Service, formRules *items.FormRules) {
	current := func(ctx context.Context) (kanban.Caller, bool) {
		c, ok := caller(ctx)
		return kanban.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	svc := kanban.NewService(kanban.NewStore(a.pool), nil).WithLanes(laneWriter{wf: wf, fr: formRules})
	kanban.NewHandler(svc, current).Routes(r)
}

// laneWriter writes a card's lane through the item engine and the workflow.
type laneWriter struct {
	wf *workflow.Service
	fr *items.FormRules
}

func (l laneWriter) Field(ctx context.Context, c kanban.Caller, componentID, itemID int64, field string, value, stamp any) error {
	_, err := l.fr.UpdateItemField(ctx, items.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, items.UpdateFieldInput{
		ItemID: items.FlexID(itemID), ComponentID: items.FlexID(componentID), Field: field, Value: value, ModificationDateTicks: stamp})
	return err
}

func (l laneWriter) Responsible(ctx context.Context, c kanban.Caller, componentID, itemID int64, responsible *int64, stamp int64, board string) error {
	return l.wf.SetResponsible(ctx, workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, componentID, itemID, responsible, stamp, board)
}
