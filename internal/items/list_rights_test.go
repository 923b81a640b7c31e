package items_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// agrees checks that every row of p says what checkPermissionToUpdate says
// of its item for c: CanEdit its canUpdate, CannotEditReason its Message.
func agrees(t *testing.T, ctx context.Context, w *world, c items.Caller, comp int64, p items.Page) {
	t.Helper()
	for _, r := range p.Rows {
		perm, err := w.svc.CheckPermissionToUpdate(ctx, c, items.CheckPermissionInput{Item: httpx.ID(r["id"].(int64)), Component: httpx.ID(comp)})
		if err != nil {
			t.Fatal(err)
		}
		reason, _ := r["CannotEditReason"].(string)
		if r["CanEdit"] != perm.CanUpdate || reason != perm.Message {
			t.Fatalf("row %v says %v %q; checkPermissionToUpdate %v %q", r["id"], r["CanEdit"], reason, perm.CanUpdate, perm.Message)
		}
	}
}

// Rows say whether the caller may change them, by the rule saveItem and
// updateItemField apply: a write member's rows are editable, a read-only
// member's are not (with the reason), being the item's creator or
// responsible changes nothing, a type without the update right makes no
// row editable, and a panel administrator may edit every row.
func TestListRowsSayWhetherTheCallerMayEditThem(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.project(t, "Transformação Digital")
	in := items.ExecuteFilterInput{RowsPerPage: 500, Filters: []items.FilterItem{{Field: "ProjectName", Operator: "is", Value: float64(digital)}}}

	ana := w.list(t, w.ana, in)
	if len(ana.Rows) == 0 {
		t.Fatal("no rows")
	}
	for _, r := range ana.Rows {
		if r["CanEdit"] != true || r["CannotEditReason"] != nil {
			t.Fatalf("ana's row %v: %v %v", r["id"], r["CanEdit"], r["CannotEditReason"])
		}
	}
	agrees(t, ctx, w, w.ana, w.task, ana)

	bia := w.list(t, w.bia, in)
	if len(bia.Rows) != len(ana.Rows) {
		t.Fatalf("bia sees %d rows, ana %d", len(bia.Rows), len(ana.Rows))
	}
	const readOnly = "O usuário participa do projeto Transformação Digital somente para leitura."
	for _, r := range bia.Rows {
		if r["CanEdit"] != false || r["CannotEditReason"] != readOnly {
			t.Fatalf("bia's row %v: %v %v", r["id"], r["CanEdit"], r["CannotEditReason"])
		}
	}
	agrees(t, ctx, w, w.bia, w.task, bia)
	// The server refuses what the row says, with the same message.
	row := bia.Rows[0]
	id := row["id"].(int64)
	var ticks int64
	if err := w.db.QueryRow(ctx, `SELECT (extract(epoch FROM modified_at) * 10000000)::bigint + 621355968000000000 FROM item WHERE id = $1`, id).Scan(&ticks); err != nil {
		t.Fatal(err)
	}
	edit := items.UpdateFieldInput{ItemID: httpx.ID(id), ComponentID: httpx.ID(w.task), Field: "progress", Value: json.Number("30"),
		ModificationDateTicks: json.Number(itoa(ticks))}
	if _, err := w.svc.UpdateItemField(ctx, w.bia, edit); status(err) != 403 || message(ctx, err) != readOnly {
		t.Fatalf("bia's grid edit: %v", err)
	}

	// Creator and responsible of an item she may only read: still not editable,
	// and still refused (the rule has no exception for them).
	if _, err := w.db.Exec(ctx, `UPDATE item SET creator_id = $1, responsible_id = $1 WHERE id = $2`, w.bia.UserID, id); err != nil {
		t.Fatal(err)
	}
	mine := w.list(t, w.bia, items.ExecuteFilterInput{RowsPerPage: 500, Filters: []items.FilterItem{{Field: "ResponsibleName", Operator: "is", Value: "@me"}}})
	if len(mine.Rows) != 1 || mine.Rows[0]["id"] != id || mine.Rows[0]["CanEdit"] != false || mine.Rows[0]["CannotEditReason"] != readOnly {
		t.Fatalf("bia's own item: %+v", mine.Rows)
	}
	agrees(t, ctx, w, w.bia, w.task, mine)
	if _, err := w.svc.UpdateItemField(ctx, w.bia, edit); status(err) != 403 {
		t.Fatalf("the responsible's grid edit: %v", err)
	}

	// Given write in the project, her rows become editable and the edit passes.
	if _, err := w.db.Exec(ctx, `UPDATE project_member SET role = 'member' WHERE project_id = $1 AND user_id = $2`, digital, w.bia.UserID); err != nil {
		t.Fatal(err)
	}
	writer := w.list(t, w.bia, in)
	for _, r := range writer.Rows {
		if r["CanEdit"] != true || r["CannotEditReason"] != nil {
			t.Fatalf("bia's row %v with write: %v %v", r["id"], r["CanEdit"], r["CannotEditReason"])
		}
	}
	if _, err := w.svc.UpdateItemField(ctx, w.bia, edit); err != nil {
		t.Fatalf("bia's grid edit with write: %v", err)
	}

	// A type without the update right (change requests): no row is editable,
	// in the caller's language, and a panel administrator may edit them all.
	var change int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'changeRequest'`).Scan(&change); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: items.Values{"Title": "Trocar servidor", "justification": "<p>x</p>"},
		Component: httpx.ID(change), ProjectID: httpx.ID(digital)}); err != nil {
		t.Fatal(err)
	}
	en := i18n.With(ctx, i18n.En)
	changes, err := w.svc.ExecuteFilter(en, w.ana, items.ExecuteFilterInput{ComponentID: change, RowsPerPage: 500})
	if err != nil || len(changes.Rows) == 0 {
		t.Fatalf("change requests: %d %v", len(changes.Rows), err)
	}
	for _, r := range changes.Rows {
		if r["CanEdit"] != false || r["CannotEditReason"] != "The user is not allowed to edit items of type Change request." {
			t.Fatalf("ana's change request %v: %v %v", r["id"], r["CanEdit"], r["CannotEditReason"])
		}
	}
	agrees(t, en, w, w.ana, change, changes)
	admin := items.Caller{UserID: w.bia.UserID, PanelAdmin: true}
	all, err := w.svc.ExecuteFilter(ctx, admin, items.ExecuteFilterInput{ComponentID: change, RowsPerPage: 500})
	if err != nil || len(all.Rows) == 0 {
		t.Fatalf("admin's change requests: %v", err)
	}
	for _, r := range all.Rows {
		if r["CanEdit"] != true {
			t.Fatalf("admin's row %v: %v", r["id"], r["CanEdit"])
		}
	}

	// The answer carries the right on the wire.
	raw, err := json.Marshal(bia)
	if err != nil {
		t.Fatal(err)
	}
	var wire struct {
		Rows []struct {
			CanEdit          *bool  `json:"CanEdit"`
			CannotEditReason string `json:"CannotEditReason"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(raw, &wire); err != nil || len(wire.Rows) == 0 || wire.Rows[0].CanEdit == nil || *wire.Rows[0].CanEdit ||
		wire.Rows[0].CannotEditReason != readOnly {
		t.Fatalf("wire: %s %v", raw[:min(len(raw), 300)], err)
	}
}

