// Package definition is the report format of an application package: what
// the YAML says and the checks the package import runs on it. It imports
// nothing of the project, so the package reader (apppkg) can hold it.
package definition

import (
	"fmt"
	"slices"
)

// Report is a report of the application: rows of one item type the reader
// may see, grouped up to three levels, with aggregates and a chart.
type Report struct {
	Key  string            `yaml:"key" json:"key"`
	Name map[string]string `yaml:"name" json:"name"`
	// Component is the item type the rows are.
	Component string `yaml:"component" json:"component"`
	// Parameters the reader fills: period, project, status, responsible.
	Parameters []string `yaml:"parameters,omitempty" json:"parameters,omitempty"`
	// Date is the field the period bounds: CreatedDate (default), ModifiedDate
	// or a DATE_TIME attribute.
	Date       string      `yaml:"date,omitempty" json:"date,omitempty"`
	GroupBy    []string    `yaml:"groupBy,omitempty" json:"groupBy,omitempty"`
	Columns    []string    `yaml:"columns" json:"columns"`
	Aggregates []Aggregate `yaml:"aggregates,omitempty" json:"aggregates,omitempty"`
	Chart      *Chart      `yaml:"chart,omitempty" json:"chart,omitempty"`
	Line       int         `yaml:"-" json:"-"`
}

// Aggregate is a figure of every group and of the whole report.
type Aggregate struct {
	Function string `yaml:"function" json:"function"`
	// Field is the numeric attribute summed, averaged...; none for count.
	Field string `yaml:"field,omitempty" json:"field,omitempty"`
}

// Chart draws one aggregate of the first grouping level (stacked: split by
// the second level).
type Chart struct {
	Kind string `yaml:"kind" json:"kind"`
	// Aggregate is the index of the aggregate drawn (default the first).
	Aggregate int `yaml:"aggregate,omitempty" json:"aggregate,omitempty"`
}

// The words of the format.
var (
	ParameterKinds = []string{"period", "project", "status", "responsible"}
	Functions      = []string{"count", "sum", "avg", "min", "max"}
	ChartKinds     = []string{"bar", "line", "pie", "stacked"}
	// SystemGroups are the system fields a report may group by.
	SystemGroups = []string{"ProjectName", "StatusName", "ResponsibleName"}
	// SystemColumns are the system fields a report may show.
	SystemColumns = []string{"FormattedID", "Title", "ProjectName", "StatusName", "ResponsibleName", "CreatedDate", "ModifiedDate"}
	// NumericTypes are the attribute types an aggregate other than count reads.
	NumericTypes = []string{"INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION"}
	// GroupTypes are the attribute types a report may group by.
	GroupTypes = []string{"PICKLIST", "STRING", "BOOLEAN"}
	// ColumnTypes are the attribute types a report may show as a column.
	ColumnTypes = append([]string{"STRING", "BOOLEAN", "PICKLIST", "DATE_TIME"}, NumericTypes...)
)

// MaxGroups and MaxColumns bound a report.
const (
	MaxGroups     = 3
	MaxColumns    = 20
	MaxAggregates = 10
)

// Check returns the problems of r, given its type's attributes (key to
// type; nil when the type is unknown, already reported by the caller).
func Check(r Report, attrs map[string]string) []string {
	var out []string
	add := func(format string, args ...any) {
		out = append(out, fmt.Sprintf("report %q: ", r.Key)+fmt.Sprintf(format, args...))
	}
	if r.Name["pt-BR"] == "" {
		add("name needs a pt-BR text")
	}
	for i, p := range r.Parameters {
		if !slices.Contains(ParameterKinds, p) {
			add("unknown parameter %q (use period, project, status or responsible)", p)
		} else if slices.Index(r.Parameters, p) != i {
			add("parameter %q is named twice", p)
		}
	}
	if r.Chart != nil {
		if !slices.Contains(ChartKinds, r.Chart.Kind) {
			add("unknown chart %q (use bar, line, pie or stacked)", r.Chart.Kind)
		}
		if len(r.GroupBy) == 0 {
			add("a chart needs a groupBy")
		}
		if r.Chart.Kind == "stacked" && len(r.GroupBy) < 2 {
			add("a stacked chart needs two grouping levels")
		}
		if r.Chart.Aggregate < 0 || r.Chart.Aggregate >= max(len(r.Aggregates), 1) {
			add("chart aggregate %d is not one of the report's aggregates", r.Chart.Aggregate)
		}
	}
	if len(r.GroupBy) > MaxGroups {
		add("groups by %d fields; at most %d", len(r.GroupBy), MaxGroups)
	}
	if len(r.Columns) == 0 || len(r.Columns) > MaxColumns {
		add("needs 1 to %d columns", MaxColumns)
	}
	if len(r.Aggregates) > MaxAggregates {
		add("has more than %d aggregates", MaxAggregates)
	}
	if attrs == nil {
		return out
	}
	if r.Date != "" && r.Date != "CreatedDate" && r.Date != "ModifiedDate" && attrs[r.Date] != "DATE_TIME" {
		add("date %q is not CreatedDate, ModifiedDate or a DATE_TIME attribute of %q", r.Date, r.Component)
	}
	for i, g := range r.GroupBy {
		if !slices.Contains(SystemGroups, g) && !slices.Contains(GroupTypes, attrs[g]) {
			add("cannot group by %q: not ProjectName, StatusName, ResponsibleName or a picklist, text or boolean attribute of %q", g, r.Component)
		} else if slices.Index(r.GroupBy, g) != i {
			add("groups by %q twice", g)
		}
	}
	for _, c := range r.Columns {
		if !slices.Contains(SystemColumns, c) && !slices.Contains(ColumnTypes, attrs[c]) {
			add("unknown column %q: not a system field or a shown attribute of %q", c, r.Component)
		}
	}
	for _, a := range r.Aggregates {
		switch {
		case !slices.Contains(Functions, a.Function):
			add("unknown aggregate %q (use count, sum, avg, min or max)", a.Function)
		case a.Function == "count" && a.Field != "":
			add("count takes no field")
		case a.Function != "count" && !slices.Contains(NumericTypes, attrs[a.Field]):
			add("%s of %q: not a numeric attribute of %q", a.Function, a.Field, r.Component)
		}
	}
	return out
}
