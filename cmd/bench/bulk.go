package main

import (
	"context"
	"fmt"
	"log"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/table"
)

// bulkTimes are the phases of a bulk load, for the reports.
type bulkTimes struct {
	insert, index, analyze time.Duration
}

// bulkLoad writes n items of one type the fast way, around the item core's
// storage (docs/item-tables.md), as the core would store them: the secondary
// indexes of the item registry and of the type's typed table are dropped;
// the ids first .. first+n-1 are reserved in the registry's sequence; load
// writes the typed table's rows with those ids (system columns and the a<id>
// attribute columns) on connections that skip triggers and foreign-key
// checks (prepare sets each up); the registry's rows are then written from
// the typed table in one pass (its system columns and search); the indexes are
// rebuilt from their own definitions, then VACUUM (ANALYZE).
func bulkLoad(ctx context.Context, pool *pgxpool.Pool, componentID int64, n int,
	load func(ctx context.Context, first int64, prepare func(*pgxpool.Conn) error) error) (bulkTimes, error) {
	var bt bulkTimes
	typed := table.Name(componentID)
	register, err := registerSQL(ctx, pool, componentID)
	if err != nil {
		return bt, err
	}
	rows, err := pool.Query(ctx, `SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
		FROM pg_index i WHERE i.indrelid IN ('item'::regclass, to_regclass($1)) AND NOT i.indisprimary
		AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`, typed)
	if err != nil {
		return bt, err
	}
	type index struct{ name, def string }
	indexes, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (index, error) {
		var x index
		return x, r.Scan(&x.name, &x.def)
	})
	if err != nil {
		return bt, err
	}
	for _, x := range indexes {
		if _, err := pool.Exec(ctx, `DROP INDEX `+x.name); err != nil {
			return bt, fmt.Errorf("drop %s: %w", x.name, err)
		}
	}
	t0 := time.Now()
	first, err := reserveIDs(ctx, pool, n)
	if err != nil {
		return bt, err
	}
	prepare := func(c *pgxpool.Conn) error {
		// replica: no trigger runs, foreign keys' included (the typed rows
		// come before their registry rows), and the load's commits need not
		// wait for the disk.
		_, err := c.Exec(ctx, `SET session_replication_role = replica; SET synchronous_commit = off`)
		return err
	}
	if err := load(ctx, first, prepare); err != nil {
		return bt, err
	}
	// The registry's rows from the typed table's, in ranges of ids.
	const chunk = 100_000
	var jobs []func(context.Context) error
	for lo := first; lo < first+int64(n); lo += chunk {
		hi := min(lo+chunk, first+int64(n)) - 1
		jobs = append(jobs, func(gctx context.Context) error {
			c, err := pool.Acquire(gctx)
			if err != nil {
				return err
			}
			defer c.Release()
			if err := prepare(c); err != nil {
				return err
			}
			if _, err := c.Exec(gctx, register, lo, hi); err != nil {
				return fmt.Errorf("registry rows of items %d-%d: %w", lo, hi, err)
			}
			return nil
		})
	}
	if err := parallel(ctx, 2, jobs); err != nil {
		return bt, err
	}
	bt.insert = time.Since(t0)
	log.Printf("  %d items in %s and the registry; rebuilding %d indexes", n, typed, len(indexes))
	t0 = time.Now()
	jobs = nil
	for _, x := range indexes {
		jobs = append(jobs, func(ictx context.Context) error {
			c, err := pool.Acquire(ictx)
			if err != nil {
				return err
			}
			defer c.Release()
			if _, err := c.Exec(ictx, `SET maintenance_work_mem = '512MB'`); err != nil {
				return err
			}
			if _, err := c.Exec(ictx, x.def); err != nil {
				return fmt.Errorf("%s: %w", x.def, err)
			}
			return nil
		})
	}
	if err := parallel(ctx, 2, jobs); err != nil {
		return bt, err
	}
	bt.index = time.Since(t0)
	t0 = time.Now()
	if _, err := pool.Exec(ctx, `VACUUM (ANALYZE) item, `+typed); err != nil {
		return bt, err
	}
	bt.analyze = time.Since(t0)
	return bt, nil
}

// reserveIDs takes n ids of the item registry's sequence and answers the
// first; the load writes them itself (COPY and OVERRIDING SYSTEM VALUE).
// Item writes wait meanwhile, so no other item takes one of them.
func reserveIDs(ctx context.Context, pool *pgxpool.Pool, n int) (int64, error) {
	if n == 0 {
		return 1, nil
	}
	var first int64
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `LOCK TABLE item IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT nextval(pg_get_serial_sequence('item', 'id'))`).Scan(&first); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('item', 'id'), $1)`, first+int64(n)-1)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("reserve %d item ids: %w", n, err)
	}
	return first, nil
}

// registerSQL writes the registry's rows of the typed table's items $1 ..
// $2: the columns both tables have (the item's system fields), and search
// as the core computes it (table.SearchOf).
func registerSQL(ctx context.Context, pool *pgxpool.Pool, componentID int64) (string, error) {
	typed := table.Name(componentID)
	var cols []string
	err := pool.QueryRow(ctx, `SELECT coalesce(array_agg(r.attname::text ORDER BY r.attnum), '{}')
		FROM pg_attribute r
		WHERE r.attrelid = 'item'::regclass AND r.attnum > 0 AND NOT r.attisdropped AND EXISTS (
			SELECT 1 FROM pg_attribute t WHERE t.attrelid = to_regclass($1) AND t.attname = r.attname AND NOT t.attisdropped)`, typed).
		Scan(&cols)
	if err != nil {
		return "", fmt.Errorf("columns of item and %s: %w", typed, err)
	}
	if !slices.Contains(cols, "id") {
		return "", fmt.Errorf("%s: no typed table (the server makes it at start and at import)", typed)
	}
	exprs := make([]string, len(cols))
	for i, c := range cols {
		exprs[i] = "t." + c
	}
	attrs, err := table.Attrs(ctx, pool, componentID)
	if err != nil {
		return "", err
	}
	cols = append(cols, "search")
	exprs = append(exprs, table.SearchOf("t.title", "("+table.AttributesExpr("t", table.Searched(attrs))+")::text"))
	return `INSERT INTO item (` + strings.Join(cols, ", ") + `) OVERRIDING SYSTEM VALUE SELECT ` + strings.Join(exprs, ", ") +
		` FROM ` + typed + ` t WHERE t.id BETWEEN $1 AND $2`, nil
}

// typedColumns are the columns of the typed table that hold the values of
// keys, in their order: the system columns' names are the load's own.
func typedColumns(ctx context.Context, pool *pgxpool.Pool, componentID int64, keys []string) ([]table.Attr, error) {
	attrs, err := table.Attrs(ctx, pool, componentID)
	if err != nil {
		return nil, err
	}
	out := make([]table.Attr, len(keys))
	for i, k := range keys {
		j := slices.IndexFunc(attrs, func(a table.Attr) bool { return a.Key == k })
		if j < 0 {
			return nil, fmt.Errorf("type %d has no attribute %q", componentID, k)
		}
		out[i] = attrs[j]
	}
	return out, nil
}

// itemBytes is the disk a type's items take with their indexes: the item
// registry (which holds only them when the bench loaded nothing else) and
// the type's typed table.
func itemBytes(ctx context.Context, pool *pgxpool.Pool, componentID int64) (int64, error) {
	var n int64
	err := pool.QueryRow(ctx, `SELECT pg_total_relation_size('item') + coalesce(pg_total_relation_size(to_regclass($1)), 0)`,
		table.Name(componentID)).Scan(&n)
	return n, err
}
