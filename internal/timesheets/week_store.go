package timesheets

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// openItem holds over item i whose status is not final (an item of a type
// without statuses is open), as the resources' pending items say.
const openItem = `NOT EXISTS (SELECT 1 FROM item_status st WHERE st.id = i.status_id AND st.final)`

// weekRows lists the items of the caller's week grid that the caller reads:
// those logged from start to end, then the items extra, those logged since
// recent, and the open items the caller is responsible for (the
// demo's "Minhas tarefas"), the maxAssignedRows last changed: suggestions,
// not a backlog. At most maxWeekRows, ordered by project and number.
func (s *Store) weekRows(ctx context.Context, c items.Caller, start, end, recent time.Time, extra []int64) ([]WeekRow, error) {
	if extra == nil {
		extra = []int64{}
	}
	rows, err := s.db.Query(ctx, `WITH wanted AS (
			SELECT item_id AS id, 0 AS rank FROM item_time_entry WHERE user_id = $1 AND work_date >= $3 AND work_date < $4
			UNION ALL SELECT unnest($6::bigint[]), 1
			UNION ALL SELECT item_id, 2 FROM item_time_entry WHERE user_id = $1 AND work_date >= $5
			UNION ALL (SELECT i.id, 3 FROM readable_item($1, $2) i WHERE i.responsible_id = $1 AND `+openItem+`
				ORDER BY i.modified_at DESC, i.id DESC LIMIT $8)
		), chosen AS (
			SELECT i.id, i.component_id, i.number, i.title, coalesce(p.name, '') AS project,
				coalesce(nullif(c.name ->> $9, ''), c.name ->> 'pt-BR', c.key) AS component
			FROM (SELECT id, min(rank) AS rank FROM wanted GROUP BY id) w
				JOIN readable_item($1, $2) i ON i.id = w.id JOIN component c ON c.id = i.component_id
				LEFT JOIN project p ON p.id = i.project_id
			ORDER BY w.rank, i.modified_at DESC, i.id LIMIT $7
		)
		SELECT ch.id, ch.component_id, ch.component, ch.number, ch.title, ch.project,
			EXISTS (SELECT 1 FROM writable_item($1, $2) wi WHERE wi.id = ch.id)
		FROM chosen ch ORDER BY lower(ch.project), ch.component, ch.number, ch.id`,
		c.UserID, c.PanelAdmin, start, end, recent, extra, maxWeekRows, maxAssignedRows, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("week rows: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (WeekRow, error) {
		var w WeekRow
		err := r.Scan(&w.ItemID, &w.ComponentID, &w.ComponentName, &w.FormattedID, &w.Title, &w.ProjectName, &w.CanRecord)
		return w, err
	})
	if err != nil {
		return nil, fmt.Errorf("week rows: %w", err)
	}
	return out, nil
}

