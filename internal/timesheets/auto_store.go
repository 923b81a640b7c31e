package timesheets

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/items"
)

// autoPerson is what automatic entries ask of a person: their timesheet
// type, their autoTimesheetType and their work calendar.
type autoPerson struct {
	timesheetType, auto int
	calendar            workPeriods
}

// autoPersonOf reads user's settings. The resource's autoTimesheetType wins
// when it is set (not manual), as its work calendar does when it has one.
func (s *Store) autoPersonOf(ctx context.Context, q items.Querier, user int64) (autoPerson, error) {
	var p autoPerson
	var raw []byte
	err := q.QueryRow(ctx, `SELECT u.timesheet_type,
			coalesce((SELECT nullif(r.auto_timesheet_type, 0) FROM resource r WHERE r.user_id = u.id LIMIT 1), u.auto_timesheet_type),
			coalesce((SELECT r.calendar FROM resource r WHERE r.user_id = u.id AND jsonb_array_length(r.calendar -> 'workPeriods') > 0 LIMIT 1),
				CASE WHEN jsonb_array_length(u.calendar -> 'workPeriods') > 0 THEN u.calendar END)
		FROM app_user u WHERE u.id = $1`, user).Scan(&p.timesheetType, &p.auto, &raw)
	if err != nil {
		return p, fmt.Errorf("automatic entries of %d: %w", user, err)
	}
	p.calendar = readPeriods(raw)
	return p, nil
}

// workingStatus: status is neither initial nor final, so an item in it is
// being worked on.
func (s *Store) workingStatus(ctx context.Context, q items.Querier, status int64) (bool, error) {
	var working bool
	err := q.QueryRow(ctx, `SELECT NOT initial AND NOT final FROM item_status WHERE id = $1`, status).Scan(&working)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("working status: %w", err)
	}
	return working, nil
}

// workingItems lists the live items user is responsible for whose status is
// a working one, by id.
func (s *Store) workingItems(ctx context.Context, q items.Querier, user int64) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT i.id FROM live_item i JOIN item_status st ON st.id = i.status_id
		WHERE i.responsible_id = $1 AND NOT st.initial AND NOT st.final ORDER BY i.id`, user)
	if err != nil {
		return nil, fmt.Errorf("working items: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("working items: %w", err)
	}
	return ids, nil
}

// autoEntry is an entry of a person's day as automatic entries weigh it.
type autoEntry struct {
	id, item  int64
	minutes   int
	automatic bool
	state     string
}

// replaceable: an automatic draft, which its generation may write over.
func (e autoEntry) replaceable() bool { return e.automatic && e.state == stateDraft }

// dayEntries locks user's entries of day.
func (s *Store) dayEntries(ctx context.Context, tx pgx.Tx, user int64, day time.Time) ([]autoEntry, error) {
	rows, err := tx.Query(ctx, `SELECT id, item_id, minutes, automatic, state FROM item_time_entry
		WHERE user_id = $1 AND work_date = $2 ORDER BY id FOR UPDATE`, user, day)
	if err != nil {
		return nil, fmt.Errorf("day entries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (autoEntry, error) {
		var e autoEntry
		err := r.Scan(&e.id, &e.item, &e.minutes, &e.automatic, &e.state)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("day entries: %w", err)
	}
	return out, nil
}

// weekSent: user's week starting sunday was sent, so nothing is added to
// it: it has submitted or approved entries and no draft or rejected one.
func (s *Store) weekSent(ctx context.Context, q items.Querier, user int64, sunday time.Time) (bool, error) {
	var sent bool
	err := q.QueryRow(ctx, `SELECT count(*) FILTER (WHERE state IN ('submitted', 'approved')) > 0
			AND count(*) FILTER (WHERE state IN ('draft', 'rejected')) = 0
		FROM item_time_entry WHERE user_id = $1 AND work_date >= $2 AND work_date < $3`,
		user, sunday, sunday.AddDate(0, 0, 7)).Scan(&sent)
	if err != nil {
		return false, fmt.Errorf("week sent: %w", err)
	}
	return sent, nil
}

// addAutoEntry records an automatic draft of owner on item, written by by.
func (s *Store) addAutoEntry(ctx context.Context, tx pgx.Tx, item, owner, by int64, day time.Time, minutes int) error {
	if _, err := tx.Exec(ctx, `INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, modifier_id, automatic)
		VALUES ($1, $2, $3, $4, $5, true)`, item, owner, day, minutes, by); err != nil {
		return fmt.Errorf("automatic entry: %w", err)
	}
	return nil
}

// setAutoMinutes gives automatic draft id new minutes, written by by.
func (s *Store) setAutoMinutes(ctx context.Context, tx pgx.Tx, id, by int64, minutes int) error {
	if _, err := tx.Exec(ctx, `UPDATE item_time_entry SET minutes = $2, modified_at = now(), modifier_id = $3 WHERE id = $1`,
		id, minutes, by); err != nil {
		return fmt.Errorf("automatic entry: %w", err)
	}
	return nil
}
