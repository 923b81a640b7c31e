package kanban

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

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/items/table"
)

// Store reads boards over pgx.
type Store struct {
	pool *pgxpool.Pool
}

// NewStore returns the store.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

// text is a translated name as stored (jsonb keyed by language).
type text map[string]string

func (t text) in(lang string) string {
	if v := t[lang]; v != "" {
		return v
	}
	return t["pt-BR"]
}

// board is a kanban view with the type it shows, as stored.
type board struct {
	ViewID   int64
	ViewKey  string
	ViewName text
	Fields   map[string]string
	Sort     []sortTerm
	// QueryKey is the package's query of the view: every card matches it.
	QueryKey string
	// WIP is the package's default limit per status key; WIPStrict
	// refuses moves past a limit (CheckStrictWIP).
	WIP           map[string]int
	WIPStrict     bool
	ComponentID   int64
	ComponentKey  string
	ComponentName text
	ApplicationID int64
	Statuses      []statusDef
	Attributes    []attributeDef
	Queries       []queryDef
}

type sortTerm struct {
	Field     string `json:"field"`
	Direction string `json:"direction"`
}

type statusDef struct {
	ID      int64
	Key     string
	Name    text
	Color   string
	Initial bool
	Final   bool
}

type attributeDef struct {
	// ID names the attribute's column in the type's table.
	ID       int64
	Key      string
	Name     text
	Type     string
	Picklist []pickDef
	// DependsOn is the attribute holding the value the options belong to
	// (the picklist's dependsOn, as the form checks it), or empty.
	DependsOn string
}

type pickDef struct {
	Value  string
	Text   text
	Color  string
	Parent string
}

type queryDef struct {
	ID        int64
	Key       string
	Name      text
	Default   bool
	Condition []byte
}

// board reads kanban view id with its type, statuses, attributes, picklist
// options and queries; a view that is not a kanban, is retired, or whose
// type the caller may not read is not found.
func (s *Store) board(ctx context.Context, c Caller, viewID int64) (*board, error) {
	b := &board{}
	var fields, sort []byte
	err := s.pool.QueryRow(ctx, `SELECT v.id, v.key, v.name, v.fields, v.sort, coalesce(v.query_key, ''), v.wip, v.wip_strict, c.id, c.key, c.name, c.application_id
		FROM item_view v JOIN readable_component($1, $2) c ON c.id = v.component_id
		WHERE v.id = $3 AND v.kind = 'kanban' AND v.retired_at IS NULL AND c.retired_at IS NULL`,
		c.UserID, c.PanelAdmin, viewID).
		Scan(&b.ViewID, &b.ViewKey, &b.ViewName, &fields, &sort, &b.QueryKey, &b.WIP, &b.WIPStrict, &b.ComponentID, &b.ComponentKey, &b.ComponentName, &b.ApplicationID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("kanban view %d: %w", viewID, err)
	}
	if err := json.Unmarshal(fields, &b.Fields); err != nil {
		return nil, fmt.Errorf("kanban view %d fields: %w", viewID, err)
	}
	if err := json.Unmarshal(sort, &b.Sort); err != nil {
		return nil, fmt.Errorf("kanban view %d sort: %w", viewID, err)
	}
	rows, err := s.pool.Query(ctx, `SELECT id, key, name, color, initial, final FROM item_status
		WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, b.ComponentID)
	if err != nil {
		return nil, fmt.Errorf("statuses: %w", err)
	}
	for rows.Next() {
		var st statusDef
		if err := rows.Scan(&st.ID, &st.Key, &st.Name, &st.Color, &st.Initial, &st.Final); err != nil {
			rows.Close()
			return nil, err
		}
		b.Statuses = append(b.Statuses, st)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// The parent attribute is the first of the type (in the form's order)
	// holding the picklist this one depends on, as the item engine finds it.
	rows, err = s.pool.Query(ctx, `SELECT a.id, a.key, a.name, a.type,
			COALESCE((SELECT jsonb_agg(jsonb_build_object('value', pi.value, 'text', pi.text, 'color', pi.color,
					'parent', coalesce(pi.parent_value, '')) ORDER BY pi.sort_order, pi.id)
				FROM picklist_item pi WHERE pi.picklist_id = a.picklist_id AND pi.retired_at IS NULL), '[]'),
			coalesce((SELECT pa.key FROM picklist pl JOIN attribute pa ON pa.picklist_id = pl.depends_on
				WHERE pl.id = a.picklist_id AND pa.component_id = a.component_id AND pa.retired_at IS NULL
				ORDER BY pa.sort_order, pa.id LIMIT 1), '')
		FROM attribute a WHERE a.component_id = $1 AND a.retired_at IS NULL ORDER BY a.id`, b.ComponentID)
	if err != nil {
		return nil, fmt.Errorf("attributes: %w", err)
	}
	for rows.Next() {
		var a attributeDef
		var picks []byte
		if err := rows.Scan(&a.ID, &a.Key, &a.Name, &a.Type, &picks, &a.DependsOn); err != nil {
			rows.Close()
			return nil, err
		}
		var raw []struct {
			Value  string `json:"value"`
			Text   text   `json:"text"`
			Color  string `json:"color"`
			Parent string `json:"parent"`
		}
		if err := json.Unmarshal(picks, &raw); err != nil {
			rows.Close()
			return nil, err
		}
		for _, p := range raw {
			a.Picklist = append(a.Picklist, pickDef(p))
		}
		b.Attributes = append(b.Attributes, a)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = s.pool.Query(ctx, `SELECT id, key, name, is_default, condition FROM item_query
		WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, b.ComponentID)
	if err != nil {
		return nil, fmt.Errorf("queries: %w", err)
	}
	for rows.Next() {
		var q queryDef
		if err := rows.Scan(&q.ID, &q.Key, &q.Name, &q.Default, &q.Condition); err != nil {
			rows.Close()
			return nil, err
		}
		b.Queries = append(b.Queries, q)
	}
	return b, rows.Err()
}

