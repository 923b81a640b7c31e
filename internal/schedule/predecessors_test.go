package schedule_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule"
)

// predecessorsOf is what a caller's list shows: "number TYPE lag" per row,
// "hidden TYPE lag" for one the caller may not read.
func predecessorsOf(list *schedule.PredecessorList) []string {
	out := []string{}
	for _, r := range list.Rows {
		name := fmt.Sprint(r.FormattedID)
		if r.Hidden {
			name = "hidden"
		}
		out = append(out, fmt.Sprintf("%s %s %d", name, r.Type, r.Lag))
	}
	return out
}

func (w *world) numberOf(t *testing.T, id int64) (int64, string) {
	t.Helper()
	var number int64
	var title string
	if err := w.db.QueryRow(context.Background(), `SELECT number, title FROM item WHERE id = $1`, id).Scan(&number, &title); err != nil {
		t.Fatal(err)
	}
	return number, title
}

func TestPredecessorsAreAddedChangedAndRemovedByWhoMayEditTheItem(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]
	nb, _ := w.numberOf(t, b)
	in := func(item, pred int64) schedule.PredecessorInput {
		return schedule.PredecessorInput{ItemID: httpx.ID(item), ComponentID: httpx.ID(w.task), PredecessorID: httpx.ID(pred)}
	}

	add := in(a, b)
	add.Type, add.Lag = "SS", 2
	list, err := w.svc.AddPredecessor(ctx, w.ana, add)
	if err != nil || !list.CanEdit || strings.Join(predecessorsOf(list), ",") != fmt.Sprintf("%d SS 2", nb) || list.Rows[0].Title == "" {
		t.Fatalf("add: %+v %v", list, err)
	}
	// bia reads the project but may not write there: she sees the predecessor and changes nothing.
	list, err = w.svc.LoadPredecessors(ctx, w.bia, in(a, 0))
	if err != nil || list.CanEdit || len(list.Rows) != 1 || list.Rows[0].ID != b {
		t.Fatalf("bia's list: %+v %v", list, err)
	}
	for name, call := range map[string]func(context.Context, items.Caller, schedule.PredecessorInput) (*schedule.PredecessorList, error){
		"add": w.svc.AddPredecessor, "update": w.svc.UpdatePredecessor, "remove": w.svc.RemovePredecessor,
	} {
		if _, err := call(ctx, w.bia, in(b, a)); !errors.Is(err, httpx.ErrForbidden) {
			t.Errorf("bia %s: %v, want forbidden", name, err)
		}
	}

	// Type and lag change; the same values again change nothing.
	upd := in(a, b)
	upd.Type, upd.Lag = "FF", -3
	if list, err = w.svc.UpdatePredecessor(ctx, w.ana, upd); err != nil || strings.Join(predecessorsOf(list), ",") != fmt.Sprintf("%d FF -3", nb) {
		t.Fatalf("update: %+v %v", list, err)
	}
	var versions int
	count := func() int {
		if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item_version WHERE item_id = $1 AND operation = 'predecessors'`, a).Scan(&versions); err != nil {
			t.Fatal(err)
		}
		return versions
	}
	if count() != 2 {
		t.Fatalf("versions after add and update: %d", versions)
	}
	if _, err = w.svc.UpdatePredecessor(ctx, w.ana, upd); err != nil || count() != 2 {
		t.Fatalf("same update: %v, %d versions", err, versions)
	}

	// Removed; removing again says the list changed.
	if list, err = w.svc.RemovePredecessor(ctx, w.ana, in(a, b)); err != nil || len(list.Rows) != 0 {
		t.Fatalf("remove: %+v %v", list, err)
	}
	if _, err = w.svc.RemovePredecessor(ctx, w.ana, in(a, b)); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("remove again: %v", err)
	}
}

func TestPredecessorsRefuseSelfDuplicateCycleAndBadValuesWithAMessage(t *testing.T) {
	w := newWorld(t)
	digital := w.itemsIn(t, w.task, "Transformação Digital", 4)
	a, b, c, d := digital[0], digital[1], digital[2], digital[3]
	other := w.itemsIn(t, w.task, "Nova Sede", 1)[0]
	na, ta := w.numberOf(t, a)
	nb, tb := w.numberOf(t, b)
	var risk int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM component WHERE key = 'risk'`).Scan(&risk); err != nil {
		t.Fatal(err)
	}
	in := func(item, pred int64) schedule.PredecessorInput {
		return schedule.PredecessorInput{ItemID: httpx.ID(item), ComponentID: httpx.ID(w.task), PredecessorID: httpx.ID(pred)}
	}
	add := func(ctx context.Context, p schedule.PredecessorInput) error {
		_, err := w.svc.AddPredecessor(ctx, w.ana, p)
		return err
	}
	// c depends on b, b on a: a chain of three.
	pt := i18n.With(context.Background(), i18n.PtBR)
	for _, p := range [][2]int64{{b, a}, {c, b}} {
		if err := add(pt, in(p[0], p[1])); err != nil {
			t.Fatal(err)
		}
	}
	badType, bigLag, nonsense := in(d, a), in(d, a), in(d, a)
	badType.Type = "XX"
	bigLag.Lag = 3651
	nonsense.PredecessorComponentID = httpx.ID(risk)
	for name, tc := range map[string]struct {
		in   schedule.PredecessorInput
		want error
		pt   string
		en   string
	}{
		"self":      {in(a, a), httpx.ErrInvalid, "Um item não pode ser predecessor de si mesmo.", "An item cannot be its own predecessor."},
		"duplicate": {in(b, a), httpx.ErrInvalid, fmt.Sprintf("#%d %s já é predecessor deste item.", na, ta), fmt.Sprintf("#%d %s is already a predecessor of this item.", na, ta)},
		// a after c after b after a: the cycle closes at depth 3.
		"cycle": {in(a, c), httpx.ErrInvalid, "", ""},
		// a after b after a: the shortest cycle.
		"cycle of two": {in(a, b), httpx.ErrInvalid, fmt.Sprintf("#%d %s já depende deste item, direta ou indiretamente: a dependência criaria um ciclo.", nb, tb),
			fmt.Sprintf("#%d %s already depends on this item, directly or indirectly: the dependency would create a cycle.", nb, tb)},
		"type":          {badType, httpx.ErrInvalid, "Tipo de dependência inválido: use TI, II, TT ou IT.", "Invalid dependency type: use FS, SS, FF or SF."},
		"lag":           {bigLag, httpx.ErrInvalid, "A defasagem deve ficar entre -3650 e 3650 dias.", "The lag must be between -3650 and 3650 days."},
		"other project": {in(d, other), httpx.ErrInvalid, "", ""},
		"other type":    {nonsense, httpx.ErrInvalid, "", ""},
		"missing":       {in(d, 1<<40), httpx.ErrNotFound, "", ""},
	} {
		for _, lang := range []i18n.Lang{i18n.PtBR, i18n.En} {
			ctx := i18n.With(context.Background(), lang)
			err := add(ctx, tc.in)
			if !errors.Is(err, tc.want) {
				t.Errorf("%s: %v, want %v", name, err, tc.want)
				continue
			}
			want := tc.pt
			if lang == i18n.En {
				want = tc.en
			}
			if want != "" && message(ctx, err) != want {
				t.Errorf("%s in %s: %q, want %q", name, lang, message(ctx, err), want)
			}
		}
	}
	ctx := i18n.With(context.Background(), i18n.En)
	if err := add(ctx, in(a, c)); !strings.Contains(message(ctx, err), "would create a cycle") {
		t.Errorf("cycle at depth 3: %q", message(ctx, err))
	}
	// Nothing refused was written: the chain is as it was.
	var links int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item_predecessor`).Scan(&links); err != nil || links != 2 {
		t.Fatalf("links: %d %v", links, err)
	}
	// d may follow c, and anything else of its project not already tied that way.
	if err := add(ctx, in(d, c)); err != nil {
		t.Fatal(err)
	}
}

func TestPredecessorsNameOnlyItemsTheCallerMayReadAndShowInHistory(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.PtBR)
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]
	nb, tb := w.numberOf(t, b)
	var risk, r int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'risk'`).Scan(&risk); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE component_id = $1 AND project_id = (SELECT project_id FROM item WHERE id = $2) LIMIT 1`,
		risk, a).Scan(&r); err != nil {
		t.Fatalf("a risk of a's project: %v", err)
	}
	var stamp string
	if err := w.db.QueryRow(ctx, `SELECT to_char(modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') FROM item WHERE id = $1`, a).Scan(&stamp); err != nil {
		t.Fatal(err)
	}
	first := schedule.PredecessorInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task), PredecessorID: httpx.ID(b), Lag: 2, Type: "SS"}
	if _, err := w.svc.AddPredecessor(ctx, w.ana, first); err != nil {
		t.Fatal(err)
	}
	// A control naming the risk type takes a risk of the project as a predecessor.
	second := schedule.PredecessorInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task), PredecessorID: httpx.ID(r),
		PredecessorComponentID: httpx.ID(risk)}
	if _, err := w.svc.AddPredecessor(ctx, w.ana, second); err != nil {
		t.Fatal(err)
	}
	// bia may no longer read risks: the risk stays in her list, unnamed.
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_read = false WHERE component_id = $1 AND group_id IN (
		SELECT g.id FROM user_group g WHERE g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $2))`,
		risk, w.bia.UserID); err != nil {
		t.Fatal(err)
	}
	list, err := w.svc.LoadPredecessors(ctx, w.bia, schedule.PredecessorInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task)})
	if err != nil || strings.Join(predecessorsOf(list), ",") != fmt.Sprintf("%d SS 2,hidden FS 0", nb) {
		t.Fatalf("bia's list: %v %v", predecessorsOf(list), err)
	}
	if h := list.Rows[1]; h.ID != 0 || h.Title != "" || h.ComponentName != "" || h.FormattedID != 0 {
		t.Fatalf("a hidden predecessor shows %+v", h)
	}

	// History: one version per change, named, with the list before and after.
	history, err := w.items.History(ctx, w.bia, a, w.task, true)
	if err != nil {
		t.Fatal(err)
	}
	latest := history[0]
	if latest.Operation != "predecessors" || latest.OperationName != "Predecessoras alteradas" || latest.ModifierName != "Ana" ||
		strings.Join(latest.ChangedFields, ",") != "Predecessors" {
		t.Fatalf("latest version: %+v", latest)
	}
	var change items.AttributeChange
	for _, ch := range latest.Changes {
		if ch.Field == "Predecessors" {
			change = ch
		}
	}
	want := fmt.Sprintf("%d - %s (II +2 d)", nb, tb)
	if change.Label != "Predecessoras" || change.Previous != want || change.Current != want+"; item sem acesso (TI)" {
		t.Fatalf("predecessors change: %+v", change)
	}
	// An edit of the item from a form opened before the predecessors changed still saves (they
	// leave LastModify alone), and its version keeps them: no change of predecessors there.
	en := i18n.With(context.Background(), i18n.En)
	if _, err := w.items.UpdateItemField(en, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task),
		Field: "progress", Value: json.Number("42"), LastModify: stamp}); err != nil {
		t.Fatalf("edit with the stamp read before: %v", err)
	}
	history, err = w.items.History(en, w.ana, a, w.task, false)
	if err != nil || history[0].Operation == "predecessors" || strings.Join(history[0].ChangedFields, ",") != "progress" {
		t.Fatalf("edit after predecessors: %+v %v", history[0], err)
	}
	if _, err := w.svc.RemovePredecessor(en, w.ana, first); err != nil {
		t.Fatal(err)
	}
	history, err = w.items.History(en, w.ana, a, w.task, true)
	if err != nil || history[0].OperationName != "Predecessors changed" {
		t.Fatalf("after removal: %+v %v", history, err)
	}
	for _, ch := range history[0].Changes {
		if ch.Field == "Predecessors" && (ch.Label != "Predecessors" || ch.Current != "item you cannot see (FS)" || !ch.Changed) {
			t.Fatalf("after removal: %+v", ch)
		}
	}
}

func TestPredecessorChoicesOfferTheProjectsItemsNotYetPredecessors(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.itemsIn(t, w.task, "Transformação Digital", 2)
	a, b := digital[0], digital[1]
	in := schedule.PredecessorInput{ItemID: httpx.ID(a), ComponentID: httpx.ID(w.task), PredecessorID: httpx.ID(b)}
	if _, err := w.svc.AddPredecessor(ctx, w.ana, in); err != nil {
		t.Fatal(err)
	}
	offered, err := w.svc.LoadPredecessorChoices(ctx, w.ana, in)
	if err != nil || len(offered) == 0 {
		t.Fatalf("choices: %v %v", offered, err)
	}
	var project int64
	if err := w.db.QueryRow(ctx, `SELECT project_id FROM item WHERE id = $1`, a).Scan(&project); err != nil {
		t.Fatal(err)
	}
	for _, o := range offered {
		var p int64
		if err := w.db.QueryRow(ctx, `SELECT project_id FROM item WHERE id = $1`, o.ID).Scan(&p); err != nil {
			t.Fatal(err)
		}
		if o.ID == a || o.ID == b || p != project || o.ComponentID != w.task {
			t.Fatalf("offered %+v (project %d)", o, p)
		}
	}
}
