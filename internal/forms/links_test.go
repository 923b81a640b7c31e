package forms_test

import (
	"context"
	"errors"
	"testing"

	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

func (w *world) itemsIn(t *testing.T, comp int64, project string, n int) []int64 {
	t.Helper()
	rows, err := w.db.Query(context.Background(), `SELECT id FROM item WHERE component_id = $1
		AND ($2 = '' OR project_id = (SELECT id FROM project WHERE name = $2)) ORDER BY id LIMIT $3`, comp, project, n)
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
	return out
}

func linkIDs(p *forms.LinkPage) map[int64]bool {
	out := map[int64]bool{}
	for _, r := range p.Rows {
		out[r.ID] = true
	}
	return out
}

func TestManyToManyLinksFollowTheAccessRules(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.itemsIn(t, w.task, "Transformação Digital", 3)
	a, b, c := digital[0], digital[1], digital[2]
	s := w.itemsIn(t, w.task, "Nova Sede", 1)[0]
	var ticketType int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'ticket'`).Scan(&ticketType); err != nil {
		t.Fatal(err)
	}
	ticket := w.itemsIn(t, ticketType, "", 1)[0]
	in := func(item int64, related int64) forms.ManyToManyInput {
		return forms.ManyToManyInput{ItemID: httpx.ID(item), ComponentID: httpx.ID(w.task), RelatedComponentID: httpx.ID(related)}
	}

	add := in(a, w.task)
	add.Add = []httpx.ID{httpx.ID(b), httpx.ID(s), httpx.ID(b)}
	page, err := w.forms.RefreshManyToMany(ctx, w.ana, add)
	if err != nil || page.Total != 2 || !linkIDs(page)[b] || !linkIDs(page)[s] || !page.CanEdit {
		t.Fatalf("ana links: %+v %v", page, err)
	}
	// bia reads a and b, not s (Nova Sede): she sees one link and may not change them.
	page, err = w.forms.LoadManyToMany(ctx, w.bia, in(a, w.task))
	if err != nil || page.Total != 1 || !linkIDs(page)[b] || page.CanEdit {
		t.Fatalf("bia's list: %+v %v", page, err)
	}
	biaAdd := in(a, w.task)
	biaAdd.Add = []httpx.ID{httpx.ID(c)}
	if _, err := w.forms.RefreshManyToMany(ctx, w.bia, biaAdd); !errors.Is(err, httpx.ErrForbidden) {
		t.Fatalf("bia links: %v", err)
	}
	// From the other side the link is there too (item links show every type).
	page, err = w.forms.LoadItemLinks(ctx, w.ana, in(b, 0))
	if err != nil || page.Total != 1 || !linkIDs(page)[a] || page.Rows[0].ComponentName == "" {
		t.Fatalf("b's links: %+v %v", page, err)
	}
	// With write in the project, bia still cannot link what she cannot read.
	if _, err := w.db.Exec(ctx, `UPDATE project_member SET role = 'member' WHERE user_id = $1`, w.bia.UserID); err != nil {
		t.Fatal(err)
	}
	// Refused: the item itself, another type, an item bia cannot read, a missing one; nothing is written.
	for name, tc := range map[string]struct {
		caller items.Caller
		item   int64
		add    int64
		want   error
	}{
		"self":        {w.ana, a, a, httpx.ErrInvalid},
		"other type":  {w.ana, a, ticket, httpx.ErrInvalid},
		"missing":     {w.ana, a, 1 << 40, httpx.ErrNotFound},
		"unreadable":  {w.bia, b, s, httpx.ErrNotFound},
		"foreign own": {w.bia, s, b, httpx.ErrNotFound},
	} {
		req := in(tc.item, w.task)
		req.Add = []httpx.ID{httpx.ID(c), httpx.ID(tc.add)}
		if _, err := w.forms.RefreshManyToMany(ctx, tc.caller, req); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
	// Item links may join types.
	any := in(a, 0)
	any.Add = []httpx.ID{httpx.ID(ticket)}
	if page, err := w.forms.RefreshManyToMany(ctx, w.ana, any); err != nil || page.Total != 3 {
		t.Fatalf("item link to a ticket: %+v %v", page, err)
	}
	// The combo offers what is not linked yet, by text or FormattedID.
	combo := in(a, w.task)
	offered, err := w.forms.LoadManyToManyCombo(ctx, w.ana, combo)
	if err != nil || len(offered) == 0 {
		t.Fatalf("combo: %v %v", offered, err)
	}
	for _, o := range offered {
		if o.ID == a || o.ID == b || o.ID == s {
			t.Fatalf("combo offers %d", o.ID)
		}
	}
	var number int64
	var title string
	if err := w.db.QueryRow(ctx, `SELECT number, title FROM item WHERE id = $1`, c).Scan(&number, &title); err != nil {
		t.Fatal(err)
	}
	combo.Text = itoa(number)
	if offered, err := w.forms.LoadManyToManyCombo(ctx, w.ana, combo); err != nil || len(offered) == 0 || offered[0].ID != c {
		t.Fatalf("combo by FormattedID: %v %v", offered, err)
	}
	// bia's combo never offers what she cannot read.
	combo.Text = ""
	combo.Limit = 200
	offered, err = w.forms.LoadManyToManyCombo(ctx, w.bia, combo)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range offered {
		if o.ID == s {
			t.Fatal("bia's combo offers an item of Nova Sede")
		}
	}
	// Item links search every readable type with the same call (relatedComponentId 0): the
	// ticket already linked, the item itself and what bia cannot read are never offered.
	anyCombo := in(a, 0)
	anyCombo.Limit = 200
	offered, err = w.forms.LoadManyToManyCombo(ctx, w.ana, anyCombo)
	if err != nil || len(offered) == 0 {
		t.Fatalf("item links combo: %v %v", offered, err)
	}
	types := map[int64]bool{}
	for _, o := range offered {
		if o.ID == a || o.ID == b || o.ID == s || o.ID == ticket || o.ComponentName == "" {
			t.Fatalf("item links combo offers %+v", o)
		}
		types[o.ComponentID] = true
	}
	if len(types) < 2 {
		t.Fatalf("item links combo offers one type only: %v", types)
	}
	var ticketNumber int64
	if err := w.db.QueryRow(ctx, `SELECT number FROM item WHERE component_id = $1 AND id <> $2 ORDER BY id LIMIT 1`,
		ticketType, ticket).Scan(&ticketNumber); err != nil {
		t.Fatal(err)
	}
	anyCombo.Text = itoa(ticketNumber)
	if offered, err := w.forms.LoadManyToManyCombo(ctx, w.ana, anyCombo); err != nil || len(offered) == 0 || offered[0].FormattedID != ticketNumber {
		t.Fatalf("item links combo by FormattedID: %v %v", offered, err)
	}
	anyCombo.Text = ""
	offered, err = w.forms.LoadManyToManyCombo(ctx, w.bia, anyCombo)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range offered {
		if o.ID == s {
			t.Fatal("bia's item links combo offers an item of Nova Sede")
		}
	}
	// Removing.
	rm := in(a, w.task)
	rm.Remove = []httpx.ID{httpx.ID(s)}
	if page, err := w.forms.RefreshManyToMany(ctx, w.ana, rm); err != nil || page.Total != 1 {
		t.Fatalf("remove: %+v %v", page, err)
	}
	var links int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item_link`).Scan(&links); err != nil || links != 2 {
		t.Fatalf("%d links stored (%v)", links, err)
	}
}
