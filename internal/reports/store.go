package reports

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/reports/definition"
)

// Store reads report definitions and computes reports in SQL.
type Store struct{ pool *pgxpool.Pool }

// NewStore returns the store.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// stored is a report as the import wrote it, with its type's attributes.
type stored struct {
	ID, ApplicationID, ComponentID int64
	Key                            string
	Name                           map[string]string
	Spec                           definition.Report
	attrs                          map[string]attribute
	// lang is the reader's language, one of i18n's: written into SQL as a
	// literal, never from the request's text.
	lang i18n.Lang
}

type attribute struct {
	ID    int64
	Type  string
	Name  map[string]string
	texts map[string]map[string]string // picklist value -> its texts
}

// report reads a report the caller may open: of an application they use,
// over a type they read; any other answers not found.
func (s *Store) report(ctx context.Context, c Caller, id int64) (stored, error) {
	var r stored
	err := s.pool.QueryRow(ctx, `SELECT r.id, r.application_id, r.component_id, r.key, r.name, r.spec
		FROM report r JOIN usable_application($1, $2) a ON a.id = r.application_id
		JOIN readable_component($1, $2) c ON c.id = r.component_id AND c.retired_at IS NULL
		WHERE r.id = $3 AND r.retired_at IS NULL`, c.UserID, c.PanelAdmin, id).
		Scan(&r.ID, &r.ApplicationID, &r.ComponentID, &r.Key, &r.Name, &r.Spec)
	if errors.Is(err, pgx.ErrNoRows) {
		return stored{}, httpx.Fail(http.StatusNotFound, "reports.notFound")
	}
	if err != nil {
		return stored{}, fmt.Errorf("report %d: %w", id, err)
	}
	r.Spec.Key, r.Spec.Name = r.Key, r.Name
	rows, err := s.pool.Query(ctx, `SELECT a.key, a.id, a.type, a.name,
			coalesce((SELECT jsonb_object_agg(pi.value, pi.text) FROM picklist_item pi WHERE pi.picklist_id = a.picklist_id), '{}')
		FROM attribute a WHERE a.component_id = $1 AND a.retired_at IS NULL`, r.ComponentID)
	if err != nil {
		return stored{}, fmt.Errorf("report %d attributes: %w", id, err)
	}
	defer rows.Close()
	r.attrs = map[string]attribute{}
	for rows.Next() {
		var key string
		var a attribute
		if err := rows.Scan(&key, &a.ID, &a.Type, &a.Name, &a.texts); err != nil {
			return stored{}, fmt.Errorf("report %d attributes: %w", id, err)
		}
		r.attrs[key] = a
	}
	return r, rows.Err()
}

// systemFields are the SQL of the system fields a report shows or groups by,
// over the type's table i and the joins of fromSQL; {lang} is the reader's.
var systemFields = map[string]struct{ key, label, typ string }{
	"FormattedID":     {"i.number", "i.number", "INTEGER"},
	"Title":           {"i.title", "i.title", "STRING"},
	"ProjectName":     {"i.project_id", "p.name", "STRING"},
	"StatusName":      {"i.status_id", "coalesce(s.name ->> {lang}, s.name ->> 'pt-BR')", "STRING"},
	"ResponsibleName": {"i.responsible_id", "u.name", "STRING"},
	"CreatedDate":     {"i.created_at", "i.created_at", "DATE_TIME"},
	"ModifiedDate":    {"i.modified_at", "i.modified_at", "DATE_TIME"},
}

// field is a report field's SQL key, label and type.
func (r stored) field(key string) (k, label, typ string) {
	if f, ok := systemFields[key]; ok {
		lang := "'en'"
		if r.lang != i18n.En {
			lang = "'pt-BR'"
		}
		return f.key, strings.ReplaceAll(f.label, "{lang}", lang), f.typ
	}
	a := r.attrs[key]
	col := "i." + table.Column(a.ID)
	return col, col, a.Type
}

func (r stored) fieldName(key string, lang i18n.Lang) string {
	if a, ok := r.attrs[key]; ok {
		if n := a.Name[string(lang)]; n != "" {
			return n
		}
		return a.Name["pt-BR"]
	}
	return i18n.T(lang, "reports.field."+key)
}

// check refuses a definition the type no longer fits (an attribute retired
// after the import), before any SQL names it.
func (r stored) check() error {
	types := map[string]string{}
	for k, a := range r.attrs {
		types[k] = a.Type
	}
	if problems := definition.Check(r.Spec, types); len(problems) > 0 {
		return httpx.Fail(http.StatusConflict, "reports.outdated", "problem", problems[0])
	}
	return nil
}

