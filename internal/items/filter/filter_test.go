package filter

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

var testSchema = Fields{
	"Title":           {Key: "Title", Kind: Text, Expr: "i.title", EmptyText: true},
	"FormattedID":     {Key: "FormattedID", Kind: Integer, Expr: "i.number"},
	"CreationDate":    {Key: "CreationDate", Kind: Date, Expr: "i.created_at"},
	"ResponsibleName": {Key: "ResponsibleName", Kind: Ref, Expr: "i.responsible_id", Me: true},
	"ProjectName":     {Key: "ProjectName", Kind: Ref, Expr: "i.project_id", Project: true},
	"cost":            {Key: "cost", Kind: Number, Expr: "(i.attributes->>'cost')::numeric"},
	"urgent":          {Key: "urgent", Kind: Bool, Expr: "(i.attributes->>'urgent')::boolean"},
	"priority":        {Key: "priority", Kind: Choice, Expr: "(i.attributes->>'priority')"},
	"file":            {Key: "file", Kind: Opaque, Expr: "(i.attributes->'file')"},
}

var today = time.Date(2024, 3, 10, 15, 4, 0, 0, time.UTC)

func parse(t *testing.T, s string) Node {
	t.Helper()
	var n Node
	if err := json.Unmarshal([]byte(s), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCompile(t *testing.T) {
	day := time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name, filter, sql string
		args              []any
	}{
		{"empty filter", `{}`, "TRUE", nil},
		{"contains escapes wildcards", `{"field":"Title","operator":"contains","value":"50%_off"}`,
			"i.title ILIKE $1", []any{`%50\%\_off%`}},
		{"starts with", `{"conditions":[{"field":"Title","operator":"startsWith","value":"Ab"}]}`,
			"(i.title ILIKE $1)", []any{"Ab%"}},
		{"text empty counts blank", `{"conditions":[{"field":"Title","operator":"isEmpty"}]}`,
			"((i.title IS NULL OR i.title = ''))", nil},
		{"number range", `{"conditions":[{"field":"cost","operator":"between","value":[10, "20.5"]}]}`,
			"((i.attributes->>'cost')::numeric BETWEEN $1::numeric AND $2::numeric)", []any{"10", "20.5"}},
		{"integer compare", `{"conditions":[{"field":"FormattedID","operator":">=","value":7}]}`,
			"(i.number >= $1::numeric)", []any{"7"}},
		{"date day is whole day", `{"conditions":[{"field":"CreationDate","operator":"is","value":"2024-03-01"}]}`,
			"((i.created_at >= $1 AND i.created_at < $2))", []any{day, day.AddDate(0, 0, 1)}},
		{"date today", `{"conditions":[{"field":"CreationDate","operator":"onOrAfter","value":"@today"}]}`,
			"(i.created_at >= $1)", []any{time.Date(2024, 3, 10, 0, 0, 0, 0, time.UTC)}},
		{"me", `{"conditions":[{"field":"ResponsibleName","operator":"is","value":"@me"}]}`,
			"(i.responsible_id = $1::bigint)", []any{int64(42)}},
		{"project any of", `{"conditions":[{"field":"ProjectName","operator":"isAnyOf","value":["@project", 3]}]}`,
			"(i.project_id = ANY($1::bigint[]))", []any{[]int64{9, 3}}},
		{"picklist list", `{"conditions":[{"field":"priority","operator":"isAnyOf","value":["high","low"]}]}`,
			"((i.attributes->>'priority') = ANY($1::text[]))", []any{[]string{"high", "low"}}},
		{"boolean false includes unset", `{"conditions":[{"field":"urgent","operator":"is","value":"false"}]}`,
			"((i.attributes->>'urgent')::boolean IS NOT TRUE)", nil},
		{"and or groups", `{"logic":"OR","conditions":[{"field":"urgent","operator":"is","value":true},
			{"logic":"AND","conditions":[{"field":"cost","operator":">","value":1},{"field":"file","operator":"isNotEmpty"}]}]}`,
			"((i.attributes->>'urgent')::boolean IS TRUE OR ((i.attributes->>'cost')::numeric > $1::numeric AND (i.attributes->'file') IS NOT NULL))",
			[]any{"1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sql, args, err := Compile(testSchema, parse(t, tt.filter), Params{Me: 42, Project: 9, Today: today}, 0)
			if err != nil {
				t.Fatal(err)
			}
			if sql != tt.sql {
				t.Errorf("sql\n got %s\nwant %s", sql, tt.sql)
			}
			if !reflect.DeepEqual(args, tt.args) && !(len(args) == 0 && len(tt.args) == 0) {
				t.Errorf("args got %#v want %#v", args, tt.args)
			}
		})
	}
}

func TestCompileRefuses(t *testing.T) {
	many := `{"conditions":[` + strings.Repeat(`{"field":"Title","operator":"contains","value":"a"},`, MaxTests) +
		`{"field":"Title","operator":"contains","value":"a"}]}`
	deep := strings.Repeat(`{"conditions":[`, MaxDepth+1) + `{"field":"Title","operator":"isEmpty"}` + strings.Repeat(`]}`, MaxDepth+1)
	tests := []struct{ name, filter, key string }{
		{"unknown field", `{"conditions":[{"field":"i.id; DROP TABLE item","operator":"is","value":1}]}`, "items.filter.unknownField"},
		{"text on number", `{"conditions":[{"field":"cost","operator":"=","value":"1; --"}]}`, "items.filter.badNumber"},
		{"decimal on integer", `{"conditions":[{"field":"FormattedID","operator":"=","value":1.5}]}`, "items.filter.badNumber"},
		{"bad date", `{"conditions":[{"field":"CreationDate","operator":"is","value":"31/02/2024"}]}`, "items.filter.badDate"},
		{"year before 1753", `{"conditions":[{"field":"CreationDate","operator":"is","value":"1700-01-01"}]}`, "items.filter.badDate"},
		{"operator of another kind", `{"conditions":[{"field":"urgent","operator":"contains","value":"x"}]}`, "items.filter.badOperator"},
		{"me on a project", `{"conditions":[{"field":"ProjectName","operator":"is","value":"@me"}]}`, "items.filter.badReference"},
		{"bad logic", `{"logic":"XOR","conditions":[]}`, "items.filter.badLogic"},
		{"too many tests", many, "items.filter.tooMany"},
		{"too deep", deep, "items.filter.tooDeep"},
		{"empty list", `{"conditions":[{"field":"priority","operator":"isAnyOf","value":[]}]}`, "items.filter.badList"},
		{"opaque compared", `{"conditions":[{"field":"file","operator":"is","value":"x"}]}`, "items.filter.badOperator"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Compile(testSchema, parse(t, tt.filter), Params{}, 0)
			var fe *Error
			if !errors.As(err, &fe) || fe.Key != tt.key {
				t.Fatalf("got %v, want %s", err, tt.key)
			}
		})
	}
}