// updateItemField on an item the caller may not read is not found, before
// anything is said of the field (review finding 8).
func TestUpdateItemFieldOnAnUnreadableItemIsNotFound(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 AND component_id = $2 LIMIT 1`, w.secret, w.task).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{"title", "progress", "cost"} {
		_, err := w.svc.UpdateItemField(ctx, w.bia, items.UpdateFieldInput{ItemID: httpx.ID(foreign), ComponentID: httpx.ID(w.task),
			Field: field, Value: json.Number("1"), ModificationDateTicks: json.Number("1")})
		if !errors.Is(err, httpx.ErrNotFound) {
			t.Fatalf("field %s of a foreign item: %v", field, err)
		}
	}
	// A missing item too; an item she may read still gets the field's answer.
	if _, err := w.svc.UpdateItemField(ctx, w.bia, items.UpdateFieldInput{ItemID: 99999999, ComponentID: httpx.ID(w.task),
		Field: "title", Value: "x"}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("missing item: %v", err)
	}
	task := w.newTask(t, nil)
	if _, err := w.svc.UpdateItemField(ctx, w.bia, items.UpdateFieldInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task),
		Field: "title", Value: "x"}); status(err) != 400 || message(ctx, err) != "O campo title não existe neste tipo de item." {
		t.Fatalf("unknown field of a readable item: %v %s", err, message(ctx, err))
	}
}

// References edited in the grid (editInGrid USERS, ORGANIZATIONAL_STRUCTURE,
// COMPANY and GENERIC_ITEM_TYPE attributes) are checked as the form checks
// them and listed by name with the id beside it.
func TestGridEditsReferences(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var group, company, risk int64
	// An ORGANIZATIONAL_STRUCTURE value is a unit of internal/orgunits.
	if err := w.db.QueryRow(ctx, `INSERT INTO org_unit (name) VALUES ('Engenharia') RETURNING id`).Scan(&group); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `INSERT INTO company (name) VALUES ('Acme Ltda') RETURNING id`).Scan(&company); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'risk'`).Scan(&risk); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET edit_in_grid = true WHERE (component_id = $1 AND key IN ('reviewer', 'unit'))
		OR (component_id = $2 AND key = 'task')`, w.task, risk); err != nil {
		t.Fatal(err)
	}
	groupName := "Engenharia"
	task := w.newTask(t, nil)
	edit := func(c items.Caller, comp, id int64, field string, value any, stamp int64) (*items.SaveItemResult, error) {
		return w.svc.UpdateItemField(ctx, c, items.UpdateFieldInput{ItemID: httpx.ID(id), ComponentID: httpx.ID(comp), Field: field,
			Value: value, ModificationDateTicks: json.Number(itoa(stamp))})
	}
	res, err := edit(w.ana, w.task, task.ID, "reviewer", json.Number(itoa(w.bia.UserID)), task.ModificationDateTicks)
	if err != nil || res.Display["reviewer"] != "Bia" {
		t.Fatalf("reviewer: %+v %v", res, err)
	}
	res, err = edit(w.ana, w.task, task.ID, "unit", json.Number(itoa(group)), res.ModificationDateTicks)
	if err != nil || res.Display["unit"] != groupName {
		t.Fatalf("unit: %+v %v", res, err)
	}
	// What the form refuses, the grid refuses: a missing user, a missing unit.
	if _, err := edit(w.ana, w.task, task.ID, "reviewer", json.Number("987654"), res.ModificationDateTicks); status(err) != 400 {
		t.Fatalf("missing reviewer: %v", err)
	}
	if _, err := edit(w.ana, w.task, task.ID, "unit", json.Number("987654"), res.ModificationDateTicks); status(err) != 400 {
		t.Fatalf("missing unit: %v", err)
	}
	page := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 10, Filters: []items.FilterItem{{Field: "FormattedID", Operator: "equals", Value: itoa(task.FormattedID)}}})
	if len(page.Rows) != 1 {
		t.Fatalf("task listed %d times", len(page.Rows))
	}
	r := page.Rows[0]
	if r["reviewer"] != "Bia" || r["reviewerID"] != w.bia.UserID || r["unit"] != groupName || r["unitID"] != group {
		t.Fatalf("listed references: reviewer %v/%v unit %v/%v", r["reviewer"], r["reviewerID"], r["unit"], r["unitID"])
	}
	// Emptied.
	if res, err = edit(w.ana, w.task, task.ID, "unit", nil, res.ModificationDateTicks); err != nil {
		t.Fatalf("unit emptied: %v", err)
	}
	if _, ok := res.Item["unit"]; ok {
		t.Fatalf("unit kept: %v", res.Item["unit"])
	}

	// A risk's related task: an item of the target type the caller may read.
	digital := w.project(t, "Transformação Digital")
	rk, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: items.Values{"Title": "Atraso do fornecedor", "impact": "2"}, Component: httpx.ID(risk),
		ProjectID: httpx.ID(digital)})
	if err != nil {
		t.Fatal(err)
	}
	res, err = edit(w.ana, risk, rk.ID, "task", json.Number(itoa(task.ID)), rk.ModificationDateTicks)
	if err != nil || res.Display["task"] == "" {
		t.Fatalf("related task: %+v %v", res, err)
	}
	if _, err := edit(w.ana, risk, rk.ID, "task", json.Number(itoa(rk.ID)), res.ModificationDateTicks); status(err) != 400 {
		t.Fatalf("a risk as the related task: %v", err)
	}
	risks, err := w.svc.ExecuteFilter(ctx, w.ana, items.ExecuteFilterInput{ComponentID: risk, RowsPerPage: 10,
		Filters: []items.FilterItem{{Field: "FormattedID", Operator: "equals", Value: itoa(rk.FormattedID)}}})
	if err != nil || len(risks.Rows) != 1 {
		t.Fatalf("risks: %v %v", risks.Rows, err)
	}
	if got := risks.Rows[0]; got["task"] != res.Display["task"] || got["taskID"] != task.ID {
		t.Fatalf("listed related task %v/%v, form shows %q", got["task"], got["taskID"], res.Display["task"])
	}

	// A company on a ticket, listed by name.
	var ticket int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'ticket'`).Scan(&ticket); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE attribute SET edit_in_grid = true WHERE component_id = $1 AND key = 'company'`, ticket); err != nil {
		t.Fatal(err)
	}
	var one int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE component_id = $1 AND project_id IS NULL ORDER BY id LIMIT 1`, ticket).Scan(&one); err != nil {
		t.Fatal(err)
	}
	var stamp int64
	if err := w.db.QueryRow(ctx, `SELECT (extract(epoch FROM modified_at) * 10000000)::bigint + 621355968000000000 FROM item WHERE id = $1`, one).Scan(&stamp); err != nil {
		t.Fatal(err)
	}
	admin := items.Caller{UserID: w.ana.UserID, PanelAdmin: true}
	if res, err = edit(admin, ticket, one, "company", json.Number(itoa(company)), stamp); err != nil || res.Display["company"] != "Acme Ltda" {
		t.Fatalf("company: %+v %v", res, err)
	}
	tickets, err := w.svc.ExecuteFilter(ctx, admin, items.ExecuteFilterInput{ComponentID: ticket, RowsPerPage: 10,
		Filters: []items.FilterItem{{Field: "company", Operator: "isNotEmpty"}}})
	if err != nil || len(tickets.Rows) != 1 || tickets.Rows[0]["company"] != "Acme Ltda" || tickets.Rows[0]["companyID"] != company {
		t.Fatalf("tickets with a company: %v %v", tickets.Rows, err)
	}
}
