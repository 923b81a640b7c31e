package schedule

import (
	"context"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// ParentInput is the body of setScheduleParent: the item of the project's
// schedule view that indent or outdent moves under ParentID (0 or null:
// the top of the breakdown).
type ParentInput struct {
	ProjectID httpx.ID `json:"projectId"`
	ViewID    httpx.ID `json:"viewId"`
	ItemID    httpx.ID `json:"itemId"`
	ParentID  httpx.ID `json:"parentId"`
}

// SetParent answers setScheduleParent: it writes the item core's parent of
// the item (the view's parent role) with a save's rights and history,
// places the task among its new siblings (after its old parent when that
// is one of them, else last) and answers the schedule computed again.
func (s *Service) SetParent(ctx context.Context, c items.Caller, in ParentInput) (*ProjectSchedule, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "schedule.projectMissing")
	}
	var viewID int64
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if _, err := s.store.scheduleProject(ctx, tx, c, int64(in.ProjectID)); err != nil {
			return err
		}
		view, err := s.store.scheduleView(ctx, tx, c, int64(in.ViewID), int64(in.ProjectID))
		if err != nil {
			return err
		}
		viewID = view.ID
		if view.Fields["parent"] == "" {
			return httpx.Fail(http.StatusBadRequest, "schedule.parent.noBreakdown")
		}
		it, err := items.ReadItem(ctx, tx, c, view.ComponentID, int64(in.ItemID), true)
		if err != nil {
			return err
		}
		if it.ProjectID == nil || *it.ProjectID != int64(in.ProjectID) {
			return httpx.NotFound()
		}
		if ok, err := items.CanUpdate(ctx, tx, c, it.ComponentID, it.ID); err != nil {
			return err
		} else if !ok {
			return httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
		}
		// Indents in one project take turns, as predecessors do, so two
		// people cannot close one loop of the breakdown from both ends.
		if err := s.store.lockProject(ctx, tx, int64(in.ProjectID)); err != nil {
			return err
		}
		var parent *int64
		if in.ParentID != 0 {
			p, err := s.parentTask(ctx, tx, c, view, it, int64(in.ParentID))
			if err != nil {
				return err
			}
			parent = &p
		}
		old := int64(0)
		if it.ParentID != nil {
			old = *it.ParentID
		}
		if old == int64(in.ParentID) {
			return nil
		}
		if _, err := items.Mutate(ctx, tx, c.UserID, it.ID, items.Change{Operation: "schedule", SetParent: true, ParentID: parent}); err != nil {
			return fmt.Errorf("set schedule parent: %w", err)
		}
		if err := s.store.placeTask(ctx, tx, it.ID, view.ComponentID, int64(in.ProjectID), int64(in.ParentID), old); err != nil {
			return err
		}
		// A breakdown the engine refuses (a task under a summary it is
		// linked to) is not written.
		_, err = s.planIn(ctx, tx, c, ScheduleInput{ProjectID: in.ProjectID, ViewID: httpx.ID(view.ID)})
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.GetSchedule(ctx, c, ScheduleInput{ProjectID: in.ProjectID, ViewID: httpx.ID(viewID)})
}

// parentTask checks that id may be the parent of it: a task of the same
// schedule (the view's type, the project), not it nor one of its tasks.
func (s *Service) parentTask(ctx context.Context, tx pgx.Tx, c items.Caller, view *scheduleView, it *items.Item, id int64) (int64, error) {
	if id == it.ID {
		return 0, httpx.Invalid("parentId", "schedule.parent.self")
	}
	p, err := items.ReadItem(ctx, tx, c, view.ComponentID, id, false)
	if e, ok := httpx.AsError(err); ok && e.Status == http.StatusNotFound {
		return 0, httpx.Invalid("parentId", "schedule.parent.notTask")
	}
	if err != nil {
		return 0, err
	}
	if p.ProjectID == nil || *p.ProjectID != *it.ProjectID {
		return 0, httpx.Invalid("parentId", "schedule.parent.notTask")
	}
	below, err := s.store.isBelow(ctx, tx, p.ID, it.ID)
	if err != nil {
		return 0, err
	}
	if below {
		return 0, httpx.Invalid("parentId", "schedule.parent.cycle", "task", itemName(it.Number, it.Title), "parent", itemName(p.Number, p.Title))
	}
	return p.ID, nil
}
