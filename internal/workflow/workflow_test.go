package workflow_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/messages"
	"github.com/tramita/tramita/internal/rules"
	"github.com/tramita/tramita/internal/testkit"
	"github.com/tramita/tramita/internal/workflow"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// The package of these tests: a request goes open → review → approved or
// rejected. Editores may update requests; Aprovadores approve; the
// responsible rejects (with a reason); the creator withdraws.
const requestPackage = `
key: wf
application: {name: {pt-BR: Fluxo, en: Flow}}
groups: [Todos]
components:
  - key: request
    name: {pt-BR: Solicitação, en: Request}
    permissions:
      - {group: Todos, rights: [read]}
      - {group: Editores, rights: [read, create, update]}
    attributes:
      - {key: amount, name: {pt-BR: Valor}, type: CURRENCY}
      - {key: approvedBy, name: {pt-BR: Aprovado por}, type: USERS}
      - {key: note, name: {pt-BR: Nota}, type: STRING}
    statuses:
      - {key: open, name: {pt-BR: Aberta, en: Open}, initial: true}
      - {key: review, name: {pt-BR: Em análise, en: In review}}
      - {key: approved, name: {pt-BR: Aprovada, en: Approved}, final: true}
      - {key: rejected, name: {pt-BR: Rejeitada, en: Rejected}, final: true}
    actions:
      - key: submit
        name: {pt-BR: Enviar, en: Submit}
        from: [open]
        to: review
        asksResponsible: true
        responsibleGroups: [Aprovadores]
      - key: approve
        name: {pt-BR: Aprovar, en: Approve}
        from: [review]
        to: approved
        allowedTo: {groups: [Aprovadores]}
        rule: |
          if (item.amount > 1000) {
            fail("Valores acima de R$ 1.000 precisam da diretoria.");
          }
          item.approvedBy = user.id;
          item.note = "aprovado por " + user.name;
          messages.send(item.CreatorID, "Aprovada: " + item.Title, params.reason);
      - key: reject
        name: {pt-BR: Rejeitar, en: Reject}
        from: [review]
        to: rejected
        requiresReason: true
        allowedTo: {responsible: true}
      - key: withdraw
        name: {pt-BR: Retirar, en: Withdraw}
        from: [open, review]
        to: rejected
        allowedTo: {creator: true}
      - key: spin
        name: {pt-BR: Girar, en: Spin}
        from: [open]
        to: review
        rule: |
          var n = 0;
          while (true) { n++; }
`

type world struct {
	db                    *pgxpool.Pool
	svc                   *workflow.Service
	ana, bia, caio, admin workflow.Caller
	request               int64
	statuses              map[string]int64
	actions               map[string]int64
	open1, open2, bigOpen int64
	foreign               int64 // in a project nobody of the tests is in
	amounts               map[int64]int
}

func newWorld(t *testing.T) *world { return newWorldOf(t, requestPackage) }

