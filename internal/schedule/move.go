package schedule

import (
	"context"
	"fmt"
	"maps"
	"math"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule/engine"
)

// MoveInput is the body of moveScheduleTask: an item of the project's
// schedule view gets new dates (YYYY-MM-DD), a bar dragged or resized.
type MoveInput struct {
	ProjectID httpx.ID `json:"projectId"`
	ViewID    httpx.ID `json:"viewId"`
	ItemID    httpx.ID `json:"itemId"`
	Start     string   `json:"start"`
	Finish    string   `json:"finish"`
	// Progress, when given, is written in the same save (the dates
	// dialog's percent complete), as setScheduleProgress would.
	Progress *float64 `json:"progress"`
}

// MoveTask answers moveScheduleTask: it writes the view's start and finish
// (or duration) of the item through the item core, with a save's rights
// and a version in its history, and answers the schedule computed again.
func (s *Service) MoveTask(ctx context.Context, c items.Caller, in MoveInput) (*ProjectSchedule, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "schedule.projectMissing")
	}
	start, err := parseDay(in.Start)
	if err != nil {
		return nil, httpx.Invalid("start", "schedule.move.badDate")
	}
	finish, err := parseDay(in.Finish)
	if err != nil {
		return nil, httpx.Invalid("finish", "schedule.move.badDate")
	}
	if finish.Before(start) {
		return nil, httpx.Invalid("finish", "schedule.move.finishBeforeStart")
	}
	if finish.Sub(start) > time.Duration(engine.MaxDuration)*24*time.Hour {
		return nil, httpx.Invalid("finish", "schedule.move.tooLong", "max", engine.MaxDuration)
	}
	if in.Progress != nil && (*in.Progress < 0 || *in.Progress > 100) {
		return nil, httpx.Invalid("progress", "schedule.progress.range")
	}
	var viewID int64
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		t, err := s.editableTask(ctx, tx, c, in.ProjectID, in.ViewID, in.ItemID, "schedule.move.summary")
		if err != nil {
			return err
		}
		viewID = t.view.ID
		attrs, err := t.view.moved(t.item.Attributes, t.project, start, finish)
		if err != nil {
			return err
		}
		if in.Progress != nil {
			if err := t.view.progressed(attrs, *in.Progress); err != nil {
				return err
			}
		}
		return t.save(ctx, tx, c, attrs)
	})
	if err != nil {
		return nil, err
	}
	return s.GetSchedule(ctx, c, ScheduleInput{ProjectID: in.ProjectID, ViewID: httpx.ID(viewID)})
}

// ProgressInput is the body of setScheduleProgress: a task's percent
// complete, its bar's progress handle dragged.
type ProgressInput struct {
	ProjectID httpx.ID `json:"projectId"`
	ViewID    httpx.ID `json:"viewId"`
	ItemID    httpx.ID `json:"itemId"`
	Progress  *float64 `json:"progress"`
}

// SetProgress answers setScheduleProgress: it writes the view's progress
// field of the item (a whole percent, 0 to 100) through the item core, as
// MoveTask writes its dates, and answers the schedule computed again.
func (s *Service) SetProgress(ctx context.Context, c items.Caller, in ProgressInput) (*ProjectSchedule, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "schedule.projectMissing")
	}
	if in.Progress == nil || *in.Progress < 0 || *in.Progress > 100 {
		return nil, httpx.Invalid("progress", "schedule.progress.range")
	}
	var viewID int64
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		t, err := s.editableTask(ctx, tx, c, in.ProjectID, in.ViewID, in.ItemID, "schedule.progress.summary")
		if err != nil {
			return err
		}
		viewID = t.view.ID
		attrs := maps.Clone(t.item.Attributes)
		if attrs == nil {
			attrs = map[string]any{}
		}
		if err := t.view.progressed(attrs, *in.Progress); err != nil {
			return err
		}
		return t.save(ctx, tx, c, attrs)
	})
	if err != nil {
		return nil, err
	}
	return s.GetSchedule(ctx, c, ScheduleInput{ProjectID: in.ProjectID, ViewID: httpx.ID(viewID)})
}

