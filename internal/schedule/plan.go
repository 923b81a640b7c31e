package schedule

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule/engine"
	"github.com/tramita/tramita/internal/schedule/msproject"
)

// MaxScheduleTasks is the most items a schedule computes, the engine's
// measured size (5,000 tasks in well under 100 ms).
const MaxScheduleTasks = 5000

// ScheduleInput is the body of getSchedule and the address of
// scheduleDownload: the project and the schedule view (0: the first of a
// readable type with items in the project).
type ScheduleInput struct {
	ViewID    httpx.ID `json:"viewId"`
	ProjectID httpx.ID `json:"projectId"`
	// BaselineID, with getSchedule, puts a baseline of the schedule beside
	// its tasks.
	BaselineID httpx.ID `json:"baselineId"`
}

// ScheduledTask is an item as scheduled. Dates are YYYY-MM-DD days of
// work; floats are in working days.
type ScheduledTask struct {
	ID          int64   `json:"id"`
	FormattedID int64   `json:"FormattedID"`
	Title       string  `json:"Title"`
	Responsible string  `json:"responsible"` // the item's responsible's name, "" for none
	ParentID    int64   `json:"parentId"`
	Outline     string  `json:"outline"`
	Level       int     `json:"level"`
	Summary     bool    `json:"summary"`
	Milestone   bool    `json:"milestone"`
	Start       string  `json:"start"`
	Finish      string  `json:"finish"`
	LateStart   string  `json:"lateStart"`
	LateFinish  string  `json:"lateFinish"`
	AtDayEnd    bool    `json:"atDayEnd"`
	Duration    int     `json:"duration"`
	Progress    float64 `json:"progress"`
	TotalFloat  int     `json:"totalFloat"`
	FreeFloat   int     `json:"freeFloat"`
	Critical    bool    `json:"critical"`
	// With a baseline asked for: its dates and the slip from them in
	// working days (positive: later than planned); none for a task added
	// after it.
	BaselineStart  string `json:"baselineStart,omitempty"`
	BaselineFinish string `json:"baselineFinish,omitempty"`
	StartVariance  *int   `json:"startVariance,omitempty"`
	FinishVariance *int   `json:"finishVariance,omitempty"`
}

// ScheduledLink is a dependency as scheduled: Float is how far its
// predecessor's side may move before the project's finish moves.
type ScheduledLink struct {
	PredecessorID int64  `json:"predecessorId"`
	SuccessorID   int64  `json:"successorId"`
	Type          string `json:"type"`
	Lag           int    `json:"lag"`
	Float         int    `json:"float"`
	Critical      bool   `json:"critical"`
}

// ScheduleWarning is a dependency a task that stays on its date breaks by
// Days working days (PredecessorID 0: its summary's start).
type ScheduleWarning struct {
	TaskID        int64 `json:"taskId"`
	PredecessorID int64 `json:"predecessorId"`
	Days          int   `json:"days"`
}

// ScheduleCalendar is when the project works, for the Gantt to shade the
// rest: the weekdays worked (0 Sunday) and the holidays (YYYY-MM-DD).
type ScheduleCalendar struct {
	WorkDays []int             `json:"workDays"`
	Holidays []ScheduleHoliday `json:"holidays"`
}

// ScheduleHoliday is a day off of the project's calendar.
type ScheduleHoliday struct {
	Date string `json:"date"`
	Name string `json:"name"`
}

// ProjectSchedule is getSchedule's answer: tasks in work breakdown order.
type ProjectSchedule struct {
	ProjectID     int64  `json:"projectId"`
	ProjectName   string `json:"projectName"`
	ViewID        int64  `json:"viewId"`
	Start         string `json:"start"`
	Finish        string `json:"finish"`
	MinutesPerDay int    `json:"minutesPerDay"`
	ComponentID   int64  `json:"componentId"`
	// Calendar is when the project works: the Gantt shades the rest.
	Calendar ScheduleCalendar  `json:"calendar"`
	Tasks    []ScheduledTask   `json:"tasks"`
	Links    []ScheduledLink   `json:"links"`
	Warnings []ScheduleWarning `json:"warnings"`
	// CanEdit: the caller may change the view's items of the project (the
	// type's update right and project write), so the Gantt offers dragging.
	CanEdit bool `json:"canEdit"`
	// CanImport: the caller may create the view's items in the project,
	// so an MS Project file may be imported into it (scheduleUpload).
	CanImport bool `json:"canImport"`
	// HasProgress: the view names a progress field, so the bars' progress
	// handle sets it (setScheduleProgress) for whoever may edit.
	HasProgress bool `json:"hasProgress"`
}

