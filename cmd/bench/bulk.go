package main

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/table"
)

// bulkTimes are the phases of a bulk load, for the reports.
type bulkTimes struct {
	insert, index, analyze time.Duration
}

// bulkLoad writes many items of one type the fast way, around the item
// core's storage (docs/item-tables.md): the secondary indexes of the item
// registry and of the type's typed table are dropped, load writes the
// registry on connections that skip the typed-table trigger (prepare sets
// each up), the typed table is filled from the registry in one statement,
// the indexes are rebuilt from their own definitions, then VACUUM (ANALYZE).
func bulkLoad(ctx context.Context, pool *pgxpool.Pool, componentID int64, load func(ctx context.Context, prepare func(*pgxpool.Conn) error) error) (bulkTimes, error) {
	var bt bulkTimes
	typed := table.Name(componentID)
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
	prepare := func(c *pgxpool.Conn) error {
		// replica: no trigger runs (the typed table is filled after), and the
		// load's commits need not wait for the disk.
		_, err := c.Exec(ctx, `SET session_replication_role = replica; SET synchronous_commit = off`)
		return err
	}
	if err := load(ctx, prepare); err != nil {
		return bt, err
	}
	if _, err := pool.Exec(ctx, `ANALYZE item`); err != nil {
		return bt, err
	}
	var filled int64
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM `+typed); err != nil {
			return err
		}
		attrs, err := tx.Query(ctx, `SELECT id, key, type FROM attribute WHERE component_id = $1`, componentID)
		if err != nil {
			return err
		}
		list, err := pgx.CollectRows(attrs, func(r pgx.CollectableRow) (table.Attr, error) {
			var a table.Attr
			return a, r.Scan(&a.ID, &a.Key, &a.Type)
		})
		if err != nil {
			return err
		}
		filled, err = table.Fill(ctx, tx, componentID, list)
		return err
	})
	if err != nil {
		return bt, fmt.Errorf("fill %s: %w", typed, err)
	}
	bt.insert = time.Since(t0)
	log.Printf("  %d items in %s; rebuilding %d indexes", filled, typed, len(indexes))
	t0 = time.Now()
	var jobs []func(context.Context) error
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

// itemBytes is the disk a type's items take with their indexes: the item
// registry (which holds only them when the bench loaded nothing else) and
// the type's typed table.
func itemBytes(ctx context.Context, pool *pgxpool.Pool, componentID int64) (int64, error) {
	var n int64
	err := pool.QueryRow(ctx, `SELECT pg_total_relation_size('item') + coalesce(pg_total_relation_size(to_regclass($1)), 0)`,
		table.Name(componentID)).Scan(&n)
	return n, err
}