// newWorldOf is newWorld over another version of the request package.
func newWorldOf(t *testing.T, source string) *world {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	w := &world{db: db, statuses: map[string]int64{}, actions: map[string]int64{}, amounts: map[int64]int{}}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO app_user (login, name, email, language) VALUES ('ana', 'Ana', 'ana@example.com', 'pt-br'),
		('bia', 'Bia', 'bia@example.com', 'en'), ('caio', 'Caio', 'caio@example.com', 'pt-br'), ('boss', 'Boss', '', 'pt-br')`)
	exec(`UPDATE app_user SET panel_admin = true WHERE login = 'boss'`)
	exec(`INSERT INTO user_group (name) VALUES ('Editores'), ('Aprovadores')`)
	exec(`INSERT INTO group_member (group_id, user_id)
		SELECT g.id, u.id FROM user_group g, app_user u WHERE (g.name = 'Editores' AND u.login = 'ana') OR (g.name = 'Aprovadores' AND u.login = 'bia')`)
	p, err := apppkg.Parse("wf.yaml", []byte(source))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, db, "wf.yaml", p); err != nil {
		t.Fatal(err)
	}
	id := func(sql string, args ...any) int64 {
		t.Helper()
		var v int64
		if err := db.QueryRow(ctx, sql, args...).Scan(&v); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return v
	}
	w.ana = workflow.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'ana'`)}
	w.bia = workflow.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'bia'`)}
	w.caio = workflow.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'caio'`)}
	w.admin = workflow.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'boss'`), PanelAdmin: true}
	w.request = id(`SELECT id FROM component WHERE key = 'request'`)
	for _, k := range []string{"open", "review", "approved", "rejected"} {
		w.statuses[k] = id(`SELECT id FROM item_status WHERE component_id = $1 AND key = $2`, w.request, k)
	}
	for _, k := range []string{"submit", "approve", "reject", "withdraw", "spin"} {
		w.actions[k] = id(`SELECT id FROM item_action WHERE component_id = $1 AND key = $2`, w.request, k)
	}
	newItem := func(n int, title string, amount int, project *int64) int64 {
		item := id(`INSERT INTO item (component_id, number, title, status_id, creator_id, project_id)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
			w.request, n, title, w.statuses["open"], w.ana.UserID, project)
		if err := table.WriteValues(ctx, db, w.request, table.Row{ID: item, Values: map[string]any{"amount": amount}}); err != nil {
			t.Fatal(err)
		}
		w.amounts[item] = amount
		return item
	}
	w.open1 = newItem(1, "Notebook", 500, nil)
	w.open2 = newItem(2, "Cadeira", 300, nil)
	w.bigOpen = newItem(3, "Servidor", 5000, nil)
	secret := id(`INSERT INTO project (name) VALUES ('Secreto') RETURNING id`)
	w.foreign = newItem(4, "Segredo", 10, &secret)
	exec(`UPDATE component SET last_number = 4 WHERE id = $1`, w.request)
	msgs := messages.NewService(messages.NewStore(db))
	send := func(ctx context.Context, tx pgx.Tx, user int64, title, text string) error {
		_, err := msgs.SendTx(ctx, tx, user, title, text)
		return err
	}
	rt := rules.New(slog.New(slog.NewTextHandler(io.Discard, nil)), rules.Limits{Timeout: 300 * time.Millisecond})
	w.svc = workflow.NewService(db, rt, send).WithWIPCheck(kanban.CheckStrictWIP)
	return w
}

func ids(v ...int64) []httpx.ID {
	out := make([]httpx.ID, len(v))
	for i, x := range v {
		out[i] = httpx.ID(x)
	}
	return out
}

func keys(as []workflow.ActionView) string {
	var out []string
	for _, a := range as {
		out = append(out, a.Key)
	}
	return strings.Join(out, ",")
}

// message is what a handler would answer for err: status and the
// user-facing Message in lang.
func message(t *testing.T, err error, lang string) (int, string) {
	t.Helper()
	if err == nil {
		t.Fatal("no error")
	}
	req := httptest.NewRequest(http.MethodPost, "/", nil)
	req = req.WithContext(i18n.With(req.Context(), i18n.Parse(lang)))
	rec := httptest.NewRecorder()
	httpx.WriteError(rec, req, err)
	var body httpx.ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	msg, _, _ := strings.Cut(body.Message, httpx.DetailMarker)
	return rec.Code, msg
}

// setStatus puts items of newWorld in a status as a fixture, with no
// transition nor version: their registry rows, then their type's table rows
// (the registry's system columns and the items' amounts).
func (w *world) setStatus(t *testing.T, status string, items ...int64) {
	t.Helper()
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `UPDATE item SET status_id = $1 WHERE id = ANY($2)`, w.statuses[status], items); err != nil {
		t.Fatal(err)
	}
	rows := make([]table.Row, len(items))
	for i, it := range items {
		rows[i] = table.Row{ID: it, Values: map[string]any{"amount": w.amounts[it]}}
	}
	if err := table.WriteValues(ctx, w.db, w.request, rows...); err != nil {
		t.Fatal(err)
	}
}

// state is an item's status key, version and values (from its type's
// table, retired attributes' too).
func (w *world) state(t *testing.T, item int64) (status string, version int, attrs map[string]any) {
	t.Helper()
	ctx := context.Background()
	var comp int64
	if err := w.db.QueryRow(ctx, `SELECT component_id FROM item WHERE id = $1`, item).Scan(&comp); err != nil {
		t.Fatal(err)
	}
	cols, err := table.Attrs(ctx, w.db, comp)
	if err != nil {
		t.Fatal(err)
	}
	var raw []byte
	err = w.db.QueryRow(ctx, `SELECT s.key, i.version, `+table.AttributesExpr("t", cols)+` FROM item i
		JOIN item_status s ON s.id = i.status_id JOIN `+table.Name(comp)+` t ON t.id = i.id WHERE i.id = $1`, item).
		Scan(&status, &version, &raw)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &attrs); err != nil {
		t.Fatal(err)
	}
	return
}

