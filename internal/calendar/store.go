package calendar

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
)

// Store reads calendars over pgx; items are read through the core's access
// functions (readable_item, writable_item) and changed by items.Mutate.
type Store struct {
	pool *pgxpool.Pool
}

// NewStore returns the store.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// app is the application a calendar belongs to.
type app struct {
	id int64
	// agenda: the application has no item types of its own.
	agenda bool
}

// dateAttr is a DATE_TIME attribute a view places items by.
type dateAttr struct {
	ID  int64
	Key string
}

// view is a type's calendar view: its first one, by the view order.
type view struct {
	ViewID          int64
	ComponentID     int64
	ComponentName   apppkg.Text
	ApplicationID   int64
	ApplicationName apppkg.Text
	Start           dateAttr
	Finish          *dateAttr
}

// filters narrow the events of a type; 0 is any.
type filters struct {
	from, to    time.Time
	project     int64
	responsible int64
}

// eventRow is an event with its status name in every language.
type eventRow struct {
	Event
	status apppkg.Text
}

// application reads an application the caller may use.
func (s *Store) application(ctx context.Context, c Caller, id int64) (app, error) {
	a := app{id: id}
	err := s.pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM component WHERE application_id = a.id AND retired_at IS NULL)
		FROM usable_application($1, $2) a WHERE a.id = $3`, c.UserID, c.PanelAdmin, id).Scan(&a.agenda)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, httpx.NotFound()
	}
	if err != nil {
		return a, fmt.Errorf("calendar application %d: %w", id, err)
	}
	return a, nil
}

// viewsSQL selects the first calendar view of each readable type whose
// start is a date attribute of the type ($3: the application, 0 any).
const viewsSQL = `SELECT DISTINCT ON (c.sort_order, c.id) v.id, c.id, c.name, c.application_id, ap.name,
		sa.id, sa.key, fa.id, fa.key
	FROM item_view v
	JOIN readable_component($1, $2) c ON c.id = v.component_id
	JOIN application ap ON ap.id = c.application_id
	JOIN attribute sa ON sa.component_id = c.id AND sa.key = v.fields->>'start' AND sa.type = 'DATE_TIME' AND sa.retired_at IS NULL
	LEFT JOIN attribute fa ON fa.component_id = c.id AND fa.key = v.fields->>'finish' AND fa.type = 'DATE_TIME' AND fa.retired_at IS NULL
	WHERE v.kind = 'calendar' AND v.retired_at IS NULL AND c.retired_at IS NULL
	  AND ($3::bigint = 0 OR c.application_id = $3) AND ($4::bigint = 0 OR c.id = $4)
	ORDER BY c.sort_order, c.id, v.sort_order, v.id`

// views reads the calendar types of a: its own, or every application's for
// an agenda.
func (s *Store) views(ctx context.Context, c Caller, a app) ([]view, error) {
	appID := a.id
	if a.agenda {
		appID = 0
	}
	return s.readViews(ctx, c, appID, 0)
}

// typeView reads the calendar view of a readable type; none is not found.
func (s *Store) typeView(ctx context.Context, c Caller, componentID int64) (view, error) {
	vs, err := s.readViews(ctx, c, 0, componentID)
	if err != nil {
		return view{}, err
	}
	if len(vs) == 0 {
		return view{}, httpx.NotFound()
	}
	return vs[0], nil
}

func (s *Store) readViews(ctx context.Context, c Caller, appID, componentID int64) ([]view, error) {
	rows, err := s.pool.Query(ctx, viewsSQL, c.UserID, c.PanelAdmin, appID, componentID)
	if err != nil {
		return nil, fmt.Errorf("calendar views: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (view, error) {
		var v view
		var finishID *int64
		var finishKey *string
		err := r.Scan(&v.ViewID, &v.ComponentID, &v.ComponentName, &v.ApplicationID, &v.ApplicationName,
			&v.Start.ID, &v.Start.Key, &finishID, &finishKey)
		if finishID != nil && finishKey != nil {
			v.Finish = &dateAttr{ID: *finishID, Key: *finishKey}
		}
		return v, err
	})
}

// dates are the SQL expressions of an item's start and finish over "i".
func (v view) dates() (start, finish string) {
	start = "i." + table.Column(v.Start.ID)
	finish = "NULL::timestamptz"
	if v.Finish != nil {
		finish = "i." + table.Column(v.Finish.ID)
	}
	return start, finish
}

// eventColumns select an event of the type's table "i".
func (v view) eventColumns() string {
	start, finish := v.dates()
	return `i.id, i.component_id, i.number, i.title, ` + start + `, ` + finish + `,
		coalesce(s.name, '{}'), coalesce(s.color, ''), i.project_id, coalesce(p.name, ''), i.responsible_id, coalesce(u.name, ''),
		EXISTS (SELECT 1 FROM writable_item($1, $2) w WHERE w.id = i.id)`
}

// eventJoins name the status, project and responsible of "i".
const eventJoins = `LEFT JOIN item_status s ON s.id = i.status_id
	LEFT JOIN project p ON p.id = i.project_id
	LEFT JOIN app_user u ON u.id = i.responsible_id`

func scanEvent(r pgx.Row) (eventRow, error) {
	var e eventRow
	err := r.Scan(&e.ItemID, &e.ComponentID, &e.FormattedID, &e.Title, &e.Start, &e.Finish, &e.status, &e.StatusColor,
		&e.ProjectID, &e.ProjectName, &e.ResponsibleID, &e.ResponsibleName, &e.CanEdit)
	return e, err
}

// events reads up to limit events of v in the range, by first date: an item
// is in the range when its dates (start to finish, or the one it has)
// overlap [from, to).
func (s *Store) events(ctx context.Context, c Caller, v view, f filters, limit int) ([]eventRow, error) {
	start, finish := v.dates()
	first, last := "coalesce("+start+", "+finish+")", "coalesce("+finish+", "+start+")"
	args := []any{c.UserID, c.PanelAdmin, v.ComponentID, f.from, f.to}
	where := []string{first + " < $5", last + " >= $4"}
	if f.project != 0 {
		args = append(args, f.project)
		where = append(where, "i.project_id = $"+strconv.Itoa(len(args)))
	}
	if f.responsible != 0 {
		args = append(args, f.responsible)
		where = append(where, "i.responsible_id = $"+strconv.Itoa(len(args)))
	}
	args = append(args, limit)
	sql := `SELECT ` + v.eventColumns() + `
		FROM readable_item($1, $2) r JOIN ` + table.Name(v.ComponentID) + ` i ON i.id = r.id AND r.component_id = $3 AND i.deleted_at IS NULL
		` + eventJoins + `
		WHERE ` + strings.Join(where, " AND ") + `
		ORDER BY ` + first + `, i.id LIMIT $` + strconv.Itoa(len(args))
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("calendar events of type %d: %w", v.ComponentID, err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (eventRow, error) { return scanEvent(r) })
}

// projects are the projects the caller reads, for the project filter.
func (s *Store) projects(ctx context.Context, c Caller) ([]Named, error) {
	rows, err := s.pool.Query(ctx, `SELECT p.id, p.name FROM readable_project($1, $2) p ORDER BY lower(p.name), p.id LIMIT $3`,
		c.UserID, c.PanelAdmin, MaxProjects)
	if err != nil {
		return nil, fmt.Errorf("calendar projects: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Named])
}

// move writes the new dates of item id (of v's type) in one version. An
// item with only one of the dates keeps the other empty: the move shifts
// the date it has.
func (s *Store) move(ctx context.Context, c Caller, v view, id int64, start time.Time, finish *time.Time) (eventRow, error) {
	var e eventRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := items.LockItems(ctx, tx, []int64{id}); err != nil {
			return err
		}
		read := func() (eventRow, error) {
			return scanEvent(tx.QueryRow(ctx, `SELECT `+v.eventColumns()+`
				FROM readable_item($1, $2) r JOIN `+table.Name(v.ComponentID)+` i ON i.id = r.id AND r.component_id = $3 AND i.deleted_at IS NULL
				`+eventJoins+` WHERE i.id = $4`, c.UserID, c.PanelAdmin, v.ComponentID, id))
		}
		was, err := read()
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.NotFound()
		}
		if err != nil {
			return fmt.Errorf("calendar item %d: %w", id, err)
		}
		if !was.CanEdit {
			return errNotWritable()
		}
		attrs, err := table.Attrs(ctx, tx, v.ComponentID)
		if err != nil {
			return err
		}
		var raw string
		if err := tx.QueryRow(ctx, `SELECT `+table.AttributesExpr("t", attrs)+`::text FROM `+table.Name(v.ComponentID)+` t WHERE t.id = $1`,
			id).Scan(&raw); err != nil {
			return fmt.Errorf("calendar item %d values: %w", id, err)
		}
		values := map[string]any{}
		dec := json.NewDecoder(strings.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&values); err != nil {
			return fmt.Errorf("calendar item %d values: %w", id, err)
		}
		stamp := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
		switch {
		case v.Finish != nil && was.Start == nil && was.Finish != nil:
			// Only a finish: the event stands on it, and it moves.
			to := start
			if finish != nil {
				to = *finish
			}
			values[v.Finish.Key] = stamp(to)
		default:
			values[v.Start.Key] = stamp(start)
			switch {
			case v.Finish != nil && finish != nil:
				values[v.Finish.Key] = stamp(*finish)
			case v.Finish != nil && was.Finish != nil && was.Start != nil:
				// No finish given: the item keeps its length.
				values[v.Finish.Key] = stamp(was.Finish.Add(start.Sub(*was.Start)))
			}
		}
		if _, err := items.Mutate(ctx, tx, c.UserID, id, items.Change{Operation: "calendar", Attributes: values}); err != nil {
			return err
		}
		e, err = read()
		return err
	})
	return e, err
}

// Holiday is a day off of a work calendar that the calendar shades.
type Holiday struct {
	Date string `json:"date"` // YYYY-MM-DD
	Name string `json:"name"`
}

// holidays are the holidays in [from, to) of the work calendar that
// applies: the project's (its calendar resource) when the calendar shows
// one project the caller reads, else the caller's own (their resource's,
// else their user record's, the first that names holidays).
func (s *Store) holidays(ctx context.Context, c Caller, project int64, from, to time.Time) ([]Holiday, error) {
	var raw []byte
	err := s.pool.QueryRow(ctx, `SELECT CASE WHEN $1::bigint <> 0
			THEN (SELECT r.calendar -> 'holidays' FROM readable_project($2, $3) p JOIN resource r ON r.id = p.calendar_id WHERE p.id = $1)
			ELSE coalesce(
				(SELECT calendar -> 'holidays' FROM resource WHERE user_id = $2 AND jsonb_array_length(coalesce(calendar -> 'holidays', '[]')) > 0),
				(SELECT calendar -> 'holidays' FROM app_user WHERE id = $2)) END`, project, c.UserID, c.PanelAdmin).Scan(&raw)
	if err != nil {
		return nil, fmt.Errorf("calendar holidays: %w", err)
	}
	var all []Holiday
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &all); err != nil {
			return nil, fmt.Errorf("calendar holidays: %w", err)
		}
	}
	first, last := from.Format(time.DateOnly), to.Format(time.DateOnly)
	out := []Holiday{}
	for _, h := range all {
		if h.Date >= first && h.Date < last {
			out = append(out, h)
		}
	}
	return out, nil
}
