package schedule

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
)

// Store reads and writes the predecessors (item_predecessor) and their
// snapshots per item version (item_version_predecessors); the item core
// has checked the item.
type Store struct {
	db *pgxpool.Pool
}

// NewStore returns the store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// dependency is one predecessor of an item: its id, type and lag, as the
// versions keep it too.
type dependency struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
	Lag  int    `json:"lag"`
}

// predecessors are the item's, in the order they were added.
func (s *Store) predecessors(ctx context.Context, q items.Querier, item int64) ([]dependency, error) {
	rows, err := q.Query(ctx, `SELECT predecessor_id, dependency_type, lag_days FROM item_predecessor
		WHERE item_id = $1 ORDER BY created_at, predecessor_id`, item)
	if err != nil {
		return nil, fmt.Errorf("predecessors: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[dependency])
	if err != nil {
		return nil, fmt.Errorf("predecessors: %w", err)
	}
	return out, nil
}

// dependency locks the item's dependency on predecessor (nil: there is
// none).
func (s *Store) dependency(ctx context.Context, tx pgx.Tx, item, predecessor int64) (*dependency, error) {
	d := dependency{ID: predecessor}
	err := tx.QueryRow(ctx, `SELECT dependency_type, lag_days FROM item_predecessor WHERE item_id = $1 AND predecessor_id = $2 FOR UPDATE`,
		item, predecessor).Scan(&d.Type, &d.Lag)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("predecessor: %w", err)
	}
	return &d, nil
}

// lockProject makes the transaction the only one adding predecessors in
// project (0: outside projects) until it ends.
func (s *Store) lockProject(ctx context.Context, tx pgx.Tx, project int64) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('item_predecessor'), ($1 % 2147483647)::int)`, project); err != nil {
		return fmt.Errorf("predecessors lock: %w", err)
	}
	return nil
}

// check says whether item already depends on predecessor, whether
// predecessor depends on item at any depth (a cycle), and how many
// predecessors item has.
func (s *Store) check(ctx context.Context, tx pgx.Tx, item, predecessor int64) (exists, cycle bool, count int, err error) {
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item_predecessor WHERE item_id = $1 AND predecessor_id = $2),
			(WITH RECURSIVE before(id) AS (
				SELECT predecessor_id FROM item_predecessor WHERE item_id = $2
				UNION SELECT p.predecessor_id FROM item_predecessor p JOIN before b ON p.item_id = b.id)
			SELECT EXISTS (SELECT 1 FROM before WHERE id = $1)),
			(SELECT count(*) FROM item_predecessor WHERE item_id = $1)`, item, predecessor).Scan(&exists, &cycle, &count); err != nil {
		return false, false, 0, fmt.Errorf("predecessors check: %w", err)
	}
	return exists, cycle, count, nil
}

// add makes item depend on predecessor, by user by.
func (s *Store) add(ctx context.Context, tx pgx.Tx, item, predecessor int64, typ string, lag int, by int64) error {
	if _, err := tx.Exec(ctx, `INSERT INTO item_predecessor (item_id, predecessor_id, dependency_type, lag_days, created_by)
		VALUES ($1, $2, $3, $4, $5)`, item, predecessor, typ, lag, by); err != nil {
		return fmt.Errorf("add predecessor: %w", err)
	}
	return nil
}

// update gives the item's dependency on predecessor a new type and lag.
func (s *Store) update(ctx context.Context, tx pgx.Tx, item, predecessor int64, typ string, lag int) error {
	if _, err := tx.Exec(ctx, `UPDATE item_predecessor SET dependency_type = $3, lag_days = $4 WHERE item_id = $1 AND predecessor_id = $2`,
		item, predecessor, typ, lag); err != nil {
		return fmt.Errorf("update predecessor: %w", err)
	}
	return nil
}

// remove ends the item's dependency on predecessor; false: there was none.
func (s *Store) remove(ctx context.Context, tx pgx.Tx, item, predecessor int64) (bool, error) {
	tag, err := tx.Exec(ctx, `DELETE FROM item_predecessor WHERE item_id = $1 AND predecessor_id = $2`, item, predecessor)
	if err != nil {
		return false, fmt.Errorf("remove predecessor: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

// versionPredecessors are the predecessors each of versions (ids of
// item_version) kept; a version without any has no entry.
func (s *Store) versionPredecessors(ctx context.Context, versions []int64) (map[int64][]dependency, error) {
	rows, err := s.db.Query(ctx, `SELECT version_id, predecessors::text FROM item_version_predecessors WHERE version_id = ANY($1)`, versions)
	if err != nil {
		return nil, fmt.Errorf("version predecessors: %w", err)
	}
	defer rows.Close()
	out := map[int64][]dependency{}
	for rows.Next() {
		var id int64
		var raw string
		if err := rows.Scan(&id, &raw); err != nil {
			return nil, fmt.Errorf("version predecessors: %w", err)
		}
		var list []dependency
		if err := json.Unmarshal([]byte(raw), &list); err != nil {
			return nil, fmt.Errorf("version predecessors: %w", err)
		}
		out[id] = list
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("version predecessors: %w", err)
	}
	return out, nil
}

// successors are the live items outside ids that have one of ids as a
// predecessor.
func (s *Store) successors(ctx context.Context, tx pgx.Tx, ids []int64) ([]items.Dependent, error) {
	rows, err := tx.Query(ctx, `SELECT p.predecessor_id, p.item_id, 'items.predecessors.blocksDelete' FROM item_predecessor p
		JOIN live_item l ON l.id = p.item_id WHERE p.predecessor_id = ANY($1) AND NOT p.item_id = ANY($1)
		ORDER BY p.predecessor_id, p.item_id`, ids)
	if err != nil {
		return nil, fmt.Errorf("successors: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[items.Dependent])
}
