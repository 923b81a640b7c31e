package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/items/table"
)

// listCase is one executeFilter request over the big list.
type listCase struct {
	name    string
	filters []map[string]any
	order   string
	dir     string
	// page is the offset page asked for; with cursor, the page is asked by
	// the nextCursor of page-1 (keyset paging) instead.
	page   int
	cursor bool
	// goal marks the case the list goal is stated for: two attribute
	// filters and a sort (its name is in bold in the report).
	goal bool
}

var listCases = []listCase{
	{name: "no filter (newest first)"},
	{name: "two attribute filters (priority = high, progress >= 50)", filters: []map[string]any{
		{"field": "priority", "operator": "is", "value": "high"},
		{"field": "progress", "operator": ">=", "value": 50},
	}},
	{name: "sort on an attribute (cost ascending)", order: "cost", dir: "asc"},
	{name: "**two attribute filters and a sort** (priority = high, progress >= 50, cost ascending)", filters: []map[string]any{
		{"field": "priority", "operator": "is", "value": "high"},
		{"field": "progress", "operator": ">=", "value": 50},
	}, order: "cost", dir: "asc", goal: true},
	{name: "same, descending (cost descending)", filters: []map[string]any{
		{"field": "priority", "operator": "is", "value": "high"},
		{"field": "progress", "operator": ">=", "value": 50},
	}, order: "cost", dir: "desc"},
	{name: "deep page by offset (page 2,000, newest first)", page: 2000},
	{name: "deep page by cursor (page 2,000 through nextCursor, newest first)", page: 2000, cursor: true},
	{name: "text search, common word (Title contains \"orçamento\", 10% of rows)", filters: []map[string]any{
		{"field": "Title", "operator": "contains", "value": "orçamento"},
	}},
	{name: "text search, rare term (Title contains \"123456\", 1 row)", filters: []map[string]any{
		{"field": "Title", "operator": "contains", "value": "123456"},
	}},
}

type listResult struct {
	name             string
	requests, direct int
	api, sql         quantiles
	total            int64
	estimate         bool
	totalKind        string
	rows             int
	err              string
}

// Copies of internal/items' unexported SQL (store_access.go itemReadable, store_list.go
// pageRowsColumns, pageRowsSQL and the total), so the direct run sends what
// executeFilter sends for the type's typed table. The WHERE fragment of the
// filters, the ORDER BY and the keyset condition come from the real compiler
// (internal/items/filter). The page's rows are read from the typed table too,
// their values by key from its columns (table.AttributesExpr), as the list
// reads them once the registry holds no attributes (docs/item-tables.md).
const (
	benchItemReadable = `(i.deleted_at IS NULL AND ($2 OR i.project_id IS NULL
	OR i.project_id IN (SELECT pm.project_id FROM project_member pm WHERE pm.user_id = $1
	UNION ALL SELECT pg.project_id FROM project_group pg JOIN user_group g ON g.id = pg.group_id
		WHERE (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1)))))`
	benchRowColumns = `i.id, i.number, i.title, i.parent_id, i.created_at, i.project_id,
	coalesce((SELECT p.name FROM project p WHERE p.id = i.project_id), ''),
	coalesce((SELECT u.name FROM project p JOIN app_user u ON u.id = p.manager_id WHERE p.id = i.project_id), ''),
	coalesce((SELECT u.name FROM app_user u WHERE u.id = i.creator_id), ''), i.status_id,
	coalesce((SELECT coalesce(st.name ->> $4, st.name ->> 'pt-BR') FROM item_status st WHERE st.id = i.status_id), ''),
	coalesce((SELECT st.color FROM item_status st WHERE st.id = i.status_id), ''),
	i.modified_at, coalesce((SELECT u.name FROM app_user u WHERE u.id = i.modifier_id), ''), i.version, i.responsible_id,
	coalesce((SELECT u.name FROM app_user u WHERE u.id = i.responsible_id), ''), i.reason,
	i.has_attachment, i.has_digital_content`
	exactCountCap        = 10000
	estimateTrustedAbove = 2 * exactCountCap
	pageRows             = 50
)

// benchPageRowsSQL reads a page's rows by id ($3) from the type's table.
func benchPageRowsSQL(componentID int64, attrs []table.Attr) string {
	return `SELECT ` + benchRowColumns + `, ` + table.AttributesExpr("i", attrs) + ` FROM ` + table.Name(componentID) + ` i
	WHERE i.id = ANY($3) AND ` + benchItemReadable
}

