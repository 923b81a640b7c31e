package projects

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/httpx"
)

// projectColumns read a project p as Project, the caller $1 (user) and $2
// (panel administrator) deciding canEdit; m is the shown manager, r and ru
// the calendar's resource and its user.
const projectColumns = `p.id, p.name, coalesce(p.code, ''), p.description,
	coalesce(to_char(p.start_date, 'YYYY-MM-DD'), ''), coalesce(to_char(p.finish_date, 'YYYY-MM-DD'), ''), p.status,
	coalesce(p.manager_id, 0), coalesce(m.name, ''), coalesce(p.calendar_id, 0), coalesce(ru.name, r.name, ''),
	coalesce(p.created_by, 0), p.created_at, p.modified_at, ` + manages + `
	FROM readable_project($1, $2) p LEFT JOIN app_user m ON m.id = p.manager_id
		LEFT JOIN resource r ON r.id = p.calendar_id LEFT JOIN app_user ru ON ru.id = r.user_id`

// readProject reads a project the caller may read, with the names of its
// manager, calendar and item types (in lang); unknown and unreadable answer
// the same 404.
func (s *Store) readProject(ctx context.Context, q Querier, c Caller, id int64, lang string) (*Project, error) {
	p := &Project{ItemTypes: []Named{}}
	err := q.QueryRow(ctx, `SELECT `+projectColumns+` WHERE p.id = $3`, c.UserID, c.PanelAdmin, id).Scan(
		&p.ID, &p.Name, &p.Code, &p.Description, &p.StartDate, &p.FinishDate, &p.Status, &p.ManagerID, &p.ManagerName,
		&p.CalendarID, &p.CalendarName, &p.CreatedBy, &p.CreatedAt, &p.ModifiedAt, &p.CanEdit)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("project: %w", err)
	}
	// Only the types the caller may read are named; writeProject keeps the others.
	rows, err := q.Query(ctx, `SELECT c.id, coalesce(c.name ->> $2, c.name ->> 'pt-BR') FROM project_item_type t
		JOIN readable_component($3, $4) c ON c.id = t.component_id WHERE t.project_id = $1
		ORDER BY c.application_id, c.sort_order, c.id`, id, lang, c.UserID, c.PanelAdmin)
	if err != nil {
		return nil, fmt.Errorf("project item types: %w", err)
	}
	if p.ItemTypes, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Named]); err != nil {
		return nil, fmt.Errorf("project item types: %w", err)
	}
	return p, nil
}

// listProjects are the projects the caller may read in status ("" all)
// whose name or code holds like (accents and case ignored), by name.
func (s *Store) listProjects(ctx context.Context, c Caller, status, like string) ([]ProjectRow, error) {
	rows, err := s.db.Query(ctx, `SELECT p.id, p.name, coalesce(p.code, ''), coalesce(p.manager_id, 0), coalesce(m.name, ''),
			coalesce(to_char(p.start_date, 'YYYY-MM-DD'), ''), coalesce(to_char(p.finish_date, 'YYYY-MM-DD'), ''), p.status,
			(SELECT count(*) FROM project_member pm WHERE pm.project_id = p.id),
			(SELECT count(*) FROM project_group pg WHERE pg.project_id = p.id), `+manages+`
		FROM readable_project($1, $2) p LEFT JOIN app_user m ON m.id = p.manager_id
		WHERE ($3 = '' OR p.status = $3)
		  AND ($4 = '' OR tramita_unaccent(p.name) ILIKE tramita_unaccent($4) OR tramita_unaccent(coalesce(p.code, '')) ILIKE tramita_unaccent($4))
		ORDER BY lower(p.name), p.id`, c.UserID, c.PanelAdmin, status, like)
	if err != nil {
		return nil, fmt.Errorf("list projects: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ProjectRow])
	if err != nil {
		return nil, fmt.Errorf("list projects: %w", err)
	}
	return out, nil
}

// lockProject locks a project's row, so saves and archivings of one project
// take turns; an unknown project answers 404.
func (s *Store) lockProject(ctx context.Context, q Querier, id int64) error {
	if err := q.QueryRow(ctx, `SELECT id FROM project WHERE id = $1 FOR UPDATE`, id).Scan(&id); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.NotFound()
		}
		return fmt.Errorf("lock project: %w", err)
	}
	return nil
}

