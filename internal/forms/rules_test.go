package forms_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/rules"
	"github.com/tramita/tramita/internal/workflow"
)

// formRules are the demo task form's rules over the world's database, with
// the workflow's hosts (items.query as the caller; messages dropped).
func (w *world) formRules(t *testing.T) *forms.FormRules {
	t.Helper()
	return w.formRulesAs(t, nil)
}

// formRulesAs is formRules serving HTTP calls as the caller current gives.
func (w *world) formRulesAs(t *testing.T, current items.CurrentUser) *forms.FormRules {
	t.Helper()
	return w.formRulesSending(t, current, func(context.Context, pgx.Tx, int64, string, string) error { return nil })
}

// formRulesSending is formRulesAs with the messages the rules send handed to send.
func (w *world) formRulesSending(t *testing.T, current items.CurrentUser, send workflow.SendFunc) *forms.FormRules {
	t.Helper()
	rt := rules.New(slog.New(slog.NewTextHandler(io.Discard, nil)), rules.Limits{})
	wf := workflow.NewService(w.db, rt, send)
	hosts := func(ctx context.Context, tx pgx.Tx, c items.Caller, comp int64) (rules.Host, func(context.Context) error, error) {
		return wf.RuleHost(ctx, tx, workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, comp)
	}
	return forms.NewFormRules(w.svc, w.db, rt, hosts, current)
}

