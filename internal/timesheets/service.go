// Package timesheets is the time recorded on items: the entries of the
// timesheets form control, their bounds and their place in the item's
// history. It reads and checks items through the item core (internal/items).
package timesheets

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// Bounds of a time entry.
const (
	// MaxDayMinutes is what one user may record on one day, across items.
	MaxDayMinutes = 24 * 60
	// MaxTimeEntryDescription is the description's length in characters.
	MaxTimeEntryDescription = 500
	// MaxTimeEntryRows is how many entries loadTimesheetsFormData lists
	// (newest first); the total counts them all.
	MaxTimeEntryRows = 500
)

// Timesheet types of a user: 0 records no hours, 1 hours per day, 2 start
// and end.
const (
	timesheetNone     = 0
	timesheetHours    = 1
	timesheetStartEnd = 2
)

// Types is what the service asks of the item core besides its functions:
// a form's type as the caller may read it (*items.Service).
type Types interface {
	ReadComponent(ctx context.Context, c items.Caller, id int64) (*items.Component, error)
}

// Service runs the time entry calls.
type Service struct {
	store *Store
	types Types
	now   func() time.Time
	send  Send
}

// NewService returns the service; now is the clock (the last day an entry
// may have).
func NewService(store *Store, types Types, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, types: types, now: now}
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
	// Closed says why the entry cannot change when its owner's month is
	// closed ("" while it is open); CanEdit and CanDelete are false then.
	Closed string `json:"closed"`
	// State is the review state (draft, submitted, approved, rejected);
	// ReviewNote a rejection's reason.
	State      string `json:"state"`
	ReviewNote string `json:"reviewNote"`
	// Automatic: the person's autoTimesheetType made the entry; a change by
	// hand makes it theirs.
	Automatic bool `json:"automatic"`
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
	// ClosedMonths are the caller's closed months: the control refuses a
	// new entry on their days before asking the server, and says why.
	ClosedMonths []ClosedMonth `json:"closedMonths"`
}

