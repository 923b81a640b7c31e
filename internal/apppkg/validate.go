package apppkg

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/rules"
)

// Problem is one reason a package is refused.
type Problem struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Reason) }

// Invalid is a refused package with every problem found.
type Invalid struct{ Problems []Problem }

func (e *Invalid) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return "invalid application package:\n" + strings.Join(lines, "\n")
}

var yamlLine = regexp.MustCompile(`^line (\d+): (.*)$`)

// Parse reads and validates a package; file names it in problems.
func Parse(file string, data []byte) (*Package, error) {
	var p Package
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&p); err != nil {
		inv := &Invalid{}
		var te *yaml.TypeError
		if errors.As(err, &te) {
			for _, e := range te.Errors {
				inv.Problems = append(inv.Problems, yamlProblem(file, e))
			}
		} else {
			inv.Problems = append(inv.Problems, yamlProblem(file, strings.TrimPrefix(err.Error(), "yaml: ")))
		}
		return nil, inv
	}
	if err := Validate(file, &p); err != nil {
		return nil, err
	}
	return &p, nil
}

func yamlProblem(file, msg string) Problem {
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Problem{File: file, Line: n, Reason: m[2]}
	}
	return Problem{File: file, Reason: msg}
}

// checker gathers problems; each check says what is wrong in the user's words.
type checker struct {
	file     string
	problems []Problem
}

func (c *checker) add(line int, format string, args ...any) {
	c.problems = append(c.problems, Problem{File: c.file, Line: line, Reason: fmt.Sprintf(format, args...)})
}

func (c *checker) key(line int, what, key string) {
	if !schema.KeyPattern.MatchString(key) {
		c.add(line, "%s key %q must start with a letter and hold only letters, digits and _ (at most 63)", what, key)
	}
}

func (c *checker) text(line int, what string, t Text) {
	if strings.TrimSpace(t["pt-BR"]) == "" {
		c.add(line, "%s needs a name in pt-BR", what)
	}
}

// unique reports keys that repeat among siblings.
func unique[T any](c *checker, what string, items []T, key func(T) (string, int)) map[string]bool {
	seen := map[string]bool{}
	for _, it := range items {
		k, line := key(it)
		if seen[k] {
			c.add(line, "%s %q is defined twice", what, k)
		}
		seen[k] = true
	}
	return seen
}

var rights = []string{"read", "create", "update", "delete"}

// Validate checks everything that needs no database; group names are
// checked at import.
func Validate(file string, p *Package) error {
	c := &checker{file: file}
	c.key(p.Line, "package", p.Key)
	c.text(p.Application.Line, "the application", p.Application.Name)
	picklists := unique(c, "picklist", p.Picklists, func(x Picklist) (string, int) { return x.Key, x.Line })
	values := map[string]map[string]bool{}
	for _, pl := range p.Picklists {
		c.key(pl.Line, "picklist", pl.Key)
		values[pl.Key] = unique(c, "picklist value", pl.Items, func(x PicklistItem) (string, int) { return x.Value, x.Line })
		if len(pl.Items) == 0 {
			c.add(pl.Line, "picklist %q has no items", pl.Key)
		}
		for _, it := range pl.Items {
			c.text(it.Line, fmt.Sprintf("picklist value %q", it.Value), it.Text)
		}
	}
	for _, pl := range p.Picklists {
		if pl.DependsOn == "" {
			for _, it := range pl.Items {
				if it.Parent != "" {
					c.add(it.Line, "picklist value %q names a parent but picklist %q depends on none", it.Value, pl.Key)
				}
			}
			continue
		}
		if !picklists[pl.DependsOn] || pl.DependsOn == pl.Key {
			c.add(pl.Line, "picklist %q depends on unknown picklist %q", pl.Key, pl.DependsOn)
			continue
		}
		for _, it := range pl.Items {
			if it.Parent != "" && !values[pl.DependsOn][it.Parent] {
				c.add(it.Line, "picklist value %q: parent %q is not a value of %q", it.Value, it.Parent, pl.DependsOn)
			}
		}
	}
	components := unique(c, "component", p.Components, func(x Component) (string, int) { return x.Key, x.Line })
	for i := range p.Components {
		c.component(&p.Components[i], picklists, components)
	}
	c.operations(p, picklists, components)
	c.reports(p)
	c.menu(p)
	if len(c.problems) > 0 {
		return &Invalid{Problems: c.problems}
	}
	return nil
}