// plan is a project's schedule as computed: its input, result and the
// numbers its items show.
type plan struct {
	name    string
	viewID  int64
	compID  int64
	project engine.Project
	result  engine.Result
	numbers map[int64]int64
	// responsible names each item's responsible, for the Gantt's column.
	responsible map[int64]string
	hasProgress bool
	canEdit     bool
	canImport   bool
}

// GetSchedule answers getSchedule: the project's items of the view
// scheduled over its work calendar.
func (s *Service) GetSchedule(ctx context.Context, c items.Caller, in ScheduleInput) (*ProjectSchedule, error) {
	pl, err := s.plan(ctx, c, in)
	if err != nil {
		return nil, err
	}
	cal := pl.project.Calendar
	out := &ProjectSchedule{ProjectID: int64(in.ProjectID), ProjectName: pl.name, ViewID: pl.viewID, ComponentID: pl.compID,
		Start: pl.result.Start.String(), Finish: pl.result.Finish.String(), MinutesPerDay: cal.MinutesPerDay(),
		Tasks: make([]ScheduledTask, 0, len(pl.result.Tasks)), Links: make([]ScheduledLink, 0, len(pl.result.Links)),
		Warnings: make([]ScheduleWarning, 0, len(pl.result.Warnings)), CanEdit: pl.canEdit, CanImport: pl.canImport, HasProgress: pl.hasProgress,
		Calendar: calendarOf(cal)}
	for _, i := range pl.result.TreeOrder {
		t, r := pl.project.Tasks[i], pl.result.Tasks[i]
		out.Tasks = append(out.Tasks, ScheduledTask{ID: t.ID, FormattedID: pl.numbers[t.ID], Title: t.Title, Responsible: pl.responsible[t.ID], ParentID: t.Parent,
			Outline: r.Outline, Level: r.Level, Summary: r.Summary, Milestone: r.Milestone,
			Start: r.Start.String(), Finish: r.Finish.String(), LateStart: r.LateStart.String(), LateFinish: r.LateFinish.String(),
			AtDayEnd: r.AtDayEnd, Duration: r.Duration, Progress: r.Progress, TotalFloat: r.TotalFloat, FreeFloat: r.FreeFloat, Critical: r.Critical})
	}
	for _, l := range pl.result.Links {
		out.Links = append(out.Links, ScheduledLink{PredecessorID: l.Pred, SuccessorID: l.Succ, Type: string(l.Type), Lag: l.Lag,
			Float: l.Float, Critical: l.Critical})
	}
	for _, w := range pl.result.Warnings {
		sw := ScheduleWarning{TaskID: w.Task, Days: w.Days}
		if w.Link >= 0 {
			sw.PredecessorID = pl.result.Links[w.Link].Pred
		}
		out.Warnings = append(out.Warnings, sw)
	}
	if in.BaselineID != 0 {
		base, err := s.store.baselineTasks(ctx, s.store.db, int64(in.BaselineID), int64(in.ProjectID), pl.viewID)
		if err != nil {
			return nil, err
		}
		compare(out, base, cal)
	}
	return out, nil
}

// calendarOf lists cal's working weekdays and its whole days off.
func calendarOf(cal *engine.Calendar) ScheduleCalendar {
	out := ScheduleCalendar{WorkDays: []int{}, Holidays: []ScheduleHoliday{}}
	for day, periods := range cal.Week() {
		if len(periods) > 0 {
			out.WorkDays = append(out.WorkDays, day)
		}
	}
	for _, e := range cal.Exceptions() {
		if len(e.Work) > 0 {
			continue
		}
		for d := e.From; d <= e.To; d++ {
			out.Holidays = append(out.Holidays, ScheduleHoliday{Date: d.String(), Name: e.Name})
		}
	}
	return out
}

