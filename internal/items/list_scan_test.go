package items_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
)

// A page's rows hold each item's own values: the attributes as
// encoding/json reads the jsonb the typed columns give (odd ones included:
// escapes, HTML characters, control characters, numbers of every form), and
// the nullable ids of each row (the scanner's destinations are kept from row
// to row; each row must keep its own). The page's JSON is encoding/json's.
func TestPageRowsHoldEachItemsOwnValues(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	texts := []string{"<b>Tom & \"Jerry\"</b>\n\t\\ \u2028 ação 🎉", "\u0001\u001f", "a/b", "chave é"}
	numbers := []string{"100.50", "0.0000001", "12345678901234567890", "-0.0", "1E+21"}
	tbl, description := w.column(t, w.itemIn(t, "Transformação Digital"), "description")
	_, cost := w.column(t, w.itemIn(t, "Transformação Digital"), "cost")
	_, milestone := w.column(t, w.itemIn(t, "Transformação Digital"), "milestone")
	// Every fourth task gets odd values, every third a parent, every fifth
	// no responsible.
	if _, err := w.db.Exec(ctx, `WITH t AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM item WHERE component_id = $1)
		UPDATE item i SET parent_id = CASE WHEN t.n % 3 = 0 THEN (SELECT min(id) FROM item WHERE component_id = $1) END,
			responsible_id = CASE WHEN t.n % 5 = 0 THEN NULL ELSE (SELECT id FROM app_user WHERE login = 'bia') END
		FROM t WHERE t.id = i.id`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `WITH t AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM `+tbl+`)
		UPDATE `+tbl+` i SET `+description+` = CASE WHEN t.n % 4 = 0 THEN ($1::text[])[1 + (t.n / 4) % 4] ELSE `+description+` END,
			`+cost+` = CASE WHEN t.n % 4 = 0 THEN ($2::numeric[])[1 + (t.n / 4) % 5] ELSE `+cost+` END,
			`+milestone+` = CASE WHEN t.n % 4 = 0 THEN t.n % 8 = 0 ELSE `+milestone+` END
		FROM t WHERE t.id = i.id`, texts, numbers); err != nil {
		t.Fatal(err)
	}
	p := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500})
	if len(p.Rows) < 100 {
		t.Fatalf("%d rows", len(p.Rows))
	}
	samePage(t, p)
	type want struct {
		attrs                                map[string]any
		parent, project, status, responsible *int64
	}
	wants := map[int64]want{}
	rows, err := w.db.Query(ctx, `SELECT id, `+table.ValuesExpr("t", "$1")+`, parent_id, project_id, status_id, responsible_id
		FROM `+tbl+` t`, w.task)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var raw []byte
		var v want
		if err := rows.Scan(&id, &raw, &v.parent, &v.project, &v.status, &v.responsible); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &v.attrs); err != nil {
			t.Fatal(err)
		}
		wants[id] = v
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	oddSeen := 0
	for _, r := range p.Rows {
		id := r["id"].(int64)
		v, ok := wants[id]
		if !ok {
			t.Fatalf("row %d is not a task", id)
		}
		for k, a := range v.attrs {
			if k == "description" || k == "cost" || k == "milestone" {
				oddSeen++
				if !reflect.DeepEqual(r[k], a) {
					t.Fatalf("item %d, %s: %#v, want %#v", id, k, r[k], a)
				}
			}
		}
		for _, c := range []struct {
			key  string
			want *int64
		}{{"Parent", v.parent}, {"ProjectID", v.project}, {"StatusID", v.status}, {"ResponsibleID", v.responsible}} {
			if got := r[c.key].(*int64); (got == nil) != (c.want == nil) || got != nil && *got != *c.want {
				t.Fatalf("item %d, %s: %v, want %v", id, c.key, got, c.want)
			}
		}
	}
	if oddSeen < 100 {
		t.Fatalf("only %d odd values seen", oddSeen)
	}
}
