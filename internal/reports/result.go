package reports

import (
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/reports/definition"
)

// Result is a report as the viewer shows it (GET /api/reportviewer).
type Result struct {
	ReportID      int64             `json:"reportId"`
	ApplicationID int64             `json:"applicationId"`
	Key           string            `json:"key"`
	Name          string            `json:"name"`
	Parameters    []string          `json:"parameters"`
	Columns       []Field           `json:"columns"`
	GroupBy       []Field           `json:"groupBy"`
	Aggregates    []Aggregate       `json:"aggregates"`
	Chart         *definition.Chart `json:"chart"`
	// Groups nest in GroupBy's order; each holds its aggregates' values.
	Groups []*Group         `json:"groups"`
	Totals []pgtype.Numeric `json:"totals"`
	Rows   []Row            `json:"rows"`
	// RowCount counts every row; Rows stops at the limit (Truncated).
	RowCount  int64   `json:"rowCount"`
	Truncated bool    `json:"truncated"`
	Choices   Choices `json:"choices"`

	lang i18n.Lang
}

// Field is a column or a grouping level, with the attribute type the viewer
// formats by (CURRENCY as R$, PERCENTILE with %, DATE_TIME as a date...).
type Field struct {
	Key  string `json:"key"`
	Name string `json:"name"`
	Type string `json:"type"`
}

// Aggregate is a figure of the groups and totals, named for the reader.
type Aggregate struct {
	Function string `json:"function"`
	Field    string `json:"field,omitempty"`
	Name     string `json:"name"`
	Type     string `json:"type"`
}

// Group is one value of a grouping level: its values and its subgroups.
type Group struct {
	Key    string           `json:"key"`
	Label  string           `json:"label"`
	Values []pgtype.Numeric `json:"values"`
	Groups []*Group         `json:"groups,omitempty"`
}

// Row is an item of the report: its groups' keys and its columns' values.
type Row struct {
	Group  []string `json:"group"`
	Values []any    `json:"values"`
}

// Choice is a value the parameter form offers.
type Choice struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Choices are the parameter form's lists.
type Choices struct {
	Projects     []Choice `json:"projects,omitempty"`
	Statuses     []Choice `json:"statuses,omitempty"`
	Responsibles []Choice `json:"responsibles,omitempty"`
}

// aggregates are the report's, or a count when it names none: every report
// says how many rows it holds.
func aggregates(r definition.Report) []definition.Aggregate {
	if len(r.Aggregates) == 0 {
		return []definition.Aggregate{{Function: "count"}}
	}
	return r.Aggregates
}

func newResult(r stored, lang i18n.Lang) Result {
	res := Result{ReportID: r.ID, ApplicationID: r.ApplicationID, Key: r.Key, Name: r.Name[string(lang)],
		Parameters: r.Spec.Parameters, Chart: r.Spec.Chart, lang: lang}
	if res.Name == "" {
		res.Name = r.Name["pt-BR"]
	}
	if res.Parameters == nil {
		res.Parameters = []string{}
	}
	for _, c := range r.Spec.Columns {
		_, _, typ := r.field(c)
		res.Columns = append(res.Columns, Field{Key: c, Name: r.fieldName(c, lang), Type: typ})
	}
	res.GroupBy = []Field{}
	for _, g := range r.Spec.GroupBy {
		_, _, typ := r.field(g)
		res.GroupBy = append(res.GroupBy, Field{Key: g, Name: r.fieldName(g, lang), Type: typ})
	}
	for _, a := range aggregates(r.Spec) {
		out := Aggregate{Function: a.Function, Field: a.Field, Type: "INTEGER"}
		if a.Function == "count" {
			out.Name = i18n.T(lang, "reports.fn.count")
		} else {
			out.Name = i18n.T(lang, "reports.fn."+a.Function, "field", r.fieldName(a.Field, lang))
			_, _, out.Type = r.field(a.Field)
		}
		res.Aggregates = append(res.Aggregates, out)
	}
	return res
}

// child is the subgroup of g with key, made on first use.
func (g *Group) child(key, label string) *Group {
	for _, c := range g.Groups {
		if c.Key == key {
			return c
		}
	}
	c := &Group{Key: key, Label: label}
	g.Groups = append(g.Groups, c)
	return c
}

// sort orders every level by label, the empty group last.
func (g *Group) sort() {
	slices.SortStableFunc(g.Groups, func(a, b *Group) int {
		if (a.Key == "") != (b.Key == "") {
			if a.Key == "" {
				return 1
			}
			return -1
		}
		return strings.Compare(strings.ToLower(a.Label), strings.ToLower(b.Label))
	})
	for _, c := range g.Groups {
		c.sort()
	}
}