func TestFormRuleChangesTheValuesBeingEdited(t *testing.T) {
	w := newWorld(t)
	fr := w.formRules(t)
	ctx := context.Background()
	en := i18n.With(ctx, "en")
	in := forms.RuleInput{ComponentID: httpx.ID(w.task), Rule: "recalculateDates",
		Item: items.Values{"startDate": "2025-06-02T00:00:00Z", "estimate": json.Number("20"), "Title": "Nova"}}
	res, err := fr.Execute(ctx, w.ana, in, false)
	if err != nil {
		t.Fatal(err)
	}
	if res.Item["dueDate"] != "2025-06-05T00:00:00Z" || len(res.Changed) != 1 || res.Message != "Prazo ajustado para 05/06/2025." {
		t.Fatalf("button rule: %+v", res)
	}
	// The rule's refusal is a 422 with its message, in the caller's language.
	in.Item = items.Values{"estimate": json.Number("20")}
	if _, err := fr.Execute(en, w.ana, in, false); status(err) != 422 || message(en, err) != "Fill in the start date first." {
		t.Fatalf("refusal: %v", err)
	}
	// A rule the form does not name, or none, is refused.
	for _, rule := range []string{"nope", ""} {
		in.Rule = rule
		if _, err := fr.Execute(ctx, w.ana, in, false); status(err) != 404 && status(err) != 400 {
			t.Fatalf("rule %q: %v", rule, err)
		}
	}
	// An item the caller may not read answers not found.
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 LIMIT 1`, w.secret).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	in = forms.RuleInput{ComponentID: httpx.ID(w.task), Rule: "recalculateDates",
		Item: items.Values{"id": json.Number(itoa(foreign)), "startDate": "2025-06-02T00:00:00Z"}}
	if _, err := fr.Execute(ctx, w.bia, in, false); status(err) != 404 {
		t.Fatalf("foreign item: %v", err)
	}
}

// A button's window: its values are checked against the window and reach
// the rule as params.
func TestWindowValuesAreCheckedAndReachTheRule(t *testing.T) {
	w := newWorld(t)
	fr := w.formRules(t)
	ctx := context.Background()
	form, err := w.svc.GetForm(ctx, w.ana, items.GetFormInput{ComponentID: w.task})
	if err != nil {
		t.Fatal(err)
	}
	button := find(form.Controls, "", "button")
	var postpone *items.FormControl
	var walk func(c *items.FormControl)
	walk = func(c *items.FormControl) {
		if c.Key == "postpone" {
			postpone = c
		}
		for i := range c.Children {
			walk(&c.Children[i])
		}
	}
	walk(&form.Controls)
	if button == nil || postpone == nil || len(postpone.Window) != 1 || postpone.Window[0].Key != "days" || !postpone.Window[0].Required {
		t.Fatalf("the window is not in getForm: %+v", postpone)
	}
	in := forms.RuleInput{ComponentID: httpx.ID(w.task), Rule: "postponeDueDate", Item: items.Values{"dueDate": "2025-06-05T00:00:00Z"}}
	for _, c := range []struct {
		params items.Values
		want   string
	}{
		{items.Values{}, "Preencha o campo Dias."},
		{items.Values{"days": "muitos"}, "O valor do campo Dias é inválido."},
		{items.Values{"days": json.Number("2"), "hours": json.Number("1")}, "O campo hours não é um parâmetro conhecido."},
	} {
		in.Params = c.params
		if _, err := fr.Execute(ctx, w.ana, in, true); status(err) != 400 || message(ctx, err) != c.want {
			t.Fatalf("%v: %v (%s)", c.params, err, message(ctx, err))
		}
	}
	in.Params = items.Values{"days": "3"}
	res, err := fr.Execute(ctx, w.ana, in, true)
	if err != nil || res.Item["dueDate"] != "2025-06-08T00:00:00Z" {
		t.Fatalf("window: %+v %v", res, err)
	}
	// A rule without a window takes no window values.
	in.Rule, in.Params = "recalculateDates", items.Values{"days": "3"}
	if _, err := fr.Execute(ctx, w.ana, in, true); status(err) != 400 {
		t.Fatalf("values for a rule without a window: %v", err)
	}
}

func TestBrokenFormRuleReportsItsLine(t *testing.T) {
	w := newWorld(t)
	fr := w.formRules(t)
	ctx := context.Background()
	for _, c := range []struct{ source, want string }{
		{"var a = 1;\nmissing.call();", "falhou na linha 2"},
		{"var a = ;", "erro de sintaxe na linha 1"},
		{"item.FormattedID = 7;", "valor inválido no campo FormattedID"},
	} {
		if _, err := w.db.Exec(ctx, `UPDATE component_rule SET source = $1 WHERE key = 'recalculateDates'`, c.source); err != nil {
			t.Fatal(err)
		}
		_, err := fr.Execute(ctx, w.ana, forms.RuleInput{ComponentID: httpx.ID(w.task), Rule: "recalculateDates"}, false)
		if status(err) != 500 || !strings.Contains(message(ctx, err), c.want) {
			t.Fatalf("%q: %v (%s)", c.source, err, message(ctx, err))
		}
	}
}

// A rule run on values the caller sends without saving them (a button, a
// field change, a window) may not send messages: anyone could word one to
// anyone. messages.send throws a catchable error there; an onSave rule, run
// by a save, still sends.
func TestOnlyASaveRuleSendsMessages(t *testing.T) {
	w := newWorld(t)
	var sent []string
	fr := w.formRulesSending(t, nil, func(_ context.Context, _ pgx.Tx, user int64, title, _ string) error {
		sent = append(sent, itoa(user)+" "+title)
		return nil
	})
	ctx := context.Background()
	setRule := func(key, source string) {
		t.Helper()
		if _, err := w.db.Exec(ctx, `UPDATE component_rule SET source = $1 WHERE key = $2`, source, key); err != nil {
			t.Fatal(err)
		}
	}
	bia := itoa(w.bia.UserID)
	setRule("recalculateDates", `messages.send(`+bia+`, item.Title, "Clique aqui: http://x");`)
	button := forms.RuleInput{ComponentID: httpx.ID(w.task), Rule: "recalculateDates", Item: items.Values{"Title": "Sua senha expirou"}}
	change := button
	change.Field = "startDate"
	for _, in := range []forms.RuleInput{button, change} {
		if _, err := fr.Execute(ctx, w.ana, in, false); status(err) != 500 || !strings.Contains(message(ctx, err), "falhou na linha 1") {
			t.Fatalf("field %q: %v (%s)", in.Field, err, message(ctx, err))
		}
	}
	setRule("postponeDueDate", `messages.send(`+bia+`, "Adiado");`)
	window := forms.RuleInput{ComponentID: httpx.ID(w.task), Rule: "postponeDueDate", Params: items.Values{"days": json.Number("2")}}
	if _, err := fr.Execute(ctx, w.ana, window, true); status(err) != 500 {
		t.Fatalf("window: %v", err)
	}
	// The refusal is a TypeError the rule may catch.
	setRule("recalculateDates", `try { messages.send(`+bia+`, "Oi"); } catch (e) { return {message: e.name + ": " + e.message}; }`)
	res, err := fr.Execute(ctx, w.ana, button, false)
	if err != nil || res.Message != "TypeError: messages.send: only a form's onSave rule or a workflow transition may send messages, "+
		"not a button, a field change or a window" {
		t.Fatalf("caught: %+v %v", res, err)
	}
	if len(sent) != 0 {
		t.Fatalf("sent without a save: %q", sent)
	}
	setRule("checkCost", `messages.send(`+bia+`, "Salva: " + item.Title);`)
	save := items.SaveItemInput{Component: httpx.ID(w.task), ProjectID: httpx.ID(w.project(t, "Transformação Digital")),
		Item: items.Values{"Title": "Migrar o ERP", "priority": "high"}}
	if _, err := fr.SaveItem(ctx, w.ana, save); err != nil {
		t.Fatal(err)
	}
	if strings.Join(sent, ",") != bia+" Salva: Migrar o ERP" {
		t.Fatalf("sent by the save: %q", sent)
	}
}

// The form's onSave rule runs inside saveItem's transaction: its refusal
// writes nothing; what it changes is checked and saved like typed values.
func TestOnSaveRuleRunsInsideSaveItem(t *testing.T) {
	w := newWorld(t)
	fr := w.formRules(t)
	ctx := context.Background()
	project := httpx.ID(w.project(t, "Transformação Digital"))
	var before int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	in := items.SaveItemInput{Component: httpx.ID(w.task), ProjectID: project,
		Item: items.Values{"Title": "Cara", "priority": "high", "cost": json.Number("250000")}}
	if _, err := fr.SaveItem(ctx, w.ana, in); status(err) != 422 || !strings.Contains(message(ctx, err), "precisam de uma descrição") {
		t.Fatalf("refused save: %v", err)
	}
	var after int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item`).Scan(&after); err != nil || after != before {
		t.Fatalf("a refused save wrote %d items: %v", after-before, err)
	}
	in.Item["description"] = "<p>Obra</p>"
	if res, err := fr.SaveItem(ctx, w.ana, in); err != nil || res.ID == 0 {
		t.Fatalf("save: %+v %v", res, err)
	}
	// What the rule writes goes through the form's checks.
	if _, err := w.db.Exec(ctx, `UPDATE component_rule SET source = 'item.progress = 250;' WHERE key = 'checkCost'`); err != nil {
		t.Fatal(err)
	}
	delete(in.Item, "cost")
	if _, err := fr.SaveItem(ctx, w.ana, in); status(err) != 400 {
		t.Fatalf("out-of-range rule value: %v", err)
	}
}

