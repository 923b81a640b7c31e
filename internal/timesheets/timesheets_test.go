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

// timesheetType sets a user's timesheet type (0 no hours, 1 hours, 2 start and end).
func (w *world) timesheetType(t *testing.T, c items.Caller, typ int) {
	t.Helper()
	if _, err := w.db.Exec(context.Background(), `UPDATE app_user SET timesheet_type = $2 WHERE id = $1`, c.UserID, typ); err != nil {
		t.Fatal(err)
	}
}

func entry(item, comp int64, id int64, date string, minutes int, description string) timesheets.TimeEntryInput {
	return timesheets.TimeEntryInput{TimesheetsInput: timesheets.TimesheetsInput{ItemID: httpx.ID(item), ComponentID: httpx.ID(comp)},
		ID: httpx.ID(id), Date: date, Minutes: minutes, Description: description}
}

func entryOf(t *testing.T, ts *timesheets.Timesheets, description string) timesheets.TimeEntry {
	t.Helper()
	for _, e := range ts.Entries {
		if e.Description == description {
			return e
		}
	}
	t.Fatalf("no entry %q in %+v", description, ts.Entries)
	return timesheets.TimeEntry{}
}

// The test clock is 2025-06-01 12:00 UTC. ana writes the demo's
// "Transformação Digital" tasks; bia only reads them.
func TestTimeEntriesAreRecordedEditedAndDeletedByTheirOwner(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]
	w.timesheetType(t, w.ana, 1)
	w.timesheetType(t, w.bia, 1)

	ts, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, 0, "2025-06-01", 90, "  Reunião de escopo "))
	if err != nil || ts.Count != 1 || ts.TotalMinutes != 90 || !ts.CanRecord || ts.TimesheetType != "1" {
		t.Fatalf("ana records 1:30: %+v %v", ts, err)
	}
	mine := entryOf(t, ts, "Reunião de escopo")
	if mine.UserID != w.ana.UserID || mine.UserName != "Ana" || mine.Date != "2025-06-01" || !mine.CanEdit || mine.Start != nil {
		t.Fatalf("the entry: %+v", mine)
	}
	// She edits her own entry to 2:00.
	ts, err = w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, mine.ID, "2025-06-01", 120, "Reunião de escopo"))
	if err != nil || ts.Count != 1 || ts.TotalMinutes != 120 {
		t.Fatalf("ana edits: %+v %v", ts, err)
	}

	// bia reads the item: she sees the entry, may not change it and may not record.
	ts, err = w.svc.LoadTimesheets(pt, w.bia, entry(a, w.task, 0, "", 0, "").TimesheetsInput)
	if err != nil || ts.Count != 1 || ts.CanRecord || ts.Entries[0].CanEdit ||
		ts.CannotRecord != "Você não tem permissão de editar este item, por isso não pode apontar horas nele." {
		t.Fatalf("bia's view: %+v %v", ts, err)
	}
	if _, err := w.svc.SaveTimeEntry(en, w.bia, entry(a, w.task, 0, "2025-06-01", 60, "")); status(err) != 403 ||
		message(en, err) != "You may not edit this item, so you cannot record hours on it." {
		t.Fatalf("bia records without the edit right: %v", err)
	}
	// With the edit right she records her own, still not changing ana's.
	if _, err := w.db.Exec(pt, `UPDATE project_member SET role = 'member' WHERE user_id = $1`, w.bia.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.SaveTimeEntry(pt, w.bia, entry(a, w.task, 0, "2025-05-31", 45, "Testes")); err != nil {
		t.Fatalf("bia records: %v", err)
	}
	if _, err := w.svc.SaveTimeEntry(pt, w.bia, entry(a, w.task, mine.ID, "2025-06-01", 30, "")); status(err) != 403 ||
		message(pt, err) != "Só quem apontou as horas (ou um administrador) pode alterá-las ou excluí-las." {
		t.Fatalf("bia edits ana's entry: %v", err)
	}
	if _, err := w.svc.DeleteTimeEntry(en, w.bia, entry(a, w.task, mine.ID, "", 0, "")); status(err) != 403 {
		t.Fatalf("bia deletes ana's entry: %v", err)
	}
	// An entry of another item is not found through this one.
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, entry(b, w.task, mine.ID, "2025-06-01", 30, "")); status(err) != 404 {
		t.Fatalf("an entry named through another item: %v", err)
	}
	// An administrator may change anyone's entry; it stays its owner's.
	admin := items.Caller{UserID: w.bia.UserID, PanelAdmin: true}
	ts, err = w.svc.SaveTimeEntry(pt, admin, entry(a, w.task, mine.ID, "2025-06-01", 150, "Reunião de escopo"))
	if err != nil || ts.TotalMinutes != 195 || entryOf(t, ts, "Reunião de escopo").UserID != w.ana.UserID || !ts.Entries[0].CanEdit {
		t.Fatalf("the administrator edits: %+v %v", ts, err)
	}
	// Newest day first.
	if ts.Entries[0].Date != "2025-06-01" || ts.Entries[1].Date != "2025-05-31" {
		t.Fatalf("order: %+v", ts.Entries)
	}

	// A reader of nothing sees nothing: bia does not read "Nova Sede".
	secret := w.itemsIn(t, w.task, "Nova Sede", 1)[0]
	if _, err := w.svc.LoadTimesheets(pt, w.bia, entry(secret, w.task, 0, "", 0, "").TimesheetsInput); status(err) != 404 {
		t.Fatalf("bia loads a foreign item's entries: %v", err)
	}

	// The history lists the entries added, changed and removed, without new versions of the item.
	before, err := w.items.History(pt, w.ana, a, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	ts, err = w.svc.DeleteTimeEntry(pt, w.ana, entry(a, w.task, mine.ID, "", 0, ""))
	if err != nil || ts.Count != 1 || ts.TotalMinutes != 45 {
		t.Fatalf("ana deletes: %+v %v", ts, err)
	}
	hist, err := w.items.History(en, w.ana, a, 0, false)
	if err != nil || len(hist) != len(before)+1 {
		t.Fatalf("history: %d entries then %d, %v", len(before), len(hist), err)
	}
	ops := map[string]int{}
	for _, h := range hist {
		if h.ID < 0 {
			ops[h.Operation]++
		}
	}
	if ops["timeEntry.add"] != 2 || ops["timeEntry.edit"] != 2 || ops["timeEntry.delete"] != 1 {
		t.Fatalf("history operations: %v", ops)
	}
	if h := hist[0]; h.Operation != "timeEntry.delete" || h.OperationName != "Time entry deleted" ||
		h.Summary != "Ana: 2:30 on 01/06/2025 — Reunião de escopo" || h.ModifierName != "Ana" || h.Version != 1 {
		t.Fatalf("newest history entry: %+v", h)
	}
}

