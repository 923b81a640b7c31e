package timesheets_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/rules"
	"github.com/tramita/tramita/internal/timesheets"
	"github.com/tramita/tramita/internal/workflow"
)

// autoCalendar works 09:00–13:00 and 14:00–18:00 Monday to Friday, with a
// holiday.
func autoCalendar(holiday string) string {
	periods := ""
	for d := 1; d <= 5; d++ {
		if periods != "" {
			periods += ","
		}
		periods += `{"weekDay":` + string(rune('0'+d)) + `,"start":"09:00","end":"13:00"},{"weekDay":` + string(rune('0'+d)) + `,"start":"14:00","end":"18:00"}`
	}
	return `{"workPeriods":[` + periods + `],"holidays":[{"date":"` + holiday + `","name":"Feriado"}]}`
}

// autoWorld is the world with a time entry service on clock and a workflow
// that tells it of the items leaving a status.
type autoWorld struct {
	*world
	svc *timesheets.Service
	wf  *workflow.Service
}

func newAutoWorld(t *testing.T, clock time.Time) *autoWorld {
	t.Helper()
	w := &autoWorld{world: newWorld(t)}
	w.svc = timesheets.NewService(timesheets.NewStore(w.db), w.items, func() time.Time { return clock })
	quiet := func(context.Context, pgx.Tx, int64, string, string) error { return nil }
	rt := rules.New(slog.New(slog.NewTextHandler(io.Discard, nil)), rules.Limits{})
	w.wf = workflow.NewService(w.db, rt, quiet).WithStatusLeft(w.svc.StatusLeft)
	return w
}

// person sets user's timesheet type 1, autoTimesheetType auto and the work
// calendar with holiday.
func (w *autoWorld) person(t *testing.T, user int64, auto int, holiday string) {
	t.Helper()
	w.exec(t, `UPDATE app_user SET timesheet_type = 1, auto_timesheet_type = $2, calendar = $3::jsonb WHERE id = $1`,
		user, auto, autoCalendar(holiday))
}

// act runs the task's action on item as a panel administrator.
func (w *autoWorld) act(t *testing.T, item int64, action string, responsible int64) {
	t.Helper()
	in := workflow.TriggerInput{IDs: []httpx.ID{httpx.ID(item)}, ComponentID: httpx.ID(w.task), Action: workflow.Ref{Key: action},
		ResponsibleID: httpx.ID(responsible)}
	if _, err := w.wf.Trigger(context.Background(), workflow.Caller{UserID: w.ana.UserID, PanelAdmin: true}, in); err != nil {
		t.Fatalf("%s #%d: %v", action, item, err)
	}
}

// startAt starts the task item for responsible, as if at at.
func (w *autoWorld) startAt(t *testing.T, item, responsible int64, at string) {
	t.Helper()
	w.act(t, item, "start", responsible)
	w.exec(t, `UPDATE item_version SET modified_at = $2::timestamptz
		WHERE item_id = $1 AND version = (SELECT max(version) FROM item_version WHERE item_id = $1)`, item, at)
}

// todoTasks are n demo tasks in their initial status.
func (w *autoWorld) todoTasks(t *testing.T, n int) []int64 {
	t.Helper()
	var out []int64
	rows, err := w.db.Query(context.Background(), `SELECT i.id FROM live_item i JOIN item_status s ON s.id = i.status_id
		WHERE i.component_id = $1 AND s.key = 'todo' ORDER BY i.id LIMIT $2`, w.task, n)
	if err != nil {
		t.Fatal(err)
	}
	out, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(out) < n {
		t.Fatalf("%d tasks to do: %v %v", n, out, err)
	}
	return out
}

// entriesOf maps user's entries on item by day: minutes, "a" for an
// automatic one.
func (w *autoWorld) entriesOf(t *testing.T, user int64, item int64) map[string]string {
	t.Helper()
	rows, err := w.db.Query(context.Background(), `SELECT to_char(work_date, 'YYYY-MM-DD'), minutes::text || CASE WHEN automatic THEN 'a' ELSE '' END
		FROM item_time_entry WHERE user_id = $1 AND ($2 = 0 OR item_id = $2) ORDER BY work_date, id`, user, item)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var day, v string
		if err := rows.Scan(&day, &v); err != nil {
			t.Fatal(err)
		}
		if out[day] != "" {
			v = out[day] + "+" + v
		}
		out[day] = v
	}
	return out
}

