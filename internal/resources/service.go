// Package resources owns the resources of spec section 7: people (users)
// and named non-user resources, with a company, a work calendar and
// timesheet types. Reading is for any signed-in user (runtime screens list
// resources); saving and deleting are for administrators.
package resources

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
)

// Service holds the resources' rules.
type Service struct {
	db  *pgxpool.Pool
	now func() time.Time
}

// NewService returns the service; now nil is time.Now.
func NewService(db *pgxpool.Pool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, now: now}
}

// Actor is the caller and their address.
type Actor struct {
	auth.Principal
	Address string
}

// Filter narrows the list; text fields are "contains". Kind is "user",
// "resource" or "" for both.
type Filter struct {
	Name        string `json:"name"`
	CompanyName string `json:"companyName"`
	Kind        string `json:"kind"`
	Active      *bool  `json:"active"`
}

// Row is one line of the resource list (spec section 3, user / resource record).
type Row struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	UserID      *int64 `json:"userId"`
	Email       string `json:"email"`
	CompanyName string `json:"companyName"`
	Active      bool   `json:"active"`
	Avatar      string `json:"avatar"`
	Login       string `json:"login"`
	// WeeklyMinutes is the capacity of the resource's own calendar: the
	// minutes of its work periods in a week (holidays and exceptions aside).
	WeeklyMinutes int      `json:"weeklyMinutes"`
	CostRate      *float64 `json:"costRate"`
}

func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.TrimSpace(s)) + "%"
}

