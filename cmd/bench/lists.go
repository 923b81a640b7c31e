package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
)

// listCase is one executeFilter request over the big list.
type listCase struct {
	name    string
	filters []map[string]any
	order   string
	dir     string
}

var listCases = []listCase{
	{name: "no filter (newest first)"},
	{name: "two attribute filters (priority = high, progress >= 50)", filters: []map[string]any{
		{"field": "priority", "operator": "is", "value": "high"},
		{"field": "progress", "operator": ">=", "value": 50},
	}},
	{name: "sort on an attribute (cost ascending)", order: "cost", dir: "asc"},
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
	rows             int
	err              string
}

// Copies of internal/items' unexported SQL (access.go itemReadable, list.go
// rowColumns and rowJoins and the count), so the direct run sends what
// executeFilter sends for the item table. The WHERE fragment of the filters
// and the ORDER BY come from the real compiler (internal/items/filter).
const (
	benchItemReadable = `(i.deleted_at IS NULL AND ($2 OR i.project_id IS NULL OR EXISTS (
	SELECT 1 FROM project p WHERE p.id = i.project_id AND (p.manager_id = $1 OR EXISTS (
		SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1)))))`
	benchRowColumns = `i.id, i.number, i.title, i.parent_id, i.created_at, i.project_id, coalesce(p.name, ''),
	coalesce(pm.name, ''), coalesce(cr.name, ''), i.status_id, coalesce(st.name ->> $%d, st.name ->> 'pt-BR', ''), coalesce(st.color, ''),
	i.modified_at, coalesce(md.name, ''), i.version, i.responsible_id, coalesce(rs.name, ''), i.reason,
	i.has_attachment, i.has_digital_content, i.attributes`
	benchRowJoins = ` LEFT JOIN project p ON p.id = i.project_id LEFT JOIN app_user pm ON pm.id = p.manager_id
	LEFT JOIN app_user cr ON cr.id = i.creator_id LEFT JOIN item_status st ON st.id = i.status_id
	LEFT JOIN app_user md ON md.id = i.modifier_id LEFT JOIN app_user rs ON rs.id = i.responsible_id`
	exactCountCap = 10000
	pageRows      = 50
)

func benchLists(ctx context.Context, o options, cl *client, pool *pgxpool.Pool, s seedInfo, panelAdmin bool) ([]listResult, error) {
	attrs, err := attributesOf(ctx, pool, s.taskID)
	if err != nil {
		return nil, err
	}
	fields := schema.Build(attrs)
	var out []listResult
	for _, lc := range listCases {
		r := listResult{name: lc.name}
		body := map[string]any{"componentID": s.taskID, "rowsPerPage": pageRows, "page": 0, "logicSeparator": "AND"}
		if lc.filters != nil {
			body["filters"] = lc.filters
		}
		if lc.order != "" {
			body["order"], body["sortDirection"] = lc.order, lc.dir
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
		}
		if err := json.Unmarshal(b, &page); err != nil {
			return nil, err
		}
		r.total, r.estimate, r.rows = page.Total, page.TotalIsEstimate, len(page.Rows)

		direct, err := directQuery(fields, lc, s, panelAdmin)
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
	rows, err := pool.Query(ctx, `SELECT key, type FROM attribute WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, componentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []schema.Attr
	for rows.Next() {
		var a schema.Attr
		if err := rows.Scan(&a.Key, &a.Type); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// directQuery builds the count and page queries executeFilter runs on the
// item table for a case, and answers a function that runs them on the
// database (reading every row) and times them.
func directQuery(fields schema.Set, lc listCase, s seedInfo, panelAdmin bool) (func(context.Context, *pgxpool.Pool) (time.Duration, error), error) {
	args := []any{s.adminID, panelAdmin, s.taskID}
	where := []string{"i.component_id = $3", benchItemReadable}
	if len(lc.filters) > 0 {
		grid := filter.Node{Logic: "AND"}
		for _, f := range lc.filters {
			grid.Conditions = append(grid.Conditions, filter.Node{Field: f["field"].(string), Operator: f["operator"].(string), Value: jsonValue(f["value"])})
		}
		sql, fargs, err := filter.Compile(fields.Filter(), grid, filter.Params{Me: s.adminID, Today: time.Now()}, len(args))
		if err != nil {
			return nil, err
		}
		where, args = append(where, sql), append(args, fargs...)
	}
	order := "i.created_at DESC"
	if lc.order != "" {
		t, err := filter.Order(fields.Order(), lc.order, lc.dir)
		if err != nil {
			return nil, err
		}
		order = t
	}
	order += ", i.id DESC"
	whereSQL := strings.Join(where, " AND ")
	countSQL := `SELECT count(*) FROM (SELECT 1 FROM item i WHERE ` + whereSQL + ` LIMIT ` + strconv.Itoa(exactCountCap+1) + `) t`
	explainSQL := `EXPLAIN (FORMAT JSON) SELECT 1 FROM item i WHERE ` + whereSQL
	pageArgs := append(append([]any{}, args...), "pt-BR", pageRows, 0)
	n := len(pageArgs)
	pageSQL := `SELECT ` + fmt.Sprintf(benchRowColumns, n-2) + ` FROM item i` + benchRowJoins + ` WHERE ` + whereSQL +
		` ORDER BY ` + order + fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n-1, n)
	return func(ctx context.Context, pool *pgxpool.Pool) (time.Duration, error) {
		t0 := time.Now()
		var count int64
		if err := pool.QueryRow(ctx, countSQL, args...).Scan(&count); err != nil {
			return 0, fmt.Errorf("count: %w", err)
		}
		if count > exactCountCap {
			var plan []byte
			if err := pool.QueryRow(ctx, explainSQL, args...).Scan(&plan); err != nil {
				return 0, fmt.Errorf("estimate: %w", err)
			}
		}
		rows, err := pool.Query(ctx, pageSQL, pageArgs...)
		if err != nil {
			return 0, fmt.Errorf("page: %w", err)
		}
		for rows.Next() {
			if _, err := rows.Values(); err != nil {
				rows.Close()
				return 0, err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return 0, err
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