func TestOrderIsAllowListed(t *testing.T) {
	if got, err := Order(testSchema, "cost", "desc"); err != nil || got != "(i.attributes->>'cost')::numeric DESC NULLS FIRST" {
		t.Fatalf("%q %v", got, err)
	}
	for _, bad := range [][2]string{{"id; --", "asc"}, {"Title", "sideways"}, {"file", "asc"}} {
		if _, err := Order(testSchema, bad[0], bad[1]); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// FuzzCompile checks that whatever the filter, the SQL holds no text of the
// input: every value went to the arguments, every identifier came from the schema.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{
		`{"conditions":[{"field":"Title","operator":"contains","value":"x' OR 1=1 --"}]}`,
		`{"logic":"OR","conditions":[{"field":"cost","operator":"between","value":[1,2]},{"field":"urgent","operator":"is","value":true}]}`,
		`{"conditions":[{"field":"CreationDate","operator":"after","value":"2024-01-01T10:00:00Z"}]}`,
		`{"conditions":[{"field":"priority","operator":"isAnyOf","value":["a","b"]}]}`,
		`{"conditions":[{"field":"ResponsibleName","operator":"not","value":"@me"}]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var n Node
		if json.Unmarshal([]byte(in), &n) != nil {
			return
		}
		sql, args, err := Compile(testSchema, n, Params{Me: 1, Today: today}, 0)
		if err != nil {
			return
		}
		if strings.Contains(sql, ";") || strings.Contains(sql, "--") {
			t.Fatalf("suspicious SQL %q from %q", sql, in)
		}
		for _, a := range args {
			if s, ok := a.(string); ok && len(s) > 3 && strings.Contains(sql, s) {
				t.Fatalf("value %q inlined in %q", s, sql)
			}
		}
		if strings.Count(sql, "$") != len(args) {
			t.Fatalf("%d placeholders for %d args in %q", strings.Count(sql, "$"), len(args), sql)
		}
	})
}
