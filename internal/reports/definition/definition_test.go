package definition

import (
	"strings"
	"testing"
)

func TestCheckNamesEachProblem(t *testing.T) {
	attrs := map[string]string{"hours": "DURATION", "kind": "PICKLIST", "due": "DATE_TIME", "notes": "RICH_TEXT"}
	valid := func() Report {
		return Report{Key: "r", Name: map[string]string{"pt-BR": "R"}, Component: "task",
			Parameters: []string{"period", "project"}, Date: "due", GroupBy: []string{"ProjectName", "kind"},
			Columns: []string{"Title", "hours"}, Aggregates: []Aggregate{{Function: "count"}, {Function: "sum", Field: "hours"}},
			Chart: &Chart{Kind: "stacked", Aggregate: 1}}
	}
	if problems := Check(valid(), attrs); len(problems) != 0 {
		t.Fatalf("a valid report: %v", problems)
	}
	tests := []struct {
		name   string
		change func(*Report)
		want   string
	}{
		{"no pt-BR name", func(r *Report) { r.Name = map[string]string{"en": "R"} }, "name needs a pt-BR text"},
		{"a parameter twice", func(r *Report) { r.Parameters = []string{"project", "project"} }, `parameter "project" is named twice`},
		{"a date that is not a date", func(r *Report) { r.Date = "hours" }, `date "hours" is not CreatedDate`},
		{"grouping by a rich text", func(r *Report) { r.GroupBy = []string{"notes"} }, `cannot group by "notes"`},
		{"a column of a rich text", func(r *Report) { r.Columns = []string{"notes"} }, `unknown column "notes"`},
		{"no columns", func(r *Report) { r.Columns = nil }, "needs 1 to 20 columns"},
		{"count with a field", func(r *Report) { r.Aggregates = []Aggregate{{Function: "count", Field: "hours"}} }, "count takes no field"},
		{"stacked over one level", func(r *Report) { r.GroupBy = []string{"kind"} }, "a stacked chart needs two grouping levels"},
		{"a chart of a missing aggregate", func(r *Report) { r.Chart.Aggregate = 5 }, "chart aggregate 5 is not one"},
		{"a chart without groups", func(r *Report) { r.GroupBy, r.Chart.Kind = nil, "bar" }, "a chart needs a groupBy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := valid()
			tc.change(&r)
			problems := Check(r, attrs)
			if len(problems) == 0 || !strings.Contains(strings.Join(problems, "\n"), tc.want) {
				t.Errorf("got %v, want %q", problems, tc.want)
			}
		})
	}
}
