package schedule

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/schedule/engine"
)

// scheduleView is a schedule view of a type the caller may read: its
// fields by role (apppkg.ScheduleRoles) and the attribute types behind them.
type scheduleView struct {
	ID          int64
	ComponentID int64
	Fields      map[string]string
	Types       map[string]string
	// attrs are the type's attributes the roles name, the only values a
	// schedule reads (a plan of 5,000 items reads no others).
	attrs []table.Attr
}

// scheduleView reads view id, or with id 0 the first schedule view of a
// readable type with items in the project; none is not found.
func (s *Store) scheduleView(ctx context.Context, q items.Querier, c items.Caller, id, project int64) (*scheduleView, error) {
	v := &scheduleView{}
	var fields []byte
	err := q.QueryRow(ctx, `SELECT v.id, v.component_id, v.fields
		FROM item_view v JOIN readable_component($1, $2) c ON c.id = v.component_id
		WHERE v.kind = 'schedule' AND v.retired_at IS NULL AND c.retired_at IS NULL
		  AND ($3::bigint = 0 OR v.id = $3)
		  AND ($3 <> 0 OR EXISTS (SELECT 1 FROM readable_item($1, $2) i WHERE i.component_id = c.id AND i.project_id = $4))
		ORDER BY v.id LIMIT 1`, c.UserID, c.PanelAdmin, id, project).Scan(&v.ID, &v.ComponentID, &fields)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("schedule view %d: %w", id, err)
	}
	if err := json.Unmarshal(fields, &v.Fields); err != nil {
		return nil, fmt.Errorf("schedule view %d fields: %w", id, err)
	}
	rows, err := q.Query(ctx, `SELECT id, key, type FROM attribute WHERE component_id = $1 AND retired_at IS NULL ORDER BY id`, v.ComponentID)
	if err != nil {
		return nil, fmt.Errorf("schedule view attributes: %w", err)
	}
	v.Types = map[string]string{}
	roles := map[string]bool{}
	for _, key := range v.Fields {
		roles[key] = true
	}
	for rows.Next() {
		var a table.Attr
		if err := rows.Scan(&a.ID, &a.Key, &a.Type); err != nil {
			rows.Close()
			return nil, fmt.Errorf("schedule view attributes: %w", err)
		}
		v.Types[a.Key] = a.Type
		if roles[a.Key] {
			v.attrs = append(v.attrs, a)
		}
	}
	return v, rows.Err()
}

// scheduleProject is the project a schedule is of: its name, start (zero:
// none) and the work periods of its calendar (none: the standard week).
type scheduleProject struct {
	Name     string
	Start    engine.Date
	Periods  []engine.WorkPeriod
	Holidays []engine.Exception
}

// scheduleProject reads a project the caller may read.
func (s *Store) scheduleProject(ctx context.Context, q items.Querier, c items.Caller, id int64) (*scheduleProject, error) {
	var (
		p     scheduleProject
		start *time.Time
		cal   []byte
	)
	err := q.QueryRow(ctx, `SELECT p.name, p.start_date, coalesce(r.calendar, '{}')
		FROM readable_project($1, $2) p LEFT JOIN resource r ON r.id = p.calendar_id
		WHERE p.id = $3`, c.UserID, c.PanelAdmin, id).Scan(&p.Name, &start, &cal)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("schedule project %d: %w", id, err)
	}
	if start != nil {
		p.Start = engine.DateFromTime(*start)
	}
	var stored struct {
		WorkPeriods []struct {
			WeekDay int    `json:"weekDay"`
			Start   string `json:"start"`
			End     string `json:"end"`
		} `json:"workPeriods"`
		Holidays []struct {
			Date string `json:"date"`
			Name string `json:"name"`
		} `json:"holidays"`
	}
	if err := json.Unmarshal(cal, &stored); err != nil {
		return nil, fmt.Errorf("project %d calendar: %w", id, err)
	}
	for _, wp := range stored.WorkPeriods {
		p.Periods = append(p.Periods, engine.WorkPeriod{WeekDay: wp.WeekDay, Start: wp.Start, End: wp.End})
	}
	for _, h := range stored.Holidays {
		d, err := engine.ParseDate(h.Date)
		if err != nil {
			return nil, fmt.Errorf("project %d calendar holiday %q: %w", id, h.Date, err)
		}
		p.Holidays = append(p.Holidays, engine.Exception{From: d, To: d, Name: h.Name})
	}
	return &p, nil
}

