package schedule

import (
	"context"
	"fmt"

	"github.com/tramita/tramita/internal/items"
)

// taskKey is a task's place among its siblings: its stored sort key, else
// its id (the order it was created in).
const taskKey = `coalesce((SELECT o.sort_key FROM schedule_task_order o WHERE o.item_id = i.id), i.id::numeric)`

// isBelow reports whether item is parent or one of parent's ancestors, so
// that making parent its parent would close a loop in the breakdown.
func (s *Store) isBelow(ctx context.Context, q items.Querier, parent, item int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `WITH RECURSIVE up (id, parent_id) AS (
			SELECT id, parent_id FROM live_item WHERE id = $1
			UNION SELECT i.id, i.parent_id FROM live_item i JOIN up ON i.id = up.parent_id)
		SELECT EXISTS (SELECT 1 FROM up WHERE id = $2)`, parent, item).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("schedule breakdown of %d: %w", parent, err)
	}
	return ok, nil
}

// placeTask gives item its place among the tasks (of type comp in project)
// of its new parent (0: the top): right after task after when that is one
// of them (an outdent), else after all of them.
func (s *Store) placeTask(ctx context.Context, q items.Querier, item, comp, project, parent, after int64) error {
	var parentArg any
	if parent != 0 {
		parentArg = parent
	}
	_, err := q.Exec(ctx, `WITH sib AS (
			SELECT i.id, `+taskKey+` AS k FROM live_item i
			WHERE i.project_id = $1 AND i.component_id = $2 AND i.parent_id IS NOT DISTINCT FROM $3::bigint AND i.id <> $4),
		anchor AS (SELECT k FROM sib WHERE id = $5),
		place AS (
			SELECT CASE
				WHEN EXISTS (SELECT 1 FROM anchor) THEN coalesce(
					((SELECT k FROM anchor) + (SELECT min(k) FROM sib WHERE k > (SELECT k FROM anchor))) / 2,
					(SELECT k FROM anchor) + 1)
				ELSE (SELECT max(k) + 1 FROM sib) END AS k)
		INSERT INTO schedule_task_order (item_id, sort_key)
		SELECT $4, k FROM place WHERE k IS NOT NULL
		ON CONFLICT (item_id) DO UPDATE SET sort_key = excluded.sort_key`, project, comp, parentArg, item, after)
	if err != nil {
		return fmt.Errorf("place schedule task %d: %w", item, err)
	}
	return nil
}
