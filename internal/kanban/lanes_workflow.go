package kanban

import (
	"context"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/workflow"
)

// WorkflowLanes is the LaneWriter over the workflow: a picklist lane through the
// form rules' updateItemField (the grid's rights, checks and onSave rule), the
// responsible through SetResponsible, and LaneTeam for the responsible lanes.
type WorkflowLanes struct {
	Workflow  *workflow.Service
	FormRules *forms.FormRules
}

// Field writes a lane field as updateItemField does.
func (l WorkflowLanes) Field(ctx context.Context, c Caller, componentID, itemID int64, field string, value, stamp any) error {
	_, err := l.FormRules.UpdateItemField(ctx, items.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, items.UpdateFieldInput{
		ItemID: httpx.ID(itemID), ComponentID: httpx.ID(componentID), Field: field, Value: value, ModificationDateTicks: stamp})
	return err
}

// Responsible writes a responsible lane through SetResponsible.
func (l WorkflowLanes) Responsible(ctx context.Context, c Caller, componentID, itemID int64, responsible *int64, stamp int64, board string) error {
	return l.Workflow.SetResponsible(ctx, workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, componentID, itemID, responsible, stamp, board)
}

// Team names the users of the responsible lanes through LaneTeam.
func (l WorkflowLanes) Team(ctx context.Context, c Caller, componentID, projectID int64, limit int) ([]int64, bool, error) {
	return l.Workflow.LaneTeam(ctx, workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, componentID, projectID, limit)
}
