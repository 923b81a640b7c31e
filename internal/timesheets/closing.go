package timesheets

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// Bounds of month closing.
const (
	// MaxReopenReason is the length of a reopening's reason in characters.
	MaxReopenReason = 500
	// maxCloseUsers is how many people one closeMonth closes.
	maxCloseUsers = 5000
	// maxNameFilter is the length of the month list's name filter.
	maxNameFilter = 200
)

// monthOf is the first day of t's month.
func monthOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// parseMonth reads YYYY-MM (or a day of the month, YYYY-MM-DD).
func parseMonth(text string) (time.Time, error) {
	text = strings.TrimSpace(text)
	m, err := time.Parse("2006-01", text)
	if err != nil {
		m, err = time.Parse(time.DateOnly, text)
	}
	if err != nil || m.Year() < 1753 || m.Year() > 9999 {
		return time.Time{}, httpx.Invalid("month", "timesheets.closing.monthInvalid")
	}
	return monthOf(m), nil
}

// monthName is the month as a sentence starts with it: "Março de 2026",
// "March 2026".
func monthName(ctx context.Context, m time.Time) string {
	name := localize(ctx, "timesheets.closing.month."+strconv.Itoa(int(m.Month())))
	return localize(ctx, "timesheets.closing.monthYear", "month", name, "year", m.Year())
}

// closedError is the refusal of a change on a day of owner's closed month.
func closedError(ctx context.Context, m closedMonth) *httpx.Error {
	return httpx.Fail(http.StatusConflict, "timesheets.closing.closed", "month", monthName(ctx, m.month), "user", m.owner)
}

// checkOpen refuses (409) when any of days falls in a closed month of
// owner. Every write of item_time_entry calls it under the owner's lock
// (lockUser), which closing takes too, so a save and a closing of the same
// person never interleave.
func (s *Service) checkOpen(ctx context.Context, q items.Querier, owner int64, days ...time.Time) error {
	if len(days) == 0 {
		return nil
	}
	from, to := days[0], days[0]
	for _, d := range days[1:] {
		if d.Before(from) {
			from = d
		}
		if d.After(to) {
			to = d
		}
	}
	closed, err := s.store.closedMonths(ctx, q, owner, from, monthOf(to).AddDate(0, 1, 0))
	if err != nil {
		return err
	}
	for _, m := range closed {
		for _, d := range days {
			if monthOf(d).Equal(m.month) {
				return closedError(ctx, m)
			}
		}
	}
	return nil
}

// workCalendar is a person's work calendar: minutes of work by weekday
// (Sunday first) and the holidays (YYYY-MM-DD), which have none.
type workCalendar struct {
	week     [7]int
	holidays map[string]bool
}

// readCalendar reads a stored work calendar (admin.Calendar); one missing
// or unreadable is 8 hours Monday to Friday without holidays.
func readCalendar(raw []byte) workCalendar {
	out := workCalendar{week: calendarMinutes(raw), holidays: map[string]bool{}}
	var cal struct {
		WorkPeriods []json.RawMessage `json:"workPeriods"`
		Holidays    []struct {
			Date string `json:"date"`
		} `json:"holidays"`
	}
	if raw == nil || json.Unmarshal(raw, &cal) != nil || len(cal.WorkPeriods) == 0 {
		return out
	}
	for _, h := range cal.Holidays {
		out.holidays[h.Date] = true
	}
	return out
}

// minutes is the work expected on day.
func (w workCalendar) minutes(day time.Time) int {
	if w.holidays[day.Format(time.DateOnly)] {
		return 0
	}
	return w.week[day.Weekday()]
}

// expected is the work expected in the month starting month.
func (w workCalendar) expected(month time.Time) int {
	sum := 0
	for d := month; d.Before(month.AddDate(0, 1, 0)); d = d.AddDate(0, 0, 1) {
		sum += w.minutes(d)
	}
	return sum
}

// mayClose: closing and reopening months is for panel administrators
// (docs/timesheets.md "Month closing", who).
func mayClose(c items.Caller) error {
	if !c.PanelAdmin {
		return httpx.Fail(http.StatusForbidden, "timesheets.closing.forbidden")
	}
	return nil
}

// MonthFilter is the body of getMonthClosing: the month (YYYY-MM) and
// optional filters: a company, part of a name, "open" or "closed".
type MonthFilter struct {
	Month     string   `json:"month"`
	CompanyID httpx.ID `json:"companyId"`
	Name      string   `json:"name"`
	State     string   `json:"state"`
}

// MonthPerson is one person of the month list.
type MonthPerson struct {
	UserID           int64      `json:"userId"`
	Name             string     `json:"name"`
	CompanyID        *int64     `json:"companyId"`
	CompanyName      string     `json:"companyName"`
	LoggedMinutes    int        `json:"loggedMinutes"`
	ExpectedMinutes  int        `json:"expectedMinutes"`
	PendingApprovals int        `json:"pendingApprovals"`
	Closed           bool       `json:"closed"`
	ClosedBy         string     `json:"closedBy"`
	ClosedAt         *time.Time `json:"closedAt"`
}

