package timesheets_test

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/messages"
	"github.com/tramita/tramita/internal/timesheets"
)

// team is the world of approval: Ana manages every demo project; Caio (who
// reads English) is a member of "Transformação Digital" and records hours
// there; Duda manages "Nova Sede" only and is a member of "Transformação
// Digital"; Bia only reads it.
type team struct {
	*world
	caio, duda items.Caller
	digital    []int64
}

func newTeam(t *testing.T) *team {
	t.Helper()
	w := newWorld(t)
	ctx := context.Background()
	msgs := messages.NewService(messages.NewStore(w.db))
	w.svc.SetSend(func(ctx context.Context, tx pgx.Tx, user int64, title, text string) error {
		_, err := msgs.SendTx(ctx, tx, user, title, text)
		return err
	})
	tm := &team{world: w}
	if err := w.db.QueryRow(ctx, `INSERT INTO app_user (login, name, language, timesheet_type) VALUES
		('caio', 'Caio', 'en', 1), ('duda', 'Duda', 'pt-br', 1) RETURNING id`).Scan(&tm.caio.UserID); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `SELECT id FROM app_user WHERE login = 'duda'`).Scan(&tm.duda.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE project_member SET role = 'manager' WHERE user_id = $1`, w.ana.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO project_member (project_id, user_id, role)
		SELECT id, $1::bigint, 'member' FROM project WHERE name = 'Transformação Digital'
		UNION ALL SELECT id, $2::bigint, 'member' FROM project WHERE name = 'Transformação Digital'
		UNION ALL SELECT id, $2::bigint, 'manager' FROM project WHERE name = 'Nova Sede'`, tm.caio.UserID, tm.duda.UserID); err != nil {
		t.Fatal(err)
	}
	w.timesheetType(t, w.ana, 1)
	tm.digital = w.openItems(t, "Transformação Digital", 2)
	return tm
}

// ids are the entry ids of the caller's cells of the week on item.
func (tm *team) ids(t *testing.T, c items.Caller, item int64, days ...int) []httpx.ID {
	t.Helper()
	week, err := tm.svc.GetMyWeek(context.Background(), c, timesheets.WeekInput{WeekStart: lastWeek})
	if err != nil {
		t.Fatal(err)
	}
	row := rowOf(week, item)
	if row == nil {
		t.Fatalf("no row %d", item)
	}
	var out []httpx.ID
	for _, d := range days {
		for _, id := range row.Cells[d].EntryIDs {
			out = append(out, httpx.ID(id))
		}
	}
	return out
}

// states is the entries' states, by id, in the database.
func (tm *team) states(t *testing.T) map[int64]string {
	t.Helper()
	rows, err := tm.db.Query(context.Background(), `SELECT id, state FROM item_time_entry`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var st string
		if err := rows.Scan(&id, &st); err != nil {
			t.Fatal(err)
		}
		out[id] = st
	}
	return out
}

// messagesOf lists the titles and texts of user's messages, oldest first.
func (tm *team) messagesOf(t *testing.T, c items.Caller) []string {
	t.Helper()
	rows, err := tm.db.Query(context.Background(), `SELECT title || ' | ' || message_text FROM message WHERE user_id = $1 ORDER BY id`, c.UserID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// Caio's week before the clock: 2:00 on Monday and 1:00 on Tuesday on the
// first item, 1:30 on Wednesday on the second.
func (tm *team) logWeek(t *testing.T) {
	t.Helper()
	a, b := tm.digital[0], tm.digital[1]
	if _, err := tm.svc.SaveMyWeek(context.Background(), tm.caio, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-26", 120, "Análise"), cell(a, "2025-05-27", 60, ""), cell(b, "2025-05-28", 90, "Testes"),
	}}); err != nil {
		t.Fatal(err)
	}
}

