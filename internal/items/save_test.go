package items_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// newTask creates a task of project "Transformação Digital" as ana.
func (w *world) newTask(t *testing.T, values items.Values) *items.SaveItemResult {
	t.Helper()
	base := items.Values{"Title": "Migrar o ERP", "priority": "high"}
	for k, v := range values {
		base[k] = v
	}
	res, err := w.svc.SaveItem(context.Background(), w.ana, items.SaveItemInput{Item: base, Component: httpx.ID(w.task),
		ProjectID: httpx.ID(w.project(t, "Transformação Digital"))})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func (w *world) versions(t *testing.T, id int64) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), `SELECT count(*) FROM item_version WHERE item_id = $1`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSaveItemCreatesEditsRefusesStaleSavesAndKeepsHistory(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	created := w.newTask(t, items.Values{"cost": json.Number("1234.5"), "dueDate": "2025-03-04", "milestone": true,
		"description": `<p onclick="x()">Plano <script>alert(1)</script><b>aprovado</b></p>`})
	if created.Message != "Item Salvo com Sucesso" || created.FormattedID != 181 || created.Version != 1 || created.ModificationDateTicks == 0 {
		t.Fatalf("created: %+v", created)
	}
	if created.Item["StatusName"] != "A fazer" || created.Item["dueDate"] != "2025-03-04T00:00:00Z" ||
		created.Item["description"] != "<p>Plano <b>aprovado</b></p>" || created.Item["cost"] != json.Number("1234.5") {
		t.Fatalf("stored values: %+v", created.Item)
	}
	edit := items.Values{}
	for k, v := range created.Item {
		edit[k] = v
	}
	edit["cost"], edit["progress"], edit["Title"] = json.Number("99.9"), json.Number("50"), "Migrar o ERP e o CRM"
	delete(edit, "milestone")
	saved, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: edit, Component: httpx.ID(w.task)})
	if err != nil {
		t.Fatal(err)
	}
	if saved.Version != 2 || saved.ModificationDateTicks <= created.ModificationDateTicks || saved.Item["Title"] != "Migrar o ERP e o CRM" ||
		saved.Item["milestone"] != true {
		t.Fatalf("edit (an absent field keeps its value): %+v", saved)
	}
	// A second browser still holds version 1: refused, nothing written.
	stale := items.Values{}
	for k, v := range created.Item {
		stale[k] = v
	}
	stale["cost"] = json.Number("1")
	_, err = w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: stale, Component: httpx.ID(w.task)})
	if status(err) != 409 || !strings.Contains(message(ctx, err), "alterado por Ana") || !strings.Contains(message(ctx, err), "versão 2") {
		t.Fatalf("stale save: %v %q", err, message(ctx, err))
	}
	delete(stale, "modificationDateTicks")
	if _, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: stale, Component: httpx.ID(w.task)}); status(err) != 400 {
		t.Fatalf("a change without its version: %v", err)
	}
	if n := w.versions(t, saved.ID); n != 2 {
		t.Fatalf("versions after refused saves: %d", n)
	}
	// Saving what is stored writes nothing.
	same, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: saved.Item, Component: httpx.ID(w.task)})
	if err != nil || same.Version != 2 || same.ModificationDateTicks != saved.ModificationDateTicks {
		t.Fatalf("unchanged save: %+v %v", same, err)
	}
	// refreshItem: the stale browser learns the item changed.
	r, err := w.svc.RefreshItem(ctx, w.ana, items.RefreshInput{ItemID: httpx.ID(saved.ID), Component: httpx.ID(w.task),
		ModificationDateTicks: httpx.ID(created.ModificationDateTicks)})
	if err != nil || !r.Changed || r.Version != 2 || r.Item["Title"] != "Migrar o ERP e o CRM" || r.ModifierName != "Ana" {
		t.Fatalf("refresh of a stale copy: %+v %v", r, err)
	}
	r, err = w.svc.RefreshItem(ctx, w.ana, items.RefreshInput{ItemID: httpx.ID(saved.ID), Component: httpx.ID(w.task),
		ModificationDateTicks: httpx.ID(saved.ModificationDateTicks)})
	if err != nil || r.Changed || r.Item != nil {
		t.Fatalf("refresh of the current copy: %+v %v", r, err)
	}
	// History: two versions, newest first, and a readable diff.
	hist, err := w.svc.History(ctx, w.ana, saved.ID, 0, true)
	if err != nil || len(hist) != 2 || hist[0].Version != 2 || hist[1].OperationName != "Criação" || hist[0].OperationName != "Edição" ||
		hist[0].ModifierName != "Ana" {
		t.Fatalf("history: %+v %v", hist, err)
	}
	if got := strings.Join(hist[0].ChangedFields, ","); got != "Title,progress,cost" {
		t.Fatalf("changed fields: %s", got)
	}
	changes, err := w.svc.AttributeChanges(ctx, w.ana, hist[0].ID, hist[1].ID, w.task)
	if err != nil {
		t.Fatal(err)
	}
	byField := map[string]items.AttributeChange{}
	for _, ch := range changes {
		byField[ch.Field] = ch
	}
	if c := byField["cost"]; !c.Changed || c.Previous != "R$ 1.234,50" || c.Current != "R$ 99,90" || c.Label != "Custo" {
		t.Fatalf("cost change: %+v", c)
	}
	if c := byField["priority"]; c.Changed || c.Current != "Alta" {
		t.Fatalf("priority (unchanged): %+v", c)
	}
	if c := byField["milestone"]; c.Changed || c.Current != "Sim" {
		t.Fatalf("milestone: %+v", c)
	}
	if c := byField["dueDate"]; c.Current != "04/03/2025" {
		t.Fatalf("due date: %+v", c)
	}
	if c := byField["StatusName"]; c.Current != "A fazer" || c.Changed {
		t.Fatalf("status: %+v", c)
	}
	creation, err := w.svc.AttributeChanges(ctx, w.ana, hist[1].ID, 0, 0)
	if err != nil || len(creation) != len(changes) {
		t.Fatalf("creation diff: %v", err)
	}
	// bia may not read the project of another item's version pair.
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT v.id FROM item_version v JOIN item i ON i.id = v.item_id WHERE i.project_id = $1 LIMIT 1`, w.secret).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.AttributeChanges(ctx, w.bia, foreign, 0, 0); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("foreign version: %v", err)
	}
	if _, err := w.svc.AttributeChanges(ctx, w.ana, hist[0].ID, foreign, 0); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("versions of two items: %v", err)
	}
}

func TestSaveItemValidatesAsTheFormDoes(t *testing.T) {
	w := newWorld(t)
	pt := context.Background()
	en := i18n.With(context.Background(), i18n.En)
	cases := []struct {
		name   string
		ctx    context.Context
		values items.Values
		want   string
	}{
		{"required title", pt, items.Values{"Title": "  "}, "Título: preencha este campo"},
		{"required attribute", en, items.Values{"priority": nil}, "Priority: fill in this field"},
		{"range", pt, items.Values{"progress": json.Number("150")}, "Progresso: o valor deve estar entre 0 e 100"},
		{"range in English", en, items.Values{"progress": json.Number("-1")}, "Progress: value must be between 0 and 100"},
		{"default maximum", en, items.Values{"cost": json.Number("1e22")}, "Cost: value must be between 0 and 1000000000000000000000"},
		{"integer", pt, items.Values{"storyPoints": json.Number("2.5")}, "Pontos: informe um número inteiro"},
		{"decimal scale", pt, items.Values{"cost": json.Number("10.123")}, "Custo: use no máximo 2 casas decimais"},
		{"not a number", pt, items.Values{"estimate": "muito"}, "Estimativa: informe um número"},
		{"year before 1753", pt, items.Values{"dueDate": "1700-01-01"}, "Prazo: informe uma data válida, com ano entre 1753 e 9999"},
		{"incorrect date", en, items.Values{"startDate": "31/02/2025"}, "Start: incorrect date"},
		{"mask", pt, items.Values{"code": "ab-12"}, "Código: preencha no formato aaa-9999"},
		{"phone", pt, items.Values{"phone": "12345"}, "Telefone do contato: preencha no formato (99) 99999-9999"},
		{"zip", pt, items.Values{"zip": "123"}, "CEP: CEP inválido"},
		{"option", pt, items.Values{"priority": "urgent"}, "Prioridade: escolha uma opção da lista"},
		{"option of another parent", pt, items.Values{"area": "it", "subarea": "logistics"}, "Subárea: a opção não pertence ao valor escolhido em Área"},
		{"reference", pt, items.Values{"reviewer": json.Number("999999")}, "Revisor: o registro escolhido não existe ou não está disponível"},
		{"image", pt, items.Values{"photo": "data:image/png;base64,aGVsbG8="}, "Foto: Arquivo Inválido"},
		{"boolean", pt, items.Values{"milestone": "sim"}, "Marco: escolha sim ou não"},
		{"text too long", pt, items.Values{"Title": strings.Repeat("x", 201)}, "Título: use no máximo 200 caracteres"},
		{"option with a NUL", pt, items.Values{"priority": "hi\u0000gh"}, "Prioridade: escolha uma opção da lista"},
		{"text with a NUL", pt, items.Values{"code": "ab\u0000-1234"}, "Código: informe um texto"},
		{"several", pt, items.Values{"progress": json.Number("150"), "code": "x"}, "Verifique os campos: Progresso, Código."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := items.Values{"Title": "Migrar o ERP", "priority": "high"}
			for k, v := range c.values {
				base[k] = v
			}
			_, err := w.svc.SaveItem(c.ctx, w.ana, items.SaveItemInput{Item: base, Component: httpx.ID(w.task),
				ProjectID: httpx.ID(w.project(t, "Transformação Digital"))})
			if status(err) != 400 || message(c.ctx, err) != c.want {
				t.Fatalf("got %d %q, want %q", status(err), message(c.ctx, err), c.want)
			}
		})
	}
	if _, err := w.svc.SaveItem(pt, w.ana, items.SaveItemInput{Item: items.Values{"id": "abc", "Title": "x"},
		Component: httpx.ID(w.task)}); status(err) != 400 {
		t.Fatalf("a malformed id: %v", err)
	}
	// What the form accepts.
	ok := w.newTask(t, items.Values{"code": "abc-1234", "phone": "(11) 3333-4444", "zip": "01310100", "area": "it", "subarea": "dev",
		"storyPoints": json.Number("8"), "startDate": "2025-01-02T09:30:00-03:00", "reviewer": json.Number(itoa(w.bia.UserID)),
		"photo":         "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
		"ResponsibleID": json.Number(itoa(w.bia.UserID))})
	if ok.Item["zip"] != "01310-100" || ok.Item["startDate"] != "2025-01-02T00:00:00Z" || ok.Item["ResponsibleName"] != "Bia" ||
		ok.Display["reviewer"] != "Bia" || ok.Display["subarea"] != "Desenvolvimento" {
		t.Fatalf("accepted values: %+v %+v", ok.Item, ok.Display)
	}
}

// A save with a refused value and empty required fields names every one of
// them, each with its own message, not only the first found.
func TestSaveItemNamesEveryFailingField(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	_, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Component: httpx.ID(w.task),
		ProjectID: httpx.ID(w.project(t, "Transformação Digital")),
		Item:      items.Values{"Title": "", "priority": nil, "progress": json.Number("150"), "code": "x"}})
	e, ok := httpx.AsError(err)
	if !ok || e.Status != 400 {
		t.Fatalf("save: %v", err)
	}
	got := map[string]string{}
	for _, v := range e.Validations {
		got[v.Field] = i18n.T(i18n.PtBR, v.Key, v.Args...)
	}
	want := map[string]string{"Title": "preencha este campo", "priority": "preencha este campo",
		"progress": "o valor deve estar entre 0 e 100", "code": "preencha no formato aaa-9999"}
	if !maps.Equal(got, want) {
		t.Fatalf("validations %v, want %v", got, want)
	}
	if m := message(ctx, err); !strings.HasPrefix(m, "Verifique os campos: ") || strings.Count(m, ",") != 3 {
		t.Fatalf("message %q", m)
	}
}

func TestSaveItemFollowsTheAccessRules(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.project(t, "Transformação Digital")
	mine := w.newTask(t, nil)
	// bia reads the project but may not write in it.
	_, err := w.svc.SaveItem(ctx, w.bia, items.SaveItemInput{Item: items.Values{"id": json.Number(itoa(mine.ID)), "Title": "Outro",
		"modificationDateTicks": mine.ModificationDateTicks}, Component: httpx.ID(w.task)})
	// The refusal says why: bia is in the project to read only.
	if status(err) != 403 || message(ctx, err) != "O usuário participa do projeto Transformação Digital somente para leitura." {
		t.Fatalf("bia edits: %v", err)
	}
	if _, err := w.svc.SaveItem(ctx, w.bia, items.SaveItemInput{Item: items.Values{"Title": "Nova", "priority": "low"},
		Component: httpx.ID(w.task), ProjectID: httpx.ID(digital)}); status(err) != 403 {
		t.Fatalf("bia creates in a project she reads only: %v", err)
	}
	if _, err := w.svc.SaveItem(ctx, w.bia, items.SaveItemInput{Item: items.Values{"Title": "Nova", "priority": "low"},
		Component: httpx.ID(w.task), ProjectID: httpx.ID(w.secret)}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("bia creates in a foreign project: %v", err)
	}
	if _, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: items.Values{"Title": "Sem projeto", "priority": "low"},
		Component: httpx.ID(w.task)}); status(err) != 400 {
		t.Fatalf("a project-scoped item without a project: %v", err)
	}
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 AND component_id = $2 LIMIT 1`, w.secret, w.task).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.SaveItem(ctx, w.bia, items.SaveItemInput{Item: items.Values{"id": json.Number(itoa(foreign)), "Title": "x",
		"modificationDateTicks": 1}, Component: httpx.ID(w.task)}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("bia edits a foreign item: %v", err)
	}
	p, err := w.svc.CheckPermissionToUpdate(ctx, w.bia, items.CheckPermissionInput{Item: httpx.ID(mine.ID), Component: httpx.ID(w.task)})
	if err != nil || p.CanUpdate || p.Message != "O usuário participa do projeto Transformação Digital somente para leitura." {
		t.Fatalf("bia's permission: %+v %v", p, err)
	}
	p, err = w.svc.CheckPermissionToUpdate(ctx, w.ana, items.CheckPermissionInput{Item: httpx.ID(mine.ID), Component: httpx.ID(w.task),
		Status: httpx.ID(999)})
	if err != nil || !p.CanUpdate || !p.Changed {
		t.Fatalf("ana's permission: %+v %v", p, err)
	}
	if _, err := w.svc.CheckPermissionToUpdate(ctx, w.bia, items.CheckPermissionInput{Item: httpx.ID(foreign), Component: httpx.ID(w.task)}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("bia checks a foreign item: %v", err)
	}
	// Change requests grant create, not update.
	var change int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'changeRequest'`).Scan(&change); err != nil {
		t.Fatal(err)
	}
	cr, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: items.Values{"Title": "Trocar servidor", "justification": "<p>Fim da garantia</p>"},
		Component: httpx.ID(change), ProjectID: httpx.ID(digital)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: items.Values{"id": json.Number(itoa(cr.ID)), "Title": "Trocar dois",
		"modificationDateTicks": cr.ModificationDateTicks}, Component: httpx.ID(change)})
	if status(err) != 403 || message(ctx, err) != "O usuário não possui permissão de editar itens do tipo Solicitação de mudança." {
		t.Fatalf("update without the right: %v", err)
	}
	en := i18n.With(ctx, i18n.En)
	if p, err := w.svc.CheckPermissionToUpdate(en, w.ana, items.CheckPermissionInput{Item: httpx.ID(cr.ID), Component: httpx.ID(change)}); err != nil ||
		p.CanUpdate || p.Message != "The user is not allowed to edit items of type Change request." {
		t.Fatalf("ana's permission on a change request: %+v %v", p, err)
	}
	// A field the form shows read-only is never written.
	if _, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: items.Values{"Title": "Aprovada já", "justification": "x",
		"approvedOn": "2025-01-01"}, Component: httpx.ID(change), ProjectID: httpx.ID(digital)}); status(err) != 400 ||
		message(ctx, err) != "Aprovada em: este formulário não altera este campo" {
		t.Fatalf("read-only field: %v", err)
	}
}

func TestGridAndBulkEditsAreAllOrNothing(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	a, b, c := w.newTask(t, nil), w.newTask(t, nil), w.newTask(t, nil)
	res, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(a.ID), ComponentID: httpx.ID(w.task),
		Field: "progress", Value: json.Number("40"), ModificationDateTicks: a.ModificationDateTicks})
	if err != nil || res.Version != 2 || res.Item["progress"] != json.Number("40") {
		t.Fatalf("grid edit: %+v %v", res, err)
	}
	if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(a.ID), ComponentID: httpx.ID(w.task),
		Field: "progress", Value: json.Number("41"), ModificationDateTicks: a.ModificationDateTicks}); status(err) != 409 {
		t.Fatalf("stale grid edit: %v", err)
	}
	if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(a.ID), ComponentID: httpx.ID(w.task),
		Field: "progress", Value: json.Number("101"), ModificationDateTicks: res.ModificationDateTicks}); status(err) != 400 {
		t.Fatalf("grid edit out of range: %v", err)
	}
	if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(a.ID), ComponentID: httpx.ID(w.task),
		Field: "cost", Value: json.Number("10"), ModificationDateTicks: res.ModificationDateTicks}); status(err) != 400 ||
		message(ctx, err) != "Custo: este campo não pode ser editado na lista" {
		t.Fatalf("grid edit of a field without editInGrid: %v", err)
	}
	hist, err := w.svc.History(ctx, w.ana, a.ID, w.task, false)
	if err != nil || hist[0].Operation != "field" || hist[0].OperationName != "Edição na lista" {
		t.Fatalf("grid edit history: %+v %v", hist, err)
	}
	ids := []int64{a.ID, b.ID, c.ID}
	// One refused value: nothing written.
	_, err = w.svc.BulkUpdateItems(ctx, w.ana, items.BulkUpdateInput{IDs: ids, ComponentID: httpx.ID(w.task),
		Values: items.Values{"priority": "low", "progress": json.Number("500")}})
	if status(err) != 400 {
		t.Fatalf("bulk with a bad value: %v", err)
	}
	// One item bia may not change: nothing written.
	var readOnly int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 AND component_id = $2 LIMIT 1`,
		w.project(t, "Transformação Digital"), w.task).Scan(&readOnly); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.BulkUpdateItems(ctx, w.bia, items.BulkUpdateInput{IDs: []int64{readOnly}, ComponentID: httpx.ID(w.task),
		Values: items.Values{"priority": "low"}}); status(err) != 403 {
		t.Fatalf("bia's bulk edit: %v", err)
	}
	if _, err := w.svc.BulkUpdateItems(ctx, w.ana, items.BulkUpdateInput{IDs: append(ids, 999999), ComponentID: httpx.ID(w.task),
		Values: items.Values{"priority": "low"}}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("bulk with a missing item: %v", err)
	}
	low := func() (n int) {
		for _, id := range ids {
			if v := w.value(t, id, "priority"); v != nil && *v == "low" {
				n++
			}
		}
		return n
	}
	if n := low(); n != 0 {
		t.Fatalf("refused bulk edits wrote %d items", n)
	}
	out, err := w.svc.BulkUpdateItems(ctx, w.ana, items.BulkUpdateInput{IDs: ids, ComponentID: httpx.ID(w.task),
		Values: items.Values{"priority": "low", "milestone": true}})
	if err != nil || out.Updated != 3 || out.Message != "Item Salvo com Sucesso" {
		t.Fatalf("bulk: %+v %v", out, err)
	}
	if n := low(); n != 3 {
		t.Fatalf("bulk wrote %d items", n)
	}
	if n := w.versions(t, c.ID); n != 2 {
		t.Fatalf("versions of a bulk-edited item: %d", n)
	}
	// Emptying a required field is refused, even in bulk.
	if _, err := w.svc.BulkUpdateItems(ctx, w.ana, items.BulkUpdateInput{IDs: ids, ComponentID: httpx.ID(w.task),
		Values: items.Values{"priority": ""}}); status(err) != 400 {
		t.Fatalf("bulk emptying a required field: %v", err)
	}
}