// A list's edit of one field and a bulk edit run the form's onSave rule as a
// form save does: its refusal writes nothing, and what it changes is
// checked and saved with the edit.
func TestOnSaveRuleRunsForGridAndBulkEdits(t *testing.T) {
	w := newWorld(t)
	fr := w.formRules(t)
	ctx := context.Background()
	a, b := w.newTask(t, nil), w.newTask(t, nil)
	ids := []int64{a.ID, b.ID}
	bulk := items.BulkUpdateInput{IDs: ids, ComponentID: httpx.ID(w.task), Values: items.Values{"cost": json.Number("250000")}}
	if _, err := fr.BulkUpdateItems(ctx, w.ana, bulk); status(err) != 422 || !strings.Contains(message(ctx, err), "precisam de uma descrição") {
		t.Fatalf("bulk refused by the rule: %v", err)
	}
	for _, id := range ids {
		if v, err := table.ValuesOf(ctx, w.db, id); err != nil || v["cost"] != nil {
			t.Fatalf("a refused bulk edit wrote item %d: %v %v", id, v, err)
		}
	}
	bulk.Values["description"] = "<p>Obra</p>"
	if out, err := fr.BulkUpdateItems(ctx, w.ana, bulk); err != nil || out.Updated != 2 {
		t.Fatalf("bulk with a description: %+v %v", out, err)
	}

	// The grid edits progress; a rule refusing a finished task without a
	// description, and marking finished ones as milestones.
	if _, err := w.db.Exec(ctx, `UPDATE component_rule SET source = $1 WHERE key = 'checkCost'`, `
		if (Number(item.progress) === 100 && !item.description) fail("Descreva a tarefa concluída.");
		if (Number(item.progress) === 100) item.milestone = true;`); err != nil {
		t.Fatal(err)
	}
	c := w.newTask(t, nil)
	edit := items.UpdateFieldInput{ItemID: httpx.ID(c.ID), ComponentID: httpx.ID(w.task), Field: "progress",
		Value: json.Number("100"), ModificationDateTicks: c.ModificationDateTicks}
	if _, err := fr.UpdateItemField(ctx, w.ana, edit); status(err) != 422 || message(ctx, err) != "Descreva a tarefa concluída." {
		t.Fatalf("grid edit refused by the rule: %v", err)
	}
	// a has a description (the bulk edit gave it one): the rule's change is saved with the edit.
	now, err := w.svc.RefreshItem(ctx, w.ana, items.RefreshInput{ItemID: httpx.ID(a.ID), Component: httpx.ID(w.task)})
	if err != nil {
		t.Fatal(err)
	}
	edit.ItemID, edit.ModificationDateTicks = httpx.ID(a.ID), now.ModificationDateTicks
	res, err := fr.UpdateItemField(ctx, w.ana, edit)
	if err != nil || res.Item["progress"] != json.Number("100") || res.Item["milestone"] != true {
		t.Fatalf("grid edit with the rule's change: %+v %v", res, err)
	}
}