func TestSubmittedAndApprovedHoursAreReadOnlyInEveryWritePath(t *testing.T) {
	tm := newTeam(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	a, b := tm.digital[0], tm.digital[1]
	tm.logWeek(t)
	week, err := tm.svc.GetMyWeek(pt, tm.caio, timesheets.WeekInput{WeekStart: lastWeek})
	if err != nil || week.Review != (timesheets.WeekReview{State: "open", Draft: 3}) || rowOf(week, a).Cells[1].State != "draft" ||
		rowOf(week, a).Cells[0].State != "" {
		t.Fatalf("the draft week: %+v %v", week.Review, err)
	}

	week, err = tm.svc.SubmitMyWeek(en, tm.caio, timesheets.WeekInput{WeekStart: "2025-05-28"})
	if err != nil || week.Review != (timesheets.WeekReview{State: "submitted", Submitted: 3}) {
		t.Fatalf("submitted: %+v %v", week, err)
	}
	monday := rowOf(week, a).Cells[1]
	if monday.State != "submitted" || !monday.ReadOnly {
		t.Fatalf("a submitted cell: %+v", monday)
	}
	var submittedAt *string
	if err := tm.db.QueryRow(pt, `SELECT to_char(submitted_at, 'YYYY') FROM item_time_entry WHERE id = $1`, monday.EntryIDs[0]).Scan(&submittedAt); err != nil ||
		submittedAt == nil {
		t.Fatalf("submitted_at: %v %v", submittedAt, err)
	}
	// Nothing left to submit.
	if _, err := tm.svc.SubmitMyWeek(en, tm.caio, timesheets.WeekInput{WeekStart: lastWeek}); status(err) != http.StatusBadRequest ||
		message(en, err) != "This week has no draft or rejected hours to submit." {
		t.Fatalf("submitting again: %v", err)
	}
	if _, err := tm.svc.SubmitMyWeek(en, tm.caio, timesheets.WeekInput{WeekStart: "junho"}); status(err) != http.StatusBadRequest {
		t.Fatalf("submitting no week: %v", err)
	}

	before := tm.states(t)
	// The grid: changing or emptying a submitted cell is refused, with the item and day named, and nothing written.
	label := tm.label(t, a)
	_, err = tm.svc.SaveMyWeek(en, tm.caio, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(b, "2025-05-29", 30, "novo"), cell(a, "2025-05-26", 180, "Análise"),
	}})
	if status(err) != http.StatusConflict || message(en, err) != label+", 26/05/2025: The hours of 26/05/2025 were submitted for approval and cannot be changed; to change them, ask the project's manager to reject them." {
		t.Fatalf("changing a submitted cell: %d %s", status(err), message(en, err))
	}
	if _, err = tm.svc.SaveMyWeek(pt, tm.caio, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-27", 0, ""),
	}}); status(err) != http.StatusConflict || !strings.Contains(message(pt, err), "foram enviadas para aprovação") {
		t.Fatalf("emptying a submitted cell: %v", message(pt, err))
	}
	// The form control: neither a change nor a deletion; the control shows the entry read-only.
	id := int64(monday.EntryIDs[0])
	if _, err := tm.svc.SaveTimeEntry(en, tm.caio, entry(a, tm.task, id, "2025-05-26", 30, "")); status(err) != http.StatusConflict {
		t.Fatalf("changing a submitted entry in the form: %v", err)
	}
	if _, err := tm.svc.DeleteTimeEntry(en, tm.caio, entry(a, tm.task, id, "", 0, "")); status(err) != http.StatusConflict {
		t.Fatalf("deleting a submitted entry in the form: %v", err)
	}
	// Not even a panel administrator changes submitted hours: the manager rejects them first.
	admin := items.Caller{UserID: tm.duda.UserID, PanelAdmin: true}
	if _, err := tm.svc.DeleteTimeEntry(en, admin, entry(a, tm.task, id, "", 0, "")); status(err) != http.StatusConflict {
		t.Fatalf("an administrator deleting a submitted entry: %v", err)
	}
	if after := tm.states(t); len(after) != len(before) {
		t.Fatalf("something was written: %v → %v", before, after)
	}
	ts, err := tm.svc.LoadTimesheets(pt, tm.caio, timesheets.TimesheetsInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(tm.task)})
	if err != nil || entryOf(t, ts, "Análise").CanEdit || entryOf(t, ts, "Análise").CanDelete || entryOf(t, ts, "Análise").State != "submitted" {
		t.Fatalf("the control: %+v %v", ts, err)
	}

	// New hours in a submitted week are a draft, to submit again.
	week, err = tm.svc.SaveMyWeek(pt, tm.caio, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(b, "2025-05-29", 30, "novo"),
	}})
	if err != nil || week.Review != (timesheets.WeekReview{State: "open", Draft: 1, Submitted: 3}) {
		t.Fatalf("a new cell in a submitted week: %+v %v", week, err)
	}

	// Approved: read-only for good, in the form and the grid.
	if _, err := tm.svc.ApproveTimeEntries(pt, tm.ana, timesheets.ReviewInput{IDs: []httpx.ID{httpx.ID(id)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := tm.svc.SaveTimeEntry(pt, tm.caio, entry(a, tm.task, id, "2025-05-26", 30, "")); status(err) != http.StatusConflict ||
		message(pt, err) != "As horas de 26/05/2025 foram aprovadas e não podem mais ser alteradas." {
		t.Fatalf("changing an approved entry: %v", message(pt, err))
	}
	if _, err := tm.svc.SaveMyWeek(pt, tm.caio, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-26", 0, ""),
	}}); status(err) != http.StatusConflict {
		t.Fatalf("emptying an approved cell: %v", err)
	}
}

