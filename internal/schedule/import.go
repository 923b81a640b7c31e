package schedule

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule/engine"
	"github.com/tramita/tramita/internal/schedule/msproject"
)

// MaxImportBytes bounds an MS Project XML file taken by scheduleUpload.
const MaxImportBytes = 20 << 20

// UploadPaths are the calls whose multipart bodies may hold a file of
// MaxImportBytes (internal/server gives them that body limit).
var UploadPaths = []string{"/api/genericItem/scheduleUpload"}

// ImportResult answers scheduleUpload: what was created, and the
// project's schedule with it.
type ImportResult struct {
	Created  int              `json:"created"`
	Links    int              `json:"links"`
	Schedule *ProjectSchedule `json:"schedule"`
}

// ImportSchedule answers scheduleUpload: the tasks of an MS Project XML
// file become items of the view's type in the project, in one transaction:
// its work breakdown as parents, dates as the engine schedules the file,
// milestones, progress and the links between them. Who may create items of
// that type in the project may import. common are values every task gets,
// by form field key: what the type requires and a file cannot say.
func (s *Service) ImportSchedule(ctx context.Context, c items.Caller, in ScheduleInput, file io.Reader, common items.Values) (*ImportResult, error) {
	project := int64(in.ProjectID)
	view, err := s.importScope(ctx, c, in)
	if err != nil {
		return nil, err
	}
	// Whatever Read refuses (not XML, not a Project, a bad date or link) is
	// the file's fault, not ours.
	f, err := msproject.Read(io.LimitReader(file, MaxImportBytes))
	if err != nil {
		return nil, httpx.Invalid("file", "schedule.import.notProject")
	}
	p := f.Project()
	switch {
	case len(p.Tasks) == 0:
		return nil, httpx.Invalid("file", "schedule.import.empty")
	case len(p.Tasks) > MaxScheduleTasks:
		return nil, httpx.Fail(http.StatusUnprocessableEntity, "schedule.tooMany", "max", MaxScheduleTasks)
	}
	numbers := map[int64]int64{}
	for _, t := range f.Tasks {
		numbers[t.UID] = t.ID
	}
	res, err := engine.Schedule(p)
	if err != nil {
		return nil, (&plan{numbers: numbers}).refusal(err)
	}
	for _, l := range p.Links {
		if l.Lag < -MaxPredecessorLag || l.Lag > MaxPredecessorLag {
			return nil, httpx.Invalid("file", "items.predecessors.badLag", "max", MaxPredecessorLag)
		}
	}
	out := &ImportResult{Links: len(p.Links)}
	err = pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{}, func(tx pgx.Tx) error {
		n, err := s.createTasks(ctx, tx, c, project, view, p, res, numbers, common)
		out.Created = n
		return err
	})
	if err != nil {
		return nil, err
	}
	if out.Schedule, err = s.GetSchedule(ctx, c, ScheduleInput{ProjectID: in.ProjectID, ViewID: in.ViewID}); err != nil {
		return nil, err
	}
	return out, nil
}

// createTasks creates the tasks level by level of the work breakdown, so
// each parent exists when its tasks name it, then their links.
func (s *Service) createTasks(ctx context.Context, tx pgx.Tx, c items.Caller, project int64, view *scheduleView,
	p engine.Project, res engine.Result, numbers map[int64]int64, common items.Values) (int, error) {
	lang := i18n.From(ctx)
	types, err := s.types.NewItems(ctx, c, view.ComponentID)
	if err != nil {
		return 0, err
	}
	batch, err := types.Begin(ctx, tx, project, string(lang))
	if err != nil {
		return 0, err
	}
	fields, err := types.Fields(ctx, string(lang))
	if err != nil {
		return 0, err
	}
	key := map[string]string{}
	for _, f := range fields {
		key[f.Field] = f.Key
	}
	level := make([]int, len(p.Tasks))
	index := make(map[int64]int, len(p.Tasks))
	for i, t := range p.Tasks {
		index[t.ID] = i
		if t.Parent != 0 {
			level[i] = level[index[t.Parent]] + 1
		}
	}
	created := make(map[int64]int64, len(p.Tasks)) // file UID → item id
	for depth := 0; len(created) < len(p.Tasks); depth++ {
		var ready []*items.Item
		var uids []int64
		for i, t := range p.Tasks {
			if level[i] != depth {
				continue
			}
			values := s.taskValues(view, key, t, res.Tasks[i])
			for k, v := range common {
				if _, set := values[k]; !set {
					values[k] = v
				}
			}
			if t.Parent != 0 {
				values["Parent"] = created[t.Parent]
			}
			it, errs, err := batch.Check(ctx, values)
			if err != nil {
				return 0, err
			}
			if len(errs) > 0 {
				e := errs[0]
				return 0, httpx.Fail(http.StatusUnprocessableEntity, "schedule.import.refused",
					"task", itemName(numbers[t.ID], t.Title), "field", e.Label, "reason", i18n.T(lang, e.Key, e.Args...))
			}
			ready, uids = append(ready, it), append(uids, t.ID)
		}
		if len(ready) == 0 {
			return 0, fmt.Errorf("import: no task at depth %d", depth)
		}
		if err := batch.Create(ctx, "import", ready); err != nil {
			return 0, err
		}
		for i, it := range ready {
			created[uids[i]] = it.ID
		}
	}
	for _, l := range p.Links {
		if err := s.store.add(ctx, tx, created[l.Succ], created[l.Pred], string(l.Type), l.Lag, c.UserID); err != nil {
			return 0, err
		}
	}
	return len(created), nil
}

// taskValues are the new item's values of a task: its title and the
// view's roles it fills (a summary's dates are its tasks', not its own).
func (s *Service) taskValues(view *scheduleView, key map[string]string, t engine.Task, r engine.TaskResult) items.Values {
	values := items.Values{}
	set := func(field string, v any) {
		if k, ok := key[field]; ok && field != "" {
			values[k] = v
		}
	}
	set("Title", t.Title)
	day := func(d engine.Date) string { return d.String() + "T00:00:00Z" }
	set(view.Fields["start"], day(r.Start))
	set(view.Fields["finish"], day(r.Finish))
	if f := view.Fields["progress"]; f != "" && t.Progress > 0 {
		set(f, t.Progress)
	}
	if f := view.Fields["milestone"]; f != "" && r.Milestone {
		set(f, true)
	}
	return values
}
