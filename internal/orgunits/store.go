package orgunits

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/table"
)

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Store is the SQL of the organizational structure.
type Store struct {
	db *pgxpool.Pool
}

// lockTree serializes the changes of the tree (reads go on).
func lockTree(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `LOCK TABLE org_unit IN SHARE ROW EXCLUSIVE MODE`); err != nil {
		return fmt.Errorf("lock units: %w", err)
	}
	return nil
}

func scanNodes(rows pgx.Rows, err error) ([]Node, error) {
	if err != nil {
		return nil, fmt.Errorf("load organizational structures: %w", err)
	}
	out := []Node{}
	for rows.Next() {
		n := Node{Children: []Node{}}
		if err := rows.Scan(&n.ID, &n.Name, &n.ParentID); err != nil {
			rows.Close()
			return nil, fmt.Errorf("load organizational structures: %w", err)
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

func (st *Store) unitsByID(ctx context.Context, ids []int64) ([]Node, error) {
	return scanNodes(st.db.Query(ctx, `SELECT id, name::text, parent_id FROM org_unit WHERE id = ANY($1)
		ORDER BY name, id`, ids))
}

// matching are the offered units (active under active ancestors) whose name
// is like, up to limit of them, with all their ancestors, by name.
func (st *Store) matching(ctx context.Context, like string, limit int) ([]Node, error) {
	return scanNodes(st.db.Query(ctx, `
		WITH RECURSIVE offered AS (
			SELECT id, name::text AS name, parent_id FROM org_unit WHERE parent_id IS NULL AND active
			UNION ALL
			SELECT u.id, u.name::text, u.parent_id FROM org_unit u JOIN offered o ON u.parent_id = o.id WHERE u.active
		), hit AS (
			SELECT id FROM offered WHERE tramita_unaccent(name) ILIKE tramita_unaccent($1) ORDER BY name, id LIMIT $2
		), shown AS (
			SELECT o.id, o.name, o.parent_id FROM offered o JOIN hit h ON h.id = o.id
			UNION
			SELECT o.id, o.name, o.parent_id FROM offered o JOIN shown s ON o.id = s.parent_id
		)
		SELECT id, name, parent_id FROM shown ORDER BY name, id`, like, limit))
}

// units are the units of ids (nil: all) for administration, by name.
func (st *Store) units(ctx context.Context, q querier, ids []int64) ([]Unit, error) {
	rows, err := q.Query(ctx, `
		SELECT u.id, u.name::text, u.parent_id, u.active, u.manager_id, coalesce(m.name, ''),
			coalesce((SELECT jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name) ORDER BY a.name, a.id)
				FROM org_unit_member om JOIN app_user a ON a.id = om.user_id WHERE om.unit_id = u.id), '[]')
		FROM org_unit u LEFT JOIN app_user m ON m.id = u.manager_id
		WHERE $1::bigint[] IS NULL OR u.id = ANY($1)
		ORDER BY u.name, u.id`, ids)
	if err != nil {
		return nil, fmt.Errorf("list units: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Unit])
	if err != nil {
		return nil, fmt.Errorf("list units: %w", err)
	}
	return out, nil
}

// unit is one unit; one that does not exist is not found.
func (st *Store) unit(ctx context.Context, q querier, id int64) (Unit, error) {
	list, err := st.units(ctx, q, []int64{id})
	if err != nil {
		return Unit{}, err
	}
	if len(list) == 0 {
		return Unit{}, httpx.NotFound()
	}
	return list[0], nil
}

// parentFits says whether parent exists and whether putting unit id (0:
// new) under it would close a cycle (parent is id or below it).
func (st *Store) parentFits(ctx context.Context, q querier, parent, id int64) (exists, cycle bool, err error) {
	err = q.QueryRow(ctx, `
		WITH RECURSIVE up AS (
			SELECT id, parent_id FROM org_unit WHERE id = $1
			UNION
			SELECT u.id, u.parent_id FROM org_unit u JOIN up ON u.id = up.parent_id
		)
		SELECT EXISTS (SELECT 1 FROM org_unit WHERE id = $1), EXISTS (SELECT 1 FROM up WHERE id = $2)`,
		parent, id).Scan(&exists, &cycle)
	if err != nil {
		return false, false, fmt.Errorf("check parent: %w", err)
	}
	return exists, cycle, nil
}

// knownUsers counts the distinct users of ids that exist.
func (st *Store) knownUsers(ctx context.Context, q querier, ids []int64) (int, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT count(DISTINCT id) FROM app_user WHERE id = ANY($1)`, ids).Scan(&n); err != nil {
		return 0, fmt.Errorf("check users: %w", err)
	}
	return n, nil
}

// write inserts or updates the unit and sets its members; it answers the id.
func (st *Store) write(ctx context.Context, tx pgx.Tx, in SaveInput, active bool) (int64, error) {
	id := in.ID
	var err error
	if id == 0 {
		err = tx.QueryRow(ctx, `INSERT INTO org_unit (name, parent_id, active, manager_id) VALUES ($1, $2, $3, $4)
			RETURNING id`, in.Name, in.ParentID, active, in.ManagerID).Scan(&id)
	} else {
		_, err = tx.Exec(ctx, `UPDATE org_unit SET name = $2, parent_id = $3, active = $4, manager_id = $5 WHERE id = $1`,
			id, in.Name, in.ParentID, active, in.ManagerID)
	}
	if err != nil {
		return 0, fmt.Errorf("save unit: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM org_unit_member WHERE unit_id = $1 AND user_id <> ALL($2)`, id, in.MemberIDs); err != nil {
		return 0, fmt.Errorf("unit members: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO org_unit_member (unit_id, user_id) SELECT $1, u FROM unnest($2::bigint[]) u
		ON CONFLICT DO NOTHING`, id, in.MemberIDs); err != nil {
		return 0, fmt.Errorf("unit members: %w", err)
	}
	return id, nil
}

func (st *Store) childCount(ctx context.Context, q querier, id int64) (int, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT count(*) FROM org_unit WHERE parent_id = $1`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("count child units: %w", err)
	}
	return n, nil
}

// itemUses counts the items (not in the trash) whose ORGANIZATIONAL_STRUCTURE
// values name the unit: the fields' columns in the types' tables, named from
// the attribute table's ids (a type without a table holds no values).
func (st *Store) itemUses(ctx context.Context, q querier, id int64) (int, error) {
	rows, err := q.Query(ctx, `SELECT component_id, id FROM attribute
		WHERE type = 'ORGANIZATIONAL_STRUCTURE' AND retired_at IS NULL AND to_regclass('item_t' || component_id) IS NOT NULL
		ORDER BY component_id, id`)
	if err != nil {
		return 0, fmt.Errorf("unit fields: %w", err)
	}
	fields, err := pgx.CollectRows(rows, pgx.RowToStructByPos[struct{ Component, Attribute int64 }])
	if err != nil {
		return 0, fmt.Errorf("unit fields: %w", err)
	}
	var types []string
	for i := 0; i < len(fields); {
		comp := fields[i].Component
		var conds []string
		for ; i < len(fields) && fields[i].Component == comp; i++ {
			conds = append(conds, "t."+table.Column(fields[i].Attribute)+" = $1")
		}
		types = append(types, "SELECT count(*) FROM "+table.Name(comp)+" t WHERE t.deleted_at IS NULL AND ("+
			strings.Join(conds, " OR ")+")")
	}
	if len(types) == 0 {
		return 0, nil
	}
	var n int
	if err := q.QueryRow(ctx, `SELECT coalesce(sum(n), 0) FROM (`+strings.Join(types, " UNION ALL ")+`) AS uses(n)`, id).
		Scan(&n); err != nil {
		return 0, fmt.Errorf("count unit uses: %w", err)
	}
	return n, nil
}

func (st *Store) remove(ctx context.Context, tx pgx.Tx, id int64) error {
	tag, err := tx.Exec(ctx, `DELETE FROM org_unit WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("delete unit: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return httpx.NotFound()
	}
	return nil
}
