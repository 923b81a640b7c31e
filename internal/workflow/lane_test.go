package workflow_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/rules"
	"github.com/tramita/tramita/internal/workflow"
)

// The request package with two picklists and a board split by one of them:
// size may be edited in a list (editInGrid), area may not.
var lanePackage = strings.NewReplacer(
	"groups: [Todos]\ncomponents:", `groups: [Todos]
picklists:
  - key: size
    name: {pt-BR: Tamanho, en: Size}
    items:
      - {value: s, text: {pt-BR: Pequeno, en: Small}}
      - {value: l, text: {pt-BR: Grande, en: Large}}
  - key: area
    name: {pt-BR: Área}
    items:
      - {value: it, text: {pt-BR: TI}}
      - {value: hr, text: {pt-BR: RH}}
components:`,
	"      - {key: note, name: {pt-BR: Nota}, type: STRING}\n", `      - {key: note, name: {pt-BR: Nota}, type: STRING}
      - {key: size, name: {pt-BR: Tamanho, en: Size}, type: PICKLIST, picklist: size, editInGrid: true}
      - {key: area, name: {pt-BR: Área}, type: PICKLIST, picklist: area}
`).Replace(requestPackage) + `    views:
      - key: board
        name: {pt-BR: Quadro, en: Board}
        kind: kanban
        fields: {swimlane: size}
`

