package items

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Bounds of a time entry (docs/items.md, "Timesheets control").
const (
	// MaxDayMinutes is what one user may record on one day, across items.
	MaxDayMinutes = 24 * 60
	// MaxTimeEntryDescription is the description's length in characters.
	MaxTimeEntryDescription = 500
	// MaxTimeEntryRows is how many entries loadTimesheetsFormData lists
	// (newest first); the total counts them all.
	MaxTimeEntryRows = 500
)

// Timesheet types of a user (docs/admin.md): 0 records no hours, 1 hours per
// day, 2 start and end.
const (
	timesheetNone     = 0
	timesheetHours    = 1
	timesheetStartEnd = 2
)

// timesheetRoutes mounts the calls of the timesheets control.
func (h *Handler) timesheetRoutes(r chi.Router) {
	r.Post("/loadTimesheetsFormData", httpx.HandleOptional(h.currentUser, h.svc.LoadTimesheets))
	r.Post("/saveTimeEntry", httpx.HandleOptional(h.currentUser, h.svc.SaveTimeEntry))
	r.Post("/deleteTimeEntry", httpx.HandleOptional(h.currentUser, h.svc.DeleteTimeEntry))
}

// TimesheetsInput is the body of loadTimesheetsFormData: the form's item.
type TimesheetsInput struct {
	ItemID      httpx.ID `json:"itemId"`
	ComponentID httpx.ID `json:"componentId"`
}

// TimeEntryInput is the body of saveTimeEntry (id 0 adds one) and
// deleteTimeEntry (id only). date is YYYY-MM-DD; minutes is what a user of
// timesheet type 1 gives, start and end (HH:MM) what a user of type 2 gives.
type TimeEntryInput struct {
	TimesheetsInput
	ID          httpx.ID `json:"id"`
	Date        string   `json:"date"`
	Minutes     int      `json:"minutes"`
	Start       string   `json:"start"`
	End         string   `json:"end"`
	Description string   `json:"description"`
}

// TimeEntry is one entry as the control lists it.
type TimeEntry struct {
	ID          int64     `json:"id"`
	UserID      int64     `json:"userId"`
	UserName    string    `json:"userName"`
	Date        string    `json:"date"`
	Minutes     int       `json:"minutes"`
	Start       *string   `json:"start"`
	End         *string   `json:"end"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"createdAt"`
	ModifiedAt  time.Time `json:"modifiedAt"`
	// CanEdit: the caller may change this entry; CanDelete: delete it (a
	// user whose timesheet type records no hours still deletes their own).
	CanEdit   bool `json:"canEdit"`
	CanDelete bool `json:"canDelete"`
}

// Timesheets is the answer of the timesheet calls: the item's entries the
// control shows and what the caller may do.
type Timesheets struct {
	Entries      []TimeEntry `json:"entries"`
	Count        int64       `json:"count"`
	TotalMinutes int64       `json:"totalMinutes"`
	// CanRecord: the caller may add entries; when not, CannotRecord says why
	// (in the caller's language) and the control shows it in place of the
	// add row.
	CanRecord    bool   `json:"canRecord"`
	CannotRecord string `json:"cannotRecord"`
	// TimesheetType is the caller's ("0", "1" or "2"): hours or start and end.
	TimesheetType string `json:"timesheetType"`
}

