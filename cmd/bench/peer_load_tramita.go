package main

// What the peer benchmark knows about how Tramita stores items: the rows go
// to the type's typed table, then their system columns to the item registry
// (bulkLoad, docs/item-tables.md); tramitaTasksBytes measures both.

import (
	"context"
	"fmt"
	"log"
	"math/big"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/table"
)

// tramitaTarget is where the rows go: the type tasks of the package
// apps/bench/peer-tasks.yaml and the ids its rows refer to.
type tramitaTarget struct {
	componentID int64
	statusIDs   []int64 // by peerRow.status
	userIDs     []int64 // by peerRow.assignee
	creatorID   int64
}

// peerLoadTimes are the phases of a load, for the report.
type peerLoadTimes = bulkTimes

// peerKeys are the attributes of the type tasks that a row fills, in the
// order loadTramitaTasks copies them.
var peerKeys = []string{"priority", "due", "estimate", "done", "description"}

// loadTramitaTasks writes rows[from:to] (row n is rows[n-1]) as items of the
// type: FormattedID n, title, status and responsible as system columns, the
// other fields in their attribute columns (priority a number, due the date
// as the form writes a date-only DATE_TIME, estimate a number, done a
// boolean, description a string). Through bulkLoad, as cmd/bench/seed.go:
// one COPY into the type's typed table in FormattedID order with the ids
// bulkLoad reserved, so the item ids ascend with n and a sort's tie-break on
// the id orders rows as Directus's (whose id is n); bulkLoad writes the
// registry's rows from them. No item_version rows, as seed.go.
func loadTramitaTasks(ctx context.Context, pool *pgxpool.Pool, t tramitaTarget, rows []peerRow, from, to int) (peerLoadTimes, error) {
	attrs, err := typedColumns(ctx, pool, t.componentID, peerKeys)
	if err != nil {
		return peerLoadTimes{}, err
	}
	cols := []string{"id", "component_id", "number", "title", "status_id", "responsible_id", "creator_id", "created_at",
		"modifier_id", "modified_at"}
	for _, a := range attrs {
		cols = append(cols, table.Column(a.ID))
	}
	bt, err := bulkLoad(ctx, pool, t.componentID, to-from, func(ctx context.Context, first int64, prepare func(*pgxpool.Conn) error) error {
		conn, err := pool.Acquire(ctx)
		if err != nil {
			return err
		}
		defer conn.Release()
		if err := prepare(conn); err != nil {
			return err
		}
		created := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC)
		n := from
		src := pgx.CopyFromFunc(func() ([]any, error) {
			if n >= to {
				return nil, nil
			}
			r := rows[n]
			id := first + int64(n-from)
			n++
			at := created.Add(time.Duration(n) * 30 * time.Second)
			// The estimate's two decimals stay its scale, as "12.50" typed in a form.
			estimate := pgtype.Numeric{Int: big.NewInt(int64(r.estimate)), Exp: -2, Valid: true}
			return []any{id, t.componentID, int64(n), r.title(n), t.statusIDs[r.status], t.userIDs[r.assignee],
				t.creatorID, at, t.creatorID, at,
				int64(r.priority), r.due(), estimate, r.done(), r.description()}, nil
		})
		if _, err := conn.Conn().CopyFrom(ctx, pgx.Identifier{table.Name(t.componentID)}, cols, src); err != nil {
			return fmt.Errorf("copy items %d-%d: %w", from+1, to, err)
		}
		_, err = conn.Exec(ctx, `UPDATE component SET last_number = greatest(last_number, $2) WHERE id = $1`, t.componentID, to)
		return err
	})
	return bt, err
}

// tramitaTasksBytes is the disk the type's items take, indexes included:
// the whole item table, which holds nothing else here (no demo), and the
// type's table. Each relation's share goes to the log, for the reasons.
func tramitaTasksBytes(ctx context.Context, pool *pgxpool.Pool, componentID int64) (int64, error) {
	rows, err := pool.Query(ctx, `SELECT c.relname, pg_relation_size(c.oid) FROM pg_class c
		WHERE c.oid IN ('item'::regclass, to_regclass($1)) OR c.oid IN (SELECT indexrelid FROM pg_index
			WHERE indrelid IN ('item'::regclass, to_regclass($1)))
		ORDER BY 2 DESC`, table.Name(componentID))
	if err != nil {
		return 0, err
	}
	var parts []string
	for rows.Next() {
		var name string
		var n int64
		if err := rows.Scan(&name, &n); err != nil {
			return 0, err
		}
		parts = append(parts, fmt.Sprintf("%s %d MB", name, n>>20))
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	log.Printf("  tramita disk: %s", strings.Join(parts, ", "))
	return itemBytes(ctx, pool, componentID)
}

// tramitaItemID is the id of the item of the type with FormattedID number.
func tramitaItemID(ctx context.Context, pool *pgxpool.Pool, componentID, number int64) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM item WHERE component_id = $1 AND number = $2`, componentID, number).Scan(&id)
	return id, err
}

// tramitaTasksCount counts the type's items, to check a load.
func tramitaTasksCount(ctx context.Context, pool *pgxpool.Pool, componentID int64) (int64, error) {
	var n int64
	err := pool.QueryRow(ctx, `SELECT count(*) FROM item WHERE component_id = $1 AND deleted_at IS NULL`, componentID).Scan(&n)
	return n, err
}
