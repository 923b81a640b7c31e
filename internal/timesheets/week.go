package timesheets

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Bounds of the week grid (My timesheet).
const (
	// recentDays is how far back from today items logged on still offer a
	// row, whatever week is shown: the work of these days.
	recentDays = 14
	// maxWeekRows caps the rows of a week: the logged ones always come,
	// then recent and assigned items fill up to it.
	maxWeekRows = 200
	// maxAssignedRows is how many open items the caller is responsible for
	// come as rows without hours logged on them.
	maxAssignedRows = 20
	// maxWeekCells is how many cells one saveMyWeek may change.
	maxWeekCells = maxWeekRows * 7
	// defaultDayMinutes is a working day's capacity without a work calendar
	// (Monday to Friday).
	defaultDayMinutes = 8 * 60
)

// WeekInput names a week by any of its days (YYYY-MM-DD); the week runs
// Sunday to Saturday, as calendars in Brazil show it.
type WeekInput struct {
	WeekStart string `json:"weekStart"`
}

// WeekDay is one day of the week: its capacity from the caller's work
// calendar and whether it is closed to changes.
type WeekDay struct {
	Date            string `json:"date"`
	CapacityMinutes int    `json:"capacityMinutes"`
	Closed          bool   `json:"closed"`
	// ClosedReason says why a closed day cannot change ("" when open).
	ClosedReason string `json:"closedReason"`
}

// WeekCell is what the caller recorded on one item on one day: the sum of
// the entries, their ids and description. ReadOnly: an entry has a start
// and end, so the grid cannot write the cell as hours, or an entry is
// submitted or approved. State is the cell's review state (cellState; ""
// for an empty cell); a rejected cell has its ReviewNote and Reviewer.
type WeekCell struct {
	Date        string  `json:"date"`
	Minutes     int     `json:"minutes"`
	EntryIDs    []int64 `json:"entryIds"`
	Description string  `json:"description"`
	ReadOnly    bool    `json:"readOnly"`
	State       string  `json:"state"`
	ReviewNote  string  `json:"reviewNote"`
	Reviewer    string  `json:"reviewer"`
	// Automatic: every entry of the cell was made by autoTimesheetType.
	Automatic bool `json:"automatic"`
}

// WeekRow is an item of the week grid.
type WeekRow struct {
	ItemID      int64 `json:"itemId"`
	ComponentID int64 `json:"componentId"`
	// ComponentName is the item's type, as numbers repeat across types.
	ComponentName string     `json:"componentName"`
	FormattedID   int64      `json:"FormattedID"`
	Title         string     `json:"Title"`
	ProjectName   string     `json:"projectName"`
	CanRecord     bool       `json:"canRecord"`
	Cells         []WeekCell `json:"cells"`
}

// WeekTotals sums the week's cells by day and in all.
type WeekTotals struct {
	Days []int `json:"days"`
	Week int   `json:"week"`
}

// Week answers getMyWeek and saveMyWeek.
type Week struct {
	WeekStart string     `json:"weekStart"`
	Days      []WeekDay  `json:"days"`
	Rows      []WeekRow  `json:"rows"`
	Totals    WeekTotals `json:"totals"`
	// CanRecord: the caller's timesheet type records hours in the grid; when
	// not, CannotRecord says why.
	CanRecord     bool   `json:"canRecord"`
	CannotRecord  string `json:"cannotRecord"`
	TimesheetType string `json:"timesheetType"`
	// Review is the state of the week's entries.
	Review WeekReview `json:"review"`
}

// sundayOf reads a day and answers the Sunday that starts its week.
func sundayOf(text string) (time.Time, error) {
	day, err := time.Parse(time.DateOnly, strings.TrimSpace(text))
	if err != nil || day.Year() < 1753 || day.Year() > 9999 {
		return time.Time{}, httpx.Invalid("weekStart", "timesheets.weekInvalid")
	}
	return day.AddDate(0, 0, -int(day.Weekday())), nil
}

// GetMyWeek answers getMyWeek: the caller's week grid.
func (s *Service) GetMyWeek(ctx context.Context, c items.Caller, in WeekInput) (*Week, error) {
	sunday, err := sundayOf(in.WeekStart)
	if err != nil {
		return nil, err
	}
	// Opening the week makes its automatic entries first (autoTimesheetType 2).
	if err := s.fillFromCalendar(ctx, c, sunday); err != nil {
		return nil, err
	}
	return s.week(ctx, c, sunday, nil)
}

