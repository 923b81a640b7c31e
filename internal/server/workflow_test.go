package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/table"
)

// A ticket goes new → taken (by a responsible chosen from Atendentes) →
// closed (only by Atendentes, and the rule wants a solution first).
const workflowWiringPackage = `
key: desk
application: {name: {pt-BR: Mesa, en: Desk}}
groups: [Todos]
components:
  - key: ticket
    name: {pt-BR: Chamado, en: Ticket}
    permissions:
      - {group: Todos, rights: [read, create, update]}
    attributes:
      - {key: solution, name: {pt-BR: Solução}, type: STRING}
    statuses:
      - {key: new, name: {pt-BR: Novo, en: New}, initial: true}
      - {key: taken, name: {pt-BR: Em atendimento, en: Taken}}
      - {key: closed, name: {pt-BR: Fechado, en: Closed}, final: true}
    actions:
      - key: take
        name: {pt-BR: Atender, en: Take}
        from: [new]
        to: taken
        requiresReason: true
        asksResponsible: true
        responsibleGroups: [Atendentes]
      - key: close
        name: {pt-BR: Fechar, en: Close}
        from: [taken]
        to: closed
        allowedTo: {groups: [Atendentes]}
        rule: |
          if (!item.solution) fail(params.lang === "en" ? "Write the solution first." : "Escreva a solução antes.");
      - key: hang
        name: {pt-BR: Travar, en: Hang}
        from: [new]
        to: closed
        rule: |
          for (;;) {}
`