// Warnings are what a package may hold but its author should change; an
// import lists them in its report. An operation's rule that builds a CSV
// itself keeps formulas a spreadsheet would run; csv: neutralises them.
func Warnings(file string, p *Package) []string {
	var out []string
	for _, o := range p.Operations {
		if handBuiltCSV(o.Rule) {
			out = append(out, fmt.Sprintf(`%s:%d: operation %q builds a CSV by hand: return {file: {name, csv: {columns, rows}}} `+
				`and the server writes it with formulas neutralised (a title like =HYPERLINK(...) stays text)`, file, o.Line, o.Key))
		}
	}
	return out
}

var (
	csvType    = regexp.MustCompile(`(?i)text/csv`)
	csvName    = regexp.MustCompile(`(?i)\.csv\b`)
	csvContent = regexp.MustCompile(`\bcontent\s*:`)
)

// handBuiltCSV: the rule names the CSV type, or a .csv file given as content.
func handBuiltCSV(rule string) bool {
	return csvType.MatchString(rule) || (csvName.MatchString(rule) && csvContent.MatchString(rule))
}

func (c *checker) component(comp *Component, picklists, components map[string]bool) {
	c.key(comp.Line, "component", comp.Key)
	c.text(comp.Line, fmt.Sprintf("component %q", comp.Key), comp.Name)
	for _, g := range comp.Permissions {
		if strings.TrimSpace(g.Group) == "" {
			c.add(g.Line, "a permission needs a group")
		}
		for _, r := range g.Rights {
			if !slices.Contains(rights, r) {
				c.add(g.Line, "unknown right %q (use read, create, update, delete)", r)
			}
		}
	}
	unique(c, "attribute", comp.Attributes, func(x Attribute) (string, int) { return x.Key, x.Line })
	var attrs []schema.Attr
	for _, a := range comp.Attributes {
		c.key(a.Line, "attribute", a.Key)
		c.text(a.Line, fmt.Sprintf("attribute %q", a.Key), a.Name)
		if schema.IsSystem(a.Key) {
			c.add(a.Line, "attribute %q has the name of a system field", a.Key)
		}
		if !slices.Contains(schema.Types, a.Type) {
			c.add(a.Line, "attribute %q has unknown type %q", a.Key, a.Type)
		}
		if a.Type == "PICKLIST" && !picklists[a.Picklist] {
			c.add(a.Line, "attribute %q: picklist %q is not defined", a.Key, a.Picklist)
		}
		if a.Type != "PICKLIST" && a.Picklist != "" {
			c.add(a.Line, "attribute %q names a picklist but is of type %s", a.Key, a.Type)
		}
		if a.Type == "GENERIC_ITEM_TYPE" && a.Component != "" && !components[a.Component] {
			c.add(a.Line, "attribute %q: component %q is not defined", a.Key, a.Component)
		}
		if a.DateTimeFormatType < 0 || a.DateTimeFormatType > 3 {
			c.add(a.Line, "attribute %q: dateTimeFormatType must be 0, 1, 2 or 3", a.Key)
		}
		if a.ColumnWidth < 0 || a.ColumnWidth > 2000 {
			c.add(a.Line, "attribute %q: columnWidth must be between 0 and 2000", a.Key)
		}
		if a.RenamedFrom != "" && a.RenamedFrom == a.Key {
			c.add(a.Line, "attribute %q is renamed from itself", a.Key)
		}
		attrs = append(attrs, schema.Attr{Key: a.Key, Type: a.Type})
	}
	fields := schema.Build(attrs)
	statuses := unique(c, "status", comp.Statuses, func(x Status) (string, int) { return x.Key, x.Line })
	initial := 0
	for _, s := range comp.Statuses {
		c.key(s.Line, "status", s.Key)
		c.text(s.Line, fmt.Sprintf("status %q", s.Key), s.Name)
		if s.Initial {
			initial++
		}
	}
	if len(comp.Statuses) > 0 && initial != 1 {
		c.add(comp.Line, "component %q needs exactly one initial status", comp.Key)
	}
	unique(c, "action", comp.Actions, func(x Action) (string, int) { return x.Key, x.Line })
	for _, a := range comp.Actions {
		c.key(a.Line, "action", a.Key)
		c.text(a.Line, fmt.Sprintf("action %q", a.Key), a.Name)
		for _, f := range a.From {
			if !statuses[f] {
				c.add(a.Line, "action %q: status %q is not defined", a.Key, f)
			}
		}
		if !statuses[a.To] {
			c.add(a.Line, "action %q: status %q is not defined", a.Key, a.To)
		}
		c.action(a)
	}
	ruleKeys := c.rules(comp)
	unique(c, "form", comp.Forms, func(x Form) (string, int) { return x.Key, x.Line })
	for _, f := range comp.Forms {
		c.key(f.Line, "form", f.Key)
		c.text(f.Line, fmt.Sprintf("form %q", f.Key), f.Name)
		if f.OnSave != "" && !ruleKeys[f.OnSave] {
			c.add(f.Line, "form %q: onSave rule %q is not a rule of %q", f.Key, f.OnSave, comp.Key)
		}
		c.form(f, comp, components, ruleKeys, picklists)
	}
	unique(c, "query", comp.Queries, func(x Query) (string, int) { return x.Key, x.Line })
	for _, q := range comp.Queries {
		c.key(q.Line, "query", q.Key)
		c.text(q.Line, fmt.Sprintf("query %q", q.Key), q.Name)
		if q.Where != nil {
			// Conditions name statuses by key; the check compares them as the ids the import stores.
			statuses := map[string]int64{}
			for i, st := range comp.Statuses {
				statuses[st.Key] = int64(i + 1)
			}
			c.condition(*q.Where, fields, statuses, comp.Key, 0)
		}
	}
	for _, a := range comp.Attributes {
		if a.DefaultQuery != "" && !slices.ContainsFunc(comp.Queries, func(q Query) bool { return q.Key == a.DefaultQuery }) {
			c.add(a.Line, "attribute %q: default query %q is not defined", a.Key, a.DefaultQuery)
		}
	}
	unique(c, "view", comp.Views, func(x View) (string, int) { return x.Key, x.Line })
	for _, v := range comp.Views {
		c.view(comp, v, fields)
	}
}