// CopyLastWeek answers copyLastWeek: the week of weekStart whose rows are
// also the items of the week before that the caller recorded hours on,
// without copying the hours (the grid saves them once typed).
func (s *Service) CopyLastWeek(ctx context.Context, c items.Caller, in WeekInput) (*Week, error) {
	sunday, err := sundayOf(in.WeekStart)
	if err != nil {
		return nil, err
	}
	last, err := s.store.loggedItems(ctx, c, sunday.AddDate(0, 0, -7), sunday)
	if err != nil {
		return nil, err
	}
	return s.week(ctx, c, sunday, last)
}

// week builds the grid of the week starting sunday, with the items extra
// among its rows.
func (s *Service) week(ctx context.Context, c items.Caller, sunday time.Time, extra []int64) (*Week, error) {
	end := sunday.AddDate(0, 0, 7)
	out := &Week{WeekStart: sunday.Format(time.DateOnly)}
	typ, err := s.store.timesheetType(ctx, s.store.db, c.UserID)
	if err != nil {
		return nil, err
	}
	out.TimesheetType = strconv.Itoa(typ)
	switch typ {
	case timesheetNone:
		out.CannotRecord = localize(ctx, "timesheets.noHours")
	case timesheetStartEnd:
		out.CannotRecord = localize(ctx, "timesheets.weekStartEnd")
	default:
		out.CanRecord = true
	}
	capacity, err := s.store.capacity(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	closed, err := s.closedOf(ctx, c.UserID, sunday, end)
	if err != nil {
		return nil, err
	}
	for d := range 7 {
		day := sunday.AddDate(0, 0, d)
		date := day.Format(time.DateOnly)
		out.Days = append(out.Days, WeekDay{Date: date, CapacityMinutes: capacity.minutes(day),
			Closed: closed[date] != "", ClosedReason: closed[date]})
	}
	now := s.now().UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	rows, err := s.store.weekRows(ctx, c, sunday, end, today.AddDate(0, 0, -recentDays), extra)
	if err != nil {
		return nil, err
	}
	entries, err := s.store.weekEntries(ctx, c.UserID, sunday, end)
	if err != nil {
		return nil, err
	}
	out.Totals.Days = make([]int, 7)
	index := map[int64]int{}
	for i := range rows {
		index[rows[i].ItemID] = i
		for d := range 7 {
			rows[i].Cells = append(rows[i].Cells, WeekCell{Date: out.Days[d].Date, EntryIDs: []int64{}})
		}
	}
	for _, e := range entries {
		// The review counts every entry of the week, as submitting does.
		out.Review.count(e.state)
		i, ok := index[e.item]
		if !ok {
			continue // an item the caller no longer reads
		}
		d := int(e.day.Sub(sunday).Hours() / 24)
		cell := &rows[i].Cells[d]
		cell.Automatic = e.automatic && (len(cell.EntryIDs) == 0 || cell.Automatic)
		cell.Minutes += e.minutes
		cell.EntryIDs = append(cell.EntryIDs, e.id)
		cell.ReadOnly = cell.ReadOnly || e.hasSpan || reviewLocked(e.state)
		cell.State = cellState(cell.State, e.state)
		if e.state == stateRejected && cell.ReviewNote == "" {
			cell.ReviewNote, cell.Reviewer = e.note, e.reviewer
		}
		if e.description != "" {
			if cell.Description != "" {
				cell.Description += "\n"
			}
			cell.Description += e.description
		}
		out.Totals.Days[d] += e.minutes
		out.Totals.Week += e.minutes
	}
	out.Rows = rows
	out.Review.settle()
	return out, nil
}

// WeekCellInput is one cell of saveMyWeek: the caller's hours on an item
// on a day, replacing the hours recorded there (0 removes them).
type WeekCellInput struct {
	ItemID      httpx.ID `json:"itemId"`
	Date        string   `json:"date"`
	Minutes     int      `json:"minutes"`
	Description string   `json:"description"`
}

// SaveWeekInput is the body of saveMyWeek: the cells changed.
type SaveWeekInput struct {
	WeekStart string          `json:"weekStart"`
	Cells     []WeekCellInput `json:"cells"`
}

// weekCell is a cell being saved: what it asks, the item and the entries
// it replaces.
type weekCell struct {
	in    WeekCellInput
	day   time.Time
	item  items.ItemRef
	label string
	kept  []storedCellEntry
	shape *entryShape
}

// SaveMyWeek answers saveMyWeek: every cell is written in one transaction
// under the rules of saveTimeEntry, or none is; then the week.
func (s *Service) SaveMyWeek(ctx context.Context, c items.Caller, in SaveWeekInput) (*Week, error) {
	sunday, err := sundayOf(in.WeekStart)
	if err != nil {
		return nil, err
	}
	if len(in.Cells) > maxWeekCells {
		return nil, httpx.Invalid("cells", "timesheets.weekTooManyCells", "max", maxWeekCells)
	}
	cells, err := weekCells(sunday, in.Cells)
	if err != nil {
		return nil, err
	}
	if len(cells) > 0 {
		if err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error { return s.saveCells(ctx, tx, c, sunday, cells) }); err != nil {
			return nil, err
		}
	}
	return s.week(ctx, c, sunday, nil)
}