func TestGetActionsOffersWhatTheCallerMayRunOnTheSelection(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	got, err := w.svc.Actions(ctx, w.ana, workflow.ActionsInput{IDs: ids(w.open1)})
	if err != nil || keys(got) != "submit,withdraw,spin" {
		t.Fatalf("ana on an open item: %s %v", keys(got), err)
	}
	sub := got[0]
	if !sub.AsksResponsible || sub.AsksReason || sub.RuleID != 0 || sub.To.Key != "review" || sub.To.Name != "Em análise" ||
		len(sub.From) != 1 || sub.From[0].ID != w.statuses["open"] {
		t.Errorf("submit = %+v", sub)
	}
	// bia may not update requests and did not create this one.
	_, err = w.svc.Actions(ctx, w.bia, workflow.ActionsInput{IDs: ids(w.open1)})
	if code, msg := message(t, err, "pt-BR"); code != 422 || msg != "Não existem tramitações disponiveis para os item(s) selecionado(s)!" {
		t.Errorf("bia: %d %q", code, msg)
	}
	if _, msg := message(t, err, "en"); msg != "There are no transitions available for the selected item(s)!" {
		t.Errorf("en: %q", msg)
	}
	_, err = w.svc.Actions(ctx, w.ana, workflow.ActionsInput{ComponentID: httpx.ID(w.request)})
	if code, msg := message(t, err, "pt-BR"); code != 400 || msg != "Selecione pelo menos um item!" {
		t.Errorf("no selection: %d %q", code, msg)
	}
	if _, msg := message(t, err, "en"); msg != "Select at least one item!" {
		t.Errorf("en: %q", msg)
	}
	// A status alone (the kanban's column): what may leave it.
	got, err = w.svc.Actions(ctx, w.bia, workflow.ActionsInput{PitID: httpx.ID(w.request), StateID: httpx.ID(w.statuses["review"])})
	// withdraw too: bia may be the creator of some request in review.
	if err != nil || keys(got) != "approve,reject,withdraw" {
		t.Errorf("bia from review: %s %v", keys(got), err)
	}
	if got[0].RuleID != w.actions["approve"] {
		t.Errorf("approve's rule id = %d", got[0].RuleID)
	}
	// Items in other statuses: only what they share.
	w.trigger(t, w.ana, workflow.TriggerInput{IDs: ids(w.open2), Action: workflow.Ref{Key: "submit"}, ResponsibleID: httpx.ID(w.bia.UserID)})
	got, err = w.svc.Actions(ctx, w.ana, workflow.ActionsInput{IDs: ids(w.open1, w.open2)})
	if err != nil || keys(got) != "withdraw" {
		t.Errorf("ana on open + review: %s %v", keys(got), err)
	}
	// The responsible may reject; the panel administrator may run anything.
	got, err = w.svc.Actions(ctx, w.bia, workflow.ActionsInput{IDs: ids(w.open2)})
	if err != nil || keys(got) != "approve,reject" {
		t.Errorf("bia on her review item: %s %v", keys(got), err)
	}
	got, err = w.svc.Actions(ctx, w.admin, workflow.ActionsInput{IDs: ids(w.foreign)})
	if err != nil || keys(got) != "submit,withdraw,spin" {
		t.Errorf("admin: %s %v", keys(got), err)
	}
	// An item in a project the caller is not in does not exist for them.
	if _, err := w.svc.Actions(ctx, w.ana, workflow.ActionsInput{IDs: ids(w.foreign)}); !errors.Is(err, httpx.ErrNotFound) {
		t.Errorf("foreign item: %v", err)
	}
}

func (w *world) trigger(t *testing.T, c workflow.Caller, in workflow.TriggerInput) *workflow.TriggerResult {
	t.Helper()
	res, err := w.svc.Trigger(context.Background(), c, in)
	if err != nil {
		t.Fatalf("trigger %+v: %v", in, err)
	}
	return res
}

