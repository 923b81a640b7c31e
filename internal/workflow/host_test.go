package workflow_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/rules"
	"github.com/tramita/tramita/internal/workflow"
)

// The request package with a date and a flag, so items.query compares every
// kind of value.
var queryPackage = strings.Replace(requestPackage, "      - {key: note, name: {pt-BR: Nota}, type: STRING}\n",
	`      - {key: note, name: {pt-BR: Nota}, type: STRING}
      - {key: due, name: {pt-BR: Prazo}, type: DATE_TIME}
      - {key: urgent, name: {pt-BR: Urgente}, type: BOOLEAN}
`, 1)

// items.query keeps an item when each field of where equals its value, of
// the same JSON kind: a number given as a text, a date written otherwise, a
// list or an empty value find nothing; a field the type lacks is refused.
func TestItemsQueryMatchesEachFieldByItsValue(t *testing.T) {
	w := newWorldOf(t, queryPackage)
	ctx := context.Background()
	tx, err := w.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := items.Mutate(ctx, tx, w.ana.UserID, w.open1, items.Change{Operation: "field", Attributes: map[string]any{
		"amount": 500, "note": "Azul", "approvedBy": w.bia.UserID, "due": "2026-03-01T12:00:00Z", "urgent": true}}); err != nil {
		t.Fatal(err)
	}
	h, _, err := w.svc.RuleHost(ctx, tx, w.ana, w.request)
	if err != nil {
		t.Fatal(err)
	}
	// where as a rule gives it: parsed from JSON.
	query := func(where string) ([]map[string]any, error) {
		t.Helper()
		var q rules.Query
		if err := json.Unmarshal([]byte(`{"component": "request", "limit": 10, "where": `+where+`}`), &q); err != nil {
			t.Fatal(err)
		}
		return h.QueryItems(ctx, q)
	}
	bia := strconv.FormatInt(w.bia.UserID, 10)
	for where, want := range map[string][]int64{
		`{}`:                                   {1, 2, 3},
		`{"amount": 500}`:                      {1},
		`{"amount": 500.0}`:                    {1},
		`{"amount": 300}`:                      {2},
		`{"amount": "500"}`:                    {},
		`{"amount": [500]}`:                    {},
		`{"amount": {}}`:                       {},
		`{"note": "Azul"}`:                     {1},
		`{"note": "azul"}`:                     {},
		`{"note": null}`:                       {},
		`{"note": ["Azul"]}`:                   {},
		`{"approvedBy": ` + bia + `}`:          {1},
		`{"approvedBy": ` + bia + `.5}`:        {},
		`{"approvedBy": "` + bia + `"}`:        {},
		`{"due": "2026-03-01T12:00:00Z"}`:      {1},
		`{"due": "2026-03-01T09:00:00-03:00"}`: {},
		`{"due": "2026-03-01"}`:                {},
		`{"urgent": true}`:                     {1},
		`{"urgent": false}`:                    {},
		`{"urgent": "true"}`:                   {},
		`{"amount": 500, "note": "Azul", "Title": "Notebook"}`: {1},
		`{"amount": 500, "note": "Verde"}`:                     {},
		`{"StatusKey": "open", "amount": 5000}`:                {3},
	} {
		rows, err := query(where)
		if err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		got := []int64{}
		for _, r := range rows {
			got = append(got, r["FormattedID"].(int64))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: items %v, want %v", where, got, want)
		}
	}
	rows, err := query(`{"note": "Azul"}`)
	if err != nil || len(rows) != 1 {
		t.Fatalf("%v %v", rows, err)
	}
	if r := rows[0]; r["amount"] != json.Number("500") || r["note"] != "Azul" || r["approvedBy"] != json.Number(bia) ||
		r["due"] != "2026-03-01T12:00:00Z" || r["urgent"] != true {
		t.Errorf("the item's values: %v", r)
	}
	var he *rules.HostError
	if _, err := query(`{"nope": 1}`); !errors.As(err, &he) || he.Message != `unknown field "nope" of "request"` {
		t.Errorf("a field the type lacks: %v", err)
	}
}

// A transition writes the item back whole: the value of an attribute a later
// package version retired stays, as the item's other values do.
func TestATransitionKeepsTheValuesOfRetiredAttributes(t *testing.T) {
	w := newWorldOf(t, queryPackage)
	ctx := context.Background()
	if err := pgx.BeginFunc(ctx, w.db, func(tx pgx.Tx) error {
		_, err := items.Mutate(ctx, tx, w.ana.UserID, w.open1, items.Change{Operation: "field",
			Attributes: map[string]any{"amount": 500, "urgent": true}})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	p, err := apppkg.Parse("wf.yaml", []byte(requestPackage)) // without due and urgent
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, w.db, "wf.yaml", p); err != nil {
		t.Fatal(err)
	}
	w.trigger(t, w.ana, workflow.TriggerInput{IDs: ids(w.open1), Action: workflow.Ref{Key: "withdraw"}})
	if st, _, attrs := w.state(t, w.open1); st != "rejected" || attrs["amount"] != float64(500) || attrs["urgent"] != true {
		t.Errorf("after the transition: %s %v", st, attrs)
	}
}
