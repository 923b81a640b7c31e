package items

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
)

// Attributes live in jsonb, so each one a list shows, sorts or filters on gets
// a partial B-tree on its filter expression and the id, and statistics on it
// (partial indexes' are ignored). Dates are not indexed: no immutable cast.

// indexLockKey is the advisory lock that keeps two instances from building
// the same index at once.
const indexLockKey = 0x7472_6169_6478 // "traidx"

// attrIndex is an index (or statistics object) SyncIndexes wants.
type attrIndex struct {
	name string
	sql  string
}

// indexExpr is the indexed expression of an attribute of a type, without the
// table alias; "" when the type is not indexed.
func indexExpr(key, typ string) (expr, kind string) {
	f, ok := schema.Attribute(key, typ)
	if !ok {
		return "", ""
	}
	switch f.Kind {
	case filter.Number, filter.Integer:
		kind = "n"
	case filter.Choice, filter.Ref:
		kind = "r"
		if f.Kind == filter.Choice {
			kind = "c"
		}
	case filter.Text:
		if typ != "STRING" {
			return "", ""
		}
		kind = "t"
	default:
		return "", ""
	}
	return strings.ReplaceAll(f.Expr, "i.attributes", "attributes"), kind
}

// identifier is name, shortened with a hash past PostgreSQL's 63 bytes.
func identifier(name string) string {
	if len(name) <= 63 {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	return name[:46] + "_" + hex.EncodeToString(sum[:8])
}

// wantedIndexes lists the indexes and statistics the definitions ask for.
func wantedIndexes(ctx context.Context, conn *pgxpool.Conn) (indexes, stats map[string]attrIndex, err error) {
	rows, err := conn.Query(ctx, `SELECT c.id, a.key, a.type FROM attribute a JOIN component c ON c.id = a.component_id
		WHERE a.retired_at IS NULL AND c.retired_at IS NULL AND (a.filter_as_list
			OR EXISTS (SELECT 1 FROM item_view v WHERE v.component_id = c.id AND v.retired_at IS NULL
				AND (v.columns @> jsonb_build_array(jsonb_build_object('field', a.key))
				  OR v.sort @> jsonb_build_array(jsonb_build_object('field', a.key))))
			OR EXISTS (SELECT 1 FROM item_query q WHERE q.component_id = c.id AND q.retired_at IS NULL
				AND jsonb_path_exists(q.condition, '$.** ? (@.field == $k)', jsonb_build_object('k', a.key))))
		ORDER BY c.id, a.key`)
	if err != nil {
		return nil, nil, fmt.Errorf("attribute indexes: %w", err)
	}
	defer rows.Close()
	indexes, stats = map[string]attrIndex{}, map[string]attrIndex{}
	for rows.Next() {
		var comp int64
		var key, typ string
		if err := rows.Scan(&comp, &key, &typ); err != nil {
			return nil, nil, err
		}
		expr, kind := indexExpr(key, typ)
		if expr == "" {
			continue
		}
		name := identifier(fmt.Sprintf("item_attr_%d_%s_%s", comp, key, kind))
		// The component id is a number from the database and the key passed
		// schema.KeyPattern (indexExpr): nothing here comes from a request.
		indexes[name] = attrIndex{name: name, sql: `CREATE INDEX CONCURRENTLY IF NOT EXISTS ` + pgx.Identifier{name}.Sanitize() +
			` ON item ((` + expr + `) ASC NULLS LAST, id) WHERE component_id = ` + strconv.FormatInt(comp, 10) + ` AND deleted_at IS NULL`}
		sname := identifier(fmt.Sprintf("item_stat_%s_%s", key, kind))
		stats[sname] = attrIndex{name: sname, sql: `CREATE STATISTICS IF NOT EXISTS ` + pgx.Identifier{sname}.Sanitize() +
			` ON (` + expr + `) FROM item`}
	}
	return indexes, stats, rows.Err()
}

// IndexReport says what SyncIndexes changed.
type IndexReport struct {
	Created []string
	Dropped []string
	Failed  []string
}

// SyncIndexes builds missing attribute indexes (CONCURRENTLY: lists go on),
// drops unwanted and invalid ones and ANALYZEs after creating. Idempotent; an
// instance finding another syncing returns; an index that fails is logged.
func SyncIndexes(ctx context.Context, db *pgxpool.Pool, log *slog.Logger) (IndexReport, error) {
	var rep IndexReport
	conn, err := db.Acquire(ctx)
	if err != nil {
		return rep, err
	}
	defer conn.Release()
	var locked bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, int64(indexLockKey)).Scan(&locked); err != nil {
		return rep, fmt.Errorf("index lock: %w", err)
	}
	if !locked {
		return rep, nil
	}
	defer func() {
		_, _ = conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(indexLockKey))
	}()
	indexes, stats, err := wantedIndexes(ctx, conn)
	if err != nil {
		return rep, err
	}
	type present struct {
		Name  string
		Valid bool
	}
	rows, err := conn.Query(ctx, `SELECT c.relname, x.indisvalid FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
		WHERE x.indrelid = 'item'::regclass AND c.relname LIKE 'item\_attr\_%'`)
	if err != nil {
		return rep, err
	}
	have, err := pgx.CollectRows(rows, pgx.RowToStructByPos[present])
	if err != nil {
		return rep, err
	}
	valid := map[string]bool{}
	for _, p := range have {
		if _, wanted := indexes[p.Name]; wanted && p.Valid {
			valid[p.Name] = true
			continue
		}
		if _, err := conn.Exec(ctx, `DROP INDEX CONCURRENTLY IF EXISTS `+pgx.Identifier{p.Name}.Sanitize()); err != nil {
			return rep, fmt.Errorf("drop index %s: %w", p.Name, err)
		}
		rep.Dropped = append(rep.Dropped, p.Name)
	}
	rows, err = conn.Query(ctx, `SELECT stxname FROM pg_statistic_ext WHERE stxrelid = 'item'::regclass AND stxname LIKE 'item\_stat\_%'`)
	if err != nil {
		return rep, err
	}
	haveStats, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return rep, err
	}
	for _, name := range haveStats {
		if _, wanted := stats[name]; wanted {
			valid[name] = true
			continue
		}
		if _, err := conn.Exec(ctx, `DROP STATISTICS IF EXISTS `+pgx.Identifier{name}.Sanitize()); err != nil {
			return rep, fmt.Errorf("drop statistics %s: %w", name, err)
		}
		rep.Dropped = append(rep.Dropped, name)
	}
	var todo []attrIndex
	for _, m := range []map[string]attrIndex{indexes, stats} {
		for _, x := range m {
			if !valid[x.name] {
				todo = append(todo, x)
			}
		}
	}
	slices.SortFunc(todo, func(a, b attrIndex) int { return strings.Compare(a.name, b.name) })
	for _, x := range todo {
		if _, err := conn.Exec(ctx, x.sql); err != nil {
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			log.Warn("attribute index not built", "name", x.name, "err", err)
			rep.Failed = append(rep.Failed, x.name)
			if strings.HasPrefix(x.name, "item_attr_") {
				_, _ = conn.Exec(ctx, `DROP INDEX CONCURRENTLY IF EXISTS `+pgx.Identifier{x.name}.Sanitize())
			}
			continue
		}
		rep.Created = append(rep.Created, x.name)
	}
	if len(rep.Created) > 0 {
		if _, err := conn.Exec(ctx, `ANALYZE item`); err != nil {
			return rep, fmt.Errorf("analyze item: %w", err)
		}
		log.Info("attribute indexes built", "created", len(rep.Created), "dropped", len(rep.Dropped))
	}
	return rep, nil
}
