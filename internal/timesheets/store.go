package timesheets

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Store reads and writes the time entries (item_time_entry) and their
// history (item_time_entry_event); the item core has checked the item.
type Store struct {
	db *pgxpool.Pool
}

// NewStore returns the store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// timesheetType is user's timesheet type (timesheetNone, Hours, StartEnd).
func (s *Store) timesheetType(ctx context.Context, q items.Querier, user int64) (int, error) {
	var typ int
	if err := q.QueryRow(ctx, `SELECT timesheet_type FROM app_user WHERE id = $1`, user).Scan(&typ); err != nil {
		return 0, fmt.Errorf("timesheet type: %w", err)
	}
	return typ, nil
}

// totals counts the item's entries and sums their minutes.
func (s *Store) totals(ctx context.Context, item int64) (count, minutes int64, err error) {
	if err := s.db.QueryRow(ctx, `SELECT count(*), coalesce(sum(minutes), 0) FROM item_time_entry WHERE item_id = $1`, item).
		Scan(&count, &minutes); err != nil {
		return 0, 0, fmt.Errorf("time entries: %w", err)
	}
	return count, minutes, nil
}

// entries lists the item's newest limit entries: newest day first, then
// latest start, then newest id.
func (s *Store) entries(ctx context.Context, item int64, limit int) ([]TimeEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT e.id, e.user_id, coalesce(u.name, ''), to_char(e.work_date, 'YYYY-MM-DD'), e.minutes,
			to_char(e.start_time, 'HH24:MI'), to_char(e.end_time, 'HH24:MI'), e.description, e.created_at, e.modified_at,
			e.state, e.review_note, e.automatic
		FROM item_time_entry e LEFT JOIN app_user u ON u.id = e.user_id
		WHERE e.item_id = $1 ORDER BY e.work_date DESC, e.start_time DESC NULLS LAST, e.id DESC LIMIT $2`, item, limit)
	if err != nil {
		return nil, fmt.Errorf("time entries: %w", err)
	}
	defer rows.Close()
	out := []TimeEntry{}
	for rows.Next() {
		var e TimeEntry
		if err := rows.Scan(&e.ID, &e.UserID, &e.UserName, &e.Date, &e.Minutes, &e.Start, &e.End, &e.Description,
			&e.CreatedAt, &e.ModifiedAt, &e.State, &e.ReviewNote, &e.Automatic); err != nil {
			return nil, fmt.Errorf("time entries: %w", err)
		}
		e.CreatedAt, e.ModifiedAt = e.CreatedAt.UTC(), e.ModifiedAt.UTC()
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("time entries: %w", err)
	}
	return out, nil
}

// storedEntry is an entry as it is before a change, with its owner and
// the owner's timesheet type.
type storedEntry struct {
	owner       int64
	ownerType   int
	day         time.Time
	minutes     int
	description string
	hasSpan     bool
	// state is the entry's review state (draft, submitted, approved,
	// rejected): submitted and approved entries are read-only.
	state string
}

// entry locks entry id of item (another item's is not found).
func (s *Store) entry(ctx context.Context, q items.Querier, item, id int64) (*storedEntry, error) {
	cur := &storedEntry{}
	err := q.QueryRow(ctx, `SELECT e.user_id, u.timesheet_type, e.work_date, e.minutes, e.description, e.start_time IS NOT NULL, e.state
		FROM item_time_entry e JOIN app_user u ON u.id = e.user_id WHERE e.id = $1 AND e.item_id = $2 FOR UPDATE OF e`, id, item).
		Scan(&cur.owner, &cur.ownerType, &cur.day, &cur.minutes, &cur.description, &cur.hasSpan, &cur.state)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("time entry %d: %w", id, err)
	}
	return cur, nil
}

// lockUser makes the transaction the only one writing owner's entries
// until it ends.
func (s *Store) lockUser(ctx context.Context, tx pgx.Tx, owner int64) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('item_time_entry:' || $1::bigint, 0))`, owner); err != nil {
		return fmt.Errorf("time entry lock: %w", err)
	}
	return nil
}

// day is what owner has recorded on e's day but entry except, and the
// first of those spans e's span overlaps (nil: none).
func (s *Store) day(ctx context.Context, q items.Querier, owner, except int64, e *entryShape) (int, *string, error) {
	var used int
	var overlap *string
	err := q.QueryRow(ctx, `SELECT coalesce(sum(minutes), 0),
			(SELECT to_char(o.start_time, 'HH24:MI') || '–' || to_char(o.end_time, 'HH24:MI') FROM item_time_entry o
			 WHERE o.user_id = $1 AND o.work_date = $2 AND o.id <> $3 AND $4::time IS NOT NULL
			   AND o.start_time < $5::time AND o.end_time > $4::time LIMIT 1)
		FROM item_time_entry WHERE user_id = $1 AND work_date = $2 AND id <> $3`, owner, e.day, except, e.start, e.end).Scan(&used, &overlap)
	if err != nil {
		return 0, nil, fmt.Errorf("time of the day: %w", err)
	}
	return used, overlap, nil
}

// The statements that write entries, shared by the single saves and the
// week's batch (weekWrites).
const (
	addEntrySQL = `INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, start_time, end_time, description, modifier_id)
		VALUES ($1, $2, $3, $4, $5::time, $6::time, $7, $8)`
	// A changed entry is a draft again (a rejected one's reason goes with the change) and the
	// person's own (an automatic one is no longer replaced by its generation).
	changeEntrySQL = `UPDATE item_time_entry SET work_date = $2, minutes = $3, start_time = $4::time, end_time = $5::time,
		description = $6, modified_at = now(), modifier_id = $7,
		state = 'draft', automatic = false, submitted_at = NULL, reviewer_id = NULL, reviewed_at = NULL, review_note = '' WHERE id = $1`
	deleteEntrySQL = `DELETE FROM item_time_entry WHERE id = $1`
)

// addEntry records owner's entry on item, written by by.
func (s *Store) addEntry(ctx context.Context, tx pgx.Tx, item, owner, by int64, e *entryShape, description string) error {
	if _, err := tx.Exec(ctx, addEntrySQL, item, owner, e.day, e.minutes, e.start, e.end, description, by); err != nil {
		return fmt.Errorf("save time entry: %w", err)
	}
	return nil
}

// changeEntry gives entry id new values, written by by. A changed entry
// is a draft again (a rejected one's reason goes with the change) and the
// person's own (an automatic one is no longer replaced by its generation).
func (s *Store) changeEntry(ctx context.Context, tx pgx.Tx, id, by int64, e *entryShape, description string) error {
	if _, err := tx.Exec(ctx, changeEntrySQL, id, e.day, e.minutes, e.start, e.end, description, by); err != nil {
		return fmt.Errorf("save time entry: %w", err)
	}
	return nil
}

// deleteEntry removes entry id.
func (s *Store) deleteEntry(ctx context.Context, tx pgx.Tx, id int64) error {
	if _, err := tx.Exec(ctx, deleteEntrySQL, id); err != nil {
		return fmt.Errorf("delete time entry: %w", err)
	}
	return nil
}