// Resources lists resources by name.
func (s *Service) Resources(ctx context.Context, f Filter) ([]Row, error) {
	where := []string{"true"}
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		where = append(where, strings.ReplaceAll(cond, "$?", "$"+strconv.Itoa(len(args))))
	}
	if strings.TrimSpace(f.Name) != "" {
		add("coalesce(u.name, r.name) ILIKE $?", likePattern(f.Name))
	}
	if strings.TrimSpace(f.CompanyName) != "" {
		add("c.name ILIKE $?", likePattern(f.CompanyName))
	}
	switch f.Kind {
	case "user":
		where = append(where, "r.user_id IS NOT NULL")
	case "resource":
		where = append(where, "r.user_id IS NULL")
	case "":
	default:
		return nil, httpx.Invalid("kind", "admin.invalidOption")
	}
	if f.Active != nil {
		add("r.active = $?", *f.Active)
	}
	rows, err := s.db.Query(ctx, `
		SELECT r.id, coalesce(u.name, r.name), r.user_id, coalesce(u.email::text, ''), coalesce(c.name, ''), r.active,
			CASE WHEN coalesce(u.avatar, '') = '' THEN ''
			     ELSE '/api/admin/users/' || u.id || '/avatar?v=' || floor(extract(epoch FROM u.updated_at))::bigint END,
			coalesce(u.login, ''),
			(SELECT coalesce(sum(extract(epoch FROM (p ->> 'end')::time - (p ->> 'start')::time)) / 60, 0)::int
			 FROM jsonb_array_elements(r.calendar -> 'workPeriods') p),
			r.cost_rate::float8
		FROM resource r LEFT JOIN app_user u ON u.id = r.user_id LEFT JOIN company c ON c.id = r.company_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY 2, r.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("list resources: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Row])
	if err != nil {
		return nil, fmt.Errorf("list resources: %w", err)
	}
	return out, nil
}

// FormInitialData is what the resource form offers.
type FormInitialData struct {
	Companies          []admin.Option          `json:"companies"`
	Users              []admin.Option          `json:"users"`
	TimesheetTypes     []admin.CodeOption      `json:"timesheetTypes"`
	AutoTimesheetTypes []admin.CodeOption      `json:"autoTimesheetTypes"`
	AdditionalFields   []admin.FieldDefinition `json:"additionalFields"`
}

func options(ctx context.Context, db admin.Querier, sql string, args ...any) ([]admin.Option, error) {
	rows, err := db.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[admin.Option])
	if err != nil {
		return nil, fmt.Errorf("options: %w", err)
	}
	return out, nil
}

// FormInitialData answers the choices; users are those without a resource
// yet, plus the one of resourceID.
func (s *Service) FormInitialData(ctx context.Context, resourceID int64, lang i18n.Lang) (FormInitialData, error) {
	var out FormInitialData
	out.TimesheetTypes, out.AutoTimesheetTypes = admin.TimesheetTypeOptions(lang)
	var err error
	if out.Companies, err = options(ctx, s.db, `SELECT id, name FROM company ORDER BY name`); err != nil {
		return out, err
	}
	if out.Users, err = options(ctx, s.db, `
		SELECT u.id, u.name FROM app_user u
		WHERE NOT EXISTS (SELECT 1 FROM resource r WHERE r.user_id = u.id AND r.id <> $1) ORDER BY u.name, u.id`, resourceID); err != nil {
		return out, err
	}
	out.AdditionalFields, err = admin.FieldDefinitions(ctx, s.db, "resource")
	return out, err
}

// Form is the resource form, read by getResourcetoEdit and sent by saveResource.
type Form struct {
	ID                int64    `json:"id"`
	Name              string   `json:"name"`
	UserID            *int64   `json:"userId"`
	CompanyID         *int64   `json:"companyId"`
	Active            bool     `json:"active"`
	TimesheetType     string   `json:"timesheetType"`
	AutoTimesheetType string   `json:"autoTimesheetType"`
	Calendar          Calendar `json:"calendar"`
	// CostRate is what an hour of the resource costs, null when not set.
	CostRate         *float64       `json:"costRate"`
	AdditionalFields map[string]any `json:"additionalFields"`
}

// ToEdit answers the form; id 0 is the empty form.
func (s *Service) ToEdit(ctx context.Context, id int64) (Form, error) {
	if id == 0 {
		return Form{Active: true, TimesheetType: "0", AutoTimesheetType: "0",
			Calendar:         Calendar{Calendar: admin.Calendar{WorkPeriods: []admin.WorkPeriod{}}, Exceptions: []Exception{}},
			AdditionalFields: map[string]any{}}, nil
	}
	return s.form(ctx, s.db, id, false)
}

func (s *Service) form(ctx context.Context, db admin.Querier, id int64, lock bool) (Form, error) {
	sql := `
		SELECT r.id, coalesce(u.name, r.name), r.user_id, r.company_id, r.active, r.timesheet_type::text,
			r.auto_timesheet_type::text, r.calendar, r.cost_rate::float8, r.additional
		FROM resource r LEFT JOIN app_user u ON u.id = r.user_id WHERE r.id = $1`
	if lock {
		sql += ` FOR UPDATE OF r`
	}
	var f Form
	err := db.QueryRow(ctx, sql, id).Scan(&f.ID, &f.Name, &f.UserID, &f.CompanyID, &f.Active, &f.TimesheetType,
		&f.AutoTimesheetType, &f.Calendar, &f.CostRate, &f.AdditionalFields)
	if errors.Is(err, pgx.ErrNoRows) {
		return Form{}, httpx.NotFound()
	}
	if err != nil {
		return Form{}, fmt.Errorf("load resource: %w", err)
	}
	f.Calendar.tidy()
	if f.Calendar.Exceptions == nil {
		f.Calendar.Exceptions = []Exception{}
	}
	return f, nil
}

func allowWrite(a Actor) error {
	switch {
	case !a.Complete():
		return httpx.Unauthorized()
	case !a.Admin():
		return httpx.Forbidden()
	}
	return nil
}

// Save creates (id 0) or updates a resource.
func (s *Service) Save(ctx context.Context, a Actor, in Form) (Form, error) {
	if err := allowWrite(a); err != nil {
		return Form{}, err
	}
	in.Name = strings.TrimSpace(in.Name)
	if in.TimesheetType == "" {
		in.TimesheetType = "0"
	}
	if in.AutoTimesheetType == "" {
		in.AutoTimesheetType = "0"
	}
	in.Calendar.tidy()
	var v httpx.Validation
	if in.UserID == nil {
		switch {
		case in.Name == "":
			v.Add("name", "error.required")
		case utf8.RuneCountInString(in.Name) > 200:
			v.Add("name", "admin.tooLong", "max", 200)
		}
	} else {
		in.Name = "" // a person's name is the user's
	}
	admin.ValidTimesheetTypes(in.TimesheetType, in.AutoTimesheetType, &v)
	checkCalendar(in.Calendar, &v)
	checkCostRate(in.CostRate, &v)
	if err := v.Err(); err != nil {
		return Form{}, err
	}
	var saved Form
	err := pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		if in.AdditionalFields, err = admin.ValidateAdditional(ctx, tx, "resource", in.AdditionalFields); err != nil {
			return err
		}
		var before any
		if in.ID == 0 {
			err = tx.QueryRow(ctx, `
				INSERT INTO resource (user_id, name, company_id, active, timesheet_type, auto_timesheet_type, calendar, additional, cost_rate)
				VALUES ($1, $2, $3, $4, $5::smallint, $6::smallint, $7, $8, $9) RETURNING id`,
				in.UserID, in.Name, in.CompanyID, in.Active, in.TimesheetType, in.AutoTimesheetType, in.Calendar,
				in.AdditionalFields, in.CostRate).Scan(&in.ID)
		} else {
			if before, err = s.form(ctx, tx, in.ID, true); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `
				UPDATE resource SET user_id = $2, name = $3, company_id = $4, active = $5, timesheet_type = $6::smallint,
					auto_timesheet_type = $7::smallint, calendar = $8, additional = $9, cost_rate = $10, updated_at = now() WHERE id = $1`,
				in.ID, in.UserID, in.Name, in.CompanyID, in.Active, in.TimesheetType, in.AutoTimesheetType, in.Calendar,
				in.AdditionalFields, in.CostRate)
		}
		if err := refError(err); err != nil {
			return err
		}
		if saved, err = s.form(ctx, tx, in.ID, false); err != nil {
			return err
		}
		kind := "resource.created"
		if before != nil {
			kind = "resource.updated"
		}
		return s.record(ctx, tx, a, kind, in.ID, before, saved)
	})
	return saved, err
}

// refError names the field of a broken reference or a duplicate person.
func refError(err error) error {
	var pgErr *pgconn.PgError
	if err == nil || !errors.As(err, &pgErr) {
		if err != nil {
			return fmt.Errorf("save resource: %w", err)
		}
		return nil
	}
	switch pgErr.ConstraintName {
	case "resource_one_per_user":
		return httpx.Invalid("userId", "resources.userTaken")
	case "resource_user_id_fkey":
		return httpx.Invalid("userId", "admin.unknownUser")
	case "resource_company_id_fkey":
		return httpx.Invalid("companyId", "admin.unknownCompany")
	}
	return fmt.Errorf("save resource: %w", err)
}

// Delete deletes resources, all or none.
func (s *Service) Delete(ctx context.Context, a Actor, ids []int64) error {
	if err := allowWrite(a); err != nil {
		return err
	}
	if len(ids) == 0 {
		return httpx.Invalid("ids", "admin.selectAtLeastOne")
	}
	return pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		for _, id := range ids {
			f, err := s.form(ctx, tx, id, true)
			if err != nil {
				return err
			}
			if err := s.record(ctx, tx, a, "resource.deleted", id, f, nil); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM resource WHERE id = ANY($1)`, ids); err != nil {
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == "23503" {
				return httpx.Fail(409, "resources.inUse")
			}
			return fmt.Errorf("delete resources: %w", err)
		}
		return nil
	})
}