// action checks who may run an action and its rule's syntax (group names
// are checked at import).
func (c *checker) action(a Action) {
	if a.AllowedTo != nil && len(a.AllowedTo.Groups) == 0 && !a.AllowedTo.Responsible && !a.AllowedTo.Creator {
		c.add(a.Line, "action %q: allowedTo names nobody (give groups, responsible or creator)", a.Key)
	}
	if len(a.ResponsibleGroups) > 0 && !a.AsksResponsible {
		c.add(a.Line, "action %q: responsibleGroups needs asksResponsible", a.Key)
	}
	if a.Rule == "" {
		return
	}
	c.ruleSyntax(a.Line, fmt.Sprintf("action %q", a.Key), a.Key, a.Rule)
}

// ruleSyntax compiles a rule: a syntax error (or a source too big) is a
// problem at line, naming the rule's own line.
func (c *checker) ruleSyntax(line int, what, name, source string) {
	var se *rules.ScriptError
	if err := rules.Check(rules.Rule{Name: name, Source: source}, rules.Limits{}); errors.As(err, &se) {
		c.add(line, "%s: rule line %d: %s", what, se.Line, se.Reason)
	}
}

// condition checks each test on its own so a problem carries the test's line.
func (c *checker) condition(n Condition, fields schema.Set, statuses map[string]int64, component string, depth int) {
	if n.Field == "" {
		if depth >= filter.MaxDepth {
			c.add(n.Line, "conditions are nested deeper than %d", filter.MaxDepth)
			return
		}
		if l := strings.ToUpper(n.Logic); l != "" && l != "AND" && l != "OR" {
			c.add(n.Line, "logic must be AND or OR, not %q", n.Logic)
		}
		for _, child := range n.Conditions {
			c.condition(child, fields, statuses, component, depth+1)
		}
		return
	}
	if n.Field == "StatusName" {
		var unknown []UnknownStatus
		if n, unknown = StatusKeysToIDs(n, statuses); len(unknown) > 0 {
			c.add(n.Line, "condition on StatusName: %q is not a status of %q", unknown[0].Value, component)
			return
		}
	}
	_, _, err := filter.Compile(fields.Filter(), filter.Node{Field: n.Field, Operator: n.Operator, Value: jsonish(n.Value)},
		filter.Params{}, 0)
	var fe *filter.Error
	if errors.As(err, &fe) {
		c.add(n.Line, "condition on %q: %s", n.Field, reasons[fe.Key])
	}
}

// jsonish turns YAML numbers into the float64 a JSON filter would carry, so
// the same rules apply to both.
func jsonish(v any) any {
	switch x := v.(type) {
	case int:
		return float64(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonish(e)
		}
		return out
	}
	return v
}