// loggedItems lists the items user recorded hours on from start to end.
func (s *Store) loggedItems(ctx context.Context, c items.Caller, start, end time.Time) ([]int64, error) {
	rows, err := s.db.Query(ctx, `SELECT DISTINCT item_id FROM item_time_entry
		WHERE user_id = $1 AND work_date >= $2 AND work_date < $3 ORDER BY item_id`, c.UserID, start, end)
	if err != nil {
		return nil, fmt.Errorf("logged items: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("logged items: %w", err)
	}
	return ids, nil
}

// weekEntry is one of the caller's entries in the week.
type weekEntry struct {
	id, item    int64
	day         time.Time
	minutes     int
	description string
	hasSpan     bool
	// state, note and reviewer: the entry's review.
	state, note, reviewer string
	automatic             bool
}

// weekEntries lists user's entries from start to end, oldest first.
func (s *Store) weekEntries(ctx context.Context, user int64, start, end time.Time) ([]weekEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT e.id, e.item_id, e.work_date, e.minutes, e.description, e.start_time IS NOT NULL,
			e.state, e.review_note, coalesce(r.name, ''), e.automatic
		FROM item_time_entry e LEFT JOIN app_user r ON r.id = e.reviewer_id
		WHERE e.user_id = $1 AND e.work_date >= $2 AND e.work_date < $3
		ORDER BY e.work_date, e.start_time NULLS FIRST, e.id`, user, start, end)
	if err != nil {
		return nil, fmt.Errorf("week entries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (weekEntry, error) {
		var e weekEntry
		err := r.Scan(&e.id, &e.item, &e.day, &e.minutes, &e.description, &e.hasSpan, &e.state, &e.note, &e.reviewer, &e.automatic)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("week entries: %w", err)
	}
	return out, nil
}

// storedCellEntry is one entry a cell of the grid replaces.
type storedCellEntry struct {
	id          int64
	minutes     int
	description string
	hasSpan     bool
	state       string
}

// weekCellEntries locks user's entries on items in the week from sunday,
// oldest first, by item and day (cellKey).
func (s *Store) weekCellEntries(ctx context.Context, tx pgx.Tx, user int64, sunday time.Time, itemIDs []int64) (map[string][]storedCellEntry, error) {
	rows, err := tx.Query(ctx, `SELECT item_id, to_char(work_date, 'YYYY-MM-DD'), id, minutes, description, start_time IS NOT NULL, state
		FROM item_time_entry WHERE user_id = $1 AND work_date >= $2 AND work_date < $3 AND item_id = ANY($4) ORDER BY id FOR UPDATE`,
		user, sunday, sunday.AddDate(0, 0, 7), itemIDs)
	if err != nil {
		return nil, fmt.Errorf("cell entries: %w", err)
	}
	defer rows.Close()
	out := map[string][]storedCellEntry{}
	for rows.Next() {
		var item int64
		var day string
		var e storedCellEntry
		if err := rows.Scan(&item, &day, &e.id, &e.minutes, &e.description, &e.hasSpan, &e.state); err != nil {
			return nil, fmt.Errorf("cell entries: %w", err)
		}
		out[cellKey(item, day)] = append(out[cellKey(item, day)], e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("cell entries: %w", err)
	}
	return out, nil
}

// cellKey names an item's day (YYYY-MM-DD) in a week's maps.
func cellKey(item int64, day string) string { return strconv.FormatInt(item, 10) + "/" + day }

// weekTotals is what user has recorded on each day of the week from sunday,
// on every item, by day (YYYY-MM-DD).
func (s *Store) weekTotals(ctx context.Context, tx pgx.Tx, user int64, sunday time.Time) (map[string]int, error) {
	rows, err := tx.Query(ctx, `SELECT to_char(work_date, 'YYYY-MM-DD'), sum(minutes)::int FROM item_time_entry
		WHERE user_id = $1 AND work_date >= $2 AND work_date < $3 GROUP BY work_date`, user, sunday, sunday.AddDate(0, 0, 7))
	if err != nil {
		return nil, fmt.Errorf("week totals: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var day string
		var minutes int
		if err := rows.Scan(&day, &minutes); err != nil {
			return nil, fmt.Errorf("week totals: %w", err)
		}
		out[day] = minutes
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("week totals: %w", err)
	}
	return out, nil
}

// weekWrites gathers a week's entry writes and their history events, sent
// in one round trip: 200 cells once took a statement each, several times.
type weekWrites struct{ b pgx.Batch }

func (w *weekWrites) add(item, owner int64, e *entryShape, description string) {
	w.b.Queue(addEntrySQL, item, owner, e.day, e.minutes, e.start, e.end, description, owner)
}

func (w *weekWrites) change(id, by int64, e *entryShape, description string) {
	w.b.Queue(changeEntrySQL, id, e.day, e.minutes, e.start, e.end, description, by)
}

func (w *weekWrites) remove(id int64) { w.b.Queue(deleteEntrySQL, id) }

func (w *weekWrites) event(c items.Caller, item int64, op string, day time.Time, minutes int, description string) {
	w.b.Queue(eventSQL, item, c.UserID, c.UserID, op, day, minutes, description)
}

// send runs the writes in tx.
func (w *weekWrites) send(ctx context.Context, tx pgx.Tx) error {
	if w.b.Len() == 0 {
		return nil
	}
	if err := tx.SendBatch(ctx, &w.b).Close(); err != nil {
		return fmt.Errorf("save week: %w", err)
	}
	return nil
}

// capacity is the work calendar of user's resource, else of the user
// record (minutes of work by weekday, holidays); without either, 8 hours
// Monday to Friday.
func (s *Store) capacity(ctx context.Context, user int64) (workCalendar, error) {
	var raw []byte
	err := s.db.QueryRow(ctx, `SELECT coalesce(
			(SELECT calendar FROM resource WHERE user_id = $1 AND jsonb_array_length(calendar -> 'workPeriods') > 0),
			(SELECT calendar FROM app_user WHERE id = $1 AND jsonb_array_length(calendar -> 'workPeriods') > 0))`, user).Scan(&raw)
	if err != nil {
		return workCalendar{}, fmt.Errorf("work calendar: %w", err)
	}
	return readCalendar(raw), nil
}

// calendarMinutes sums a work calendar's periods by weekday; a calendar
// that is missing or unreadable is the default week.
func calendarMinutes(raw []byte) [7]int {
	var out [7]int
	var cal struct {
		WorkPeriods []struct {
			WeekDay int    `json:"weekDay"`
			Start   string `json:"start"`
			End     string `json:"end"`
		} `json:"workPeriods"`
	}
	if raw == nil || json.Unmarshal(raw, &cal) != nil || len(cal.WorkPeriods) == 0 {
		for d := time.Monday; d <= time.Friday; d++ {
			out[d] = defaultDayMinutes
		}
		return out
	}
	for _, p := range cal.WorkPeriods {
		from, okFrom := minutesOfDay(p.Start)
		to, okTo := minutesOfDay(p.End)
		if okFrom && okTo && to > from && p.WeekDay >= 0 && p.WeekDay <= 6 {
			out[p.WeekDay] += to - from
		}
	}
	return out
}

// ItemChoice is an item the caller may record hours on, as the grid's
// "add item" search lists it.
type ItemChoice struct {
	ItemID        int64  `json:"itemId"`
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
	FormattedID   int64  `json:"FormattedID"`
	Title         string `json:"Title"`
	ProjectName   string `json:"projectName"`
}

// findItems lists the items the caller may change whose title holds text
// (accents and case ignored) or whose number is number, most recently
// changed first.
func (s *Store) findItems(ctx context.Context, c items.Caller, text string, number int64, limit int) ([]ItemChoice, error) {
	like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(text) + "%"
	rows, err := s.db.Query(ctx, `SELECT i.id, i.component_id, coalesce(nullif(c.name ->> $6, ''), c.name ->> 'pt-BR', c.key),
			i.number, i.title, coalesce(p.name, '')
		FROM writable_item($1, $2) i JOIN component c ON c.id = i.component_id LEFT JOIN project p ON p.id = i.project_id
		WHERE tramita_unaccent(i.title) ILIKE tramita_unaccent($3) OR i.number = $4
		ORDER BY i.number = $4 DESC, i.modified_at DESC, i.id DESC LIMIT $5`, c.UserID, c.PanelAdmin, like, number, limit, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("find items: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ItemChoice, error) {
		var w ItemChoice
		err := r.Scan(&w.ItemID, &w.ComponentID, &w.ComponentName, &w.FormattedID, &w.Title, &w.ProjectName)
		return w, err
	})
	if err != nil {
		return nil, fmt.Errorf("find items: %w", err)
	}
	return out, nil
}