// timesheetItem loads the form's item, which the caller must read.
func (s *Service) timesheetItem(ctx context.Context, q Querier, c Caller, in TimesheetsInput) (*Item, error) {
	t, err := s.loadType(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	return ReadItem(ctx, q, c, t.comp.ID, int64(in.ItemID), false)
}

// lastDay is the last date an entry may have: today wherever today is
// latest (UTC+14), so nobody's today is ever refused; the web app offers
// no day after the user's own today.
func (s *Service) lastDay() time.Time {
	now := s.now().UTC().Add(14 * time.Hour)
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
}

func timesheetTypeOf(ctx context.Context, q Querier, user int64) (int, error) {
	var typ int
	if err := q.QueryRow(ctx, `SELECT timesheet_type FROM app_user WHERE id = $1`, user).Scan(&typ); err != nil {
		return 0, fmt.Errorf("timesheet type: %w", err)
	}
	return typ, nil
}

// LoadTimesheets answers loadTimesheetsFormData: the entries of an item the
// caller may read, newest day first, with their total.
func (s *Service) LoadTimesheets(ctx context.Context, c Caller, in TimesheetsInput) (*Timesheets, error) {
	it, err := s.timesheetItem(ctx, s.store.db, c, in)
	if err != nil {
		return nil, err
	}
	return s.timesheets(ctx, c, it)
}

func (s *Service) timesheets(ctx context.Context, c Caller, it *Item) (*Timesheets, error) {
	out := &Timesheets{Entries: []TimeEntry{}}
	if err := s.store.db.QueryRow(ctx, `SELECT count(*), coalesce(sum(minutes), 0) FROM item_time_entry WHERE item_id = $1`, it.ID).
		Scan(&out.Count, &out.TotalMinutes); err != nil {
		return nil, fmt.Errorf("time entries: %w", err)
	}
	writable, err := CanUpdate(ctx, s.store.db, c, it.ComponentID, it.ID)
	if err != nil {
		return nil, err
	}
	typ, err := timesheetTypeOf(ctx, s.store.db, c.UserID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.db.Query(ctx, `SELECT e.id, e.user_id, coalesce(u.name, ''), to_char(e.work_date, 'YYYY-MM-DD'), e.minutes,
			to_char(e.start_time, 'HH24:MI'), to_char(e.end_time, 'HH24:MI'), e.description, e.created_at, e.modified_at
		FROM item_time_entry e LEFT JOIN app_user u ON u.id = e.user_id
		WHERE e.item_id = $1 ORDER BY e.work_date DESC, e.start_time DESC NULLS LAST, e.id DESC LIMIT $2`, it.ID, MaxTimeEntryRows)
	if err != nil {
		return nil, fmt.Errorf("time entries: %w", err)
	}
	for rows.Next() {
		var e TimeEntry
		if err := rows.Scan(&e.ID, &e.UserID, &e.UserName, &e.Date, &e.Minutes, &e.Start, &e.End, &e.Description,
			&e.CreatedAt, &e.ModifiedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("time entries: %w", err)
		}
		e.CreatedAt, e.ModifiedAt = e.CreatedAt.UTC(), e.ModifiedAt.UTC()
		e.CanDelete = writable && (c.PanelAdmin || e.UserID == c.UserID)
		e.CanEdit = e.CanDelete && (c.PanelAdmin || typ != timesheetNone)
		out.Entries = append(out.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("time entries: %w", err)
	}
	out.TimesheetType = strconv.Itoa(typ)
	switch {
	case typ == timesheetNone:
		out.CannotRecord = localize(ctx, "timesheets.noHours")
	case !writable:
		out.CannotRecord = localize(ctx, "timesheets.cannotRecord")
	default:
		out.CanRecord = true
	}
	return out, nil
}

var clock = regexp.MustCompile(`^([01]?\d|2[0-3]):([0-5]\d)$`)

// minutesOfDay reads HH:MM (00:00 to 23:59).
func minutesOfDay(v string) (int, bool) {
	m := clock.FindStringSubmatch(v)
	if m == nil {
		return 0, false
	}
	h, _ := strconv.Atoi(m[1])
	mm, _ := strconv.Atoi(m[2])
	return h*60 + mm, true
}

// entryShape is a checked entry: its day, minutes and span.
type entryShape struct {
	day        time.Time
	minutes    int
	start, end *string
}

// checkEntry validates in as an entry of a user of timesheet type typ.
func (s *Service) checkEntry(in *TimeEntryInput, typ int) (*entryShape, error) {
	var v httpx.Validation
	out := &entryShape{}
	day, err := time.Parse(time.DateOnly, strings.TrimSpace(in.Date))
	switch {
	case err != nil || day.Year() < 1753:
		v.Add("date", "timesheets.dateInvalid")
	case day.After(s.lastDay()):
		v.Add("date", "timesheets.futureDate", "date", day.Format("02/01/2006"))
	default:
		out.day = day
	}
	if typ == timesheetStartEnd {
		from, okFrom := minutesOfDay(strings.TrimSpace(in.Start))
		to, okTo := minutesOfDay(strings.TrimSpace(in.End))
		switch {
		case !okFrom:
			v.Add("start", "timesheets.timeInvalid")
		case !okTo:
			v.Add("end", "timesheets.timeInvalid")
		case to <= from:
			v.Add("end", "timesheets.endBeforeStart")
		default:
			start, end := hoursText(from), hoursText(to)
			out.minutes, out.start, out.end = to-from, &start, &end
		}
	} else {
		switch {
		case in.Minutes <= 0:
			v.Add("minutes", "timesheets.minutesPositive")
		case in.Minutes > MaxDayMinutes:
			v.Add("minutes", "timesheets.minutesTooMany")
		default:
			out.minutes = in.Minutes
		}
	}
	in.Description = strings.TrimSpace(in.Description)
	switch {
	case utf8.RuneCountInString(in.Description) > MaxTimeEntryDescription:
		v.Add("description", "timesheets.descriptionTooLong", "max", MaxTimeEntryDescription)
	case strings.ContainsRune(in.Description, 0):
		// PostgreSQL text holds no NUL.
		v.Add("description", "timesheets.descriptionInvalid")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// SaveTimeEntry answers saveTimeEntry: it adds the caller's entry (id 0) or
// changes one (the caller's own; any for an administrator), then answers
// the item's entries. It needs the right to change the item.
func (s *Service) SaveTimeEntry(ctx context.Context, c Caller, in TimeEntryInput) (*Timesheets, error) {
	return s.changeTimesheet(ctx, c, in.TimesheetsInput, func(tx pgx.Tx, it *Item) error {
		owner, typ, current, err := s.entryOwner(ctx, tx, c, it, int64(in.ID), true)
		if err != nil {
			return err
		}
		shape, err := s.checkEntry(&in, typ)
		if err != nil {
			return err
		}
		// One user's entries are written one at a time, so two saves cannot
		// pass the day's bound together.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('item_time_entry:' || $1::bigint, 0))`, owner); err != nil {
			return fmt.Errorf("time entry lock: %w", err)
		}
		if err := s.checkDay(ctx, tx, owner, int64(in.ID), shape); err != nil {
			return err
		}
		op := "edit"
		if current == nil {
			op = "add"
			err = tx.QueryRow(ctx, `INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, start_time, end_time, description, modifier_id)
				VALUES ($1, $2, $3, $4, $5::time, $6::time, $7, $8) RETURNING id`,
				it.ID, owner, shape.day, shape.minutes, shape.start, shape.end, in.Description, c.UserID).Scan(&in.ID)
		} else {
			_, err = tx.Exec(ctx, `UPDATE item_time_entry SET work_date = $2, minutes = $3, start_time = $4::time, end_time = $5::time,
				description = $6, modified_at = now(), modifier_id = $7 WHERE id = $1`,
				int64(in.ID), shape.day, shape.minutes, shape.start, shape.end, in.Description, c.UserID)
		}
		if err != nil {
			return fmt.Errorf("save time entry: %w", err)
		}
		return recordTimeEntryEvent(ctx, tx, c, it.ID, owner, op, shape.day, shape.minutes, in.Description)
	})
}

// DeleteTimeEntry answers deleteTimeEntry: it removes an entry (the caller's
// own; any for an administrator) and answers the item's entries.
func (s *Service) DeleteTimeEntry(ctx context.Context, c Caller, in TimeEntryInput) (*Timesheets, error) {
	if in.ID <= 0 {
		return nil, httpx.Invalid("id", "error.idInvalid", "field", "id")
	}
	return s.changeTimesheet(ctx, c, in.TimesheetsInput, func(tx pgx.Tx, it *Item) error {
		owner, _, current, err := s.entryOwner(ctx, tx, c, it, int64(in.ID), false)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM item_time_entry WHERE id = $1`, int64(in.ID)); err != nil {
			return fmt.Errorf("delete time entry: %w", err)
		}
		return recordTimeEntryEvent(ctx, tx, c, it.ID, owner, "delete", current.day, current.minutes, current.description)
	})
}

// changeTimesheet runs change in one transaction on the form's item, once the
// caller may record hours on it, and then answers the item's entries.
func (s *Service) changeTimesheet(ctx context.Context, c Caller, in TimesheetsInput, change func(tx pgx.Tx, it *Item) error) (*Timesheets, error) {
	var it *Item
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		var err error
		if it, err = s.timesheetItem(ctx, tx, c, in); err != nil {
			return err
		}
		if err := mayRecord(ctx, tx, c, it); err != nil {
			return err
		}
		return change(tx, it)
	})
	if err != nil {
		return nil, err
	}
	return s.timesheets(ctx, c, it)
}

// mayRecord refuses a caller who may not change the item: recording hours
// on an item, as linking or attaching, is a change of it.
func mayRecord(ctx context.Context, q Querier, c Caller, it *Item) error {
	if ok, err := CanUpdate(ctx, q, c, it.ComponentID, it.ID); err != nil {
		return err
	} else if !ok {
		return httpx.Fail(http.StatusForbidden, "timesheets.cannotRecord")
	}
	return nil
}

// storedEntry is an entry as it is before a change.
type storedEntry struct {
	day         time.Time
	minutes     int
	description string
	hasSpan     bool
}

// entryOwner says whose entry id (0: a new one, the caller's) is, the
// timesheet type its values follow, and the entry as stored. Another
// user's entry is the caller's to change only as an administrator. A user
// whose type records no hours may not save one (deleting their own is
// still theirs).
func (s *Service) entryOwner(ctx context.Context, q Querier, c Caller, it *Item, id int64, saving bool) (int64, int, *storedEntry, error) {
	if id == 0 {
		typ, err := timesheetTypeOf(ctx, q, c.UserID)
		if err != nil {
			return 0, 0, nil, err
		}
		if typ == timesheetNone {
			return 0, 0, nil, httpx.Fail(http.StatusForbidden, "timesheets.noHours")
		}
		return c.UserID, typ, nil, nil
	}
	var owner int64
	var typ int
	cur := &storedEntry{}
	err := q.QueryRow(ctx, `SELECT e.user_id, u.timesheet_type, e.work_date, e.minutes, e.description, e.start_time IS NOT NULL
		FROM item_time_entry e JOIN app_user u ON u.id = e.user_id WHERE e.id = $1 AND e.item_id = $2 FOR UPDATE OF e`, id, it.ID).
		Scan(&owner, &typ, &cur.day, &cur.minutes, &cur.description, &cur.hasSpan)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, 0, nil, httpx.NotFound()
	}
	if err != nil {
		return 0, 0, nil, fmt.Errorf("time entry %d: %w", id, err)
	}
	if owner != c.UserID && !c.PanelAdmin {
		return 0, 0, nil, httpx.Fail(http.StatusForbidden, "timesheets.notYours")
	}
	if saving && owner == c.UserID && typ == timesheetNone && !c.PanelAdmin {
		return 0, 0, nil, httpx.Fail(http.StatusForbidden, "timesheets.noHours")
	}
	// An entry keeps its shape when its owner's type no longer records hours
	// (an administrator corrects it).
	if typ == timesheetNone {
		typ = timesheetHours
		if cur.hasSpan {
			typ = timesheetStartEnd
		}
	}
	return owner, typ, cur, nil
}

// checkDay refuses an entry that would take its owner past 24 hours on its
// day (entry except being the one changed), or whose span overlaps
// another of the owner's spans that day.
func (s *Service) checkDay(ctx context.Context, q Querier, owner, except int64, e *entryShape) error {
	var used int
	var overlap *string
	err := q.QueryRow(ctx, `SELECT coalesce(sum(minutes), 0),
			(SELECT to_char(o.start_time, 'HH24:MI') || '–' || to_char(o.end_time, 'HH24:MI') FROM item_time_entry o
			 WHERE o.user_id = $1 AND o.work_date = $2 AND o.id <> $3 AND $4::time IS NOT NULL
			   AND o.start_time < $5::time AND o.end_time > $4::time LIMIT 1)
		FROM item_time_entry WHERE user_id = $1 AND work_date = $2 AND id <> $3`, owner, e.day, except, e.start, e.end).Scan(&used, &overlap)
	if err != nil {
		return fmt.Errorf("time of the day: %w", err)
	}
	day := e.day.Format("02/01/2006")
	if overlap != nil {
		return httpx.Invalid("start", "timesheets.overlap", "date", day, "span", *overlap)
	}
	if used+e.minutes > MaxDayMinutes {
		return httpx.Invalid("minutes", "timesheets.dayFull", "date", day, "used", hoursText(used), "max", "24:00")
	}
	return nil
}

// hoursText writes minutes as H:MM (PostgreSQL reads it as a time of day).
func hoursText(minutes int) string {
	return fmt.Sprintf("%d:%02d", minutes/60, minutes%60)
}

func localize(ctx context.Context, key string, args ...any) string {
	return i18n.T(i18n.From(ctx), key, args...)
}