var reasons = map[string]string{
	"items.filter.unknownField": "unknown field",
	"items.filter.badOperator":  "operator not allowed for this field",
	"items.filter.badValue":     "wrong value",
	"items.filter.badNumber":    "not a number of this field's kind",
	"items.filter.badDate":      "not a date (YYYY-MM-DD, RFC 3339 or @today)",
	"items.filter.badBoolean":   "not true or false",
	"items.filter.badReference": "not an id (or @me, @project where allowed)",
	"items.filter.badList":      "needs a list of values",
	"items.filter.badRange":     "needs two values",
	"items.filter.valueTooLong": "value too long",
	"items.filter.mixedNode":    "a condition is either a group or a test",
	"items.filter.tooMany":      "too many conditions",
}

var viewKinds = []string{"list", "kanban", "schedule", "calendar"}

func (c *checker) view(comp *Component, v View, fields schema.Set) {
	c.key(v.Line, "view", v.Key)
	c.text(v.Line, fmt.Sprintf("view %q", v.Key), v.Name)
	if v.Kind != "" && !slices.Contains(viewKinds, v.Kind) {
		c.add(v.Line, "view %q: kind must be list, kanban, schedule or calendar", v.Key)
	}
	for _, col := range v.Columns {
		if _, ok := fields[col.Field]; !ok {
			c.add(v.Line, "view %q: column %q is not a field", v.Key, col.Field)
		}
		if col.Width < 0 || col.Width > 2000 {
			c.add(v.Line, "view %q: column %q width must be between 0 and 2000", v.Key, col.Field)
		}
	}
	for _, s := range v.Sort {
		if _, err := filter.Order(fields.Order(), s.Field, s.Direction); err != nil {
			c.add(v.Line, "view %q: cannot sort by %q %s", v.Key, s.Field, s.Direction)
		}
	}
	for role, f := range v.Fields {
		if _, ok := fields[f]; !ok {
			c.add(v.Line, "view %q: %s field %q is not a field", v.Key, role, f)
		}
	}
	if (v.Query != "" || len(v.WIP) > 0 || v.WIPStrict) && v.Kind != "kanban" {
		c.add(v.Line, "view %q: query, wip and wipStrict belong to kanban views", v.Key)
	}
	if v.Query != "" && !slices.ContainsFunc(comp.Queries, func(q Query) bool { return q.Key == v.Query }) {
		c.add(v.Line, "view %q: query %q is not defined", v.Key, v.Query)
	}
	for st, n := range v.WIP {
		if !slices.ContainsFunc(comp.Statuses, func(s Status) bool { return s.Key == st }) {
			c.add(v.Line, "view %q: wip status %q is not a status", v.Key, st)
		}
		if n < 1 || n > 10000 {
			c.add(v.Line, "view %q: wip of %q must be between 1 and 10000", v.Key, st)
		}
	}
	if v.Kind == "schedule" {
		c.scheduleView(v, fields)
	}
	if v.Kind == "calendar" {
		c.calendarView(v, fields)
	}
}

// CalendarRoles are the fields a calendar view names: the date an item
// stands on and, for items that last, the date it ends (docs/calendar.md).
var CalendarRoles = []string{"start", "finish"}

// calendarView checks a calendar view's fields: a start, known roles, each
// a date attribute of the type.
func (c *checker) calendarView(v View, fields schema.Set) {
	if v.Fields["start"] == "" {
		c.add(v.Line, "view %q: a calendar view needs a start field", v.Key)
	}
	for _, role := range slices.Sorted(maps.Keys(v.Fields)) {
		f := v.Fields[role]
		if !slices.Contains(CalendarRoles, role) {
			c.add(v.Line, "view %q: %q is not a field of a calendar view (start, finish)", v.Key, role)
			continue
		}
		if fd, ok := fields[f]; ok && (fd.Type != "DATE_TIME" || fd.System) {
			c.add(v.Line, "view %q: %s field %q must be an attribute of type DATE_TIME", v.Key, role, f)
		}
	}
}

// ScheduleRoles are the fields a schedule view names, each with the
// attribute types it may be: dates, a duration in hours (DURATION) or
// working days (INTEGER), a progress, a milestone flag, and the item core's
// Parent as the work breakdown.
var ScheduleRoles = map[string][]string{
	"start":     {"DATE_TIME"},
	"finish":    {"DATE_TIME"},
	"duration":  {"DURATION", "INTEGER"},
	"progress":  {"PERCENTILE", "INTEGER", "DECIMAL"},
	"milestone": {"BOOLEAN"},
	"parent":    {"GENERIC_ITEM_TYPE"},
}