func TestShowHideField(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	sh, err := w.svc.ShowHideField(ctx, w.ana, items.ShowHideInput{ComponentID: httpx.ID(w.task), Item: items.Values{"milestone": true}})
	if err != nil || len(sh.Shown) != 1 || sh.Shown[0] != "milestoneNote" || len(sh.Hidden) != 0 {
		t.Fatalf("milestone: %+v %v", sh, err)
	}
	sh, err = w.svc.ShowHideField(ctx, w.ana, items.ShowHideInput{ComponentID: httpx.ID(w.task), Item: items.Values{"milestone": false}})
	if err != nil || len(sh.Hidden) != 1 {
		t.Fatalf("no milestone: %+v %v", sh, err)
	}
}

// "Salvar e limpar" on a child added from its parent's form starts another
// child of the same parent.
func TestSaveAndClearKeepsTheParent(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	task := w.newTask(t, nil)
	var risk int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'risk'`).Scan(&risk); err != nil {
		t.Fatal(err)
	}
	res, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Component: httpx.ID(risk), SaveAndClear: true,
		ProjectID: httpx.ID(w.project(t, "Transformação Digital")),
		Item:      items.Values{"Title": "Atraso do fornecedor", "impact": "2", "Parent": json.Number(itoa(task.ID))}})
	if err != nil || res.Next == nil {
		t.Fatalf("save and clear: %+v %v", res, err)
	}
	if parent, _ := res.Next.Item["Parent"].(*int64); parent == nil || *parent != task.ID || res.Next.Item["ParentTitle"] != "Migrar o ERP" ||
		!res.Next.IsNew || res.Next.Item["ProjectName"] != "Transformação Digital" {
		t.Fatalf("the next item: %+v", res.Next.Item)
	}
}
