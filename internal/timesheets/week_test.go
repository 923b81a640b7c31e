package timesheets_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/timesheets"
)

// The test clock is Sunday 2025-06-01; the week before runs 2025-05-25 to
// 2025-05-31, all of it past.
const lastWeek = "2025-05-25"

func cell(item int64, date string, minutes int, description string) timesheets.WeekCellInput {
	return timesheets.WeekCellInput{ItemID: httpx.ID(item), Date: date, Minutes: minutes, Description: description}
}

func rowOf(week *timesheets.Week, item int64) *timesheets.WeekRow {
	for i := range week.Rows {
		if week.Rows[i].ItemID == item {
			return &week.Rows[i]
		}
	}
	return nil
}

// label is how a refusal names an item: its number and title.
func (w *world) label(t *testing.T, item int64) string {
	t.Helper()
	var number int64
	var title string
	if err := w.db.QueryRow(context.Background(), `SELECT number, title FROM item WHERE id = $1`, item).Scan(&number, &title); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("#%d %s", number, title)
}

// entries counts the time entries of user, and of all, in the database.
func (w *world) entries(t *testing.T, c items.Caller) (mine, all int) {
	t.Helper()
	if err := w.db.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE user_id = $1), count(*) FROM item_time_entry`, c.UserID).
		Scan(&mine, &all); err != nil {
		t.Fatal(err)
	}
	return mine, all
}

// openItems returns n items of the task type in project with a status that
// is not final, so they count as open work.
func (w *world) openItems(t *testing.T, project string, n int) []int64 {
	t.Helper()
	rows, err := w.db.Query(context.Background(), `SELECT i.id FROM item i LEFT JOIN item_status st ON st.id = i.status_id
		WHERE i.component_id = $1 AND i.project_id = (SELECT id FROM project WHERE name = $2) AND NOT coalesce(st.final, false)
		ORDER BY i.id LIMIT $3`, w.task, project, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	if len(out) < n {
		t.Fatalf("only %d open items in %s", len(out), project)
	}
	return out
}

func TestMyWeekShowsOnlyItemsTheCallerReads(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.timesheetType(t, w.ana, 1)
	digital := w.openItems(t, "Transformação Digital", 2)
	secret := w.openItems(t, "Nova Sede", 1)[0]
	if _, err := w.svc.SaveMyWeek(ctx, w.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(digital[0], "2025-05-27", 90, "Análise"), cell(secret, "2025-05-28", 60, ""),
	}}); err != nil {
		t.Fatal(err)
	}
	// Any day names its week, which starts on Sunday.
	week, err := w.svc.GetMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-05-29"})
	if err != nil || week.WeekStart != lastWeek || len(week.Days) != 7 || week.Days[6].Date != "2025-05-31" {
		t.Fatalf("the week: %+v %v", week, err)
	}
	// Without a work calendar: 8 hours Monday to Friday.
	if week.Days[0].CapacityMinutes != 0 || week.Days[1].CapacityMinutes != 480 || week.Days[6].CapacityMinutes != 0 {
		t.Fatalf("capacity: %+v", week.Days)
	}
	row := rowOf(week, digital[0])
	if row == nil || !row.CanRecord || row.Cells[2].Minutes != 90 || row.Cells[2].Description != "Análise" ||
		len(row.Cells[2].EntryIDs) != 1 || rowOf(week, secret) == nil || week.Totals.Week != 150 || week.Totals.Days[3] != 60 {
		t.Fatalf("ana's week: %+v", week)
	}

	// Ana leaves "Nova Sede": her hours there stay, but the item is no row of hers any more.
	if _, err := w.db.Exec(ctx, `DELETE FROM project_member WHERE user_id = $1 AND project_id = (SELECT id FROM project WHERE name = 'Nova Sede')`,
		w.ana.UserID); err != nil {
		t.Fatal(err)
	}
	week, err = w.svc.GetMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: lastWeek})
	if err != nil || rowOf(week, secret) != nil || rowOf(week, digital[0]) == nil || week.Totals.Week != 90 {
		t.Fatalf("ana's week outside Nova Sede: %+v %v", week, err)
	}

	// Bia is responsible for open items in a project she reads and in one she does not: only the first is a row,
	// which she may not record on (she only reads the project).
	if _, err := w.db.Exec(ctx, `UPDATE item SET responsible_id = $1 WHERE id = ANY($2)`, w.bia.UserID, []int64{digital[1], secret}); err != nil {
		t.Fatal(err)
	}
	week, err = w.svc.GetMyWeek(ctx, w.bia, timesheets.WeekInput{WeekStart: "2025-06-01"})
	if err != nil || len(week.Rows) != 1 || week.Rows[0].ItemID != digital[1] || week.Rows[0].CanRecord {
		t.Fatalf("bia's week: %+v %v", week, err)
	}
	// Open items one is responsible for are suggestions: the 20 last changed, not a whole backlog.
	if _, err := w.db.Exec(ctx, `UPDATE item SET responsible_id = $1 WHERE id = ANY($2)`, w.bia.UserID,
		w.openItems(t, "Transformação Digital", 25)); err != nil {
		t.Fatal(err)
	}
	if week, err = w.svc.GetMyWeek(ctx, w.bia, timesheets.WeekInput{WeekStart: "2025-06-01"}); err != nil || len(week.Rows) != 20 {
		t.Fatalf("bia's week with 25 open items: %d rows, %v", len(week.Rows), err)
	}

	// Hours of long ago: the item is no row of a later week, until that week copies the week before's rows
	// (without their hours).
	if _, err := w.db.Exec(ctx, `INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, description, modifier_id)
		VALUES ($1, $2, '2025-04-08', 60, '', $2)`, digital[1], w.ana.UserID); err != nil {
		t.Fatal(err)
	}
	if plain, err := w.svc.GetMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-04-13"}); err != nil || rowOf(plain, digital[1]) != nil {
		t.Fatalf("a week after old hours: %+v %v", plain, err)
	}
	copied, err := w.svc.CopyLastWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "2025-04-16"})
	if err != nil || copied.WeekStart != "2025-04-13" || rowOf(copied, digital[1]) == nil || copied.Totals.Week != 0 {
		t.Fatalf("copy of last week: %+v %v", copied, err)
	}
	if _, err := w.svc.GetMyWeek(ctx, w.ana, timesheets.WeekInput{WeekStart: "25/05/2025"}); status(err) != 400 ||
		message(ctx, err) != "Informe um dia da semana no formato AAAA-MM-DD." {
		t.Fatalf("a week named as the screen shows a day: %v", err)
	}
}

func TestSavingMyWeekWritesTheItemsEntries(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.timesheetType(t, w.ana, 1)
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]

	week, err := w.svc.SaveMyWeek(ctx, w.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-26", 90, " Reunião "), cell(a, "2025-05-27", 60, ""), cell(b, "2025-05-26", 30, ""),
	}})
	if err != nil || week.Totals.Week != 180 || week.Totals.Days[1] != 120 {
		t.Fatalf("save: %+v %v", week, err)
	}
	// The item's control shows the same entries.
	ts, err := w.svc.LoadTimesheets(ctx, w.ana, timesheets.TimesheetsInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task)})
	if err != nil || ts.Count != 2 || ts.TotalMinutes != 150 || entryOf(t, ts, "Reunião").Date != "2025-05-26" {
		t.Fatalf("the control: %+v %v", ts, err)
	}

	// A cell's minutes replace the caller's hours of that item and day: two entries become one.
	if _, err := w.svc.SaveTimeEntry(ctx, w.ana, entry(a, w.task, 0, "2025-05-26", 30, "Revisão")); err != nil {
		t.Fatal(err)
	}
	week, err = w.svc.SaveMyWeek(ctx, w.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-26", 45, "Reunião e revisão"), cell(a, "2025-05-27", 0, ""),
	}})
	if c := rowOf(week, a).Cells[1]; err != nil || c.Minutes != 45 || len(c.EntryIDs) != 1 || c.Description != "Reunião e revisão" {
		t.Fatalf("replaced: %+v %v", c, err)
	}
	ts, err = w.svc.LoadTimesheets(ctx, w.ana, timesheets.TimesheetsInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task)})
	if err != nil || ts.Count != 1 || ts.TotalMinutes != 45 {
		t.Fatalf("the control after replacing: %+v %v", ts, err)
	}

	// Hours move between items of a full day in one save: the day counts its final total.
	if _, err := w.svc.SaveMyWeek(ctx, w.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-28", 20*60, ""), cell(b, "2025-05-28", 4*60, ""),
	}}); err != nil {
		t.Fatalf("a full day: %v", err)
	}
	if _, err := w.svc.SaveMyWeek(ctx, w.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(b, "2025-05-28", 20*60, ""), cell(a, "2025-05-28", 4*60, ""),
	}}); err != nil {
		t.Fatalf("the full day's hours swapped: %v", err)
	}

	// The history has the week's changes as the control's: added, changed, deleted.
	hist, err := w.items.History(i18n.With(ctx, i18n.En), w.ana, a, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]int{}
	for _, h := range hist {
		ops[h.Operation]++
	}
	if ops["timeEntry.add"] != 4 || ops["timeEntry.edit"] != 2 || ops["timeEntry.delete"] != 2 {
		t.Fatalf("history: %v", ops)
	}
}

func TestSavingMyWeekRefusesAnyBadCellAndSavesNothing(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	w.timesheetType(t, w.ana, 1)
	w.timesheetType(t, w.bia, 1)
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, 0, "2025-05-27", 20*60, "Virada")); err != nil {
		t.Fatal(err)
	}
	// A span recorded while ana was of type 2 is read-only in the grid.
	w.timesheetType(t, w.ana, 2)
	span := entry(b, w.task, 0, "2025-05-29", 0, "Deploy")
	span.Start, span.End = "09:00", "10:00"
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, span); err != nil {
		t.Fatal(err)
	}
	w.timesheetType(t, w.ana, 1)
	week, err := w.svc.GetMyWeek(pt, w.ana, timesheets.WeekInput{WeekStart: lastWeek})
	if err != nil || !rowOf(week, b).Cells[4].ReadOnly || rowOf(week, a).Cells[2].ReadOnly {
		t.Fatalf("read-only cells: %+v %v", week, err)
	}
	good := cell(b, "2025-05-26", 60, "válida")

	cases := []struct {
		name   string
		ctx    context.Context
		who    items.Caller
		typ    int
		week   string
		cells  []timesheets.WeekCellInput
		status int
		want   string
	}{
		{"past 24 h on a day, across items", pt, w.ana, 1, lastWeek, []timesheets.WeekCellInput{good, cell(b, "2025-05-27", 5*60, "")}, 400,
			w.label(t, b) + ", 27/05/2025: Em 27/05/2025 você já tem 20:00 horas apontadas; o limite é de 24:00 horas por dia."},
		{"past 24 h in English", en, w.ana, 1, lastWeek, []timesheets.WeekCellInput{good, cell(b, "2025-05-27", 5*60, "")}, 400,
			w.label(t, b) + ", 27/05/2025: On 27/05/2025 you already have 20:00 hours recorded; the limit is 24:00 hours a day."},
		{"a future day", pt, w.ana, 1, "2025-06-01", []timesheets.WeekCellInput{cell(b, "2025-06-01", 60, ""), cell(a, "2025-06-05", 60, "")}, 400,
			w.label(t, a) + ", 05/06/2025: Não é possível apontar horas em 05/06/2025, uma data futura."},
		{"an item without the update right", pt, w.bia, 1, lastWeek, []timesheets.WeekCellInput{cell(a, "2025-05-26", 60, "")}, 403,
			w.label(t, a) + ", 26/05/2025: Você não tem permissão de editar este item, por isso não pode apontar horas nele."},
		{"timesheet type 0", en, w.ana, 0, lastWeek, []timesheets.WeekCellInput{good}, 403,
			w.label(t, b) + ", 26/05/2025: Your timesheet type does not record hours; ask an administrator to change it in your user record."},
		{"a cell with start and end", pt, w.ana, 1, lastWeek, []timesheets.WeekCellInput{good, cell(b, "2025-05-29", 30, "")}, 400,
			w.label(t, b) + ", 29/05/2025: este dia tem apontamentos com início e fim; altere-os no formulário do item."},
		{"a day of another week", pt, w.ana, 1, lastWeek, []timesheets.WeekCellInput{good, cell(a, "2025-05-24", 30, "")}, 400,
			"O dia 2025-05-24 não é desta semana."},
		{"negative hours", pt, w.ana, 1, lastWeek, []timesheets.WeekCellInput{good, cell(a, "2025-05-26", -30, "")}, 400,
			"Informe as horas trabalhadas (mais que zero)."},
		{"a long description", pt, w.ana, 1, lastWeek, []timesheets.WeekCellInput{good, cell(a, "2025-05-26", 30, strings.Repeat("é", 501))}, 400,
			w.label(t, a) + ", 26/05/2025: A descrição tem no máximo 500 caracteres."},
		{"an item the caller cannot read", pt, w.bia, 1, lastWeek, []timesheets.WeekCellInput{cell(w.itemsIn(t, w.task, "Nova Sede", 1)[0], "2025-05-26", 30, "")}, 404,
			"O registro não foi encontrado."},
	}
	// Only the database decides "nothing saved".
	mine, all := w.entries(t, w.ana)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w.timesheetType(t, c.who, c.typ)
			defer w.timesheetType(t, c.who, 1)
			_, err := w.svc.SaveMyWeek(c.ctx, c.who, timesheets.SaveWeekInput{WeekStart: c.week, Cells: c.cells})
			if status(err) != c.status || (c.want != "" && message(c.ctx, err) != c.want) {
				t.Fatalf("got %d %q, want %d %q", status(err), message(c.ctx, err), c.status, c.want)
			}
			if m, n := w.entries(t, w.ana); m != mine || n != all {
				t.Fatalf("entries went from %d/%d to %d/%d", mine, all, m, n)
			}
		})
	}
}