// activeUser holds when id is an active user.
func (s *Store) activeUser(ctx context.Context, q Querier, id int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM app_user WHERE id = $1 AND active)`, id).Scan(&ok)
	return ok, err
}

// activeCalendar holds when id is the work calendar of an active resource
// (as a CALENDAR attribute's, loadCalendars).
func (s *Store) activeCalendar(ctx context.Context, q Querier, id int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM resource WHERE id = $1 AND active)`, id).Scan(&ok)
	return ok, err
}

// firstUnusableType is the position (0-based) in ids of the first type that
// is not a project-scoped type in use the caller may read, or -1; the types
// in kept (the project's list now) are not asked again.
func (s *Store) firstUnusableType(ctx context.Context, q Querier, c Caller, ids, kept []int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT x.n FROM unnest($3::bigint[]) WITH ORDINALITY x(id, n)
		WHERE x.id <> ALL($4::bigint[]) AND NOT EXISTS (SELECT 1 FROM readable_component($1, $2) c
			WHERE c.id = x.id AND c.project_scoped AND c.retired_at IS NULL)
		ORDER BY x.n LIMIT 1`, c.UserID, c.PanelAdmin, ids, kept).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return -1, nil
	}
	if err != nil {
		return 0, fmt.Errorf("check item types: %w", err)
	}
	return n - 1, nil
}

// codeTaken holds when another project than id uses code (case ignored).
func (s *Store) codeTaken(ctx context.Context, q Querier, code string, id int64) (bool, error) {
	var taken bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM project WHERE lower(code) = lower($1) AND id <> $2)`, code, id).Scan(&taken)
	return taken, err
}

// fields are a project's columns as saveProject writes them.
type fields struct {
	name, code, description string
	start, finish           *string // YYYY-MM-DD
	manager, calendar       *int64
	types                   []int64
}

// writeProject inserts (id 0) or updates a project and replaces its item
// types; it answers the project's id. Setting manager_id makes that user a
// manager (the trigger of 00220).
func (s *Store) writeProject(ctx context.Context, q Querier, c Caller, id int64, f fields) (int64, error) {
	code := &f.code
	if f.code == "" {
		code = nil
	}
	var err error
	if id == 0 {
		err = q.QueryRow(ctx, `INSERT INTO project (name, code, description, start_date, finish_date, manager_id, calendar_id, created_by, modified_at)
			VALUES ($1, $2, $3, $4::date, $5::date, $6, $7, $8, now()) RETURNING id`,
			f.name, code, f.description, f.start, f.finish, f.manager, f.calendar, c.UserID).Scan(&id)
	} else {
		_, err = q.Exec(ctx, `UPDATE project SET name = $2, code = $3, description = $4, start_date = $5::date, finish_date = $6::date,
				manager_id = $7, calendar_id = $8, modified_at = now()
			WHERE id = $1`, id, f.name, code, f.description, f.start, f.finish, f.manager, f.calendar)
	}
	if err == nil {
		// A type the caller may not read is not in the list they saw, so it stays.
		_, err = q.Exec(ctx, `DELETE FROM project_item_type WHERE project_id = $1 AND component_id <> ALL($2::bigint[])
			AND component_id IN (SELECT id FROM readable_component($3, $4))`, id, f.types, c.UserID, c.PanelAdmin)
	}
	if err == nil {
		_, err = q.Exec(ctx, `INSERT INTO project_item_type (project_id, component_id) SELECT $1, unnest($2::bigint[])
			ON CONFLICT DO NOTHING`, id, f.types)
	}
	if err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) {
			switch {
			case pgErr.Code == "23505" && pgErr.ConstraintName == "project_code":
				return 0, duplicateCode(f.code)
			case pgErr.Code == "23503":
				// The manager, the calendar or a type went away since it was checked.
				return 0, httpx.Fail(http.StatusConflict, "projects.goneMeanwhile")
			}
		}
		return 0, fmt.Errorf("save project: %w", err)
	}
	return id, nil
}

// setStatus sets a project's status.
func (s *Store) setStatus(ctx context.Context, q Querier, id int64, status string) error {
	if _, err := q.Exec(ctx, `UPDATE project SET status = $2, modified_at = now() WHERE id = $1`, id, status); err != nil {
		return fmt.Errorf("project status: %w", err)
	}
	return nil
}

// openItems counts a project's items not deleted and not in a final
// status, whoever may read them (a count carries no item data).
func (s *Store) openItems(ctx context.Context, q Querier, id int64) (int64, error) {
	var n int64
	err := q.QueryRow(ctx, `SELECT count(*) FROM live_item i LEFT JOIN item_status st ON st.id = i.status_id
		WHERE i.project_id = $1 AND NOT coalesce(st.final, false)`, id).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("open items: %w", err)
	}
	return n, nil
}