// ScheduleFile answers scheduleDownload: the schedule as MS Project XML,
// with the name of the file (the project's).
func (s *Service) ScheduleFile(ctx context.Context, c items.Caller, in ScheduleInput) (string, *msproject.File, error) {
	pl, err := s.plan(ctx, c, in)
	if err != nil {
		return "", nil, err
	}
	return fileName(pl.name) + ".xml", msproject.FromSchedule(pl.name, pl.project, pl.result), nil
}

// fileName keeps a project's name as a file name: no path separators nor
// control characters.
func fileName(name string) string {
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	if name == "" {
		return "cronograma"
	}
	return name
}

// plan reads the project, its view's items and their links in one
// snapshot, and schedules them.
func (s *Service) plan(ctx context.Context, c items.Caller, in ScheduleInput) (*plan, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "schedule.projectMissing")
	}
	var pl *plan
	err := pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		var err error
		pl, err = s.planIn(ctx, tx, c, in)
		return err
	})
	return pl, err
}

// planIn is plan within tx, so a change can be checked against the
// schedule it leaves before it is committed.
func (s *Service) planIn(ctx context.Context, tx pgx.Tx, c items.Caller, in ScheduleInput) (*plan, error) {
	proj, err := s.store.scheduleProject(ctx, tx, c, int64(in.ProjectID))
	if err != nil {
		return nil, err
	}
	view, err := s.store.scheduleView(ctx, tx, c, int64(in.ViewID), int64(in.ProjectID))
	if err != nil {
		return nil, err
	}
	rows, err := s.store.scheduleItems(ctx, tx, c, view, int64(in.ProjectID), MaxScheduleTasks+1)
	if err != nil {
		return nil, err
	}
	if len(rows) > MaxScheduleTasks {
		return nil, httpx.Fail(http.StatusUnprocessableEntity, "schedule.tooMany", "max", MaxScheduleTasks)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	// The rights to change an item are the type's and the project's,
	// the same for every item of the view.
	canEdit := false
	if len(rows) > 0 {
		if canEdit, err = items.CanUpdate(ctx, tx, c, view.ComponentID, rows[0].ID); err != nil {
			return nil, err
		}
	}
	canImport, err := items.CanCreate(ctx, tx, c, view.ComponentID, int64(in.ProjectID))
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		// No item to change yet: who may add them is no reader.
		canEdit = canImport
	}
	links, err := s.store.links(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	pl, err := schedulePlan(proj, view, rows, links)
	if err != nil {
		return nil, err
	}
	pl.canEdit, pl.canImport = canEdit, canImport
	return pl, nil
}

// schedulePlan turns the items into tasks as the view says and schedules
// them; the engine's refusals become Messages naming the items.
func schedulePlan(proj *scheduleProject, view *scheduleView, rows []scheduleItem, links []engine.Link) (*plan, error) {
	cal := engine.Standard()
	if len(proj.Periods) > 0 {
		var err error
		if cal, err = engine.StoredCalendar(proj.Periods, proj.Holidays); err != nil {
			return nil, httpx.Fail(http.StatusUnprocessableEntity, "schedule.badCalendar")
		}
	}
	pl := &plan{name: proj.Name, viewID: view.ID, compID: view.ComponentID, numbers: make(map[int64]int64, len(rows)),
		responsible: make(map[int64]string, len(rows)), hasProgress: view.Fields["progress"] != "",
		project: engine.Project{Start: proj.Start, Calendar: cal, Tasks: make([]engine.Task, 0, len(rows)), Links: links}}
	in := make(map[int64]bool, len(rows))
	for _, r := range rows {
		in[r.ID] = true
		pl.numbers[r.ID] = r.Number
		if r.Responsible != "" {
			pl.responsible[r.ID] = r.Responsible
		}
	}
	earliest := engine.Date(0)
	for _, r := range rows {
		t, err := view.task(r, cal, in)
		if err != nil {
			return nil, err
		}
		if t.ConstraintDate != 0 && (earliest == 0 || t.ConstraintDate < earliest) {
			earliest = t.ConstraintDate
		}
		pl.project.Tasks = append(pl.project.Tasks, t)
	}
	if pl.project.Start == 0 {
		pl.project.Start = earliest
	}
	if pl.project.Start == 0 && len(rows) == 0 {
		// Nothing to schedule yet (a new project): an empty plan from today,
		// so the screen opens and offers the import.
		pl.project.Start = engine.DateFromTime(time.Now().UTC())
	}
	if pl.project.Start == 0 {
		return nil, httpx.Fail(http.StatusUnprocessableEntity, "schedule.noStart")
	}
	res, err := engine.Schedule(pl.project)
	if err != nil {
		return nil, pl.refusal(err)
	}
	pl.result = res
	return pl, nil
}

// task is item r as the view reads it: the start is a start-no-earlier-than
// (what MS Project makes of a typed start); the duration is the duration
// field's, else the working days from start to finish, else 0 for a
// milestone and 1 day.
func (v *scheduleView) task(r scheduleItem, cal *engine.Calendar, in map[int64]bool) (engine.Task, error) {
	t := engine.Task{ID: r.ID, Title: r.Title, Duration: 1}
	if v.Fields["parent"] != "" && in[r.Parent] {
		t.Parent = r.Parent
	}
	name := itemName(r.Number, r.Title)
	start, ok1 := v.date(r, "start")
	finish, ok2 := v.date(r, "finish")
	if !ok1 || !ok2 {
		return t, httpx.Fail(http.StatusUnprocessableEntity, "schedule.badValue", "task", name)
	}
	if start != 0 {
		t.Constraint, t.ConstraintDate = engine.StartNoEarlierThan, start
	}
	if start != 0 && finish != 0 {
		if finish < start {
			return t, httpx.Fail(http.StatusUnprocessableEntity, "schedule.finishBeforeStart", "task", name)
		}
		t.Duration = cal.WorkdaysBetween(start, finish.AddDays(1))
	}
	if d, ok := v.number(r, "duration"); ok {
		if v.Types[v.Fields["duration"]] == "DURATION" {
			d = d * 60 / float64(cal.MinutesPerDay())
		}
		t.Duration = int(math.Ceil(d - 1e-9))
	}
	if p, ok := v.number(r, "progress"); ok {
		t.Progress = p
	}
	if f := v.Fields["milestone"]; f != "" && r.Values[f] == true {
		t.Duration = 0
	}
	return t, nil
}

// date reads a date attribute of the role (0 when empty); false: a value
// that is not a date.
func (v *scheduleView) date(r scheduleItem, role string) (engine.Date, bool) {
	raw, set := r.Values[v.Fields[role]]
	if v.Fields[role] == "" || !set || raw == nil {
		return 0, true
	}
	t, ok := raw.(time.Time)
	if !ok {
		return 0, false
	}
	return engine.DateFromTime(t.UTC()), true
}

// number reads a numeric attribute of the role; false when empty.
func (v *scheduleView) number(r scheduleItem, role string) (float64, bool) {
	f := v.Fields[role]
	n, ok := r.Values[f].(float64)
	return n, f != "" && ok
}

// itemName is how Messages name an item: "#12 Título".
func itemName(number int64, title string) string {
	return fmt.Sprintf("#%d %s", number, title)
}

// refusal is the engine's refusal as a Message naming the items by number.
func (pl *plan) refusal(err error) error {
	name := func(r engine.TaskRef) string {
		if r.ID == 0 {
			return ""
		}
		return itemName(pl.numbers[r.ID], r.Title)
	}
	var cyc *engine.CycleError
	if errors.As(err, &cyc) {
		names := make([]string, 0, len(cyc.Tasks)+1)
		for _, t := range cyc.Tasks {
			names = append(names, name(t))
		}
		if len(names) > 0 {
			names = append(names, names[0])
		}
		return httpx.Fail(http.StatusUnprocessableEntity, "schedule.cycle", "tasks", strings.Join(names, " → "))
	}
	var bad *engine.InputError
	if errors.As(err, &bad) {
		return httpx.Fail(http.StatusUnprocessableEntity, "schedule.problem."+string(bad.Problem), "task", name(bad.Task), "other", name(bad.Other))
	}
	return err
}