func TestTriggerMovesEverySelectedItemWithAVersionAndTellsTheNewResponsible(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `INSERT INTO push_device (user_id, endpoint, p256dh, auth) VALUES ($1, 'https://push.example/1', 'k', 'a')`, w.bia.UserID); err != nil {
		t.Fatal(err)
	}
	res := w.trigger(t, w.ana, workflow.TriggerInput{IDs: ids(w.open2, w.open1), ComponentID: httpx.ID(w.request),
		Action: workflow.Ref{ID: w.actions["submit"]}, Reason: "Para análise", ResponsibleID: httpx.ID(w.bia.UserID)})
	if res.Message != "2 item(s) tramitado(s) para Em análise." || len(res.Items) != 2 || res.Items[0].ID != w.open1 ||
		res.Items[0].Version != 2 || res.Items[0].Status.Key != "review" || *res.Items[0].ResponsibleID != w.bia.UserID ||
		res.Items[0].ModificationDateTicks == 0 {
		t.Fatalf("result = %+v", res)
	}
	var reason, op string
	var status, responsible, modifier int64
	if err := w.db.QueryRow(ctx, `SELECT reason, operation, status_id, responsible_id, modifier_id FROM item_version WHERE item_id = $1 AND version = 2`, w.open1).
		Scan(&reason, &op, &status, &responsible, &modifier); err != nil {
		t.Fatal(err)
	}
	if reason != "Para análise" || op != "action" || status != w.statuses["review"] || responsible != w.bia.UserID || modifier != w.ana.UserID {
		t.Errorf("version: %q %q %d %d %d", reason, op, status, responsible, modifier)
	}
	// bia reads English: one message for both items, and a push to her device.
	var title, text string
	if err := w.db.QueryRow(ctx, `SELECT title, message_text FROM message WHERE user_id = $1`, w.bia.UserID).Scan(&title, &text); err != nil {
		t.Fatal(err)
	}
	if title != "2 Request items assigned to you" || text != "Ana moved the items 1, 2 (Submit) to In review and made you their responsible. Reason: Para análise" {
		t.Errorf("message: %q %q", title, text)
	}
	var pushes int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM job WHERE kind = $1`, messages.PushJobKind).Scan(&pushes); err != nil || pushes != 1 {
		t.Errorf("pushes = %d %v", pushes, err)
	}

	// The rule refuses the big one: neither item moves, nothing is written.
	w.setStatus(t, "review", w.bigOpen)
	_, err := w.svc.Trigger(ctx, w.bia, workflow.TriggerInput{IDs: ids(w.open1, w.bigOpen), Action: workflow.Ref{Key: "approve"}})
	if code, msg := message(t, err, "en"); code != http.StatusUnprocessableEntity || msg != "Valores acima de R$ 1.000 precisam da diretoria." {
		t.Fatalf("approve big: %d %q", code, msg)
	}
	if st, v, attrs := w.state(t, w.open1); st != "review" || v != 2 || attrs["note"] != nil {
		t.Fatalf("open1 after a refused batch: %s v%d %v", st, v, attrs)
	}
	// Alone it moves, with what the rule wrote.
	res = w.trigger(t, w.bia, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "approve"}})
	if strings.Join(res.Items[0].Changed, ",") != "approvedBy,note" {
		t.Errorf("changed = %v", res.Items[0].Changed)
	}
	st, v, attrs := w.state(t, w.open1)
	if st != "approved" || v != 3 || attrs["note"] != "aprovado por Bia" || attrs["approvedBy"] != float64(w.bia.UserID) || attrs["amount"] != float64(500) {
		t.Errorf("open1 approved: %s v%d %v", st, v, attrs)
	}
	// No message to bia herself (she stayed responsible); the rule's message
	// to the creator left with the move, and only then (not with the
	// refused batch).
	rows, err := w.db.Query(ctx, `SELECT u.login || ': ' || m.title FROM message m JOIN app_user u ON u.id = m.user_id ORDER BY m.id`)
	if err != nil {
		t.Fatal(err)
	}
	sent, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || strings.Join(sent, "; ") != "bia: 2 Request items assigned to you; ana: Aprovada: Notebook" {
		t.Errorf("messages = %v %v", sent, err)
	}
}

func TestTransitionsAreRefusedToWhoMayNotRunThem(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	bia := httpx.ID(w.bia.UserID)
	tests := []struct {
		name   string
		c      workflow.Caller
		in     workflow.TriggerInput
		status int
		msg    string
	}{
		{"no update right", w.caio, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "submit"}, ResponsibleID: bia},
			403, "O usuário não possui permissão para executar a tramitação Enviar."},
		{"not the creator", w.bia, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "withdraw"}},
			403, "O usuário não possui permissão para executar a tramitação Retirar."},
		{"not in the project", w.ana, workflow.TriggerInput{IDs: ids(w.open1, w.foreign), Action: workflow.Ref{Key: "withdraw"}},
			404, "O registro não foi encontrado."},
		{"wrong status", w.bia, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "approve"}},
			409, "A tramitação Aprovar não se aplica ao item 1 no status Aberta."},
		{"responsible asked", w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "submit"}},
			400, "Escolha o novo responsável."},
		{"responsible not an approver", w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "submit"}, ResponsibleID: httpx.ID(w.caio.UserID)},
			400, "O responsável escolhido não existe ou não está ativo."},
		{"unknown action", w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "fly"}},
			404, "A tramitação não existe neste tipo de item."},
		{"no selection", w.ana, workflow.TriggerInput{Action: workflow.Ref{Key: "submit"}},
			400, "Selecione pelo menos um item!"},
		{"endless rule", w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "spin"}},
			500, "A regra de negócio request.spin foi interrompida por exceder o tempo limite (linha 2). Avise o administrador da aplicação."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.svc.Trigger(ctx, tt.c, tt.in)
			if code, msg := message(t, err, "pt-BR"); code != tt.status || msg != tt.msg {
				t.Errorf("got %d %q", code, msg)
			}
		})
	}
	if _, msg := message(t, func() error {
		_, err := w.svc.Trigger(i18n.With(ctx, i18n.En), w.caio, tests[0].in)
		return err
	}(), "en"); msg != "The user is not allowed to run the transition Submit." {
		t.Errorf("en: %q", msg)
	}
	// Reject: only the responsible, and only with a reason.
	w.trigger(t, w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "submit"}, ResponsibleID: bia})
	_, err := w.svc.Trigger(ctx, w.bia, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "reject"}, Reason: "  "})
	if code, msg := message(t, err, "pt-BR"); code != 400 || msg != "Informe o motivo da tramitação." {
		t.Errorf("reject without reason: %d %q", code, msg)
	}
	_, err = w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "reject"}, Reason: "Não"})
	if code, _ := message(t, err, "pt-BR"); code != 403 {
		t.Errorf("reject by ana: %d", code)
	}
	w.trigger(t, w.bia, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "reject"}, Reason: "Sem orçamento"})
	// Nothing of the refusals was written: open2 and bigOpen never moved.
	for _, it := range []int64{w.open2, w.bigOpen} {
		if st, v, _ := w.state(t, it); st != "open" || v != 1 {
			t.Errorf("item %d: %s v%d", it, st, v)
		}
	}
	var versions int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item_version`).Scan(&versions); err != nil || versions != 2 {
		t.Errorf("versions = %d %v", versions, err)
	}
}

