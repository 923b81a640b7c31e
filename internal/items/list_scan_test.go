package items_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tramita/tramita/internal/items"
)

// A page's rows hold each item's own values: the attributes as
// encoding/json reads the jsonb (odd ones included: escapes, HTML
// characters, numbers of every form, nesting, empty objects and arrays),
// and the nullable ids of each row (the scanner's destinations are kept
// from row to row; each row must keep its own). The page's JSON is
// encoding/json's.
func TestPageRowsHoldEachItemsOwnValues(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	odd := []string{
		`{"zz_text": "<b>Tom & \"Jerry\"</b>\n\t\\ \u2028 ação 🎉", "zz_num": 100.50, "zz_tiny": 1e-7, "zz_big": 12345678901234567890}`,
		`{"zz_list": [1, "x", null, true, {"b": 1.0, "a": []}], "zz_obj": {}, "zz_empty": [], "zz_neg": -0.0, "zz_exp": 1E+21}`,
		`{"zz_null": null, "zz_false": false, "zz_ctrl": "\u0001\u001f", "zz_key\u00e9": "chave", "zz_slash": "a/b"}`,
		`{}`,
	}
	// Every fourth task gets one of the odd documents merged into its
	// attributes, every third a parent, every fifth no responsible.
	if _, err := w.db.Exec(ctx, `WITH t AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM item WHERE component_id = $1)
		UPDATE item i SET attributes = i.attributes || CASE WHEN t.n % 4 = 0 THEN ($2::jsonb[])[1 + (t.n / 4) % 4] ELSE '{}' END,
			parent_id = CASE WHEN t.n % 3 = 0 THEN (SELECT min(id) FROM item WHERE component_id = $1) END,
			responsible_id = CASE WHEN t.n % 5 = 0 THEN NULL ELSE (SELECT id FROM app_user WHERE login = 'bia') END
		FROM t WHERE t.id = i.id`, w.task, odd); err != nil {
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
	rows, err := w.db.Query(ctx, `SELECT id, attributes, parent_id, project_id, status_id, responsible_id FROM item WHERE component_id = $1`, w.task)
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
			if len(k) > 3 && k[:3] == "zz_" {
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