// benchLists runs every list case as user, who is a panel administrator or
// not; the direct SQL uses the same user.
func benchLists(ctx context.Context, o options, cl *client, pool *pgxpool.Pool, s seedInfo, user int64, panelAdmin bool) ([]listResult, error) {
	attrs, err := attributesOf(ctx, pool, s.taskID)
	if err != nil {
		return nil, err
	}
	fields := schema.Build(attrs)
	columns, err := table.Attrs(ctx, pool, s.taskID)
	if err != nil {
		return nil, err
	}
	var out []listResult
	for _, lc := range listCases {
		r := listResult{name: lc.name}
		body := map[string]any{"componentID": s.taskID, "rowsPerPage": pageRows, "page": lc.page, "logicSeparator": "AND"}
		if lc.filters != nil {
			body["filters"] = lc.filters
		}
		if lc.order != "" {
			body["order"], body["sortDirection"] = lc.order, lc.dir
		}
		var seek *benchCursor
		if lc.cursor {
			// The cursor of the page before, as the grid gets it.
			prev := maps.Clone(body)
			prev["page"] = lc.page - 1
			_, b, _, err := cl.call(ctx, http.MethodPost, "/api/genericItem/executeFilter", prev)
			if err != nil {
				return nil, err
			}
			var p struct {
				NextCursor string `json:"nextCursor"`
			}
			if err := json.Unmarshal(b, &p); err != nil || p.NextCursor == "" {
				// A caller who reads fewer rows than the page's offset (a
				// member, on a small -items run) has no such page.
				r.err = fmt.Sprintf("no nextCursor on page %d: %v %.200s", lc.page-1, err, strings.TrimSpace(string(b)))
				log.Printf("  %s: %s", lc.name, r.err)
				out = append(out, r)
				continue
			}
			body["after"] = p.NextCursor
			if seek, err = decodeCursor(p.NextCursor); err != nil {
				return nil, err
			}
		}
		// One request to check the answer and warm the caches.
		status, b, _, err := cl.call(ctx, http.MethodPost, "/api/genericItem/executeFilter", body)
		if err != nil || status != http.StatusOK {
			r.err = fmt.Sprintf("status %d: %v %.200s", status, err, b)
			log.Printf("  %s: %s", lc.name, r.err)
			out = append(out, r)
			continue
		}
		var page struct {
			Rows            []json.RawMessage `json:"rows"`
			Total           int64             `json:"total"`
			TotalIsEstimate bool              `json:"totalIsEstimate"`
			TotalKind       string            `json:"totalKind"`
		}
		if err := json.Unmarshal(b, &page); err != nil {
			return nil, err
		}
		r.total, r.estimate, r.totalKind, r.rows = page.Total, page.TotalIsEstimate, page.TotalKind, len(page.Rows)

		direct, err := directQuery(fields, columns, lc, s, user, panelAdmin, seek)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lc.name, err)
		}
		if _, err := direct(ctx, pool); err != nil {
			return nil, fmt.Errorf("%s, direct SQL: %w", lc.name, err)
		}
		const rounds = 3
		var apiRounds, sqlRounds []quantiles
		for round := range rounds {
			_ = round
			var api []time.Duration
			deadline := time.Now().Add(o.filterTime / rounds)
			for len(api) < o.filterReqs/rounds && (len(api) < 5 || time.Now().Before(deadline)) {
				status, b, d, err := cl.call(ctx, http.MethodPost, "/api/genericItem/executeFilter", body)
				if err != nil || status != http.StatusOK {
					return nil, fmt.Errorf("%s: status %d: %v %.200s", lc.name, status, err, b)
				}
				api = append(api, d)
			}
			var sql []time.Duration
			for range len(api) {
				d, err := direct(ctx, pool)
				if err != nil {
					return nil, err
				}
				sql = append(sql, d)
			}
			r.requests += len(api)
			r.direct += len(sql)
			apiRounds, sqlRounds = append(apiRounds, quantilesOf(api)), append(sqlRounds, quantilesOf(sql))
		}
		r.api, r.sql = medianQuantiles(apiRounds), medianQuantiles(sqlRounds)
		log.Printf("  %s: api p50 %s p95 %s; sql p50 %s p95 %s (%d requests)", lc.name,
			ms(r.api.p50), ms(r.api.p95), ms(r.sql.p50), ms(r.sql.p95), r.requests)
		out = append(out, r)
	}
	return out, nil
}