// scheduleView checks a schedule view's fields: known roles of the right
// types, a start, and Parent as the only parent relation.
func (c *checker) scheduleView(v View, fields schema.Set) {
	if v.Fields["start"] == "" {
		c.add(v.Line, "view %q: a schedule view needs a start field", v.Key)
	}
	for _, role := range slices.Sorted(maps.Keys(v.Fields)) {
		f := v.Fields[role]
		types, ok := ScheduleRoles[role]
		if !ok {
			c.add(v.Line, "view %q: %q is not a field of a schedule view (start, finish, duration, progress, milestone, parent)", v.Key, role)
			continue
		}
		if role == "parent" && f != "Parent" {
			c.add(v.Line, "view %q: parent must be Parent, the item's parent", v.Key)
			continue
		}
		if fd, ok := fields[f]; ok && (!slices.Contains(types, fd.Type) || (fd.System && role != "parent")) {
			c.add(v.Line, "view %q: %s field %q must be an attribute of type %s", v.Key, role, f, strings.Join(types, " or "))
		}
	}
}

func (c *checker) menu(p *Package) {
	keys := unique(c, "menu entry", p.Menu, func(x MenuEntry) (string, int) { return x.Key, x.Line })
	comps := map[string]*Component{}
	for i := range p.Components {
		comps[p.Components[i].Key] = &p.Components[i]
	}
	for _, m := range p.Menu {
		c.key(m.Line, "menu entry", m.Key)
		c.text(m.Line, fmt.Sprintf("menu entry %q", m.Key), m.Name)
		if m.Parent != "" && (!keys[m.Parent] || m.Parent == m.Key) {
			c.add(m.Line, "menu entry %q: parent %q is not an entry", m.Key, m.Parent)
		}
		if m.List != nil && m.Link != "" {
			c.add(m.Line, "menu entry %q has both link and list", m.Key)
		}
		if m.Operation != "" {
			if m.List != nil || m.Link != "" {
				c.add(m.Line, "menu entry %q: an operation entry has no link or list", m.Key)
			}
			if !slices.ContainsFunc(p.Operations, func(o Operation) bool { return o.Key == m.Operation }) {
				c.add(m.Line, "menu entry %q: operation %q is not defined", m.Key, m.Operation)
			}
		}
		if m.Report != "" {
			if m.List != nil || m.Link != "" || m.Operation != "" {
				c.add(m.Line, "menu entry %q: a report entry has no link, list or operation", m.Key)
			}
			if !slices.ContainsFunc(p.Reports, func(r ReportDefinition) bool { return r.Key == m.Report }) {
				c.add(m.Line, "menu entry %q: report %q is not defined", m.Key, m.Report)
			}
		}
		if kind, ck, vk, _, ok := ViewLink(m.Link); ok && comps[ck] != nil &&
			!slices.ContainsFunc(comps[ck].Views, func(v View) bool { return v.Key == vk && v.Kind == kind }) {
			c.add(m.Line, "menu entry %q: %q is not a %s view of %q", m.Key, vk, kind, ck)
		}
		if m.List == nil {
			continue
		}
		comp := comps[m.List.Component]
		if comp == nil {
			c.add(m.Line, "menu entry %q: component %q is not defined", m.Key, m.List.Component)
			continue
		}
		has := func(key string, n int, at func(int) string) bool {
			for i := range n {
				if at(i) == key {
					return true
				}
			}
			return key == ""
		}
		if !has(m.List.Form, len(comp.Forms), func(i int) string { return comp.Forms[i].Key }) {
			c.add(m.Line, "menu entry %q: form %q is not a form of %q", m.Key, m.List.Form, comp.Key)
		}
		if !has(m.List.Query, len(comp.Queries), func(i int) string { return comp.Queries[i].Key }) {
			c.add(m.Line, "menu entry %q: query %q is not a query of %q", m.Key, m.List.Query, comp.Key)
		}
		if !has(m.List.View, len(comp.Views), func(i int) string { return comp.Views[i].Key }) {
			c.add(m.Line, "menu entry %q: view %q is not a view of %q", m.Key, m.List.View, comp.Key)
		}
	}
}
