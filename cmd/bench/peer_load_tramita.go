package main

// What the peer benchmark knows about how Tramita stores items: the rows go
// to the item registry, then to the type's typed table (bulkLoad,
// docs/item-tables.md); tramitaTasksBytes measures both.

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
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

// loadTramitaTasks writes rows[from:to] (row n is rows[n-1]) as items of the
// type: FormattedID n, title, status and responsible as columns, the other
// fields in attributes (priority a number, due the date as the form writes a
// date-only DATE_TIME, estimate a number, done a boolean, description a
// string). As cmd/bench/seed.go: the item table's secondary indexes are
// dropped for the load and rebuilt from their own definitions after it, then
// VACUUM (ANALYZE). One COPY stream in FormattedID order, so the item ids
// ascend with n and a sort's tie-break on the id orders rows as Directus's
// (whose id is n). No item_version rows, as seed.go.
func loadTramitaTasks(ctx context.Context, pool *pgxpool.Pool, t tramitaTarget, rows []peerRow, from, to int) (peerLoadTimes, error) {
	bt, err := bulkLoad(ctx, pool, t.componentID, func(ctx context.Context, prepare func(*pgxpool.Conn) error) error {
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
		var attrs []byte
		src := pgx.CopyFromFunc(func() ([]any, error) {
			if n >= to {
				return nil, nil
			}
			r := rows[n]
			n++
			at := created.Add(time.Duration(n) * 30 * time.Second)
			attrs = attrs[:0]
			attrs = append(attrs, `{"priority":`...)
			attrs = strconv.AppendInt(attrs, int64(r.priority), 10)
			attrs = append(attrs, `,"due":"`...)
			attrs = r.due().AppendFormat(attrs, "2006-01-02T15:04:05Z")
			attrs = append(attrs, `","estimate":`...)
			attrs = append(attrs, r.estimateText()...)
			attrs = append(attrs, `,"done":`...)
			attrs = strconv.AppendBool(attrs, r.done())
			attrs = append(attrs, `,"description":"`...)
			attrs = append(attrs, r.description()...) // plain ASCII, nothing to escape
			attrs = append(attrs, `"}`...)
			return []any{t.componentID, int64(n), r.title(n), t.statusIDs[r.status], t.userIDs[r.assignee],
				t.creatorID, at, t.creatorID, at, string(attrs)}, nil
		})
		if _, err := conn.Conn().CopyFrom(ctx, pgx.Identifier{"item"}, []string{"component_id", "number", "title", "status_id",
			"responsible_id", "creator_id", "created_at", "modifier_id", "modified_at", "attributes"}, src); err != nil {
			return fmt.Errorf("copy items %d-%d: %w", from+1, to, err)
		}
		_, err = conn.Exec(ctx, `UPDATE component SET last_number = greatest(last_number, $2) WHERE id = $1`, t.componentID, to)
		return err
	})
	return bt, err
}

// tramitaTasksBytes is the disk the type's items take, indexes included:
// the whole item table, which holds nothing else here (no demo).
func tramitaTasksBytes(ctx context.Context, pool *pgxpool.Pool, componentID int64) (int64, error) {
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