func (s *Service) record(ctx context.Context, tx pgx.Tx, a Actor, kind string, id int64, before, after any) error {
	detail := audit.ChangeDetail("resource", id, before, after)
	return audit.Record(ctx, tx, audit.Event{At: s.now(), UserID: a.UserID, Login: a.Login, Kind: kind, Address: a.Address, Detail: detail})
}

// Project is a project a resource works in.
type Project struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// PendingItem is an open item of a resource: one it is responsible for
// (getPendingItems) or one that names it in a resources field
// (getPendingTasks).
type PendingItem struct {
	ID          int64     `json:"id"`
	FormattedID string    `json:"formattedId"`
	Title       string    `json:"title"`
	ComponentID int64     `json:"componentId"`
	Component   string    `json:"component"`
	ProjectID   *int64    `json:"projectId"`
	StatusName  string    `json:"statusName"`
	ModifiedAt  time.Time `json:"modifiedAt"`
}

// Caller is who asks: what a resource works on is shown only as far as the
// caller may read it (the item engine's access rules).
type Caller struct {
	UserID     int64
	PanelAdmin bool
}

// Work is what the pending calls answer.
type Work int

const (
	// WorkItems are the open items the resource's user is responsible for.
	WorkItems Work = iota
	// WorkTasks are the open items that name the resource's user in a
	// RESOURCES field (assigned to it without being its responsible).
	WorkTasks
)

// maxPending bounds one answer; the list is the newest changes first.
const maxPending = 500

// open holds over item i (not deleted) whose status is not final; an item
// of a type without statuses is open.
const open = `i.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM item_status st WHERE st.id = i.status_id AND st.final)`