// fromSQL is the rows of the report: the type's items the caller reads
// ($1, $2; the type is $3), with the joins the labels need.
func fromSQL(componentID int64) string {
	return ` FROM readable_item($1, $2) r JOIN ` + table.Name(componentID) + ` i ON i.id = r.id AND r.component_id = $3 AND i.deleted_at IS NULL
		LEFT JOIN project p ON p.id = i.project_id
		LEFT JOIN item_status s ON s.id = i.status_id
		LEFT JOIN app_user u ON u.id = i.responsible_id `
}

// where turns the parameters into conditions; values are parameters after
// the first three.
func (r stored) where(q Query, args []any) (string, []any) {
	var conds []string
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	date := "i.created_at"
	if r.Spec.Date != "" {
		date, _, _ = r.field(r.Spec.Date)
	}
	if q.From != nil {
		conds = append(conds, date+" >= "+arg(*q.From))
	}
	if q.To != nil {
		conds = append(conds, date+" < "+arg(q.To.AddDate(0, 0, 1)))
	}
	if q.Project != 0 {
		conds = append(conds, "i.project_id = "+arg(q.Project))
	}
	if q.Status != 0 {
		conds = append(conds, "i.status_id = "+arg(q.Status))
	}
	if q.Responsible != 0 {
		conds = append(conds, "i.responsible_id = "+arg(q.Responsible))
	}
	if len(conds) == 0 {
		return "", args
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

func aggregateSQL(r stored, a definition.Aggregate) string {
	if a.Function == "count" {
		return "count(*)::numeric"
	}
	col, _, _ := r.field(a.Field)
	if a.Function == "avg" {
		return "round(avg(" + col + "), 2)"
	}
	return a.Function + "(" + col + ")::numeric"
}

func (s *Store) run(ctx context.Context, c Caller, r stored, q Query, maxRows int) (Result, error) {
	if err := r.check(); err != nil {
		return Result{}, err
	}
	r.lang = i18n.From(ctx)
	res := newResult(r, r.lang)
	base := []any{c.UserID, c.PanelAdmin, r.ComponentID}
	where, args := r.where(q, base)
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		if err := s.groups(ctx, tx, r, &res, where, args); err != nil {
			return err
		}
		if err := s.rows(ctx, tx, r, &res, where, args, maxRows); err != nil {
			return err
		}
		return s.choices(ctx, tx, c, r, &res)
	})
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

// groups computes every grouping level, its subtotals and the totals in
// one ROLLUP over the readable rows.
func (s *Store) groups(ctx context.Context, tx pgx.Tx, r stored, res *Result, where string, args []any) error {
	var sel, sets, grouping []string
	for _, g := range r.Spec.GroupBy {
		k, l, _ := r.field(g)
		sel = append(sel, "("+k+")::text", "("+l+")::text")
		sets = append(sets, "("+k+", "+l+")")
		grouping = append(grouping, k)
	}
	if len(grouping) > 0 {
		sel = append(sel, "GROUPING("+strings.Join(grouping, ", ")+")")
	} else {
		sel = append(sel, "0")
	}
	for _, a := range aggregates(r.Spec) {
		sel = append(sel, aggregateSQL(r, a))
	}
	sql := "SELECT " + strings.Join(sel, ", ") + fromSQL(r.ComponentID) + where
	if len(sets) > 0 {
		sql += " GROUP BY ROLLUP (" + strings.Join(sets, ", ") + ")"
	}
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return fmt.Errorf("report %d groups: %w", r.ID, err)
	}
	defer rows.Close()
	levels := len(r.Spec.GroupBy)
	root := &Group{}
	for rows.Next() {
		keys := make([]*string, 2*levels)
		var bits int
		values := make([]pgtype.Numeric, len(res.Aggregates))
		dest := make([]any, 0, 2*levels+1+len(values))
		for i := range keys {
			dest = append(dest, &keys[i])
		}
		dest = append(dest, &bits)
		for i := range values {
			dest = append(dest, &values[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("report %d groups: %w", r.ID, err)
		}
		// GROUPING sets a bit for each rolled-up level, the last level lowest.
		depth := 0
		for depth < levels && bits&(1<<(levels-1-depth)) == 0 {
			depth++
		}
		node := root
		for lv := range depth {
			key, label := deref(keys[2*lv]), deref(keys[2*lv+1])
			node = node.child(key, r.groupLabel(r.Spec.GroupBy[lv], key, label, res.lang))
		}
		node.Values = values
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("report %d groups: %w", r.ID, err)
	}
	root.sort()
	res.Groups, res.Totals = root.Groups, root.Values
	if res.Totals == nil {
		res.Totals = make([]pgtype.Numeric, len(res.Aggregates))
	}
	if len(res.Totals) > 0 && res.Totals[0].Valid {
		n, _ := res.Totals[0].Int64Value()
		res.RowCount = n.Int64
	}
	return nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// groupLabel is what the reader sees for a group: a picklist's text, yes or
// no, or "(vazio)" for items without a value.
func (r stored) groupLabel(field, key, label string, lang i18n.Lang) string {
	if key == "" && label == "" {
		return i18n.T(lang, "reports.empty")
	}
	a, ok := r.attrs[field]
	switch {
	case !ok:
		return label
	case a.Type == "PICKLIST":
		if t := a.texts[key]; t != nil {
			if v := t[string(lang)]; v != "" {
				return v
			}
			return t["pt-BR"]
		}
	case a.Type == "BOOLEAN":
		if key == "true" {
			return i18n.T(lang, "reports.yes")
		}
		return i18n.T(lang, "reports.no")
	}
	return label
}

// rows reads the detail rows, ordered by their groups, each with its
// groups' keys so the viewer places it.
func (s *Store) rows(ctx context.Context, tx pgx.Tx, r stored, res *Result, where string, args []any, maxRows int) error {
	var sel, order []string
	for _, g := range r.Spec.GroupBy {
		k, l, _ := r.field(g)
		sel = append(sel, "("+k+")::text")
		order = append(order, l+" NULLS LAST", k+" NULLS LAST")
	}
	for _, col := range r.Spec.Columns {
		_, l, _ := r.field(col)
		sel = append(sel, l)
	}
	order = append(order, "i.number", "i.id")
	args = append(args, maxRows+1)
	sql := "SELECT " + strings.Join(sel, ", ") + fromSQL(r.ComponentID) + where +
		" ORDER BY " + strings.Join(order, ", ") + " LIMIT $" + strconv.Itoa(len(args))
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return fmt.Errorf("report %d rows: %w", r.ID, err)
	}
	defer rows.Close()
	levels := len(r.Spec.GroupBy)
	res.Rows = []Row{}
	for rows.Next() {
		if len(res.Rows) == maxRows {
			res.Truncated = true
			break
		}
		vals, err := rows.Values()
		if err != nil {
			return fmt.Errorf("report %d rows: %w", r.ID, err)
		}
		row := Row{Group: make([]string, levels), Values: vals[levels:]}
		for i := range levels {
			if v, ok := vals[i].(string); ok {
				row.Group[i] = v
			}
		}
		for i, col := range r.Spec.Columns {
			if a, ok := r.attrs[col]; ok && a.Type == "PICKLIST" && row.Values[i] != nil {
				row.Values[i] = r.groupLabel(col, fmt.Sprint(row.Values[i]), "", res.lang)
			}
		}
		res.Rows = append(res.Rows, row)
	}
	return rows.Err()
}

// choices are the values the parameter form offers: the projects the
// caller reads, the type's statuses and the active users.
func (s *Store) choices(ctx context.Context, tx pgx.Tx, c Caller, r stored, res *Result) error {
	read := func(sql string, args ...any) ([]Choice, error) {
		rows, err := tx.Query(ctx, sql, args...)
		if err != nil {
			return nil, fmt.Errorf("report %d choices: %w", r.ID, err)
		}
		return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
	}
	var err error
	if slices.Contains(r.Spec.Parameters, "project") {
		if res.Choices.Projects, err = read(`SELECT p.id, p.name FROM readable_project($1, $2) p ORDER BY lower(p.name), p.id LIMIT 500`,
			c.UserID, c.PanelAdmin); err != nil {
			return err
		}
	}
	if slices.Contains(r.Spec.Parameters, "status") {
		if res.Choices.Statuses, err = read(`SELECT id, coalesce(name ->> $2, name ->> 'pt-BR') FROM item_status
			WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, r.ComponentID, string(res.lang)); err != nil {
			return err
		}
	}
	if slices.Contains(r.Spec.Parameters, "responsible") {
		if res.Choices.Responsibles, err = read(`SELECT id, name FROM app_user WHERE active ORDER BY lower(name), id LIMIT 1000`); err != nil {
			return err
		}
	}
	return nil
}
