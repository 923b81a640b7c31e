package items

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// recordTimeEntryEvent keeps what the item's history shows of a time entry
// added, changed or removed (the entry as it then was).
func recordTimeEntryEvent(ctx context.Context, q Querier, c Caller, item, owner int64, op string, day time.Time, minutes int, description string) error {
	if _, err := q.Exec(ctx, `INSERT INTO item_time_entry_event (item_id, actor_id, owner_id, operation, work_date, minutes, description)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, item, c.UserID, owner, op, day, minutes, description); err != nil {
		return fmt.Errorf("time entry history: %w", err)
	}
	return nil
}

// withTimeEntryEvents adds the item's time entry events to its versions
// (newest first, as History answers): each is an entry of its own with the
// version the item then had, a negative id (no diff to open) and a summary
// of the entry.
func (s *Service) withTimeEntryEvents(ctx context.Context, item int64, versions []HistoryEntry) ([]HistoryEntry, error) {
	rows, err := s.store.db.Query(ctx, `SELECT ev.id, ev.operation, ev.at, ev.actor_id, coalesce(a.name, ''), coalesce(o.name, ''),
			ev.work_date, ev.minutes, ev.description
		FROM item_time_entry_event ev LEFT JOIN app_user a ON a.id = ev.actor_id LEFT JOIN app_user o ON o.id = ev.owner_id
		WHERE ev.item_id = $1 ORDER BY ev.at, ev.id`, item)
	if err != nil {
		return nil, fmt.Errorf("time entry history: %w", err)
	}
	defer rows.Close()
	out := versions
	for rows.Next() {
		var e HistoryEntry
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
		// The version the item had then: the newest one not after the event.
		for _, v := range versions {
			if !v.ModifiedAt.After(e.ModifiedAt) {
				e.Version = v.Version
				break
			}
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("time entry history: %w", err)
	}
	slices.SortStableFunc(out, func(a, b HistoryEntry) int { return b.ModifiedAt.Compare(a.ModifiedAt) })
	return out, nil
}