// The workflow calls through the whole server: language, selection messages,
// the new responsible's message, a refused action, a rule's own message and
// an endless rule stopped and reported.
func TestWorkflowWiredEndToEnd(t *testing.T) {
	s := newRobustServer(t)
	ctx := context.Background()
	hash, err := auth.HashPassword(robustPlainPassword)
	if err != nil {
		t.Fatal(err)
	}
	s.exec(`INSERT INTO app_user (login, name, email, password_hash, password_changed_at, language) VALUES ('tech', 'Tech', 'tech@example.com', $1, now(), 'en')`, hash)
	s.exec(`INSERT INTO user_group (name) VALUES ('Atendentes')`)
	s.exec(`INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u WHERE g.name = 'Atendentes' AND u.login = 'tech'`)
	p, err := apppkg.Parse("desk.yaml", []byte(workflowWiringPackage))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, s.pool, "desk.yaml", p); err != nil {
		t.Fatal(err)
	}
	var comp, item, tech int64
	if err := s.pool.QueryRow(ctx, `SELECT id FROM component WHERE key = 'ticket'`).Scan(&comp); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.QueryRow(ctx, `INSERT INTO item (component_id, number, title, status_id, creator_id)
		SELECT $1, 1, 'Impressora', s.id, u.id FROM item_status s, app_user u WHERE s.component_id = $1 AND s.key = 'new' AND u.login = 'plain'
		RETURNING id, (SELECT id FROM app_user WHERE login = 'tech')`, comp).Scan(&item, &tech); err != nil {
		t.Fatal(err)
	}
	if err := table.Copy(ctx, s.pool, comp); err != nil {
		t.Fatal(err)
	}
	techToken := s.login("tech", robustPlainPassword)
	post := func(path, token, lang string, body any) (int, map[string]any, []any) {
		t.Helper()
		b, _ := json.Marshal(body)
		code, raw := s.call("POST", "/api/genericItem/"+path, token, "application/json", string(b), lang)
		var obj map[string]any
		var arr []any
		if json.Unmarshal(raw, &obj) != nil {
			_ = json.Unmarshal(raw, &arr)
		}
		return code, obj, arr
	}
	msg := func(obj map[string]any) string {
		m, _, _ := strings.Cut(fmt.Sprint(obj["Message"]), httpx.DetailMarker)
		return m
	}

	code, obj, _ := post("getActions", s.plain, "pt-BR", map[string]any{"componentId": comp})
	if code != 400 || msg(obj) != "Selecione pelo menos um item!" {
		t.Errorf("getActions without selection: %d %v", code, obj)
	}
	code, obj, _ = post("executeTaskAction", s.plain, "en", map[string]any{"ids": []int64{item, item + 1}, "action": "take"})
	if code != 400 || msg(obj) != "Select only one item" {
		t.Errorf("executeTaskAction with two: %d %v", code, obj)
	}
	code, _, arr := post("getActions", s.plain, "en", map[string]any{"ids": []int64{item}})
	if code != 200 || len(arr) != 2 || arr[0].(map[string]any)["key"] != "take" || arr[0].(map[string]any)["asksResponsible"] != true {
		t.Fatalf("getActions: %d %v", code, arr)
	}
	code, _, arr = post("loadResponsibles", s.plain, "en", map[string]any{"ids": []int64{item}, "action": "take"})
	if code != 200 || len(arr) != 1 || arr[0].(map[string]any)["login"] != "tech" {
		t.Fatalf("loadResponsibles: %d %v", code, arr)
	}
	code, obj, _ = post("triggerAction", s.plain, "en", map[string]any{"ids": []int64{item}, "componentId": comp, "action": "take",
		"reason": "Printer jammed", "responsibleId": tech})
	if code != 200 || msg(obj) != "1 item(s) moved to Taken." {
		t.Fatalf("triggerAction: %d %v", code, obj)
	}
	// The new responsible finds the message, in English as they read.
	code, raw := s.call("GET", "/api/message/getMessages", techToken, "", "", "pt-BR")
	if code != 200 || !strings.Contains(string(raw), "Ticket 1 assigned to you") || !strings.Contains(string(raw), "Reason: Printer jammed") {
		t.Errorf("tech's messages: %d %s", code, raw)
	}
	// plain is not an Atendente: the server refuses close, whatever the client shows.
	code, obj, _ = post("triggerAction", s.plain, "pt-BR", map[string]any{"ids": []int64{item}, "action": "close"})
	if code != 403 || msg(obj) != "O usuário não possui permissão para executar a tramitação Fechar." {
		t.Errorf("close by plain: %d %v", code, obj)
	}
	// The rule blocks with its message until a solution is written.
	code, obj, _ = post("validateByRule", techToken, "en", map[string]any{"ids": []int64{item}, "ruleId": "close"})
	if code != 422 || msg(obj) != "Write the solution first." {
		t.Errorf("validateByRule: %d %v", code, obj)
	}
	code, obj, _ = post("triggerAction", techToken, "pt-BR", map[string]any{"ids": []int64{item}, "action": "close"})
	if code != 422 || msg(obj) != "Escreva a solução antes." {
		t.Errorf("close without solution: %d %v", code, obj)
	}
	if err := table.WriteValues(ctx, s.pool, comp, table.Row{ID: item, Values: map[string]any{"solution": "Papel trocado"}}); err != nil {
		t.Fatal(err)
	}
	code, obj, _ = post("triggerAction", techToken, "pt-BR", map[string]any{"ids": []int64{item}, "action": "close"})
	if code != 200 {
		t.Errorf("close: %d %v", code, obj)
	}
	// An endless rule is stopped by the time limit and reported with its line.
	s.exec(`UPDATE item SET status_id = (SELECT id FROM item_status WHERE component_id = $2 AND key = 'new') WHERE id = $1`, item, comp)
	code, obj, _ = post("triggerAction", s.admin, "en", map[string]any{"ids": []int64{item}, "action": "hang"})
	if code != http.StatusInternalServerError || msg(obj) != "The business rule ticket.hang was stopped for exceeding its time limit (line 1). Tell the application's administrator." {
		t.Errorf("endless rule: %d %v", code, obj)
	}
	var status string
	if err := s.pool.QueryRow(ctx, `SELECT s.key FROM item i JOIN item_status s ON s.id = i.status_id WHERE i.id = $1`, item).Scan(&status); err != nil || status != "new" {
		t.Errorf("after the endless rule: %s %v", status, err)
	}
}