func attributesOf(ctx context.Context, pool *pgxpool.Pool, componentID int64) ([]schema.Attr, error) {
	// The columns of the typed table, as the list engine reads them.
	rows, err := pool.Query(ctx, `SELECT id, key, type FROM attribute WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, componentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []schema.Attr
	for rows.Next() {
		var a schema.Attr
		if err := rows.Scan(&a.ID, &a.Key, &a.Type); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// benchCursor is the part of a nextCursor the direct run needs.
type benchCursor struct {
	Value string `json:"v"`
	ID    int64  `json:"id"`
}

func decodeCursor(c string) (*benchCursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return nil, err
	}
	var out benchCursor
	return &out, json.Unmarshal(b, &out)
}

// directQuery builds the statements executeFilter runs on the type's table
// for a case (the page's ids with the planner's estimate of the total in one
// batch, then its rows by id with a count capped at 10,001 when the page is
// full and the estimate small in another), and
// answers a function that runs them on the database (reading every row) and
// times them.
func directQuery(fields schema.Set, columns []table.Attr, lc listCase, s seedInfo, user int64, panelAdmin bool, seek *benchCursor) (func(context.Context, *pgxpool.Pool) (time.Duration, error), error) {
	args := []any{user, panelAdmin, s.taskID}
	// As listWhere over a typed table, which holds one type.
	where := []string{"$3::bigint IS NOT NULL", benchItemReadable}
	if len(lc.filters) > 0 {
		grid := filter.Node{Logic: "AND"}
		for _, f := range lc.filters {
			grid.Conditions = append(grid.Conditions, filter.Node{Field: f["field"].(string), Operator: f["operator"].(string), Value: jsonValue(f["value"])})
		}
		sql, fargs, err := filter.Compile(fields.Filter(), grid, filter.Params{Me: user, Today: time.Now()}, len(args))
		if err != nil {
			return nil, err
		}
		where, args = append(where, sql), append(args, fargs...)
	}
	var terms []filter.Sort
	if lc.order != "" {
		terms = []filter.Sort{{Field: lc.order, Direction: lc.dir}}
	}
	order, err := filter.OrderBy(fields.Order(), terms)
	if err != nil {
		return nil, err
	}
	whereSQL := strings.Join(where, " AND ")
	from := table.Name(s.taskID)
	countSQL := `SELECT count(*) FROM (SELECT 1 FROM ` + from + ` i WHERE ` + whereSQL + ` LIMIT ` + strconv.Itoa(exactCountCap+1) + `) t`
	explainSQL := `EXPLAIN (FORMAT JSON) SELECT 1 FROM ` + from + ` i WHERE ` + whereSQL
	pageWhere, pageArgs, offset := whereSQL, append([]any{}, args...), lc.page*pageRows
	if seek != nil {
		at, err := time.Parse(time.RFC3339Nano, seek.Value)
		if err != nil {
			return nil, err
		}
		cond, sargs := filter.Seek("i.created_at", true, at, seek.ID, len(pageArgs))
		pageWhere, pageArgs, offset = pageWhere+" AND "+cond, append(pageArgs, sargs...), 0
	}
	n := len(pageArgs)
	idSQL := `SELECT i.id FROM ` + from + ` i WHERE ` + pageWhere + ` ORDER BY ` + order + fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n+1, n+2)
	pageArgs = append(pageArgs, pageRows, offset)
	rowsSQL := benchPageRowsSQL(s.taskID, columns)
	return func(ctx context.Context, pool *pgxpool.Pool) (time.Duration, error) {
		t0 := time.Now()
		// As executeFilter: the ids and the estimate in one batch, the rows by
		// id, then a capped count only when the estimate is small.
		b := &pgx.Batch{}
		b.Queue(idSQL, pageArgs...)
		b.Queue(explainSQL, args...)
		br := pool.SendBatch(ctx, b)
		rows, err := br.Query()
		if err != nil {
			br.Close()
			return 0, fmt.Errorf("page ids: %w", err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			br.Close()
			return 0, fmt.Errorf("page ids: %w", err)
		}
		var raw []byte
		err = br.QueryRow().Scan(&raw)
		if cerr := br.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return 0, fmt.Errorf("estimate: %w", err)
		}
		var plan []struct {
			Plan struct {
				Rows float64 `json:"Plan Rows"`
			} `json:"Plan"`
		}
		if err := json.Unmarshal(raw, &plan); err != nil || len(plan) == 0 {
			return 0, fmt.Errorf("estimate: %v", err)
		}
		// The rows by id and, in the same batch, the count when it is due.
		b = &pgx.Batch{}
		b.Queue(rowsSQL, args[0], args[1], ids, "pt-BR").Query(func(rows pgx.Rows) error {
			for rows.Next() {
				if _, err := rows.Values(); err != nil {
					return err
				}
			}
			return rows.Err()
		})
		if (seek != nil || len(ids) == pageRows || (len(ids) == 0 && offset > 0)) && plan[0].Plan.Rows <= estimateTrustedAbove {
			b.Queue(countSQL, args...).QueryRow(func(r pgx.Row) error {
				var count int64
				return r.Scan(&count)
			})
		}
		if err := pool.SendBatch(ctx, b).Close(); err != nil {
			return 0, fmt.Errorf("page: %w", err)
		}
		return time.Since(t0), nil
	}, nil
}

// jsonValue is v as encoding/json decodes it (numbers are float64), which is
// what the compiler sees behind the HTTP handler.
func jsonValue(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

func ms(d time.Duration) string {
	f := float64(d) / float64(time.Millisecond)
	switch {
	case f >= 100:
		return fmt.Sprintf("%.0f ms", f)
	case f >= 10:
		return fmt.Sprintf("%.1f ms", f)
	}
	return fmt.Sprintf("%.2f ms", f)
}

// addMember creates the plain user "member" (the administrator's password,
// no administration rights) in two of the three demo projects, so that the
// permission test of every list keeps two thirds of the task items.
func addMember(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `INSERT INTO app_user (login, name, email, password_hash, password_changed_at)
		SELECT 'member', 'Bench Member', 'member@example.com', password_hash, now() FROM app_user WHERE login = 'admin'
		RETURNING id`).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("add member: %w", err)
	}
	_, err = pool.Exec(ctx, `INSERT INTO project_member (project_id, user_id, role)
		SELECT id, $1, 'member' FROM project ORDER BY id LIMIT 2`, id)
	return id, err
}
