package schedule

import (
	"context"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule/engine"
)

const (
	// MaxBaselines is how many baselines a project keeps per schedule view,
	// as MS Project's Baseline to Baseline 10.
	MaxBaselines = 10
	// MaxBaselineName bounds a baseline's name in characters.
	MaxBaselineName = 100
)

// BaselineInput is the body of the baseline calls: the schedule (projectId,
// viewId), the name of one to save, or the baseline to delete.
type BaselineInput struct {
	ProjectID  httpx.ID `json:"projectId"`
	ViewID     httpx.ID `json:"viewId"`
	Name       string   `json:"name"`
	BaselineID httpx.ID `json:"baselineId"`
}

// Baseline is a saved baseline as listed: who saved it, when, and how many
// tasks it keeps.
type Baseline struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createdAt"`
	CreatedBy string    `json:"createdBy"`
	Tasks     int       `json:"tasks"`
}

// BaselineList answers every baseline call: the schedule's baselines, the
// newest first.
type BaselineList struct {
	ProjectID int64      `json:"projectId"`
	ViewID    int64      `json:"viewId"`
	Baselines []Baseline `json:"baselines"`
	// CanEdit: the caller may save and delete baselines.
	CanEdit bool `json:"canEdit"`
	Max     int  `json:"max"`
}

// LoadBaselines answers loadScheduleBaselines: whoever reads the schedule
// reads its baselines.
func (s *Service) LoadBaselines(ctx context.Context, c items.Caller, in BaselineInput) (*BaselineList, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "schedule.projectMissing")
	}
	var out *BaselineList
	err := pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		view, err := s.baselineScope(ctx, tx, c, int64(in.ProjectID), int64(in.ViewID))
		if err != nil {
			return err
		}
		out, err = s.baselineList(ctx, tx, c, int64(in.ProjectID), view)
		return err
	})
	return out, err
}

// SaveBaseline answers saveScheduleBaseline: the schedule as computed now
// is kept under the name, for whoever may change the view's items in the
// project.
func (s *Service) SaveBaseline(ctx context.Context, c items.Caller, in BaselineInput) (*BaselineList, error) {
	name := strings.TrimSpace(in.Name)
	switch {
	case in.ProjectID == 0:
		return nil, httpx.Invalid("projectId", "schedule.projectMissing")
	case name == "":
		return nil, httpx.Invalid("name", "schedule.baseline.nameRequired")
	case utf8.RuneCountInString(name) > MaxBaselineName:
		return nil, httpx.Invalid("name", "schedule.baseline.nameTooLong", "max", MaxBaselineName)
	}
	pl, err := s.plan(ctx, c, ScheduleInput{ProjectID: in.ProjectID, ViewID: in.ViewID})
	if err != nil {
		return nil, err
	}
	var out *BaselineList
	err = pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{}, func(tx pgx.Tx) error {
		project := int64(in.ProjectID)
		view, err := s.baselineScope(ctx, tx, c, project, pl.viewID)
		if err != nil {
			return err
		}
		if err := s.mayPlan(ctx, tx, c, project, view); err != nil {
			return err
		}
		// Saves of one project take turns, so two cannot both pass the cap.
		if err := s.store.lockProject(ctx, tx, project); err != nil {
			return err
		}
		count, taken, err := s.store.baselineCount(ctx, tx, project, view.ID, name)
		switch {
		case err != nil:
			return err
		case taken:
			return httpx.Invalid("name", "schedule.baseline.nameTaken", "name", name)
		case count >= MaxBaselines:
			return httpx.Fail(http.StatusUnprocessableEntity, "schedule.baseline.tooMany", "max", MaxBaselines)
		}
		if err := s.store.saveBaseline(ctx, tx, project, view.ID, name, c.UserID, pl); err != nil {
			return err
		}
		out, err = s.baselineList(ctx, tx, c, project, view)
		return err
	})
	return out, err
}

// DeleteBaseline answers deleteScheduleBaseline.
func (s *Service) DeleteBaseline(ctx context.Context, c items.Caller, in BaselineInput) (*BaselineList, error) {
	if in.BaselineID == 0 {
		return nil, httpx.Invalid("baselineId", "schedule.baseline.missing")
	}
	var out *BaselineList
	err := pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{}, func(tx pgx.Tx) error {
		project, viewID, err := s.store.baselineOf(ctx, tx, int64(in.BaselineID))
		if err != nil {
			return err
		}
		view, err := s.baselineScope(ctx, tx, c, project, viewID)
		if err != nil {
			return err
		}
		if err := s.mayPlan(ctx, tx, c, project, view); err != nil {
			return err
		}
		if err := s.store.deleteBaseline(ctx, tx, int64(in.BaselineID)); err != nil {
			return err
		}
		out, err = s.baselineList(ctx, tx, c, project, view)
		return err
	})
	return out, err
}

// baselineScope reads the project and the view as the schedule does: one
// the caller may not read is not found.
func (s *Service) baselineScope(ctx context.Context, q items.Querier, c items.Caller, project, view int64) (*scheduleView, error) {
	if _, err := s.store.scheduleProject(ctx, q, c, project); err != nil {
		return nil, err
	}
	return s.store.scheduleView(ctx, q, c, view, project)
}

// mayPlan refuses a caller who may not change the view's items in the
// project (a read-only member, a type without the update right).
func (s *Service) mayPlan(ctx context.Context, q items.Querier, c items.Caller, project int64, view *scheduleView) error {
	ok, err := items.CanChangeInProject(ctx, q, c, view.ComponentID, project)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.Fail(http.StatusForbidden, "schedule.baseline.forbidden")
	}
	return nil
}

func (s *Service) baselineList(ctx context.Context, q items.Querier, c items.Caller, project int64, view *scheduleView) (*BaselineList, error) {
	list, err := s.store.baselines(ctx, q, project, view.ID)
	if err != nil {
		return nil, err
	}
	can, err := items.CanChangeInProject(ctx, q, c, view.ComponentID, project)
	if err != nil {
		return nil, err
	}
	return &BaselineList{ProjectID: project, ViewID: view.ID, Baselines: list, CanEdit: can, Max: MaxBaselines}, nil
}

// compare puts the baseline's dates beside each task of out and the slip
// in working days of the calendar (positive: later than planned).
func compare(out *ProjectSchedule, base map[int64]baselineTask, cal *engine.Calendar) {
	slip := func(planned, now string) *int {
		p, err1 := engine.ParseDate(planned)
		n, err2 := engine.ParseDate(now)
		if err1 != nil || err2 != nil {
			return nil
		}
		d := cal.WorkdaysBetween(p, n)
		if n < p {
			d = -cal.WorkdaysBetween(n, p)
		}
		return &d
	}
	for i := range out.Tasks {
		t := &out.Tasks[i]
		b, ok := base[t.ID]
		if !ok {
			continue
		}
		t.BaselineStart, t.BaselineFinish = b.Start, b.Finish
		t.StartVariance, t.FinishVariance = slip(b.Start, t.Start), slip(b.Finish, t.Finish)
	}
}