// weekCells checks the cells' shape: a day of the week, minutes from 0 to
// 24:00, one cell per item and day.
func weekCells(sunday time.Time, in []WeekCellInput) ([]*weekCell, error) {
	seen := map[string]bool{}
	out := make([]*weekCell, 0, len(in))
	for i, cell := range in {
		field := "cells[" + strconv.Itoa(i) + "]"
		day, err := time.Parse(time.DateOnly, strings.TrimSpace(cell.Date))
		switch {
		case cell.ItemID <= 0:
			return nil, httpx.Invalid(field+".itemId", "error.idInvalid", "field", "itemId")
		case err != nil || day.Before(sunday) || !day.Before(sunday.AddDate(0, 0, 7)):
			return nil, httpx.Invalid(field+".date", "timesheets.weekDateOutside", "date", strings.TrimSpace(cell.Date))
		case cell.Minutes < 0:
			return nil, httpx.Invalid(field+".minutes", "timesheets.minutesPositive")
		case cell.Minutes > MaxDayMinutes:
			return nil, httpx.Invalid(field+".minutes", "timesheets.minutesTooMany")
		}
		key := strconv.FormatInt(int64(cell.ItemID), 10) + "/" + day.Format(time.DateOnly)
		if seen[key] {
			return nil, httpx.Invalid(field, "timesheets.weekCellTwice", "date", day.Format("02/01/2006"))
		}
		seen[key] = true
		cell.Date = day.Format(time.DateOnly)
		out = append(out, &weekCell{in: cell, day: day})
	}
	return out, nil
}

// saveCells writes the cells of the week from sunday in tx, reading what
// they need in a few queries and writing in one batch. The cells' old hours
// leave first and the days' totals then only grow to their final sums, so
// a day is refused only when its final total passes 24:00.
func (s *Service) saveCells(ctx context.Context, tx pgx.Tx, c items.Caller, sunday time.Time, cells []*weekCell) error {
	typ, err := s.store.timesheetType(ctx, tx, c.UserID)
	if err != nil {
		return err
	}
	if err := s.store.lockUser(ctx, tx, c.UserID); err != nil {
		return err
	}
	var ids []int64
	for _, cell := range cells {
		if !slices.Contains(ids, int64(cell.in.ItemID)) {
			ids = append(ids, int64(cell.in.ItemID))
		}
	}
	refs, err := items.ItemRefs(ctx, tx, c, ids)
	if err != nil {
		return err
	}
	writable, err := items.WritableItems(ctx, tx, c, ids)
	if err != nil {
		return err
	}
	stored, err := s.store.weekCellEntries(ctx, tx, c.UserID, sunday, ids)
	if err != nil {
		return err
	}
	for _, cell := range cells {
		ref, ok := refs[int64(cell.in.ItemID)]
		if !ok || !ref.Readable || ref.Retired {
			return httpx.NotFound()
		}
		cell.item = ref
		cell.label = "#" + strconv.FormatInt(ref.Number, 10) + " " + ref.Title
		if !writable[ref.ID] {
			return cellError(ctx, cell, httpx.Fail(http.StatusForbidden, "timesheets.cannotRecord"))
		}
		cell.kept = stored[cellKey(ref.ID, cell.in.Date)]
		if err := s.prepareCell(ctx, typ, cell); err != nil {
			return err
		}
	}
	// Removals and decreases first, then increases.
	sort.SliceStable(cells, func(i, j int) bool { return cells[i].delta() < cells[j].delta() })
	totals, err := s.store.weekTotals(ctx, tx, c.UserID, sunday)
	if err != nil {
		return err
	}
	w := &weekWrites{}
	open := map[string]error{}
	for _, cell := range cells {
		if err := s.writeCell(ctx, tx, c, cell, totals, open, w); err != nil {
			return cellError(ctx, cell, err)
		}
	}
	return w.send(ctx, tx)
}

