package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
)

// querier is a pool or a transaction.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// text is a translated name as stored (jsonb keyed by language).
type text map[string]string

func (t text) in(lang string) string {
	if v := t[lang]; v != "" {
		return v
	}
	return t["pt-BR"]
}

// component is an item type the caller may read, with what the workflow
// needs of it.
type component struct {
	ID, ApplicationID int64
	Key               string
	Name              text
	CanUpdate         bool
	statuses          map[int64]*status
	statusByKey       map[string]*status
	actions           []*action
	// attrTypes are the types of the live attributes, by key.
	attrTypes map[string]string
	// attrs are the columns of the type's table, retired attributes' too:
	// an item is written back whole, with the values nobody edits any more.
	attrs []table.Attr
}

type status struct {
	ID    int64
	Key   string
	Name  text
	Color string
	Final bool
}

type action struct {
	ID   int64
	Key  string
	Name text
	apppkg.Action
}

// loadComponent reads type id with its statuses, actions and attributes; a
// type the caller may not read is not found.
func loadComponent(ctx context.Context, q querier, c Caller, id int64) (*component, error) {
	comp := &component{statuses: map[int64]*status{}, statusByKey: map[string]*status{}, attrTypes: map[string]string{}}
	err := q.QueryRow(ctx, `SELECT c.id, c.application_id, c.key, c.name,
			EXISTS (SELECT 1 FROM updatable_component($1, $2) u WHERE u.id = c.id)
		FROM readable_component($1, $2) c WHERE c.id = $3 AND c.retired_at IS NULL`, c.UserID, c.PanelAdmin, id).
		Scan(&comp.ID, &comp.ApplicationID, &comp.Key, &comp.Name, &comp.CanUpdate)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("component %d: %w", id, err)
	}
	rows, err := q.Query(ctx, `SELECT id, key, name, color, final FROM item_status
		WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return nil, fmt.Errorf("statuses: %w", err)
	}
	for rows.Next() {
		s := &status{}
		if err := rows.Scan(&s.ID, &s.Key, &s.Name, &s.Color, &s.Final); err != nil {
			rows.Close()
			return nil, err
		}
		comp.statuses[s.ID], comp.statusByKey[s.Key] = s, s
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.Query(ctx, `SELECT id, key, name, spec FROM item_action
		WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id)
	if err != nil {
		return nil, fmt.Errorf("actions: %w", err)
	}
	for rows.Next() {
		a := &action{}
		if err := rows.Scan(&a.ID, &a.Key, &a.Name, &a.Action); err != nil {
			rows.Close()
			return nil, err
		}
		comp.actions = append(comp.actions, a)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.Query(ctx, `SELECT id, key, type, retired_at IS NULL FROM attribute WHERE component_id = $1 ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("attributes: %w", err)
	}
	for rows.Next() {
		var a table.Attr
		var live bool
		if err := rows.Scan(&a.ID, &a.Key, &a.Type, &live); err != nil {
			rows.Close()
			return nil, err
		}
		comp.attrs = append(comp.attrs, a)
		if live {
			comp.attrTypes[a.Key] = a.Type
		}
	}
	return comp, rows.Err()
}

// attr is the live attribute key of comp.
func (comp *component) attr(key string) (table.Attr, bool) {
	if _, ok := comp.attrTypes[key]; !ok {
		return table.Attr{}, false
	}
	for _, a := range comp.attrs {
		if a.Key == key {
			return a, true
		}
	}
	return table.Attr{}, false
}

// values is the jsonb object of the attribute values of the row "t" of
// comp's table, as the API gives them.
func (comp *component) values() string { return table.AttributesExpr("t", comp.attrs) }

// findAction finds an action of comp by id or key.
func (comp *component) findAction(r Ref) (*action, error) {
	for _, a := range comp.actions {
		if (r.ID != 0 && a.ID == r.ID) || (r.Key != "" && a.Key == r.Key) {
			return a, nil
		}
	}
	return nil, httpx.Fail(404, "workflow.actionNotFound")
}

// item is an item as a transition needs it.
type item struct {
	ID, ComponentID, Number int64
	Title                   string
	ProjectID, StatusID     *int64
	ResponsibleID           *int64
	CreatorID               *int64
	Version                 int
	Attributes              map[string]any
	CreatedAt, ModifiedAt   time.Time
	Writable                bool
}

// loadItems reads ids (each readable by the caller, else not found), in id
// order, without their values (loadValues); lock takes their rows for a
// change first (q is then a transaction).
func loadItems(ctx context.Context, q querier, c Caller, ids []int64, lock bool) ([]*item, error) {
	if lock {
		if err := items.LockItems(ctx, q, ids); err != nil {
			return nil, err
		}
	}
	rows, err := q.Query(ctx, `SELECT i.id, i.component_id, i.number, i.title, i.project_id, i.status_id, i.responsible_id, i.creator_id,
			i.version, i.created_at, i.modified_at, EXISTS (SELECT 1 FROM writable_item($1, $2) w WHERE w.id = i.id)
		FROM readable_item($1, $2) i WHERE i.id = ANY($3) ORDER BY i.id`, c.UserID, c.PanelAdmin, ids)
	if err != nil {
		return nil, fmt.Errorf("items: %w", err)
	}
	defer rows.Close()
	var out []*item
	for rows.Next() {
		it := &item{Attributes: map[string]any{}}
		if err := rows.Scan(&it.ID, &it.ComponentID, &it.Number, &it.Title, &it.ProjectID, &it.StatusID, &it.ResponsibleID,
			&it.CreatorID, &it.Version, &it.CreatedAt, &it.ModifiedAt, &it.Writable); err != nil {
			return nil, err
		}
		out = append(out, it)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) != len(ids) {
		return nil, httpx.NotFound()
	}
	return out, nil
}

// loadValues reads the attribute values of its, items of comp, from the
// type's table.
func loadValues(ctx context.Context, q querier, comp *component, its []*item) error {
	byID := make(map[int64]*item, len(its))
	ids := make([]int64, len(its))
	for i, it := range its {
		byID[it.ID], ids[i] = it, it.ID
	}
	rows, err := q.Query(ctx, `SELECT t.id, `+comp.values()+`::text FROM `+table.Name(comp.ID)+` t WHERE t.id = ANY($1)`, ids)
	if err != nil {
		return fmt.Errorf("values: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var values string
		if err := rows.Scan(&id, &values); err != nil {
			return err
		}
		if byID[id].Attributes, err = decodeObject(values); err != nil {
			return err
		}
	}
	return rows.Err()
}

// valueIs is the condition that the value of a in the row "t" of its type's
// table is v, as JSON compares them: of another kind (a number given as a
// text, a date written otherwise, a list, null) it holds for no row. Dates
// are held to the second and read as RFC 3339 in UTC, so only that text
// names one.
func valueIs(a table.Attr, v any, param func(any) string) string {
	col := "t." + table.Column(a.ID)
	switch table.SQLType(a.Type) {
	case "text":
		if s, ok := v.(string); ok {
			return col + " = " + param(s) + "::text"
		}
	case "numeric":
		if f, ok := v.(float64); ok {
			return col + " = " + param(f) + "::numeric"
		}
	case "bigint":
		if f, ok := v.(float64); ok && f == math.Trunc(f) && f >= math.MinInt64 && f < math.MaxInt64 {
			return col + " = " + param(int64(f)) + "::bigint"
		}
	case "boolean":
		if b, ok := v.(bool); ok {
			return col + " = " + param(b) + "::boolean"
		}
	case "timestamptz":
		if s, ok := v.(string); ok {
			if d, err := time.Parse(time.RFC3339, s); err == nil && d.UTC().Format(time.RFC3339) == s {
				return col + " = " + param(d) + "::timestamptz"
			}
		}
	}
	return "false"
}

// decodeObject reads a JSON object keeping numbers exact.
func decodeObject(s string) (map[string]any, error) {
	out := map[string]any{}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("attributes: %w", err)
	}
	return out, nil
}

// callerGroups are the names of the caller's groups (everyone's included),
// lower-cased as group names compare (citext).
func callerGroups(ctx context.Context, q querier, userID int64) (map[string]bool, error) {
	rows, err := q.Query(ctx, `SELECT lower(g.name::text) FROM user_group g
		WHERE g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1)`, userID)
	if err != nil {
		return nil, fmt.Errorf("groups: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, n := range names {
		out[n] = true
	}
	return out, nil
}

// ticks are .NET ticks of t, as the item calls answer modificationDateTicks.
func ticks(t time.Time) int64 { return t.UTC().UnixMicro()*10 + 621355968000000000 }