// Company is a company of the list's filter.
type Company struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// MonthTotals sums the people listed.
type MonthTotals struct {
	LoggedMinutes    int `json:"loggedMinutes"`
	ExpectedMinutes  int `json:"expectedMinutes"`
	PendingApprovals int `json:"pendingApprovals"`
	Closed           int `json:"closed"`
	People           int `json:"people"`
}

// MonthList answers getMonthClosing.
type MonthList struct {
	Month     string        `json:"month"`
	People    []MonthPerson `json:"people"`
	Totals    MonthTotals   `json:"totals"`
	Companies []Company     `json:"companies"`
}

// filter checks the list's filters.
func (f *MonthFilter) check() (time.Time, error) {
	month, err := parseMonth(f.Month)
	if err != nil {
		return month, err
	}
	f.Name = strings.TrimSpace(f.Name)
	f.State = strings.TrimSpace(f.State)
	switch {
	case f.CompanyID < 0:
		return month, httpx.Invalid("companyId", "error.idInvalid", "field", "companyId")
	case utf8.RuneCountInString(f.Name) > maxNameFilter || strings.ContainsRune(f.Name, 0):
		return month, httpx.Invalid("name", "timesheets.closing.nameInvalid", "max", maxNameFilter)
	case f.State != "" && f.State != "open" && f.State != "closed":
		return month, httpx.Invalid("state", "timesheets.closing.stateInvalid")
	}
	return month, nil
}

// GetMonthClosing answers getMonthClosing: each person's month — hours
// logged, expected from the work calendar, entries waiting for approval,
// closed or open.
func (s *Service) GetMonthClosing(ctx context.Context, c items.Caller, in MonthFilter) (*MonthList, error) {
	if err := mayClose(c); err != nil {
		return nil, err
	}
	month, err := in.check()
	if err != nil {
		return nil, err
	}
	rows, err := s.store.monthPeople(ctx, s.store.db, month, in)
	if err != nil {
		return nil, err
	}
	out := &MonthList{Month: month.Format("2006-01"), People: make([]MonthPerson, 0, len(rows))}
	for _, r := range rows {
		p := r.MonthPerson
		p.ExpectedMinutes = readCalendar(r.calendar).expected(month)
		out.People = append(out.People, p)
		out.Totals.LoggedMinutes += p.LoggedMinutes
		out.Totals.ExpectedMinutes += p.ExpectedMinutes
		out.Totals.PendingApprovals += p.PendingApprovals
		if p.Closed {
			out.Totals.Closed++
		}
	}
	out.Totals.People = len(out.People)
	if out.Companies, err = s.store.companies(ctx); err != nil {
		return nil, err
	}
	return out, nil
}

// CloseMonthInput is the body of closeMonth: the month and the people.
type CloseMonthInput struct {
	Month   string     `json:"month"`
	UserIDs []httpx.ID `json:"userIds"`
}

// ReopenMonthInput is the body of reopenMonth: one person's month and why.
type ReopenMonthInput struct {
	Month  string   `json:"month"`
	UserID httpx.ID `json:"userId"`
	Reason string   `json:"reason"`
}

// MonthChange answers closeMonth and reopenMonth: the month and how many
// people it changed (a month already closed is not closed again).
type MonthChange struct {
	Month   string `json:"month"`
	Changed int    `json:"changed"`
}

// pendingPerson is a person with entries waiting for approval.
type pendingPerson struct {
	name  string
	count int
}