func sameEntries(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %v, want %v", what, got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("%s: %v, want %v", what, got, want)
		}
	}
}

// The clock is Monday 2025-06-02 11:00. The task was started on Thursday
// 29 May at 10:00 and is finished now: Thursday has 10:00–13:00 and
// 14:00–18:00, Friday 30 is a holiday, the weekend has no work, Monday has
// 09:00–11:00.
func TestLeavingAWorkingStatusRecordsTheResponsiblesWorkingHours(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		auto  int
		setup func(t *testing.T, w *autoWorld, item int64)
		want  map[string]string
	}{
		{"two days around a holiday", 1, nil, map[string]string{"2025-05-29": "420a", "2025-06-02": "120a"}},
		{"a closed month is skipped", 1, func(t *testing.T, w *autoWorld, _ int64) {
			w.exec(t, `INSERT INTO time_month_closed (user_id, month) VALUES ($1, '2025-05-01')`, w.ana.UserID)
		}, map[string]string{"2025-06-02": "120a"}},
		{"hours recorded by hand are kept", 1, func(t *testing.T, w *autoWorld, item int64) {
			if _, err := w.svc.SaveTimeEntry(ctx, w.ana, timesheets.TimeEntryInput{TimesheetsInput: timesheets.TimesheetsInput{
				ItemID: httpx.ID(item), ComponentID: httpx.ID(w.task)}, Date: "2025-05-29", Minutes: 60}); err != nil {
				t.Fatal(err)
			}
		}, map[string]string{"2025-05-29": "60", "2025-06-02": "120a"}},
		{"a week sent for approval is skipped", 1, func(t *testing.T, w *autoWorld, item int64) {
			other := w.todoTasks(t, 2)[1]
			if _, err := w.svc.SaveTimeEntry(ctx, w.ana, timesheets.TimeEntryInput{TimesheetsInput: timesheets.TimesheetsInput{
				ItemID: httpx.ID(other), ComponentID: httpx.ID(w.task)}, Date: "2025-06-02", Minutes: 30}); err != nil {
				t.Fatal(err)
			}
			if _, err := w.svc.SubmitMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-06-02"}); err != nil {
				t.Fatal(err)
			}
		}, map[string]string{"2025-05-29": "420a"}},
		{"manual makes nothing", 0, nil, map[string]string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newAutoWorld(t, time.Date(2025, 6, 2, 11, 0, 0, 0, time.UTC))
			w.person(t, w.ana.UserID, c.auto, "2025-05-30")
			item := w.todoTasks(t, 1)[0]
			w.startAt(t, item, w.ana.UserID, "2025-05-29T10:00:00Z")
			if c.setup != nil {
				c.setup(t, w, item)
			}
			// The same generation twice (here directly, then by the
			// transition) writes the entries once.
			if err := pgx.BeginFunc(ctx, w.db, func(tx pgx.Tx) error {
				return w.svc.StatusLeft(ctx, tx, w.ana.UserID, item, w.statusOf(t, item), &w.ana.UserID)
			}); err != nil {
				t.Fatal(err)
			}
			w.act(t, item, "finish", 0)
			sameEntries(t, "entries", w.entriesOf(t, w.ana.UserID, item), c.want)
			auto := 0
			for _, v := range c.want {
				if v[len(v)-1] == 'a' {
					auto++
				}
			}
			if n := w.count(t, `SELECT count(*) FROM item_time_entry_event WHERE item_id = $1 AND operation = 'add'`, item); n != auto+manualIn(c.want) {
				t.Fatalf("%d entries added in the history, want %d", n, auto+manualIn(c.want))
			}
			if auto > 0 {
				tl, err := w.svc.LoadTimesheets(ctx, w.ana, timesheets.TimesheetsInput{ItemID: httpx.ID(item), ComponentID: httpx.ID(w.task)})
				if err != nil || !tl.Entries[0].Automatic || tl.Entries[0].State != "draft" {
					t.Fatalf("the control: %+v %v", tl, err)
				}
			}
		})
	}
}

