package schedule

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// baselineTask is a task's dates in a baseline (YYYY-MM-DD).
type baselineTask struct {
	Start, Finish string
}

// baselineCount counts the baselines of the schedule and says whether name
// is taken among them.
func (s *Store) baselineCount(ctx context.Context, tx pgx.Tx, project, view int64, name string) (count int, taken bool, err error) {
	err = tx.QueryRow(ctx, `SELECT count(*), coalesce(bool_or(name = $3), false) FROM schedule_baseline
		WHERE project_id = $1 AND view_id = $2`, project, view, name).Scan(&count, &taken)
	if err != nil {
		return 0, false, fmt.Errorf("count baselines: %w", err)
	}
	return count, taken, nil
}

// saveBaseline keeps every task of the plan with its dates.
func (s *Store) saveBaseline(ctx context.Context, tx pgx.Tx, project, view int64, name string, by int64, pl *plan) error {
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO schedule_baseline (project_id, view_id, name, created_by)
		VALUES ($1, $2, $3, $4) RETURNING id`, project, view, name, by).Scan(&id); err != nil {
		return fmt.Errorf("save baseline: %w", err)
	}
	n := len(pl.result.Tasks)
	ids, starts, finishes := make([]int64, n), make([]time.Time, n), make([]time.Time, n)
	durations := make([]int32, n)
	for i, r := range pl.result.Tasks {
		ids[i], starts[i], finishes[i], durations[i] = pl.project.Tasks[i].ID, r.Start.Time(), r.Finish.Time(), int32(r.Duration)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO schedule_baseline_task (baseline_id, item_id, start, finish, duration)
		SELECT $1, * FROM unnest($2::bigint[], $3::date[], $4::date[], $5::int[])`, id, ids, starts, finishes, durations); err != nil {
		return fmt.Errorf("save baseline tasks: %w", err)
	}
	return nil
}

// baselineOf reads the schedule a baseline is of; an unknown one is not
// found.
func (s *Store) baselineOf(ctx context.Context, q items.Querier, id int64) (project, view int64, err error) {
	err = q.QueryRow(ctx, `SELECT project_id, view_id FROM schedule_baseline WHERE id = $1`, id).Scan(&project, &view)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, 0, httpx.NotFound()
	}
	if err != nil {
		return 0, 0, fmt.Errorf("baseline %d: %w", id, err)
	}
	return project, view, nil
}

func (s *Store) deleteBaseline(ctx context.Context, tx pgx.Tx, id int64) error {
	if _, err := tx.Exec(ctx, `DELETE FROM schedule_baseline WHERE id = $1`, id); err != nil {
		return fmt.Errorf("delete baseline %d: %w", id, err)
	}
	return nil
}

// baselines lists the schedule's baselines, the newest first, with who
// saved them and how many tasks they keep.
func (s *Store) baselines(ctx context.Context, q items.Querier, project, view int64) ([]Baseline, error) {
	rows, err := q.Query(ctx, `SELECT b.id, b.name, b.created_at, coalesce(u.name, ''),
			(SELECT count(*) FROM schedule_baseline_task t WHERE t.baseline_id = b.id)
		FROM schedule_baseline b LEFT JOIN app_user u ON u.id = b.created_by
		WHERE b.project_id = $1 AND b.view_id = $2 ORDER BY b.created_at DESC, b.id DESC`, project, view)
	if err != nil {
		return nil, fmt.Errorf("baselines: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Baseline, error) {
		var b Baseline
		return b, r.Scan(&b.ID, &b.Name, &b.CreatedAt, &b.CreatedBy, &b.Tasks)
	})
	if err != nil {
		return nil, fmt.Errorf("baselines: %w", err)
	}
	if list == nil {
		list = []Baseline{}
	}
	return list, nil
}

// baselineTasks reads baseline id of the schedule (project, view); one of
// another schedule is not found.
func (s *Store) baselineTasks(ctx context.Context, q items.Querier, id, project, view int64) (map[int64]baselineTask, error) {
	var ok bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM schedule_baseline WHERE id = $1 AND project_id = $2 AND view_id = $3)`,
		id, project, view).Scan(&ok); err != nil {
		return nil, fmt.Errorf("baseline %d: %w", id, err)
	}
	if !ok {
		return nil, httpx.NotFound()
	}
	rows, err := q.Query(ctx, `SELECT item_id, to_char(start, 'YYYY-MM-DD'), to_char(finish, 'YYYY-MM-DD')
		FROM schedule_baseline_task WHERE baseline_id = $1`, id)
	if err != nil {
		return nil, fmt.Errorf("baseline %d tasks: %w", id, err)
	}
	out := map[int64]baselineTask{}
	var item int64
	var t baselineTask
	_, err = pgx.ForEachRow(rows, []any{&item, &t.Start, &t.Finish}, func() error {
		out[item] = t
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("baseline %d tasks: %w", id, err)
	}
	return out, nil
}