func TestExecuteTaskActionTakesOneItem(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	_, err := w.svc.ExecuteTaskAction(ctx, w.ana, workflow.TriggerInput{IDs: ids(w.open1, w.open2), Action: workflow.Ref{Key: "withdraw"}})
	if code, msg := message(t, err, "pt-BR"); code != 400 || msg != "Selecione apenas um item" {
		t.Errorf("two items: %d %q", code, msg)
	}
	if _, msg := message(t, err, "en"); msg != "Select only one item" {
		t.Errorf("en: %q", msg)
	}
	res, err := w.svc.ExecuteTaskAction(ctx, w.ana, workflow.TriggerInput{ItemID: httpx.ID(w.open2), Action: workflow.Ref{Key: "withdraw"}})
	if err != nil || res.Items[0].Status.Key != "rejected" {
		t.Fatalf("%+v %v", res, err)
	}
}

func TestValidateByRuleRunsTheRuleAndWritesNothing(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.setStatus(t, "review", w.open1, w.open2, w.bigOpen, w.foreign)
	rule := workflow.Ref{ID: w.actions["approve"]}
	_, err := w.svc.ValidateByRule(ctx, w.bia, workflow.ValidateInput{IDs: ids(w.bigOpen), RuleID: rule, StateID: httpx.ID(w.statuses["review"])})
	if code, msg := message(t, err, "pt-BR"); code != 422 || msg != "Valores acima de R$ 1.000 precisam da diretoria." {
		t.Errorf("big: %d %q", code, msg)
	}
	v, err := w.svc.ValidateByRule(ctx, w.bia, workflow.ValidateInput{IDs: ids(w.open1), RuleID: rule, ComponentID: httpx.ID(w.request)})
	if err != nil || !v.Valid {
		t.Fatalf("%+v %v", v, err)
	}
	if st, ver, attrs := w.state(t, w.open1); st != "review" || ver != 1 || attrs["note"] != nil {
		t.Errorf("validateByRule wrote: %s v%d %v", st, ver, attrs)
	}
	var n int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM message`).Scan(&n); err != nil || n != 0 {
		t.Errorf("validateByRule sent %d messages (%v)", n, err)
	}
	if _, err := w.svc.ValidateByRule(ctx, w.caio, workflow.ValidateInput{IDs: ids(w.open1), RuleID: rule}); !errors.Is(err, httpx.ErrForbidden) {
		t.Errorf("caio: %v", err)
	}
	// The reason triggerAction would refuse is refused here too, before the
	// rule runs on it.
	long := workflow.ValidateInput{IDs: ids(w.open1), RuleID: rule, Reason: strings.Repeat("x", 4001)}
	if code, msg := message(t, tryValidate(ctx, w, long), "en"); code != 400 || msg != "The reason must have at most 4000 characters." {
		t.Errorf("long reason: %d %q", code, msg)
	}
}

func tryValidate(ctx context.Context, w *world, in workflow.ValidateInput) error {
	_, err := w.svc.ValidateByRule(ctx, w.bia, in)
	return err
}

func TestLoadResponsiblesOffersWhoMayBeChosen(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	names := func(in workflow.ResponsiblesInput) string {
		t.Helper()
		rs, err := w.svc.Responsibles(ctx, w.ana, in)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range rs {
			out = append(out, r.Login)
		}
		return strings.Join(out, ",")
	}
	comp := httpx.ID(w.request)
	if got := names(workflow.ResponsiblesInput{ComponentID: comp, Action: workflow.Ref{Key: "submit"}}); got != "bia" {
		t.Errorf("submit: %q", got)
	}
	if got := names(workflow.ResponsiblesInput{IDs: ids(w.open1)}); got != "admin,ana,bia,boss,caio" && got != "ana,bia,boss,caio" {
		t.Errorf("readers: %q", got)
	}
	if got := names(workflow.ResponsiblesInput{ComponentID: comp, Text: "CAIO"}); got != "caio" {
		t.Errorf("text: %q", got)
	}
	if _, err := w.svc.Responsibles(ctx, w.ana, workflow.ResponsiblesInput{}); !errors.Is(err, httpx.ErrInvalid) {
		t.Errorf("nothing named: %v", err)
	}
}

func TestConcurrentTransitionsOfOneItem(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make([]error, 6)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = w.svc.Trigger(ctx, w.ana, workflow.TriggerInput{IDs: ids(w.open1, w.open2), Action: workflow.Ref{Key: "withdraw"}})
		})
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if !errors.Is(err, httpx.ErrConflict) {
			t.Errorf("unexpected: %v", err)
		}
	}
	if ok != 1 {
		t.Errorf("%d transitions won", ok)
	}
	if _, v, _ := w.state(t, w.open1); v != 2 {
		t.Errorf("version %d", v)
	}
}

func TestActionDefinitionsAreCheckedAtImport(t *testing.T) {
	db := testkit.NewDB(t)
	bad := strings.Replace(requestPackage, "allowedTo: {groups: [Aprovadores]}", "allowedTo: {groups: [Ninguém]}", 1)
	p, err := apppkg.Parse("wf.yaml", []byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = apppkg.Import(context.Background(), db, "wf.yaml", p)
	var inv *apppkg.Invalid
	if !errors.As(err, &inv) || !strings.Contains(err.Error(), `group "Ninguém" does not exist`) {
		t.Errorf("unknown group: %v", err)
	}
	broken := strings.Replace(requestPackage, "var n = 0;", "var n = ;", 1)
	_, err = apppkg.Parse("wf.yaml", []byte(broken))
	if !errors.As(err, &inv) || !strings.Contains(err.Error(), `action "spin": rule line 1:`) {
		t.Errorf("rule syntax: %v", err)
	}
	nobody := strings.Replace(requestPackage, "allowedTo: {creator: true}", "allowedTo: {}", 1)
	if _, err = apppkg.Parse("wf.yaml", []byte(nobody)); err == nil || !strings.Contains(err.Error(), "allowedTo names nobody") {
		t.Errorf("allowedTo {}: %v", err)
	}
}