func TestTimeEntriesKeepTheirBounds(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]
	w.timesheetType(t, w.ana, 1)

	long, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, 0, "2025-05-30", 22*60, "Virada"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		ctx  context.Context
		in   timesheets.TimeEntryInput
		want string
	}{
		{"past 24 h on a day, across items", pt, entry(b, w.task, 0, "2025-05-30", 3*60, ""),
			"Em 30/05/2025 você já tem 22:00 horas apontadas; o limite é de 24:00 horas por dia."},
		{"past 24 h on a day, in English", en, entry(b, w.task, 0, "2025-05-30", 2*60+1, ""),
			"On 30/05/2025 you already have 22:00 hours recorded; the limit is 24:00 hours a day."},
		{"a future day", pt, entry(a, w.task, 0, "2025-06-03", 60, ""), "Não é possível apontar horas em 03/06/2025, uma data futura."},
		{"a future day, in English", en, entry(a, w.task, 0, "2025-06-03", 60, ""), "Hours cannot be recorded on 03/06/2025, a future date."},
		{"no hours", en, entry(a, w.task, 0, "2025-06-01", 0, ""), "Give the hours worked (more than zero)."},
		{"negative hours", pt, entry(a, w.task, 0, "2025-06-01", -30, ""), "Informe as horas trabalhadas (mais que zero)."},
		{"more than a day", pt, entry(a, w.task, 0, "2025-06-01", 24*60+1, ""), "Um apontamento tem no máximo 24:00 horas."},
		{"no date", pt, entry(a, w.task, 0, "", 60, ""), "Informe uma data válida."},
		{"a date as the screen shows it", en, entry(a, w.task, 0, "01/06/2025", 60, ""), "Give a valid date."},
		{"a long description", pt, entry(a, w.task, 0, "2025-06-01", 60, strings.Repeat("é", 501)), "A descrição tem no máximo 500 caracteres."},
		{"a NUL in the description", en, entry(a, w.task, 0, "2025-06-01", 60, "a\u0000b"), "The description cannot hold NUL characters."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := w.svc.SaveTimeEntry(c.ctx, w.ana, c.in)
			if status(err) != 400 || message(c.ctx, err) != c.want {
				t.Fatalf("got %d %q, want %q", status(err), message(c.ctx, err), c.want)
			}
		})
	}
	// What the bounds allow: 24 h exactly (the entry changed does not count
	// twice), today wherever it is latest, 500 characters.
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, entry(b, w.task, 0, "2025-05-30", 2*60, "")); err != nil {
		t.Fatalf("the day's last 2 hours: %v", err)
	}
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, long.Entries[0].ID, "2025-05-30", 22*60, "Virada")); err != nil {
		t.Fatalf("editing an entry of a full day: %v", err)
	}
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, 0, "2025-06-02", 60, strings.Repeat("é", 500))); err != nil {
		t.Fatalf("tomorrow in UTC, today east of it: %v", err)
	}

	// Timesheet type 0 records no hours: the add row says why, the server refuses.
	w.timesheetType(t, w.ana, 0)
	ts, err := w.svc.LoadTimesheets(en, w.ana, entry(a, w.task, 0, "", 0, "").TimesheetsInput)
	if err != nil || ts.CanRecord || ts.TimesheetType != "0" || ts.Entries[0].CanEdit || !ts.Entries[0].CanDelete ||
		ts.CannotRecord != "Your timesheet type does not record hours; ask an administrator to change it in your user record." {
		t.Fatalf("type 0 view: %+v %v", ts, err)
	}
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, entry(a, w.task, 0, "2025-06-01", 60, "")); status(err) != 403 ||
		message(pt, err) != "Seu tipo de apontamento não registra horas; peça ao administrador para alterá-lo no seu cadastro." {
		t.Fatalf("type 0 records: %v", err)
	}
	// She may still delete what she recorded before.
	if _, err := w.svc.DeleteTimeEntry(pt, w.ana, entry(a, w.task, long.Entries[0].ID, "", 0, "")); err != nil {
		t.Fatalf("type 0 deletes her entry: %v", err)
	}

	// Timesheet type 2 gives start and end; the minutes are their difference.
	w.timesheetType(t, w.ana, 2)
	span := entry(a, w.task, 0, "2025-05-29", 0, "Deploy")
	span.Start, span.End = "9:00", "10:30"
	ts, err = w.svc.SaveTimeEntry(pt, w.ana, span)
	got := entryOf(t, ts, "Deploy")
	if err != nil || got.Minutes != 90 || got.Start == nil || *got.Start != "09:00" || *got.End != "10:30" {
		t.Fatalf("start and end: %+v %v", got, err)
	}
	for name, c := range map[string]struct {
		start, end, want string
	}{
		"overlap":          {"10:00", "11:00", "Em 29/05/2025 já há um apontamento das 09:00–10:30 que se sobrepõe a este."},
		"end before start": {"11:00", "10:00", "A hora final deve ser depois da inicial."},
		"no start":         {"", "10:00", "Informe a hora no formato HH:MM."},
		"not a time":       {"10:00", "25:00", "Informe a hora no formato HH:MM."},
	} {
		in := entry(b, w.task, 0, "2025-05-29", 0, "")
		in.Start, in.End = c.start, c.end
		if _, err := w.svc.SaveTimeEntry(pt, w.ana, in); status(err) != 400 || message(pt, err) != c.want {
			t.Errorf("%s: %d %q", name, status(err), message(pt, err))
		}
	}
	// Back to back is no overlap; moving the entry itself is none either.
	next := entry(b, w.task, 0, "2025-05-29", 0, "Depois")
	next.Start, next.End = "10:30", "12:00"
	if _, err := w.svc.SaveTimeEntry(pt, w.ana, next); err != nil {
		t.Fatalf("back to back: %v", err)
	}
	span.ID = httpx.ID(got.ID)
	span.Start, span.End = "8:30", "10:00"
	if ts, err := w.svc.SaveTimeEntry(pt, w.ana, span); err != nil || entryOf(t, ts, "Deploy").Minutes != 90 {
		t.Fatalf("moving the span: %v", err)
	}
}