// Over HTTP, as the server mounts them (the item calls and the form rules
// on one router), grid and bulk edits reach the onSave rule.
func TestGridAndBulkEditsOverHTTPRunTheOnSaveRule(t *testing.T) {
	w := newWorld(t)
	current := func(context.Context) (items.Caller, bool) { return w.ana, true }
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))))
	items.NewHandler(w.svc, current).Routes(r)
	w.formRulesAs(t, current).Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	task := w.newTask(t, nil)
	post := func(path, body string) (int, string) {
		res, err := http.Post(srv.URL+"/genericItem/"+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(raw)
	}
	id, comp := itoa(task.ID), itoa(w.task)
	if code, body := post("bulkUpdateItems", `{"ids": [`+id+`], "componentId": `+comp+`, "values": {"cost": 250000}}`); code != 422 ||
		!strings.Contains(body, "precisam de uma descrição") {
		t.Fatalf("bulkUpdateItems: %d %s", code, body)
	}
	if _, err := w.db.Exec(context.Background(), `UPDATE component_rule SET source = 'fail("Nada pela lista.");' WHERE key = 'checkCost'`); err != nil {
		t.Fatal(err)
	}
	if code, body := post("updateItemField", `{"itemId": `+id+`, "componentId": `+comp+`, "field": "progress", "value": 10,
		"modificationDateTicks": `+strconv.FormatInt(task.ModificationDateTicks, 10)+`}`); code != 422 || !strings.Contains(body, "Nada pela lista.") {
		t.Fatalf("updateItemField: %d %s", code, body)
	}
}