// prepareCell checks the cell's stored entries and its hours as
// saveTimeEntry does.
func (s *Service) prepareCell(ctx context.Context, typ int, cell *weekCell) error {
	for _, e := range cell.kept {
		if err := lockedError(e.state, cell.day); err != nil {
			return cellError(ctx, cell, err)
		}
	}
	for _, e := range cell.kept {
		if e.hasSpan {
			return cellError(ctx, cell, httpx.Fail(http.StatusBadRequest, "timesheets.weekCellSpans"))
		}
	}
	if cell.in.Minutes == 0 {
		return nil // removing needs neither hours nor a type that records them
	}
	switch typ {
	case timesheetNone:
		return cellError(ctx, cell, httpx.Fail(http.StatusForbidden, "timesheets.noHours"))
	case timesheetStartEnd:
		return cellError(ctx, cell, httpx.Fail(http.StatusForbidden, "timesheets.weekStartEnd"))
	}
	entry := TimeEntryInput{Date: cell.in.Date, Minutes: cell.in.Minutes, Description: cell.in.Description}
	var err error
	if cell.shape, err = s.checkEntry(&entry, typ); err != nil {
		return cellError(ctx, cell, err)
	}
	cell.in.Description = entry.Description
	return nil
}

// delta is how the cell changes its day's total.
func (c *weekCell) delta() int {
	was := 0
	for _, e := range c.kept {
		was += e.minutes
	}
	return c.in.Minutes - was
}

// writeCell queues the cell's entries becoming one entry of its minutes
// (none for 0): the first entry is changed, the others deleted, each with its
// history event; an unchanged cell writes nothing. totals follow the day's
// sums as checkDay would read them; week cells have no spans to overlap.
func (s *Service) writeCell(ctx context.Context, tx pgx.Tx, c items.Caller, cell *weekCell, totals map[string]int, open map[string]error, w *weekWrites) error {
	rest := cell.kept
	if cell.in.Minutes > 0 && len(rest) == 1 && rest[0].minutes == cell.in.Minutes && rest[0].description == cell.in.Description {
		return nil
	}
	day := cell.in.Date
	err, checked := open[day]
	if !checked {
		err = s.checkOpen(ctx, tx, c.UserID, cell.day)
		open[day] = err
	}
	if err != nil {
		return err
	}
	if cell.in.Minutes > 0 && len(rest) > 0 {
		rest = rest[1:]
	}
	for _, e := range rest {
		w.remove(e.id)
		w.event(c, cell.item.ID, "delete", cell.day, e.minutes, e.description)
		totals[day] -= e.minutes
	}
	if cell.in.Minutes == 0 {
		return nil
	}
	used := totals[day]
	if len(cell.kept) > 0 {
		used -= cell.kept[0].minutes
	}
	if used+cell.shape.minutes > MaxDayMinutes {
		return httpx.Invalid("minutes", "timesheets.dayFull", "date", cell.day.Format("02/01/2006"), "used", hoursText(used), "max", "24:00")
	}
	totals[day] = used + cell.shape.minutes
	op := "add"
	if len(cell.kept) > 0 {
		op = "edit"
		w.change(cell.kept[0].id, c.UserID, cell.shape, cell.in.Description)
	} else {
		w.add(cell.item.ID, c.UserID, cell.shape, cell.in.Description)
	}
	w.event(c, cell.item.ID, op, cell.day, cell.shape.minutes, cell.in.Description)
	return nil
}

// cellError names the cell's item and day in a refusal, so the grid says
// which cell to fix; other errors pass as they are.
func cellError(ctx context.Context, cell *weekCell, err error) error {
	e, ok := httpx.AsError(err)
	if !ok || e.Status == http.StatusNotFound {
		return err
	}
	reason := localize(ctx, e.Key, e.Args...)
	out := httpx.Fail(e.Status, "timesheets.weekCell", "item", cell.label, "date", cell.day.Format("02/01/2006"), "reason", reason)
	out.Validations, out.Cause = e.Validations, errors.Unwrap(err)
	return out
}

// FindItemsInput is the body of findMyItems: a title's words or a number.
type FindItemsInput struct {
	Query string `json:"query"`
}

// maxFoundItems is how many items findMyItems answers.
const maxFoundItems = 20

// FindMyItems answers findMyItems: the items the caller may record hours on
// whose title holds the text or whose number it is, for adding a row.
func (s *Service) FindMyItems(ctx context.Context, c items.Caller, in FindItemsInput) ([]ItemChoice, error) {
	text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(in.Query), "#"))
	switch {
	case text == "":
		return nil, httpx.Invalid("query", "items.searchEmpty")
	case utf8.RuneCountInString(text) > items.SearchMaxText:
		return nil, httpx.Invalid("query", "items.searchTooLong", "max", items.SearchMaxText)
	}
	number, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		number = -1
	}
	return s.store.findItems(ctx, c, text, number, maxFoundItems)
}