// wipLimits are the limits of a board by status id.
func (s *Store) wipLimits(ctx context.Context, viewID int64) (map[int64]int, error) {
	rows, err := s.pool.Query(ctx, `SELECT status_id, wip_limit FROM kanban_wip_limit WHERE view_id = $1`, viewID)
	if err != nil {
		return nil, fmt.Errorf("wip limits: %w", err)
	}
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// saveWipLimits replaces the administrator's limits of a board (0: no
// limit, over the package's default).
func (s *Store) saveWipLimits(ctx context.Context, userID, viewID int64, limits map[int64]int) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM kanban_wip_limit WHERE view_id = $1`, viewID); err != nil {
			return fmt.Errorf("wip limits: %w", err)
		}
		for status, n := range limits {
			if _, err := tx.Exec(ctx, `INSERT INTO kanban_wip_limit (view_id, status_id, wip_limit, updated_by) VALUES ($1, $2, $3, $4)`,
				viewID, status, n, userID); err != nil {
				return fmt.Errorf("wip limit: %w", err)
			}
		}
		return nil
	})
}

// cardQuery is the part of the card query a board call decides: the WHERE
// over "i", the type's table, with its arguments ($1 user, $2 panel admin,
// $3 type first), the order, and the attributes a card carries.
type cardQuery struct {
	table   string
	where   []string
	args    []any
	order   string
	carried []table.Attr
}

type cardRow struct {
	ID            int64
	Number        int64
	Title         string
	StatusID      int64
	ResponsibleID *int64
	Values        map[string]any
	Total         int
	ModifiedAt    time.Time
}

// picked is a jsonb object of the carried attributes of an item; the keys
// passed schema.KeyPattern, so they may stand as SQL literals.
func (q *cardQuery) picked() string {
	attrs := make([]table.Attr, 0, len(q.carried))
	for _, a := range q.carried {
		if schema.KeyPattern.MatchString(a.Key) {
			attrs = append(attrs, a)
		}
	}
	return table.AttributesExpr("i", attrs)
}

// cardsFrom is what the card queries select from: the type's table as "i",
// its rows of the items the caller may read. Its indexes hold only live
// items, so "i" says so too.
func (q *cardQuery) cardsFrom() string {
	return `readable_item($1, $2) r JOIN ` + q.table + ` i ON i.id = r.id AND i.deleted_at IS NULL`
}

// firstPages reads the first limit cards of every column, with each
// column's total, in one query.
func (s *Store) firstPages(ctx context.Context, q *cardQuery, limit int) ([]cardRow, error) {
	args := append(append([]any{}, q.args...), limit)
	sql := `SELECT id, number, title, status_id, responsible_id, vals, total, modified_at FROM (
		SELECT i.id, i.number, i.title, i.status_id, i.responsible_id, ` + q.picked() + ` AS vals, i.modified_at,
			row_number() OVER (PARTITION BY i.status_id ORDER BY ` + q.order + `) AS rn,
			count(*) OVER (PARTITION BY i.status_id) AS total
		FROM ` + q.cardsFrom() + ` WHERE i.status_id IS NOT NULL AND ` + strings.Join(q.where, " AND ") + `) x
		WHERE rn <= $` + strconv.Itoa(len(args)) + ` ORDER BY status_id, rn`
	return s.cards(ctx, sql, args)
}

// page reads cards offset.. of one column, with the column's total.
func (s *Store) page(ctx context.Context, q *cardQuery, statusID int64, offset, limit int) ([]cardRow, error) {
	args := append(append([]any{}, q.args...), statusID, limit, offset)
	n := len(args)
	sql := `SELECT i.id, i.number, i.title, i.status_id, i.responsible_id, ` + q.picked() + `, count(*) OVER ()::bigint, i.modified_at
		FROM ` + q.cardsFrom() + ` WHERE i.status_id = $` + strconv.Itoa(n-2) + ` AND ` + strings.Join(q.where, " AND ") + `
		ORDER BY ` + q.order + ` LIMIT $` + strconv.Itoa(n-1) + ` OFFSET $` + strconv.Itoa(n)
	return s.cards(ctx, sql, args)
}

func (s *Store) cards(ctx context.Context, sql string, args []any) ([]cardRow, error) {
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	var out []cardRow
	for rows.Next() {
		var r cardRow
		var vals []byte
		var total int64
		if err := rows.Scan(&r.ID, &r.Number, &r.Title, &r.StatusID, &r.ResponsibleID, &vals, &total, &r.ModifiedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("cards: %w", err)
		}
		if err := json.Unmarshal(vals, &r.Values); err != nil {
			rows.Close()
			return nil, err
		}
		r.Total = int(total)
		out = append(out, r)
	}
	return out, rows.Err()
}

// User is a responsible as a card shows it.
type User struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Avatar string `json:"avatar"`
}

// users reads the names and avatars of ids.
func (s *Store) users(ctx context.Context, ids []int64) ([]User, error) {
	if len(ids) == 0 {
		return []User{}, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT id, name, avatar FROM app_user WHERE id = ANY($1) ORDER BY name, id`, ids)
	if err != nil {
		return nil, fmt.Errorf("users: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[User])
}

// BoardRef is a kanban view the caller may open.
type BoardRef struct {
	ID int64 `json:"id"`
	// Key is "{component key}.{view key}": how a package's menu names a
	// board before the import gives it an id (docs/kanban.md).
	Key           string `json:"key"`
	Name          string `json:"name"`
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
	ApplicationID int64  `json:"applicationId"`
	Link          string `json:"link"`
}

// boards lists the kanban views of an application (0: all) whose type the
// caller may read.
func (s *Store) boards(ctx context.Context, c Caller, appID int64) ([]BoardRef, []text, []text, error) {
	rows, err := s.pool.Query(ctx, `SELECT v.id, c.key || '.' || v.key, v.name, c.id, c.name, c.application_id
		FROM item_view v JOIN readable_component($1, $2) c ON c.id = v.component_id
		WHERE v.kind = 'kanban' AND v.retired_at IS NULL AND c.retired_at IS NULL AND ($3::bigint = 0 OR c.application_id = $3)
		ORDER BY c.application_id, c.sort_order, c.id, v.sort_order, v.id`, c.UserID, c.PanelAdmin, appID)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("boards: %w", err)
	}
	defer rows.Close()
	var out []BoardRef
	var names, comps []text
	for rows.Next() {
		var b BoardRef
		var n, cn text
		if err := rows.Scan(&b.ID, &b.Key, &n, &b.ComponentID, &cn, &b.ApplicationID); err != nil {
			return nil, nil, nil, err
		}
		out, names, comps = append(out, b), append(names, n), append(comps, cn)
	}
	return out, names, comps, rows.Err()
}

// ticks is a time as modificationDateTicks (the item engine's version stamp).
func ticks(t time.Time) int64 { return t.UTC().UnixMicro()*10 + 621355968000000000 }
