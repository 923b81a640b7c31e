package kanban

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/items/table"
)

// CheckStrictWIP refuses a transition past a strict board's column limit. It
// counts every matching item, whoever may read it (the limit is the team's),
// after the move's writes, locked per column so two moves never share a place.
func CheckStrictWIP(ctx context.Context, tx pgx.Tx, me int64, componentID, statusID int64, ids []int64, lang string) error {
	rows, err := tx.Query(ctx, `SELECT v.id, v.name, coalesce(v.query_key, ''), s.name,
			coalesce(l.wip_limit, (v.wip->>s.key)::int, 0)
		FROM item_view v JOIN item_status s ON s.id = $2 AND s.component_id = v.component_id
		LEFT JOIN kanban_wip_limit l ON l.view_id = v.id AND l.status_id = s.id
		WHERE v.component_id = $1 AND v.kind = 'kanban' AND v.wip_strict AND v.retired_at IS NULL
		ORDER BY v.id`, componentID, statusID)
	if err != nil {
		return fmt.Errorf("strict wip: %w", err)
	}
	type strict struct {
		viewID int64
		view   text
		query  string
		column text
		limit  int
	}
	var boards []strict
	for rows.Next() {
		var b strict
		if err := rows.Scan(&b.viewID, &b.view, &b.query, &b.column, &b.limit); err != nil {
			rows.Close()
			return err
		}
		if b.limit > 0 {
			boards = append(boards, b)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, b := range boards {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('kanban-wip:' || $1::bigint || ':' || $2::bigint, 0))`,
			b.viewID, statusID); err != nil {
			return fmt.Errorf("strict wip lock: %w", err)
		}
		where, args, err := boardQuery(ctx, tx, me, componentID, b.query)
		if err != nil {
			return err
		}
		var n int
		// The column as it would be: its items and the moving ones, those
		// the board's query shows (an item it leaves out takes no place),
		// counted no further than one past the limit.
		args = append(append([]any{componentID, statusID, ids}, args...), b.limit+1)
		// "i" is the type's table, as the board's query reads it.
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM live_item r JOIN `+table.Name(componentID)+` i ON i.id = r.id
			WHERE i.component_id = $1 AND (i.status_id = $2 OR i.id = ANY($3)) AND `+where+` LIMIT $`+strconv.Itoa(len(args))+`) t`,
			args...).Scan(&n); err != nil {
			return fmt.Errorf("strict wip count: %w", err)
		}
		if n > b.limit {
			return httpx.Fail(http.StatusUnprocessableEntity, "workflow.wipFull",
				"column", b.column.in(lang), "board", b.view.in(lang), "limit", b.limit)
		}
	}
	return nil
}

// boardQuery compiles the board's query (key of the type's query; empty:
// none) into a condition over "i", the type's table, whose parameters
// follow the first three.
func boardQuery(ctx context.Context, tx pgx.Tx, me, componentID int64, key string) (string, []any, error) {
	if key == "" {
		return "true", nil, nil
	}
	var cond []byte
	err := tx.QueryRow(ctx, `SELECT condition FROM item_query WHERE component_id = $1 AND key = $2 AND retired_at IS NULL`,
		componentID, key).Scan(&cond)
	if errors.Is(err, pgx.ErrNoRows) {
		return "true", nil, nil // retired by a later import: bounds nothing, as on the board
	}
	if err != nil {
		return "", nil, fmt.Errorf("board query: %w", err)
	}
	rows, err := tx.Query(ctx, `SELECT id, key, type FROM attribute WHERE component_id = $1 AND retired_at IS NULL`, componentID)
	if err != nil {
		return "", nil, fmt.Errorf("attributes: %w", err)
	}
	// With their ids, the fields are the columns of the type's table.
	attrs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (schema.Attr, error) {
		var a schema.Attr
		return a, r.Scan(&a.ID, &a.Key, &a.Type)
	})
	if err != nil {
		return "", nil, err
	}
	var node filter.Node
	if err := json.Unmarshal(cond, &node); err != nil {
		return "", nil, fmt.Errorf("board query %s: %w", key, err)
	}
	return filter.Compile(schema.Build(attrs).Filter(), node, filter.Params{Me: me, Today: time.Now()}, 3)
}