// progressed sets the view's progress field in attrs to a whole percent;
// a view without one is refused.
func (v *scheduleView) progressed(attrs map[string]any, progress float64) error {
	field := v.Fields["progress"]
	if field == "" {
		return httpx.Fail(http.StatusBadRequest, "schedule.progress.noField")
	}
	attrs[field] = math.Round(progress)
	return nil
}

// editableTask is an item of the project's schedule view that the caller
// may change, locked for the change; a summary (a task with tasks) is
// refused with summaryKey, its dates and progress being its tasks'.
type editableTask struct {
	project *scheduleProject
	view    *scheduleView
	item    *items.Item
}

func (s *Service) editableTask(ctx context.Context, tx pgx.Tx, c items.Caller, projectID, viewID, itemID httpx.ID, summaryKey string) (*editableTask, error) {
	proj, err := s.store.scheduleProject(ctx, tx, c, int64(projectID))
	if err != nil {
		return nil, err
	}
	view, err := s.store.scheduleView(ctx, tx, c, int64(viewID), int64(projectID))
	if err != nil {
		return nil, err
	}
	it, err := items.ReadItem(ctx, tx, c, view.ComponentID, int64(itemID), true)
	if err != nil {
		return nil, err
	}
	if it.ProjectID == nil || *it.ProjectID != int64(projectID) {
		return nil, httpx.NotFound()
	}
	if ok, err := items.CanUpdate(ctx, tx, c, it.ComponentID, it.ID); err != nil {
		return nil, err
	} else if !ok {
		return nil, httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
	}
	if view.Fields["parent"] != "" {
		summary, err := s.store.hasTasks(ctx, tx, it.ID, view.ComponentID)
		if err != nil {
			return nil, err
		}
		if summary {
			return nil, httpx.Fail(http.StatusBadRequest, summaryKey)
		}
	}
	return &editableTask{project: proj, view: view, item: it}, nil
}

// save writes attrs as the task's attributes through the item core (a
// version in its history), unless nothing changed.
func (t *editableTask) save(ctx context.Context, tx pgx.Tx, c items.Caller, attrs map[string]any) error {
	if maps.EqualFunc(attrs, t.item.Attributes, func(a, b any) bool { return fmt.Sprint(a) == fmt.Sprint(b) }) {
		return nil
	}
	if _, err := items.Mutate(ctx, tx, c.UserID, t.item.ID, items.Change{Operation: "schedule", Title: &t.item.Title, Attributes: attrs}); err != nil {
		return fmt.Errorf("save schedule task: %w", err)
	}
	return nil
}

// moved is the item's attributes with the view's start and finish on the
// new days; a view without a finish keeps the length in its duration
// (working days of the project's calendar; hours for a DURATION).
func (v *scheduleView) moved(current map[string]any, proj *scheduleProject, start, finish time.Time) (map[string]any, error) {
	attrs := maps.Clone(current)
	if attrs == nil {
		attrs = map[string]any{}
	}
	attrs[v.Fields["start"]] = start.Format(time.RFC3339)
	if f := v.Fields["finish"]; f != "" {
		attrs[f] = finish.Format(time.RFC3339)
		return attrs, nil
	}
	f := v.Fields["duration"]
	if f == "" {
		return attrs, nil
	}
	cal := engine.Standard()
	if len(proj.Periods) > 0 {
		var err error
		if cal, err = engine.StoredCalendar(proj.Periods, nil); err != nil {
			return nil, httpx.Fail(http.StatusUnprocessableEntity, "schedule.badCalendar")
		}
	}
	days := cal.WorkdaysBetween(engine.DateFromTime(start), engine.DateFromTime(finish).AddDays(1))
	if v.Types[f] == "DURATION" {
		attrs[f] = float64(days * cal.MinutesPerDay() / 60)
	} else {
		attrs[f] = float64(days)
	}
	return attrs, nil
}

// parseDay reads a YYYY-MM-DD day as midnight UTC, how date attributes are
// stored.
func parseDay(s string) (time.Time, error) {
	return time.Parse(time.DateOnly, s)
}