// scheduleItem is an item of a schedule with its attribute values.
type scheduleItem struct {
	ID, Number, Parent int64
	Title              string
	Responsible        string // the responsible's name, empty for none
	Values             map[string]any
}

// scheduleItems are up to limit of the project's live items of the view's
// type the caller may read, with the values of the view's roles, in the
// order of their places in the breakdown (a task's stored sort key, set by
// indent and outdent, else its id: creation).
func (s *Store) scheduleItems(ctx context.Context, q items.Querier, c items.Caller, v *scheduleView, project int64, limit int) ([]scheduleItem, error) {
	// The role columns as they are, numbers as float8: no JSON built and
	// parsed per row (a third of getSchedule's time on 5,000 tasks).
	cols := ""
	for _, a := range v.attrs {
		col := "t." + table.Column(a.ID)
		switch table.SQLType(a.Type) {
		case "numeric", "bigint":
			col += "::float8"
		}
		cols += ", " + col
	}
	rows, err := q.Query(ctx, `SELECT i.id, i.number, coalesce(i.parent_id, 0), i.title, coalesce(u.name, '')`+cols+`
		FROM readable_item($1, $2) i JOIN `+table.Name(v.ComponentID)+` t ON t.id = i.id
		LEFT JOIN schedule_task_order o ON o.item_id = i.id LEFT JOIN app_user u ON u.id = i.responsible_id
		WHERE i.project_id = $3 AND i.component_id = $4 ORDER BY coalesce(o.sort_key, i.id::numeric), i.id LIMIT $5`,
		c.UserID, c.PanelAdmin, project, v.ComponentID, limit)
	if err != nil {
		return nil, fmt.Errorf("schedule items: %w", err)
	}
	defer rows.Close()
	var out []scheduleItem
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, fmt.Errorf("schedule items: %w", err)
		}
		it := scheduleItem{ID: vals[0].(int64), Number: vals[1].(int64), Parent: vals[2].(int64), Title: vals[3].(string),
			Responsible: vals[4].(string), Values: make(map[string]any, len(v.attrs))}
		for k, a := range v.attrs {
			if x := vals[5+k]; x != nil {
				it.Values[a.Key] = x
			}
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

// links are the dependencies among ids, by successor and then in the order
// they were added.
func (s *Store) links(ctx context.Context, q items.Querier, ids []int64) ([]engine.Link, error) {
	// The predecessor is checked here, not by a second "= ANY($1)": the
	// planner's estimate of that filter over 5,000 ids cost more than the query.
	rows, err := q.Query(ctx, `SELECT predecessor_id, item_id, dependency_type, lag_days FROM item_predecessor
		WHERE item_id = ANY($1) ORDER BY item_id, created_at, predecessor_id`, ids)
	if err != nil {
		return nil, fmt.Errorf("schedule links: %w", err)
	}
	in := make(map[int64]bool, len(ids))
	for _, id := range ids {
		in[id] = true
	}
	var out []engine.Link
	for rows.Next() {
		var l engine.Link
		var typ string
		if err := rows.Scan(&l.Pred, &l.Succ, &typ, &l.Lag); err != nil {
			rows.Close()
			return nil, fmt.Errorf("schedule links: %w", err)
		}
		if in[l.Pred] {
			l.Type = engine.LinkType(typ)
			out = append(out, l)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("schedule links: %w", err)
	}
	return out, nil
}

// hasTasks reports whether a live item of type comp has item id as its
// parent: a summary of the schedule, whose dates are its tasks'.
func (s *Store) hasTasks(ctx context.Context, q items.Querier, id, comp int64) (bool, error) {
	var ok bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM live_item WHERE parent_id = $1 AND component_id = $2)`, id, comp).Scan(&ok); err != nil {
		return false, fmt.Errorf("schedule summary %d: %w", id, err)
	}
	return ok, nil
}
