package timesheets_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/timesheets"
)

// boss is a panel administrator, who closes and reopens months.
func (w *world) boss(t *testing.T) items.Caller {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `INSERT INTO app_user (login, name) VALUES ('chefe', 'Chefe') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return items.Caller{UserID: id, PanelAdmin: true, Login: "chefe"}
}

func (w *world) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := w.db.Exec(context.Background(), sql, args...); err != nil {
		t.Fatal(err)
	}
}

func (w *world) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func ids(cs ...items.Caller) []httpx.ID {
	out := make([]httpx.ID, len(cs))
	for i, c := range cs {
		out[i] = httpx.ID(c.UserID)
	}
	return out
}

func personOf(t *testing.T, l *timesheets.MonthList, user int64) timesheets.MonthPerson {
	t.Helper()
	for _, p := range l.People {
		if p.UserID == user {
			return p
		}
	}
	t.Fatalf("user %d not in %+v", user, l.People)
	return timesheets.MonthPerson{}
}

// The clock is 2025-06-01: May 2025 is past, June has begun.
func TestAClosedMonthRefusesEveryWrite(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	boss := w.boss(t)
	w.timesheetType(t, w.ana, 1)
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]
	ctl := timesheets.TimesheetsInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task)}

	ts, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, 0, "2025-05-20", 90, "Maio"))
	if err != nil {
		t.Fatal(err)
	}
	may := entryOf(t, ts, "Maio")
	if ts, err = w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, 0, "2025-06-01", 60, "Junho")); err != nil {
		t.Fatal(err)
	}
	june := entryOf(t, ts, "Junho")
	if _, err := w.svc.SaveMyWeek(pt, w.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(b, "2025-05-27", 120, "Grade")}}); err != nil {
		t.Fatal(err)
	}
	done, err := w.svc.CloseMonth(pt, boss, timesheets.CloseMonthInput{Month: "2025-05", UserIDs: ids(w.ana)})
	if err != nil || done.Changed != 1 || done.Month != "2025-05" {
		t.Fatalf("close May: %+v %v", done, err)
	}
	mine, all := w.entries(t, w.ana)
	events := w.count(t, `SELECT count(*) FROM item_time_entry_event`)

	wantPt := "Maio de 2025 está fechado para Ana; peça a reabertura do mês a um administrador."
	wantEn := "May 2025 is closed for Ana; ask an administrator to reopen the month."
	refusals := []struct {
		name string
		run  func(ctx context.Context) error
	}{
		{"add on a closed day", func(ctx context.Context) error {
			_, err := w.svc.SaveTimeEntry(ctx, w.ana, entry(a, w.task, 0, "2025-05-21", 30, ""))
			return err
		}},
		{"change on its day", func(ctx context.Context) error {
			_, err := w.svc.SaveTimeEntry(ctx, w.ana, entry(a, w.task, may.ID, "2025-05-20", 30, "Maio"))
			return err
		}},
		{"move out of the closed month", func(ctx context.Context) error {
			_, err := w.svc.SaveTimeEntry(ctx, w.ana, entry(a, w.task, may.ID, "2025-06-01", 90, "Maio"))
			return err
		}},
		{"move into the closed month", func(ctx context.Context) error {
			_, err := w.svc.SaveTimeEntry(ctx, w.ana, entry(a, w.task, june.ID, "2025-05-31", 60, "Junho"))
			return err
		}},
		{"delete", func(ctx context.Context) error {
			_, err := w.svc.DeleteTimeEntry(ctx, w.ana, entry(a, w.task, may.ID, "", 0, ""))
			return err
		}},
		{"an administrator deletes it", func(ctx context.Context) error {
			_, err := w.svc.DeleteTimeEntry(ctx, boss, entry(a, w.task, may.ID, "", 0, ""))
			return err
		}},
		// Submitting changes the entries' state: the drafts of May 27 stay drafts.
		{"submit the week of a closed day", func(ctx context.Context) error {
			_, err := w.svc.SubmitMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-05-27"})
			return err
		}},
	}
	for _, r := range refusals {
		for _, c := range []struct {
			ctx  context.Context
			want string
		}{{pt, wantPt}, {en, wantEn}} {
			if err := r.run(c.ctx); status(err) != 409 || message(c.ctx, err) != c.want {
				t.Errorf("%s: %d %q", r.name, status(err), message(c.ctx, err))
			}
		}
	}
	// The week grid: a cell of a closed day is refused, naming the item,
	// the day and the month; the open cells sent with it are not saved.
	weekCells := map[string][]timesheets.WeekCellInput{
		"add":    {cell(a, "2025-05-26", 60, "")},
		"change": {cell(b, "2025-05-27", 60, "Grade")},
		"empty":  {cell(b, "2025-05-27", 0, "")},
	}
	for name, cells := range weekCells {
		_, err := w.svc.SaveMyWeek(en, w.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: cells})
		want := w.label(t, int64(cells[0].ItemID)) + ", " + cells[0].Date[8:10] + "/05/2025: " + wantEn
		if status(err) != 409 || message(en, err) != want {
			t.Errorf("week %s: %d %q, want %q", name, status(err), message(en, err), want)
		}
	}
	// A week across the months: April is closed, May open.
	w.exec(t, `DELETE FROM time_month_closed`)
	if _, err := w.svc.CloseMonth(pt, boss, timesheets.CloseMonthInput{Month: "2025-04-15", UserIDs: ids(w.ana)}); err != nil {
		t.Fatal(err)
	}
	_, err = w.svc.SaveMyWeek(pt, w.ana, timesheets.SaveWeekInput{WeekStart: "2025-04-27", Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-02", 60, ""), cell(a, "2025-04-30", 60, "")}})
	if status(err) != 409 || !strings.HasSuffix(message(pt, err), "30/04/2025: Abril de 2025 está fechado para Ana; peça a reabertura do mês a um administrador.") {
		t.Errorf("a week across months: %d %q", status(err), message(pt, err))
	}
	week, err := w.svc.GetMyWeek(pt, w.ana, timesheets.WeekInput{WeekStart: "2025-04-27"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range week.Days {
		closed := d.Date < "2025-05-01"
		if d.Closed != closed || (d.ClosedReason != "") != closed {
			t.Errorf("day %s: closed %v %q", d.Date, d.Closed, d.ClosedReason)
		}
	}
	if mine2, all2 := w.entries(t, w.ana); mine2 != mine || all2 != all || w.count(t, `SELECT count(*) FROM item_time_entry_event`) != events {
		t.Fatalf("something was written: %d/%d entries, was %d/%d", mine2, all2, mine, all)
	}
	if n := w.count(t, `SELECT count(*) FROM item_time_entry WHERE state <> 'draft'`); n != 0 {
		t.Errorf("%d entries left draft", n)
	}

	// May closed again: the control says which entries cannot change and why.
	if _, err := w.svc.CloseMonth(pt, boss, timesheets.CloseMonthInput{Month: "2025-05", UserIDs: ids(w.ana)}); err != nil {
		t.Fatal(err)
	}
	ts, err = w.svc.LoadTimesheets(en, w.ana, ctl)
	if err != nil {
		t.Fatal(err)
	}
	if e := entryOf(t, ts, "Maio"); e.Closed != wantEn || e.CanEdit || e.CanDelete {
		t.Errorf("the closed entry: %+v", e)
	}
	if e := entryOf(t, ts, "Junho"); e.Closed != "" || !e.CanEdit || !e.CanDelete {
		t.Errorf("the open entry: %+v", e)
	}
	if len(ts.ClosedMonths) != 2 || ts.ClosedMonths[0].Month != "2025-04" || ts.ClosedMonths[1].Reason != wantEn {
		t.Errorf("closed months: %+v", ts.ClosedMonths)
	}

	// Reopened, May takes changes again.
	if _, err := w.svc.ReopenMonth(pt, boss, timesheets.ReopenMonthInput{Month: "2025-05", UserID: httpx.ID(w.ana.UserID), Reason: "Correção"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, may.ID, "2025-05-21", 30, "Maio")); err != nil {
		t.Fatalf("after reopening: %v", err)
	}
	if _, err := w.svc.DeleteTimeEntry(pt, w.ana, entry(a, w.task, may.ID, "", 0, "")); err != nil {
		t.Fatalf("after reopening: %v", err)
	}
}

func TestClosingIsAllOrNothingAndWaitsForApprovals(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	boss := w.boss(t)
	a := w.itemsIn(t, w.task, "Transformação Digital", 1)[0]
	w.exec(t, `INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, state) VALUES
		($1, $2, '2025-05-05', 60, 'submitted'), ($1, $2, '2025-05-06', 60, 'submitted'), ($1, $2, '2025-04-30', 60, 'submitted'),
		($1, $3, '2025-05-05', 60, 'approved'), ($1, $3, '2025-05-07', 30, 'draft')`, a, w.ana.UserID, w.bia.UserID)

	_, err := w.svc.CloseMonth(en, boss, timesheets.CloseMonthInput{Month: "2025-05", UserIDs: ids(w.bia, w.ana)})
	if status(err) != 409 || message(en, err) != "May 2025 was not closed: entries are waiting for approval — Ana: 2. Approve or reject them first." {
		t.Fatalf("pending approvals: %d %q", status(err), message(en, err))
	}
	if n := w.count(t, `SELECT count(*) FROM time_month_closed`); n != 0 {
		t.Fatalf("closed %d months though one person was refused", n)
	}
	list, err := w.svc.GetMonthClosing(pt, boss, timesheets.MonthFilter{Month: "2025-05"})
	if err != nil {
		t.Fatal(err)
	}
	if p := personOf(t, list, w.ana.UserID); p.PendingApprovals != 2 || p.LoggedMinutes != 120 || p.Closed {
		t.Errorf("ana: %+v", p)
	}
	if list.Totals.PendingApprovals != 2 || list.Totals.LoggedMinutes != 210 || list.Totals.People != 2 {
		t.Errorf("totals: %+v", list.Totals)
	}
	// Once approved, the month closes for both, once; closing again changes nothing.
	w.exec(t, `UPDATE item_time_entry SET state = 'approved' WHERE work_date >= '2025-05-01'`)
	if done, err := w.svc.CloseMonth(pt, boss, timesheets.CloseMonthInput{Month: "2025-05", UserIDs: ids(w.bia, w.ana, w.bia)}); err != nil || done.Changed != 2 {
		t.Fatalf("close: %+v %v", done, err)
	}
	if done, err := w.svc.CloseMonth(pt, boss, timesheets.CloseMonthInput{Month: "2025-05", UserIDs: ids(w.ana)}); err != nil || done.Changed != 0 {
		t.Fatalf("close again: %+v %v", done, err)
	}
	list, err = w.svc.GetMonthClosing(pt, boss, timesheets.MonthFilter{Month: "2025-05", State: "closed"})
	if err != nil || len(list.People) != 2 || !list.People[0].Closed || list.People[0].ClosedBy != "Chefe" || list.People[0].ClosedAt == nil {
		t.Fatalf("closed list: %+v %v", list, err)
	}
	if list, err = w.svc.GetMonthClosing(pt, boss, timesheets.MonthFilter{Month: "2025-05", State: "open"}); err != nil || len(list.People) != 0 {
		t.Fatalf("open list: %+v %v", list, err)
	}
	var detail string
	if err := w.db.QueryRow(pt, `SELECT detail::text FROM audit_event WHERE kind = 'timesheets.monthClosed' AND login = 'chefe'`).Scan(&detail); err != nil ||
		!strings.Contains(detail, `"month": "2025-05"`) || !strings.Contains(detail, `"Ana"`) || !strings.Contains(detail, `"Bia"`) {
		t.Fatalf("closing audited: %s %v", detail, err)
	}

	// Bad input, each refused with nothing closed.
	w.exec(t, `DELETE FROM time_month_closed`)
	for _, c := range []struct {
		in   timesheets.CloseMonthInput
		want string
	}{
		{timesheets.CloseMonthInput{Month: "2025-13", UserIDs: ids(w.ana)}, "Give the month as YYYY-MM."},
		{timesheets.CloseMonthInput{Month: "", UserIDs: ids(w.ana)}, "Give the month as YYYY-MM."},
		{timesheets.CloseMonthInput{Month: "2025-07", UserIDs: ids(w.ana)}, "July 2025 has not begun yet; it cannot be closed."},
		{timesheets.CloseMonthInput{Month: "2025-05"}, "Choose at least one person to close the month for."},
		{timesheets.CloseMonthInput{Month: "2025-05", UserIDs: []httpx.ID{httpx.ID(w.ana.UserID), -1}}, "The identifier userIds is invalid."},
		{timesheets.CloseMonthInput{Month: "2025-05", UserIDs: []httpx.ID{httpx.ID(w.ana.UserID), 999999}}, "One of the people chosen no longer exists; refresh the list."},
	} {
		if _, err := w.svc.CloseMonth(en, boss, c.in); status(err) != 400 || message(en, err) != c.want {
			t.Errorf("%+v: %d %q", c.in, status(err), message(en, err))
		}
	}
	if n := w.count(t, `SELECT count(*) FROM time_month_closed`); n != 0 {
		t.Fatalf("bad input closed %d months", n)
	}
}

func TestReopeningNeedsAReasonAndIsAudited(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	boss := w.boss(t)
	if _, err := w.svc.CloseMonth(pt, boss, timesheets.CloseMonthInput{Month: "2025-05", UserIDs: ids(w.ana)}); err != nil {
		t.Fatal(err)
	}
	ana := httpx.ID(w.ana.UserID)
	for _, c := range []struct {
		in     timesheets.ReopenMonthInput
		status int
		want   string
	}{
		{timesheets.ReopenMonthInput{Month: "2025-05", UserID: ana, Reason: "   "}, 400, "Give the reason for reopening."},
		{timesheets.ReopenMonthInput{Month: "2025-05", UserID: ana, Reason: strings.Repeat("x", 501)}, 400, "The reason takes at most 500 characters."},
		{timesheets.ReopenMonthInput{Month: "2025-05", UserID: ana, Reason: "a\x00b"}, 400, "The reason cannot contain null characters."},
		{timesheets.ReopenMonthInput{Month: "maio", UserID: ana, Reason: "x"}, 400, "Give the month as YYYY-MM."},
		{timesheets.ReopenMonthInput{Month: "2025-04", UserID: ana, Reason: "x"}, 409, "April 2025 is not closed for Ana."},
		{timesheets.ReopenMonthInput{Month: "2025-05", UserID: 999999, Reason: "x"}, 404, "Not found."},
	} {
		if _, err := w.svc.ReopenMonth(en, boss, c.in); status(err) != c.status || (c.status != 404 && message(en, err) != c.want) {
			t.Errorf("%+v: %d %q", c.in.Reason, status(err), message(en, err))
		}
	}
	if n := w.count(t, `SELECT count(*) FROM audit_event WHERE kind = 'timesheets.monthReopened'`); n != 0 {
		t.Fatalf("%d reopenings audited before any", n)
	}
	reason := strings.Repeat("é", 499) + "!"
	if done, err := w.svc.ReopenMonth(pt, boss, timesheets.ReopenMonthInput{Month: "2025-05", UserID: ana, Reason: " " + reason + " "}); err != nil || done.Changed != 1 {
		t.Fatalf("reopen: %+v %v", done, err)
	}
	var login, detail string
	if err := w.db.QueryRow(pt, `SELECT login, detail ->> 'reason' || '|' || (detail ->> 'month') || '|' || (detail ->> 'user')
		FROM audit_event WHERE kind = 'timesheets.monthReopened'`).Scan(&login, &detail); err != nil ||
		login != "chefe" || detail != reason+"|2025-05|Ana" {
		t.Fatalf("audited: %q %q %v", login, detail, err)
	}
	if n := w.count(t, `SELECT count(*) FROM time_month_closed`); n != 0 {
		t.Fatalf("still closed: %d", n)
	}
}

func TestOnlyPanelAdministratorsCloseMonths(t *testing.T) {
	w := newWorld(t)
	en := i18n.With(context.Background(), i18n.En)
	want := "Only a panel administrator may close and reopen months."
	if _, err := w.svc.GetMonthClosing(en, w.ana, timesheets.MonthFilter{Month: "2025-05"}); status(err) != 403 || message(en, err) != want {
		t.Errorf("list: %d %q", status(err), message(en, err))
	}
	if _, err := w.svc.CloseMonth(en, w.ana, timesheets.CloseMonthInput{Month: "2025-05", UserIDs: ids(w.ana)}); status(err) != 403 {
		t.Errorf("close own month: %d", status(err))
	}
	if _, err := w.svc.ReopenMonth(en, w.bia, timesheets.ReopenMonthInput{Month: "2025-05", UserID: httpx.ID(w.ana.UserID), Reason: "x"}); status(err) != 403 {
		t.Errorf("reopen: %d", status(err))
	}
	if n := w.count(t, `SELECT count(*) FROM time_month_closed`); n != 0 {
		t.Fatalf("closed %d", n)
	}
}

// May 2025 starts on a Thursday: 22 weekdays, 1 May a holiday.
func TestExpectedHoursFollowTheWorkCalendarAndItsHolidays(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	boss := w.boss(t)
	a := w.itemsIn(t, w.task, "Transformação Digital", 1)[0]
	// Ana: 7 hours Monday to Friday on her resource, 1 May off.
	var periods []string
	for d := 1; d <= 5; d++ {
		periods = append(periods, `{"weekDay": `+string(rune('0'+d))+`, "start": "09:00", "end": "12:00"}`,
			`{"weekDay": `+string(rune('0'+d))+`, "start": "13:00", "end": "17:00"}`)
	}
	anaCal := `{"workPeriods": [` + strings.Join(periods, ", ") + `], "holidays": [{"date": "2025-05-01", "name": "Dia do Trabalho"}]}`
	w.exec(t, `INSERT INTO company (name) VALUES ('Acme')`)
	w.exec(t, `INSERT INTO resource (user_id, calendar) VALUES ($1, $2)`, w.ana.UserID, anaCal)
	// Caio: a resource without periods, Mondays 08:00–12:00 on his user.
	var caio int64
	if err := w.db.QueryRow(ctx, `INSERT INTO app_user (login, name, calendar) VALUES ('caio', 'Caio',
		'{"workPeriods": [{"weekDay": 1, "start": "08:00", "end": "12:00"}]}') RETURNING id`).Scan(&caio); err != nil {
		t.Fatal(err)
	}
	w.exec(t, `INSERT INTO resource (user_id, company_id) VALUES ($1, (SELECT id FROM company WHERE name = 'Acme'))`, caio)
	// Duda's resource is inactive, a room has no user: neither is listed.
	w.exec(t, `WITH u AS (INSERT INTO app_user (login, name) VALUES ('duda', 'Duda') RETURNING id)
		INSERT INTO resource (user_id, active) SELECT id, false FROM u`)
	w.exec(t, `INSERT INTO resource (name) VALUES ('Sala 1')`)
	// Bia has no resource nor calendar but logged hours in May: 8 hours Monday to Friday.
	w.exec(t, `INSERT INTO item_time_entry (item_id, user_id, work_date, minutes) VALUES ($1, $2, '2025-05-05', 45)`, a, w.bia.UserID)

	list, err := w.svc.GetMonthClosing(ctx, boss, timesheets.MonthFilter{Month: "2025-05"})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.People) != 3 || list.People[0].Name != "Ana" || list.People[1].Name != "Bia" || list.People[2].Name != "Caio" {
		t.Fatalf("people: %+v", list.People)
	}
	if got := personOf(t, list, w.ana.UserID).ExpectedMinutes; got != 21*7*60 {
		t.Errorf("ana expects %d minutes, want %d", got, 21*7*60)
	}
	if p := personOf(t, list, w.bia.UserID); p.ExpectedMinutes != 22*8*60 || p.LoggedMinutes != 45 {
		t.Errorf("bia: %+v", p)
	}
	if p := personOf(t, list, caio); p.ExpectedMinutes != 4*4*60 || p.CompanyName != "Acme" {
		t.Errorf("caio (4 Mondays): %+v", p)
	}
	if list.Totals.ExpectedMinutes != 21*7*60+22*8*60+4*4*60 || len(list.Companies) != 1 {
		t.Errorf("totals: %+v %+v", list.Totals, list.Companies)
	}
	// Filters: the company, part of a name (accents and case ignored).
	acme := httpx.ID(*personOf(t, list, caio).CompanyID)
	if l, err := w.svc.GetMonthClosing(ctx, boss, timesheets.MonthFilter{Month: "2025-05", CompanyID: acme}); err != nil || len(l.People) != 1 || l.People[0].UserID != caio {
		t.Errorf("company filter: %+v %v", l, err)
	}
	if l, err := w.svc.GetMonthClosing(ctx, boss, timesheets.MonthFilter{Month: "2025-05", Name: "BÍ"}); err != nil || len(l.People) != 1 || l.People[0].UserID != w.bia.UserID {
		t.Errorf("name filter: %+v %v", l, err)
	}
	en := i18n.With(ctx, i18n.En)
	if _, err := w.svc.GetMonthClosing(en, boss, timesheets.MonthFilter{Month: "2025-05", State: "half"}); status(err) != 400 || message(en, err) != "The state must be open or closed." {
		t.Errorf("bad state: %d %q", status(err), message(en, err))
	}
	// Ana's week shows no capacity on the holiday.
	week, err := w.svc.GetMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-04-27"})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{0, 420, 420, 420, 0, 420, 0} {
		if week.Days[i].CapacityMinutes != want {
			t.Errorf("%s: capacity %d, want %d", week.Days[i].Date, week.Days[i].CapacityMinutes, want)
		}
	}
}