func TestOnlyAManagerOfTheProjectReviewsAllOrNothingAndThePersonIsTold(t *testing.T) {
	tm := newTeam(t)
	pt := context.Background()
	en := i18n.With(pt, i18n.En)
	a, b := tm.digital[0], tm.digital[1]
	tm.logWeek(t)
	if _, err := tm.svc.SubmitMyWeek(pt, tm.caio, timesheets.WeekInput{WeekStart: lastWeek}); err != nil {
		t.Fatal(err)
	}
	monday, tuesday, wednesday := tm.ids(t, tm.caio, a, 1), tm.ids(t, tm.caio, a, 2), tm.ids(t, tm.caio, b, 3)
	all := append(append(append([]httpx.ID{}, monday...), tuesday...), wednesday...)
	before := tm.states(t)

	// A reader, a member and a manager of another project are refused; nothing changes, nobody is told.
	for name, c := range map[string]items.Caller{"bia": tm.bia, "caio": tm.caio, "duda": tm.duda} {
		_, err := tm.svc.ApproveTimeEntries(pt, c, timesheets.ReviewInput{IDs: all})
		if status(err) != http.StatusForbidden ||
			message(pt, err) != "Só um gerente do projeto Transformação Digital (ou um administrador) pode aprovar ou rejeitar estas horas." {
			t.Fatalf("%s approves: %d %s", name, status(err), message(pt, err))
		}
		if _, err := tm.svc.RejectTimeEntries(en, c, timesheets.ReviewInput{IDs: all, Reason: "não"}); status(err) != http.StatusForbidden {
			t.Fatalf("%s rejects: %v", name, err)
		}
	}
	// Someone outside the project is not told its name: 404, as for an entry that does not exist.
	outsider := items.Caller{}
	if err := tm.db.QueryRow(pt, `INSERT INTO app_user (login, name) VALUES ('eva', 'Eva') RETURNING id`).Scan(&outsider.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := tm.svc.ApproveTimeEntries(pt, outsider, timesheets.ReviewInput{IDs: all}); status(err) != http.StatusNotFound {
		t.Fatalf("an outsider approves: %v", err)
	}
	// Nobody reviews their own hours, but a panel administrator.
	if _, err := tm.svc.SaveMyWeek(pt, tm.ana, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-26", 60, "gestão"),
	}}); err != nil {
		t.Fatal(err)
	}
	if _, err := tm.svc.SubmitMyWeek(pt, tm.ana, timesheets.WeekInput{WeekStart: lastWeek}); err != nil {
		t.Fatal(err)
	}
	own := tm.ids(t, tm.ana, a, 1)
	if _, err := tm.svc.ApproveTimeEntries(en, tm.ana, timesheets.ReviewInput{IDs: own}); status(err) != http.StatusForbidden ||
		message(en, err) != "You cannot approve or reject your own hours; ask another manager of the project or an administrator." {
		t.Fatalf("ana approves her own: %v", message(en, err))
	}
	// Bad input: no ids, a bad id, no reason, a long reason, an unknown entry.
	for name, tc := range map[string]struct {
		in     timesheets.ReviewInput
		reject bool
		status int
		msg    string
	}{
		"no ids":      {timesheets.ReviewInput{}, false, 400, "Choose the time entries."},
		"zero id":     {timesheets.ReviewInput{IDs: []httpx.ID{0}}, false, 400, ""},
		"no reason":   {timesheets.ReviewInput{IDs: tuesday, Reason: "   "}, true, 400, "Give the reason for the rejection."},
		"long reason": {timesheets.ReviewInput{IDs: tuesday, Reason: strings.Repeat("x", 501)}, true, 400, "The reason holds at most 500 characters."},
		"unknown":     {timesheets.ReviewInput{IDs: append([]httpx.ID{999999}, tuesday...)}, false, 404, ""},
	} {
		var err error
		if tc.reject {
			_, err = tm.svc.RejectTimeEntries(en, tm.ana, tc.in)
		} else {
			_, err = tm.svc.ApproveTimeEntries(en, tm.ana, tc.in)
		}
		if status(err) != tc.status || (tc.msg != "" && message(en, err) != tc.msg) {
			t.Fatalf("%s: %d %s", name, status(err), message(en, err))
		}
	}
	// All or nothing: one draft among submitted entries refuses them all.
	if _, err := tm.svc.SaveMyWeek(pt, tm.caio, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(b, "2025-05-29", 30, ""),
	}}); err != nil {
		t.Fatal(err)
	}
	draft := tm.ids(t, tm.caio, b, 4)
	_, err := tm.svc.ApproveTimeEntries(pt, tm.ana, timesheets.ReviewInput{IDs: append(append([]httpx.ID{}, all...), draft...)})
	if status(err) != http.StatusConflict || message(pt, err) != "As horas de Caio em 29/05/2025 não aguardam aprovação (estão: rascunho)." {
		t.Fatalf("approving a draft among others: %d %s", status(err), message(pt, err))
	}
	for id, st := range tm.states(t) {
		if was, ok := before[id]; ok && was != st {
			t.Fatalf("entry %d changed from %s to %s", id, was, st)
		}
	}
	if got := tm.messagesOf(t, tm.caio); len(got) != 0 {
		t.Fatalf("caio was told: %v", got)
	}

	// Ana rejects Tuesday with a reason: one message to Caio, in English.
	res, err := tm.svc.RejectTimeEntries(pt, tm.ana, timesheets.ReviewInput{IDs: tuesday, Reason: "  Faltou a descrição  "})
	if err != nil || *res != (timesheets.ReviewResult{Count: 1, People: 1}) {
		t.Fatalf("rejecting: %+v %v", res, err)
	}
	got := tm.messagesOf(t, tm.caio)
	want := "Your hours were rejected | Ana rejected these hours. Reason: Faltou a descrição\n27/05/2025 · " + tm.label(t, a) +
		" · 1:00\nTotal: 1:00\nFix them in My timesheet and submit the week again."
	if len(got) != 1 || got[0] != want {
		t.Fatalf("caio's message:\n%q\nwant\n%q", got, want)
	}
	// Caio sees the reason on the cell, which he may change again; changing it makes it a draft.
	week, err := tm.svc.GetMyWeek(pt, tm.caio, timesheets.WeekInput{WeekStart: lastWeek})
	cellTue := rowOf(week, a).Cells[2]
	if err != nil || cellTue.State != "rejected" || cellTue.ReviewNote != "Faltou a descrição" || cellTue.Reviewer != "Ana" || cellTue.ReadOnly ||
		week.Review.State != "open" || week.Review.Rejected != 1 {
		t.Fatalf("the rejected cell: %+v %+v %v", cellTue, week.Review, err)
	}
	week, err = tm.svc.SaveMyWeek(pt, tm.caio, timesheets.SaveWeekInput{WeekStart: lastWeek, Cells: []timesheets.WeekCellInput{
		cell(a, "2025-05-27", 75, "Reunião com o cliente"),
	}})
	if cellTue = rowOf(week, a).Cells[2]; err != nil || cellTue.State != "draft" || cellTue.ReviewNote != "" || cellTue.Minutes != 75 {
		t.Fatalf("the fixed cell: %+v %v", cellTue, err)
	}
	if _, err := tm.svc.SubmitMyWeek(pt, tm.caio, timesheets.WeekInput{WeekStart: lastWeek}); err != nil {
		t.Fatal(err)
	}

	// The team list: Ana sees her projects' entries; Duda's project filter on a project she does not manage is refused,
	// and her list holds none of Transformação Digital's.
	list, err := tm.svc.GetTeamTimesheets(pt, tm.ana, timesheets.TeamInput{From: "2025-05-25", To: "2025-05-31", State: "submitted"})
	if err != nil || !list.CanReview || list.Count != 5 || len(list.Entries) != 5 || list.Truncated || list.TotalMinutes != 120+75+90+30+60 {
		t.Fatalf("ana's list: %+v %v", list, err)
	}
	if list.States[1] != (timesheets.StateTotal{State: "submitted", Count: 5, Minutes: 375}) || len(list.People) != 2 ||
		list.People[0].Name != "Ana" || list.People[1].Name != "Caio" {
		t.Fatalf("ana's list's states and people: %+v %+v", list.States, list.People)
	}
	caios, err := tm.svc.GetTeamTimesheets(pt, tm.ana, timesheets.TeamInput{From: "2025-05-25", To: "2025-05-31", UserID: httpx.ID(tm.caio.UserID)})
	if err != nil || caios.Count != 4 || caios.Entries[0].UserName != "Caio" || caios.Entries[0].Date != "2025-05-26" {
		t.Fatalf("caio's entries: %+v %v", caios, err)
	}
	var digitalID int64
	if err := tm.db.QueryRow(pt, `SELECT id FROM project WHERE name = 'Transformação Digital'`).Scan(&digitalID); err != nil {
		t.Fatal(err)
	}
	if _, err := tm.svc.GetTeamTimesheets(pt, tm.duda, timesheets.TeamInput{From: "2025-05-25", To: "2025-05-31", ProjectID: httpx.ID(digitalID)}); status(err) != http.StatusForbidden {
		t.Fatalf("duda lists a project she does not manage: %v", err)
	}
	if dudas, err := tm.svc.GetTeamTimesheets(pt, tm.duda, timesheets.TeamInput{From: "2025-05-25", To: "2025-05-31"}); err != nil ||
		dudas.Count != 0 || !dudas.CanReview || len(dudas.Projects) != 1 {
		t.Fatalf("duda's list: %+v %v", dudas, err)
	}
	if bias, err := tm.svc.GetTeamTimesheets(pt, tm.bia, timesheets.TeamInput{From: "2025-05-25", To: "2025-05-31"}); err != nil ||
		bias.Count != 0 || bias.CanReview {
		t.Fatalf("bia's list: %+v %v", bias, err)
	}
	for name, in := range map[string]timesheets.TeamInput{
		"reversed": {From: "2025-05-31", To: "2025-05-25"}, "too long": {From: "2025-01-01", To: "2025-04-04"},
		"no date": {From: "", To: "2025-05-25"}, "bad state": {From: "2025-05-25", To: "2025-05-31", State: "done"},
	} {
		if _, err := tm.svc.GetTeamTimesheets(en, tm.ana, in); status(err) != http.StatusBadRequest {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if _, err := tm.svc.GetTeamTimesheets(en, tm.ana, timesheets.TeamInput{From: "2025-01-01", To: "2025-04-03"}); err != nil {
		t.Fatalf("93 days: %v", err)
	}

	// Ana approves Caio's submitted hours in bulk: one message listing them; a panel administrator approves Ana's.
	var waiting []httpx.ID
	for _, e := range caios.Entries {
		waiting = append(waiting, httpx.ID(e.ID))
	}
	if res, err := tm.svc.ApproveTimeEntries(pt, tm.ana, timesheets.ReviewInput{IDs: waiting}); err != nil || *res != (timesheets.ReviewResult{Count: 4, People: 1}) {
		t.Fatalf("approving: %+v %v", res, err)
	}
	got = tm.messagesOf(t, tm.caio)
	if len(got) != 2 || !strings.HasPrefix(got[1], "Your hours were approved | Ana approved these hours:\n26/05/2025 · ") ||
		!strings.HasSuffix(got[1], "Total: 5:15") || strings.Count(got[1], "\n") != 5 {
		t.Fatalf("caio's approval message: %q", got)
	}
	// The item's history tells the week sent, the rejection with its reason and the approval.
	events, err := tm.svc.HistoryEvents(pt, tm.ana, a)
	if err != nil {
		t.Fatal(err)
	}
	var told []string
	for _, e := range events {
		if e.Operation == "timeEntry.submit" || e.Operation == "timeEntry.reject" || e.Operation == "timeEntry.approve" {
			told = append(told, e.OperationName+": "+e.Summary)
		}
	}
	if !slices.Contains(told, "Horas rejeitadas: Caio: 1:00 em 27/05/2025 — Faltou a descrição") ||
		!slices.Contains(told, "Horas aprovadas: Caio: 1:15 em 27/05/2025 — Reunião com o cliente") ||
		!slices.Contains(told, "Horas enviadas para aprovação: Caio: 1:15 em 27/05/2025 — Reunião com o cliente") {
		t.Fatalf("item a's review history: %q", told)
	}
	admin := items.Caller{UserID: tm.duda.UserID, PanelAdmin: true}
	if _, err := tm.svc.ApproveTimeEntries(pt, admin, timesheets.ReviewInput{IDs: own}); err != nil {
		t.Fatalf("an administrator approves: %v", err)
	}
	if got := tm.messagesOf(t, tm.ana); len(got) != 1 || !strings.HasPrefix(got[0], "Suas horas foram aprovadas | Duda aprovou estas horas:") {
		t.Fatalf("ana's message: %q", got)
	}
	week, err = tm.svc.GetMyWeek(pt, tm.caio, timesheets.WeekInput{WeekStart: lastWeek})
	if err != nil || week.Review != (timesheets.WeekReview{State: "approved", Approved: 4}) {
		t.Fatalf("caio's approved week: %+v %v", week.Review, err)
	}
	// Reviewing again is refused: they no longer wait.
	if _, err := tm.svc.RejectTimeEntries(pt, tm.ana, timesheets.ReviewInput{IDs: waiting, Reason: "mudei de ideia"}); status(err) != http.StatusConflict {
		t.Fatalf("rejecting approved hours: %v", err)
	}

	// The export holds what the list shows, in the caller's language.
	file, name, err := tm.svc.ExportTeamTimesheets(en, tm.ana, timesheets.TeamInput{From: "2025-05-25", To: "2025-05-31", UserID: httpx.ID(tm.caio.UserID)})
	if err != nil || name != "timesheets-2025-05-25-2025-05-31.xlsx" {
		t.Fatalf("export: %s %v", name, err)
	}
	var buf bytes.Buffer
	if _, err := file.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	read, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := read.GetRows("Team timesheets")
	if err != nil || len(rows) != 5 || rows[0][0] != "Person" || rows[1][0] != "Caio" || rows[1][1] != "26/05/2025" ||
		rows[1][5] != "2:00" || rows[1][6] != "approved" {
		t.Fatalf("the sheet: %q %v", rows, err)
	}
}
