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
	"github.com/tramita/tramita/internal/items"
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
	ModifiedAt    time.Time
}

// columnTotal is how many cards a column holds and what kind of figure that
// is: items.TotalExact, TotalEstimate or TotalAtLeast, as a list's total.
type columnTotal struct {
	N    int
	Kind string
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
// items, so "i" says so too; naming the type on "r" too tells the planner
// that the type's own readability ($3's) holds for every row.
func (q *cardQuery) cardsFrom() string {
	return `readable_item($1, $2) r JOIN ` + q.table + ` i ON i.id = r.id AND r.component_id = $3 AND i.deleted_at IS NULL`
}

// cards reads the cards offset.. (up to limit) of each status, a column at a
// time in the board's order, so only the cards returned are read and built.
func (s *Store) cards(ctx context.Context, q *cardQuery, statuses []int64, offset, limit int) ([]cardRow, error) {
	args := append(append([]any{}, q.args...), statuses, limit, offset)
	n := len(args)
	// "= ANY", not "=", keeps the status in the order (an "=" makes it a
	// constant the planner drops, then walks the whole newest-first index for
	// a column the query leaves empty): a column is a walk of the status index.
	sql := `SELECT c.id, c.number, c.title, c.status_id, c.responsible_id, c.vals, c.modified_at
		FROM unnest($` + strconv.Itoa(n-2) + `::bigint[]) s(status_id) CROSS JOIN LATERAL (
			SELECT x.*, row_number() OVER () AS rn FROM (
				SELECT i.id, i.number, i.title, i.status_id, i.responsible_id, ` + q.picked() + ` AS vals, i.modified_at
				FROM ` + q.cardsFrom() + `
				WHERE i.status_id = ANY (ARRAY[s.status_id]) AND ` + strings.Join(q.where, " AND ") + `
				ORDER BY i.status_id, ` + q.order + ` LIMIT $` + strconv.Itoa(n-1) + ` OFFSET $` + strconv.Itoa(n) + `) x) c
		ORDER BY c.status_id, c.rn`
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("cards: %w", err)
	}
	var out []cardRow
	for rows.Next() {
		var r cardRow
		var vals []byte
		if err := rows.Scan(&r.ID, &r.Number, &r.Title, &r.StatusID, &r.ResponsibleID, &vals, &r.ModifiedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("cards: %w", err)
		}
		if err := json.Unmarshal(vals, &r.Values); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// totals answers the totals of the columns need, whose pages did not tell
// them, by the item lists' rule: the planner's estimate, and where it is not
// far past the cap a count stopped at items.ExactCountCap+1.
func (s *Store) totals(ctx context.Context, q *cardQuery, need, shown []int64) (map[int64]columnTotal, error) {
	out := map[int64]columnTotal{}
	if len(need) == 0 {
		return out, nil
	}
	where := strings.Join(q.where, " AND ")
	column := q.cardsFrom() + ` WHERE i.status_id = $` + strconv.Itoa(len(q.args)+1) + ` AND ` + where
	argsOf := func(status int64) []any { return append(append([]any{}, q.args...), status) }
	var board int64
	est := map[int64]int64{}
	b := &pgx.Batch{}
	explain := func(from string, args []any, into func(int64)) {
		b.Queue(`EXPLAIN (FORMAT JSON) SELECT 1 FROM `+from, args...).QueryRow(func(r pgx.Row) error {
			var raw []byte
			if err := r.Scan(&raw); err != nil {
				return err
			}
			n, err := items.PlanRows(raw)
			into(n)
			return err
		})
	}
	explain(q.cardsFrom()+` WHERE `+where, q.args, func(n int64) { board = n })
	for _, st := range shown {
		explain(column, argsOf(st), func(n int64) { est[st] = n })
	}
	if err := s.pool.SendBatch(ctx, b).Close(); err != nil {
		return nil, fmt.Errorf("estimate cards: %w", err)
	}
	// A column's estimate is its share of the board's among the columns
	// shown: the planner takes the column's status and a query's condition on
	// the status as independent, so a query of open items counted it twice.
	var sum float64
	for _, st := range shown {
		sum += float64(est[st])
	}
	b = &pgx.Batch{}
	for _, st := range need {
		share := int64(float64(board) * float64(est[st]) / max(sum, 1))
		if share > items.EstimateTrustedAbove {
			out[st] = columnTotal{N: int(share), Kind: items.TotalEstimate}
			continue
		}
		b.Queue(`SELECT count(*) FROM (SELECT 1 FROM `+column+` LIMIT `+strconv.Itoa(items.ExactCountCap+1)+`) t`, argsOf(st)...).
			QueryRow(func(r pgx.Row) error {
				var counted int64
				if err := r.Scan(&counted); err != nil {
					return err
				}
				total, kind := items.CountedTotal(counted, share)
				out[st] = columnTotal{N: int(total), Kind: kind}
				return nil
			})
	}
	if b.Len() > 0 {
		if err := s.pool.SendBatch(ctx, b).Close(); err != nil {
			return nil, fmt.Errorf("count cards: %w", err)
		}
	}
	return out, nil
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
