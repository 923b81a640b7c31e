package timesheets

import (
	"context"
	"fmt"
	"time"

	"github.com/tramita/tramita/internal/items"
)

const eventSQL = `INSERT INTO item_time_entry_event (item_id, actor_id, owner_id, operation, work_date, minutes, description)
	VALUES ($1, $2, $3, $4, $5, $6, $7)`

// recordEvent keeps what the item's history shows of a time entry added,
// changed or removed (the entry as it then was).
func (s *Store) recordEvent(ctx context.Context, q items.Querier, c items.Caller, item, owner int64, op string, day time.Time, minutes int, description string) error {
	if _, err := q.Exec(ctx, eventSQL, item, c.UserID, owner, op, day, minutes, description); err != nil {
		return fmt.Errorf("time entry history: %w", err)
	}
	return nil
}

// HistoryEvents adds the item's time entry events to its history, oldest
// first, each with a negative id (no diff to open) and a summary. The core
// has already checked that the caller reads the item.
func (s *Service) HistoryEvents(ctx context.Context, c items.Caller, item int64) ([]items.HistoryEntry, error) {
	rows, err := s.store.db.Query(ctx, `SELECT ev.id, ev.operation, ev.at, ev.actor_id, coalesce(a.name, ''), coalesce(o.name, ''),
			ev.work_date, ev.minutes, ev.description
		FROM item_time_entry_event ev LEFT JOIN app_user a ON a.id = ev.actor_id LEFT JOIN app_user o ON o.id = ev.owner_id
		WHERE ev.item_id = $1 ORDER BY ev.at, ev.id`, item)
	if err != nil {
		return nil, fmt.Errorf("time entry history: %w", err)
	}
	defer rows.Close()
	var out []items.HistoryEntry
	for rows.Next() {
		var e items.HistoryEntry
		var owner, description string
		var day time.Time
		var minutes int
		if err := rows.Scan(&e.ID, &e.Operation, &e.ModifiedAt, &e.ModifierID, &e.ModifierName, &owner, &day, &minutes, &description); err != nil {
			return nil, fmt.Errorf("time entry history: %w", err)
		}
		e.ID = -e.ID
		e.ModifiedAt = e.ModifiedAt.UTC()
		e.Operation = "timeEntry." + e.Operation
		e.OperationName = localize(ctx, "timesheets.op."+e.Operation[len("timeEntry."):])
		e.ChangedFields = []string{}
		e.Summary = localize(ctx, "timesheets.summary", "user", owner, "date", day.Format("02/01/2006"), "hours", hoursText(minutes))
		if description != "" {
			e.Summary += " — " + description
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("time entry history: %w", err)
	}
	return out, nil
}

// HistoryChanges: time entries make no versions of the item, so they add
// nothing to the comparison of two.
func (s *Service) HistoryChanges(context.Context, items.Caller, int64, []int64) (items.VersionChanges, error) {
	return nil, nil
}