// assigned is the condition that item i names user $3 in one of its type's
// RESOURCES fields: their columns in the types' tables, named from the
// attribute table (a type without a table holds no values); empty when no
// type has such a field.
func (s *Service) assigned(ctx context.Context) (string, error) {
	rows, err := s.db.Query(ctx, `SELECT component_id, id FROM attribute
		WHERE type = 'RESOURCES' AND retired_at IS NULL AND to_regclass('item_t' || component_id) IS NOT NULL
		ORDER BY component_id, id`)
	if err != nil {
		return "", fmt.Errorf("resource fields: %w", err)
	}
	fields, err := pgx.CollectRows(rows, pgx.RowToStructByPos[struct{ Component, Attribute int64 }])
	if err != nil {
		return "", fmt.Errorf("resource fields: %w", err)
	}
	var types []string
	for i := 0; i < len(fields); {
		comp := fields[i].Component
		var conds []string
		for ; i < len(fields) && fields[i].Component == comp; i++ {
			conds = append(conds, "t."+table.Column(fields[i].Attribute)+" = $3")
		}
		types = append(types, "SELECT t.id FROM "+table.Name(comp)+" t WHERE t.deleted_at IS NULL AND ("+strings.Join(conds, " OR ")+")")
	}
	if len(types) == 0 {
		return "", nil
	}
	return "i.id IN (" + strings.Join(types, " UNION ALL ") + ")", nil
}

// Projects answers the projects a resource's user manages, is a member of, or
// is responsible for or named in an item of, as far as the caller may read them
// and those items. A resource that is no user has none: items name users.
func (s *Service) Projects(ctx context.Context, c Caller, resourceID int64) ([]Project, error) {
	f, err := s.form(ctx, s.db, resourceID, false)
	if err != nil {
		return nil, err
	}
	list := []Project{}
	if f.UserID == nil {
		return list, nil
	}
	assigned, err := s.assigned(ctx)
	if err != nil {
		return nil, err
	}
	named := `i.responsible_id = $3`
	if assigned != "" {
		named += ` OR ` + assigned
	}
	rows, err := s.db.Query(ctx, `
		SELECT p.id, p.name FROM readable_project($1, $2) p
		WHERE (EXISTS (SELECT 1 FROM project_member m WHERE m.project_id = p.id AND m.user_id = $3)
			OR EXISTS (SELECT 1 FROM readable_item($1, $2) i
				WHERE i.project_id = p.id AND (`+named+`)))
		ORDER BY lower(p.name), p.id`, c.UserID, c.PanelAdmin, *f.UserID)
	if err != nil {
		return nil, fmt.Errorf("resource projects: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p Project
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			return nil, fmt.Errorf("resource projects: %w", err)
		}
		list = append(list, p)
	}
	return list, rows.Err()
}

// Pending answers a resource's open items (or tasks) in a project (0: in
// every project and outside projects), as far as the caller may read them,
// the most recently changed first.
func (s *Service) Pending(ctx context.Context, c Caller, resourceID, projectID int64, work Work) ([]PendingItem, error) {
	f, err := s.form(ctx, s.db, resourceID, false)
	if err != nil {
		return nil, err
	}
	list := []PendingItem{}
	if f.UserID == nil {
		return list, nil
	}
	which := `i.responsible_id = $3`
	if work == WorkTasks {
		if which, err = s.assigned(ctx); err != nil {
			return nil, err
		}
		if which == "" {
			return list, nil // no type has a RESOURCES field
		}
	}
	lang := i18n.LangOf(ctx)
	rows, err := s.db.Query(ctx, `
		SELECT i.id, i.number, i.title, c.id,
			coalesce(nullif(c.name ->> $5, ''), c.name ->> 'pt-BR', c.key),
			i.project_id,
			coalesce((SELECT coalesce(nullif(st.name ->> $5, ''), st.name ->> 'pt-BR', st.key) FROM item_status st WHERE st.id = i.status_id), ''),
			i.modified_at
		FROM readable_item($1, $2) i JOIN component c ON c.id = i.component_id
		WHERE `+open+` AND `+which+` AND ($4::bigint = 0 OR i.project_id = $4)
		ORDER BY i.modified_at DESC, i.id DESC
		LIMIT `+strconv.Itoa(maxPending), c.UserID, c.PanelAdmin, *f.UserID, projectID, lang)
	if err != nil {
		return nil, fmt.Errorf("resource pending: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p PendingItem
		var number int64
		if err := rows.Scan(&p.ID, &number, &p.Title, &p.ComponentID, &p.Component, &p.ProjectID, &p.StatusName, &p.ModifiedAt); err != nil {
			return nil, fmt.Errorf("resource pending: %w", err)
		}
		p.FormattedID = strconv.FormatInt(number, 10)
		p.ModifiedAt = p.ModifiedAt.UTC()
		list = append(list, p)
	}
	return list, rows.Err()
}