// CloseMonth answers closeMonth: the month is closed for every person
// named, in one transaction, or for none — refused while any of them has
// entries of the month waiting for approval (the Message lists them).
func (s *Service) CloseMonth(ctx context.Context, c items.Caller, in CloseMonthInput) (*MonthChange, error) {
	if err := mayClose(c); err != nil {
		return nil, err
	}
	month, err := parseMonth(in.Month)
	if err != nil {
		return nil, err
	}
	switch {
	case len(in.UserIDs) == 0:
		return nil, httpx.Invalid("userIds", "timesheets.closing.nobody")
	case len(in.UserIDs) > maxCloseUsers:
		return nil, httpx.Invalid("userIds", "timesheets.closing.tooMany", "max", maxCloseUsers)
	case month.After(monthOf(s.lastDay())):
		return nil, httpx.Invalid("month", "timesheets.closing.future", "month", monthName(ctx, month))
	}
	users := make([]int64, 0, len(in.UserIDs))
	for _, id := range in.UserIDs {
		if id <= 0 {
			return nil, httpx.Invalid("userIds", "error.idInvalid", "field", "userIds")
		}
		users = append(users, int64(id))
	}
	slices.Sort(users)
	users = slices.Compact(users)
	out := &MonthChange{Month: month.Format("2006-01")}
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		names, err := s.store.userNames(ctx, tx, users)
		if err != nil {
			return err
		}
		if len(names) != len(users) {
			return httpx.Invalid("userIds", "timesheets.closing.unknownUser")
		}
		// Every writer of these people's entries waits until this ends.
		if err := s.store.lockUsers(ctx, tx, users); err != nil {
			return err
		}
		pending, err := s.store.pendingOf(ctx, tx, month, users)
		if err != nil {
			return err
		}
		if len(pending) > 0 {
			list := make([]string, len(pending))
			for i, p := range pending {
				list[i] = localize(ctx, "timesheets.closing.pendingPerson", "user", p.name, "count", p.count)
			}
			return httpx.Fail(http.StatusConflict, "timesheets.closing.pending", "month", monthName(ctx, month),
				"list", strings.Join(list, "; "))
		}
		closed, err := s.store.closeMonths(ctx, tx, month, users, c.UserID)
		if err != nil {
			return err
		}
		out.Changed = len(closed)
		if len(closed) == 0 {
			return nil
		}
		whom := make([]map[string]any, len(closed))
		for i, id := range closed {
			whom[i] = map[string]any{"id": id, "name": names[id]}
		}
		return audit.Record(ctx, tx, audit.Event{At: s.now(), UserID: c.UserID, Login: c.Login, Address: c.Address,
			Kind: "timesheets.monthClosed", Detail: map[string]any{"month": out.Month, "users": whom}})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ReopenMonth answers reopenMonth: one person's closed month opens again,
// with a reason the audit log keeps.
func (s *Service) ReopenMonth(ctx context.Context, c items.Caller, in ReopenMonthInput) (*MonthChange, error) {
	if err := mayClose(c); err != nil {
		return nil, err
	}
	month, err := parseMonth(in.Month)
	if err != nil {
		return nil, err
	}
	reason := strings.TrimSpace(in.Reason)
	switch {
	case in.UserID <= 0:
		return nil, httpx.Invalid("userId", "error.idInvalid", "field", "userId")
	case reason == "":
		return nil, httpx.Invalid("reason", "timesheets.closing.reasonRequired")
	case utf8.RuneCountInString(reason) > MaxReopenReason:
		return nil, httpx.Invalid("reason", "timesheets.closing.reasonTooLong", "max", MaxReopenReason)
	case strings.ContainsRune(reason, 0):
		return nil, httpx.Invalid("reason", "timesheets.closing.reasonInvalid")
	}
	out := &MonthChange{Month: month.Format("2006-01")}
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		user := int64(in.UserID)
		names, err := s.store.userNames(ctx, tx, []int64{user})
		if err != nil {
			return err
		}
		if _, ok := names[user]; !ok {
			return httpx.NotFound()
		}
		if err := s.store.lockUser(ctx, tx, user); err != nil {
			return err
		}
		reopened, err := s.store.reopenMonth(ctx, tx, month, user)
		if err != nil {
			return err
		}
		if !reopened {
			return httpx.Fail(http.StatusConflict, "timesheets.closing.notClosed", "month", monthName(ctx, month), "user", names[user])
		}
		out.Changed = 1
		return audit.Record(ctx, tx, audit.Event{At: s.now(), UserID: c.UserID, Login: c.Login, Address: c.Address,
			Kind: "timesheets.monthReopened", Detail: map[string]any{"month": out.Month, "userId": user, "user": names[user], "reason": reason}})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// closedOf maps each day (YYYY-MM-DD) of from to before to on which owner's
// month is closed to the reason, in the caller's language.
func (s *Service) closedOf(ctx context.Context, owner int64, from, to time.Time) (map[string]string, error) {
	months, err := s.store.closedMonths(ctx, s.store.db, owner, from, to)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, m := range months {
		reason := localize(ctx, closedError(ctx, m).Key, closedError(ctx, m).Args...)
		for d := m.month; d.Before(m.month.AddDate(0, 1, 0)); d = d.AddDate(0, 0, 1) {
			if !d.Before(from) && d.Before(to) {
				out[d.Format(time.DateOnly)] = reason
			}
		}
	}
	return out, nil
}

// ClosedMonth is a closed month of the caller as the form control learns
// it: the month (YYYY-MM) and why its days cannot change.
type ClosedMonth struct {
	Month  string `json:"month"`
	Reason string `json:"reason"`
}

// closedMonthsOf lists owner's closed months with their reason.
func (s *Service) closedMonthsOf(ctx context.Context, owner int64) ([]ClosedMonth, error) {
	months, err := s.store.closedMonths(ctx, s.store.db, owner, time.Date(1753, 1, 1, 0, 0, 0, 0, time.UTC), time.Time{})
	if err != nil {
		return nil, err
	}
	out := make([]ClosedMonth, len(months))
	for i, m := range months {
		e := closedError(ctx, m)
		out[i] = ClosedMonth{Month: m.month.Format("2006-01"), Reason: i18n.T(i18n.From(ctx), e.Key, e.Args...)}
	}
	return out, nil
}

// closedDays maps owner's closed months (YYYY-MM) to the reason.
func (s *Service) closedDays(ctx context.Context, owner int64) (map[string]string, error) {
	months, err := s.closedMonthsOf(ctx, owner)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(months))
	for _, m := range months {
		out[m.Month] = m.Reason
	}
	return out, nil
}