func TestACardDroppedIntoAnotherLaneTakesTheLanesValue(t *testing.T) {
	w := newWorldOf(t, lanePackage)
	ctx := context.Background()
	rt := rules.New(slog.New(slog.NewTextHandler(io.Discard, nil)), rules.Limits{})
	hosts := func(ctx context.Context, tx pgx.Tx, c items.Caller, componentID int64) (rules.Host, func(context.Context) error, error) {
		return w.svc.RuleHost(ctx, tx, workflow.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, componentID)
	}
	fr := forms.NewFormRules(items.NewService(items.NewStore(w.db), nil), w.db, rt, hosts, nil)
	svc := kanban.NewService(kanban.NewStore(w.db), nil).WithLanes(kanban.WorkflowLanes{Workflow: w.svc, FormRules: fr})
	var board int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_view WHERE key = 'board'`).Scan(&board); err != nil {
		t.Fatal(err)
	}
	kc := func(c workflow.Caller) kanban.Caller {
		return kanban.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}
	}
	// The version of an item as the board shows it.
	stamp := func(item int64) int64 {
		t.Helper()
		all := int64(0)
		b, err := svc.Board(ctx, kc(w.admin), kanban.BoardInput{ViewID: board, QueryID: &all})
		if err != nil {
			t.Fatal(err)
		}
		for _, col := range b.Columns {
			for _, card := range col.Cards {
				if card.ID == item {
					return card.ModificationDateTicks
				}
			}
		}
		t.Fatalf("item %d not on the board", item)
		return 0
	}
	set := func(c workflow.Caller, item int64, field string, value any, ticks any) (*kanban.LaneResult, error) {
		return svc.SetLane(ctx, kc(c), kanban.LaneInput{ViewID: board, ItemID: item, Field: field, Value: value, ModificationDateTicks: ticks})
	}

	// Ana (an editor) drops Notebook into Bia's lane: Bia is its responsible, told in her language.
	before := stamp(w.open1)
	res, err := set(w.ana, w.open1, "ResponsibleName", float64(w.bia.UserID), float64(before))
	if err != nil {
		t.Fatal(err)
	}
	if res.Message != "Solicitação 1 agora na raia Bia." {
		t.Errorf("message: %q", res.Message)
	}
	var responsible *int64
	var version int
	var status int64
	if err := w.db.QueryRow(ctx, `SELECT responsible_id, version, status_id FROM item WHERE id = $1`, w.open1).Scan(&responsible, &version, &status); err != nil {
		t.Fatal(err)
	}
	if responsible == nil || *responsible != w.bia.UserID || version != 2 || status != w.statuses["open"] {
		t.Errorf("after the drop: responsible %v, version %d, status %d", responsible, version, status)
	}
	var title, text string
	if err := w.db.QueryRow(ctx, `SELECT title, message_text FROM message WHERE user_id = $1`, w.bia.UserID).Scan(&title, &text); err != nil {
		t.Fatal(err)
	}
	if title != "Request 1 assigned to you" || text != `Ana made you the responsible for "Notebook" on the board Quadro.` {
		t.Errorf("Bia's message: %q %q", title, text)
	}
	var versions int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item_version WHERE item_id = $1 AND operation = 'field'`, w.open1).Scan(&versions); err != nil {
		t.Fatal(err)
	}
	if versions != 1 {
		t.Errorf("%d field versions", versions)
	}

	// The board's old version of the card is stale now.
	_, err = set(w.ana, w.open1, "ResponsibleName", nil, float64(before))
	if code, _ := message(t, err, "pt-BR"); code != http.StatusConflict {
		t.Errorf("stale: %d", code)
	}
	// Back to no responsible, with the new version.
	if res, err := set(w.ana, w.open1, "ResponsibleName", nil, float64(stamp(w.open1))); err != nil || res.Message != "Solicitação 1 agora na raia Sem responsável." {
		t.Errorf("no responsible: %v %+v", err, res)
	}

	// Caio may read requests but not update them: refused, as a form would refuse him.
	_, err = set(w.caio, w.open2, "ResponsibleName", float64(w.bia.UserID), float64(stamp(w.open2)))
	if code, msg := message(t, err, "pt-BR"); code != http.StatusForbidden || msg != "O usuário não possui permissão de editar o item." {
		t.Errorf("caio: %d %q", code, msg)
	}
	// A responsible who does not exist.
	_, err = set(w.ana, w.open2, "ResponsibleName", float64(999999), float64(stamp(w.open2)))
	if code, _ := message(t, err, "pt-BR"); code != http.StatusBadRequest {
		t.Errorf("unknown user: %d", code)
	}
	// An item in a project Ana is not in: not found, as anywhere.
	_, err = set(w.ana, w.foreign, "ResponsibleName", float64(w.bia.UserID), float64(1))
	if code, _ := message(t, err, "pt-BR"); code != http.StatusNotFound {
		t.Errorf("foreign item: %d", code)
	}

	// A picklist lane: written as a list's cell edit writes it.
	res, err = set(w.ana, w.open2, "size", "l", float64(stamp(w.open2)))
	if err != nil {
		t.Fatal(err)
	}
	if res.Message != "Solicitação 2 agora na raia Grande." {
		t.Errorf("size: %q", res.Message)
	}
	if _, _, attrs := w.state(t, w.open2); attrs["size"] != "l" {
		t.Errorf("size after the drop: %v", attrs["size"])
	}
	en, err := svc.SetLane(i18n.With(ctx, i18n.En), kc(w.ana), kanban.LaneInput{ViewID: board, ItemID: w.open2, Field: "size", Value: nil,
		ModificationDateTicks: float64(stamp(w.open2))})
	if err != nil || en.Message != "Request 2 now in lane No value." {
		t.Errorf("en: %v %+v", err, en)
	}
	// A picklist a list may not edit: the grid's refusal.
	_, err = set(w.ana, w.open2, "area", "it", float64(stamp(w.open2)))
	if code, msg := message(t, err, "pt-BR"); code != http.StatusBadRequest || !strings.Contains(msg, "não pode ser editado na lista") {
		t.Errorf("area: %d %q", code, msg)
	}
	// Caio may not write a picklist either.
	_, err = set(w.caio, w.open2, "size", "s", float64(stamp(w.open2)))
	if code, _ := message(t, err, "pt-BR"); code != http.StatusForbidden {
		t.Errorf("caio's size: %d", code)
	}
	// What is not a lane of the board.
	_, err = set(w.ana, w.open2, "note", "x", float64(stamp(w.open2)))
	if code, msg := message(t, err, "pt-BR"); code != http.StatusBadRequest || msg != "O campo note não divide este quadro em raias." {
		t.Errorf("note: %d %q", code, msg)
	}
	_, err = set(w.ana, w.open2, "size", "xl", float64(stamp(w.open2)))
	if code, msg := message(t, err, "en"); code != http.StatusBadRequest || msg != "The value is not a lane of Tamanho." {
		t.Errorf("xl: %d %q", code, msg)
	}
	_, err = set(w.ana, w.open2, "ResponsibleName", "Bia", float64(stamp(w.open2)))
	if code, _ := message(t, err, "pt-BR"); code != http.StatusBadRequest {
		t.Errorf("a name for a user: %d", code)
	}
}