// timesheetItem loads the form's item, which the caller must read.
func (s *Service) timesheetItem(ctx context.Context, q items.Querier, c items.Caller, in TimesheetsInput) (*items.Item, error) {
	comp, err := s.types.ReadComponent(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	return items.ReadItem(ctx, q, c, comp.ID, int64(in.ItemID), false)
}

// lastDay is the last date an entry may have: today wherever today is
// latest (UTC+14), so nobody's today is ever refused; the web app offers
// no day after the user's own today.
func (s *Service) lastDay() time.Time {
	now := s.now().UTC().Add(14 * time.Hour)
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
}

// LoadTimesheets answers loadTimesheetsFormData: the entries of an item the
// caller may read, newest day first, with their total.
func (s *Service) LoadTimesheets(ctx context.Context, c items.Caller, in TimesheetsInput) (*Timesheets, error) {
	it, err := s.timesheetItem(ctx, s.store.db, c, in)
	if err != nil {
		return nil, err
	}
	return s.timesheets(ctx, c, it)
}

func (s *Service) timesheets(ctx context.Context, c items.Caller, it *items.Item) (*Timesheets, error) {
	out := &Timesheets{}
	var err error
	if out.Count, out.TotalMinutes, err = s.store.totals(ctx, it.ID); err != nil {
		return nil, err
	}
	writable, err := items.CanUpdate(ctx, s.store.db, c, it.ComponentID, it.ID)
	if err != nil {
		return nil, err
	}
	typ, err := s.store.timesheetType(ctx, s.store.db, c.UserID)
	if err != nil {
		return nil, err
	}
	if out.Entries, err = s.store.entries(ctx, it.ID, MaxTimeEntryRows); err != nil {
		return nil, err
	}
	closed := map[int64]map[string]string{}
	for i := range out.Entries {
		e := &out.Entries[i]
		e.CanDelete = writable && (c.PanelAdmin || e.UserID == c.UserID) && !reviewLocked(e.State)
		e.CanEdit = e.CanDelete && (c.PanelAdmin || typ != timesheetNone)
		if _, ok := closed[e.UserID]; !ok {
			if closed[e.UserID], err = s.closedDays(ctx, e.UserID); err != nil {
				return nil, err
			}
		}
		if reason := closed[e.UserID][e.Date[:7]]; reason != "" {
			e.Closed, e.CanEdit, e.CanDelete = reason, false, false
		}
	}
	if out.ClosedMonths, err = s.closedMonthsOf(ctx, c.UserID); err != nil {
		return nil, err
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
func (s *Service) SaveTimeEntry(ctx context.Context, c items.Caller, in TimeEntryInput) (*Timesheets, error) {
	return s.changeTimesheet(ctx, c, in.TimesheetsInput, func(tx pgx.Tx, it *items.Item) error {
		owner, typ, current, err := s.entryOwner(ctx, tx, c, it, int64(in.ID), true)
		if err != nil {
			return err
		}
		if current != nil {
			if err := lockedError(current.state, current.day); err != nil {
				return err
			}
		}
		shape, err := s.checkEntry(&in, typ)
		if err != nil {
			return err
		}
		// One user's entries are written one at a time, so two saves cannot
		// pass the day's bound together.
		if err := s.store.lockUser(ctx, tx, owner); err != nil {
			return err
		}
		// Neither the day it leaves nor the day it takes may be closed.
		days := []time.Time{shape.day}
		if current != nil {
			days = append(days, current.day)
		}
		if err := s.checkOpen(ctx, tx, owner, days...); err != nil {
			return err
		}
		if err := s.checkDay(ctx, tx, owner, int64(in.ID), shape); err != nil {
			return err
		}
		op := "edit"
		if current == nil {
			op = "add"
			err = s.store.addEntry(ctx, tx, it.ID, owner, c.UserID, shape, in.Description)
		} else {
			err = s.store.changeEntry(ctx, tx, int64(in.ID), c.UserID, shape, in.Description)
		}
		if err != nil {
			return err
		}
		return s.store.recordEvent(ctx, tx, c, it.ID, owner, op, shape.day, shape.minutes, in.Description)
	})
}

// DeleteTimeEntry answers deleteTimeEntry: it removes an entry (the caller's
// own; any for an administrator) and answers the item's entries.
func (s *Service) DeleteTimeEntry(ctx context.Context, c items.Caller, in TimeEntryInput) (*Timesheets, error) {
	if in.ID <= 0 {
		return nil, httpx.Invalid("id", "error.idInvalid", "field", "id")
	}
	return s.changeTimesheet(ctx, c, in.TimesheetsInput, func(tx pgx.Tx, it *items.Item) error {
		owner, _, current, err := s.entryOwner(ctx, tx, c, it, int64(in.ID), false)
		if err != nil {
			return err
		}
		if err := s.store.lockUser(ctx, tx, owner); err != nil {
			return err
		}
		if err := s.checkOpen(ctx, tx, owner, current.day); err != nil {
			return err
		}
		if err := lockedError(current.state, current.day); err != nil {
			return err
		}
		if err := s.store.deleteEntry(ctx, tx, int64(in.ID)); err != nil {
			return err
		}
		return s.store.recordEvent(ctx, tx, c, it.ID, owner, "delete", current.day, current.minutes, current.description)
	})
}

// changeTimesheet runs change in one transaction on the form's item, once the
// caller may record hours on it, and then answers the item's entries.
func (s *Service) changeTimesheet(ctx context.Context, c items.Caller, in TimesheetsInput, change func(tx pgx.Tx, it *items.Item) error) (*Timesheets, error) {
	var it *items.Item
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
func mayRecord(ctx context.Context, q items.Querier, c items.Caller, it *items.Item) error {
	if ok, err := items.CanUpdate(ctx, q, c, it.ComponentID, it.ID); err != nil {
		return err
	} else if !ok {
		return httpx.Fail(http.StatusForbidden, "timesheets.cannotRecord")
	}
	return nil
}

// entryOwner says whose entry id is (0: a new one, the caller's), its
// timesheet type and the stored entry. Only an administrator changes another's
// entry; a user whose type records no hours may delete their own but not save.
func (s *Service) entryOwner(ctx context.Context, q items.Querier, c items.Caller, it *items.Item, id int64, saving bool) (int64, int, *storedEntry, error) {
	if id == 0 {
		typ, err := s.store.timesheetType(ctx, q, c.UserID)
		if err != nil {
			return 0, 0, nil, err
		}
		if typ == timesheetNone {
			return 0, 0, nil, httpx.Fail(http.StatusForbidden, "timesheets.noHours")
		}
		return c.UserID, typ, nil, nil
	}
	cur, err := s.store.entry(ctx, q, it.ID, id)
	if err != nil {
		return 0, 0, nil, err
	}
	owner, typ := cur.owner, cur.ownerType
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
func (s *Service) checkDay(ctx context.Context, q items.Querier, owner, except int64, e *entryShape) error {
	used, overlap, err := s.store.day(ctx, q, owner, except, e)
	if err != nil {
		return err
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