// An automatic entry changed by hand is the person's: a new generation
// leaves it.
func TestAnAutomaticEntryChangedByHandIsThePersons(t *testing.T) {
	ctx := context.Background()
	w := newAutoWorld(t, time.Date(2025, 6, 2, 11, 0, 0, 0, time.UTC))
	w.person(t, w.ana.UserID, 1, "2025-05-30")
	item := w.todoTasks(t, 1)[0]
	w.startAt(t, item, w.ana.UserID, "2025-05-29T10:00:00Z")
	leave := func() {
		if err := pgx.BeginFunc(ctx, w.db, func(tx pgx.Tx) error {
			return w.svc.StatusLeft(ctx, tx, w.ana.UserID, item, w.statusOf(t, item), &w.ana.UserID)
		}); err != nil {
			t.Fatal(err)
		}
	}
	leave()
	if _, err := w.svc.SaveMyWeek(ctx, w.ana, timesheets.SaveWeekInput{WeekStart: "2025-06-01",
		Cells: []timesheets.WeekCellInput{{ItemID: httpx.ID(item), Date: "2025-06-02", Minutes: 90}}}); err != nil {
		t.Fatal(err)
	}
	leave()
	sameEntries(t, "entries", w.entriesOf(t, w.ana.UserID, item), map[string]string{"2025-05-29": "420a", "2025-06-02": "90"})
}

// The clock is Saturday 2025-06-07 10:00, the week runs from Sunday 1 June.
// Three tasks were in progress before it, a fourth from Wednesday 4;
// Tuesday 3 is a holiday and Thursday 5 already has hours.
func TestOpeningTheWeekSharesTheCalendarOverTheTasksInProgress(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name   string
		closed bool
		want   map[string]string
	}{
		{"split and rounded", false, map[string]string{"2025-06-02": "180a+150a+150a", "2025-06-04": "120a+120a+120a+120a",
			"2025-06-05": "45", "2025-06-06": "120a+120a+120a+120a"}},
		{"a closed month is skipped", true, map[string]string{"2025-06-05": "45"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newAutoWorld(t, time.Date(2025, 6, 7, 10, 0, 0, 0, time.UTC))
			w.person(t, w.ana.UserID, 2, "2025-06-03")
			tasks := w.todoTasks(t, 4)
			for _, item := range tasks[:3] {
				w.startAt(t, item, w.ana.UserID, "2025-05-20T10:00:00Z")
			}
			w.startAt(t, tasks[3], w.ana.UserID, "2025-06-04T15:00:00Z")
			// The demo's other tasks in progress are Bia's.
			w.exec(t, `UPDATE item SET responsible_id = $2 WHERE responsible_id = $1 AND id <> ALL($3)`, w.ana.UserID, w.bia.UserID, tasks)
			if _, err := w.svc.SaveTimeEntry(ctx, w.ana, timesheets.TimeEntryInput{TimesheetsInput: timesheets.TimesheetsInput{
				ItemID: httpx.ID(tasks[0]), ComponentID: httpx.ID(w.task)}, Date: "2025-06-05", Minutes: 45}); err != nil {
				t.Fatal(err)
			}
			if c.closed {
				w.exec(t, `INSERT INTO time_month_closed (user_id, month) VALUES ($1, '2025-06-01')`, w.ana.UserID)
			}
			var week *timesheets.Week
			for range 2 {
				var err error
				if week, err = w.svc.GetMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-06-04"}); err != nil {
					t.Fatal(err)
				}
			}
			sameEntries(t, "entries", w.entriesOf(t, w.ana.UserID, 0), c.want)
			if c.closed {
				return
			}
			// The first task gets what the quarter hours leave.
			for _, r := range week.Rows {
				if r.ItemID == tasks[0] {
					if cell := r.Cells[1]; cell.Minutes != 180 || !cell.Automatic || r.Cells[4].Automatic {
						t.Fatalf("the first task's Monday and Thursday: %+v", r.Cells)
					}
				}
			}
			// Other weeks are not filled when opened.
			if _, err := w.svc.GetMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-05-26"}); err != nil {
				t.Fatal(err)
			}
			if n := w.count(t, `SELECT count(*) FROM item_time_entry WHERE work_date < '2025-06-01'`); n != 0 {
				t.Fatalf("%d entries before the week", n)
			}
		})
	}
}

func manualIn(want map[string]string) int {
	n := 0
	for _, v := range want {
		if v[len(v)-1] != 'a' {
			n++
		}
	}
	return n
}

// statusOf is item's status.
func (w *autoWorld) statusOf(t *testing.T, item int64) int64 {
	t.Helper()
	var st int64
	if err := w.db.QueryRow(context.Background(), `SELECT status_id FROM live_item WHERE id = $1`, item).Scan(&st); err != nil {
		t.Fatal(err)
	}
	return st
}
