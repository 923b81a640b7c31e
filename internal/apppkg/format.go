// Package apppkg reads, validates, imports and exports application packages:
// one YAML file that defines an application completely.
package apppkg

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Text is a translated text keyed by language; pt-BR is required.
type Text map[string]string

// In is the text in lang, else in pt-BR, the language every text has.
func (t Text) In(lang string) string {
	if v := t[lang]; v != "" {
		return v
	}
	return t["pt-BR"]
}

// Package is one application package.
type Package struct {
	Key         string      `yaml:"key" json:"key"`
	Application Application `yaml:"application" json:"application"`
	// Groups may use the application; "Todos" is everyone.
	Groups     []string    `yaml:"groups,omitempty" json:"groups,omitempty"`
	Menu       []MenuEntry `yaml:"menu,omitempty" json:"menu,omitempty"`
	Picklists  []Picklist  `yaml:"picklists,omitempty" json:"picklists,omitempty"`
	Components []Component `yaml:"components,omitempty" json:"components,omitempty"`
	// Operations run on the server from /runtime/{appID}/operation/... or
	// over selected items (operations.go).
	Operations []Operation `yaml:"operations,omitempty" json:"operations,omitempty"`
	// Reports are read at /runtime/{appID}/report/... (reports.go).
	Reports []ReportDefinition `yaml:"reports,omitempty" json:"reports,omitempty"`
	Line    int                `yaml:"-" json:"-"`
}

// Application is the desktop entry (spec section 3, Application).
type Application struct {
	Name              Text   `yaml:"name" json:"name"`
	Icon              string `yaml:"icon,omitempty" json:"icon,omitempty"`
	IsFontAwesomeIcon bool   `yaml:"isFontAwesomeIcon,omitempty" json:"isFontAwesomeIcon,omitempty"`
	ImageContent      string `yaml:"imageContent,omitempty" json:"imageContent,omitempty"`
	DisplayOnToolbar  bool   `yaml:"displayOnToolbar,omitempty" json:"displayOnToolbar,omitempty"`
	URLBehavior       bool   `yaml:"urlBehavior,omitempty" json:"urlBehavior,omitempty"`
	URLLink           string `yaml:"urlLink,omitempty" json:"urlLink,omitempty"`
	CollapsedMenu     bool   `yaml:"collapsedMenu,omitempty" json:"collapsedMenu,omitempty"`
	AppVersion        string `yaml:"appVersion,omitempty" json:"appVersion,omitempty"`
	HTMLScripts       string `yaml:"htmlScripts,omitempty" json:"htmlScripts,omitempty"`
	SortOrder         int    `yaml:"sortOrder,omitempty" json:"sortOrder,omitempty"`
	Line              int    `yaml:"-" json:"-"`
}

// MenuEntry is one entry of the menu. An entry links either to an address
// (link) or to a list of the package (list), which the importer turns into
// the runtime path with the ids the import gave.
type MenuEntry struct {
	Key    string    `yaml:"key" json:"key"`
	Parent string    `yaml:"parent,omitempty" json:"parent,omitempty"`
	Name   Text      `yaml:"name" json:"name"`
	Link   string    `yaml:"link,omitempty" json:"link,omitempty"`
	List   *ListLink `yaml:"list,omitempty" json:"list,omitempty"`
	// Operation is the key of an operation of the package: the entry opens
	// /runtime/{appID}/operation/{operationID}/{title}.
	Operation string `yaml:"operation,omitempty" json:"operation,omitempty"`
	// Report is the key of a report of the package: the entry opens
	// /runtime/{appID}/report/{reportID}/{title}.
	Report        string `yaml:"report,omitempty" json:"report,omitempty"`
	Icon          string `yaml:"icon,omitempty" json:"icon,omitempty"`
	IsFontAwesome bool   `yaml:"isFontAwesome,omitempty" json:"isFontAwesome,omitempty"`
	Badge         string `yaml:"badge,omitempty" json:"badge,omitempty"`
	Title         bool   `yaml:"title,omitempty" json:"title,omitempty"`
	Multilevel    bool   `yaml:"multilevel,omitempty" json:"multilevel,omitempty"`
	Line          int    `yaml:"-" json:"-"`
}

// ListLink names a list screen by the keys of the package.
type ListLink struct {
	Component string `yaml:"component" json:"component"`
	Form      string `yaml:"form,omitempty" json:"form,omitempty"`
	Query     string `yaml:"query,omitempty" json:"query,omitempty"`
	View      string `yaml:"view,omitempty" json:"view,omitempty"`
}

// Picklist is a list of choices.
type Picklist struct {
	Key       string         `yaml:"key" json:"key"`
	Name      Text           `yaml:"name,omitempty" json:"name,omitempty"`
	DependsOn string         `yaml:"dependsOn,omitempty" json:"dependsOn,omitempty"`
	Items     []PicklistItem `yaml:"items" json:"items"`
	Line      int            `yaml:"-" json:"-"`
}

// PicklistItem is one choice; Parent is a value of the picklist DependsOn names.
type PicklistItem struct {
	Value         string `yaml:"value" json:"value"`
	Text          Text   `yaml:"text" json:"text"`
	Color         string `yaml:"color,omitempty" json:"color,omitempty"`
	Image         string `yaml:"image,omitempty" json:"image,omitempty"`
	IsFontAwesome bool   `yaml:"isFontAwesome,omitempty" json:"isFontAwesome,omitempty"`
	Parent        string `yaml:"parent,omitempty" json:"parent,omitempty"`
	Line          int    `yaml:"-" json:"-"`
}

// Component is an item type.
type Component struct {
	Key           string      `yaml:"key" json:"key"`
	Name          Text        `yaml:"name" json:"name"`
	Icon          string      `yaml:"icon,omitempty" json:"icon,omitempty"`
	ProjectScoped bool        `yaml:"projectScoped,omitempty" json:"projectScoped,omitempty"`
	Permissions   []Grant     `yaml:"permissions,omitempty" json:"permissions,omitempty"`
	Attributes    []Attribute `yaml:"attributes,omitempty" json:"attributes,omitempty"`
	Statuses      []Status    `yaml:"statuses,omitempty" json:"statuses,omitempty"`
	Actions       []Action    `yaml:"actions,omitempty" json:"actions,omitempty"`
	Forms         []Form      `yaml:"forms,omitempty" json:"forms,omitempty"`
	// Rules are the named business rules the forms of the type run (buttons,
	// field changes, saving).
	Rules   []NamedRule `yaml:"rules,omitempty" json:"rules,omitempty"`
	Queries []Query     `yaml:"queries,omitempty" json:"queries,omitempty"`
	Views   []View      `yaml:"views,omitempty" json:"views,omitempty"`
	Line    int         `yaml:"-" json:"-"`
}

// Grant gives a group rights over the items of a type.
type Grant struct {
	Group  string   `yaml:"group" json:"group"`
	Rights []string `yaml:"rights" json:"rights"`
	Line   int      `yaml:"-" json:"-"`
}

// Attribute is a configurable field (spec section 3, Component attributes).
type Attribute struct {
	Key  string `yaml:"key" json:"key"`
	Name Text   `yaml:"name" json:"name"`
	Type string `yaml:"type" json:"type"`
	// RenamedFrom moves the values stored under an older key on re-import.
	RenamedFrom        string `yaml:"renamedFrom,omitempty" json:"renamedFrom,omitempty"`
	Required           bool   `yaml:"required,omitempty" json:"required,omitempty"`
	Picklist           string `yaml:"picklist,omitempty" json:"picklist,omitempty"`
	Component          string `yaml:"component,omitempty" json:"component,omitempty"`
	FilterAsList       bool   `yaml:"filterAsList,omitempty" json:"filterAsList,omitempty"`
	IsFileIndex        bool   `yaml:"isFileIndex,omitempty" json:"isFileIndex,omitempty"`
	EditInGrid         bool   `yaml:"editInGrid,omitempty" json:"editInGrid,omitempty"`
	DateTimeFormatType int    `yaml:"dateTimeFormatType,omitempty" json:"dateTimeFormatType,omitempty"`
	DateTimeFormat     string `yaml:"dateTimeFormat,omitempty" json:"dateTimeFormat,omitempty"`
	ColumnWidth        int    `yaml:"columnWidth,omitempty" json:"columnWidth,omitempty"`
	Interval           int    `yaml:"interval,omitempty" json:"interval,omitempty"`
	DefaultQuery       string `yaml:"defaultQuery,omitempty" json:"defaultQuery,omitempty"`
	Line               int    `yaml:"-" json:"-"`
}

// Status is a workflow state.
type Status struct {
	Key     string `yaml:"key" json:"key"`
	Name    Text   `yaml:"name" json:"name"`
	Color   string `yaml:"color,omitempty" json:"color,omitempty"`
	Initial bool   `yaml:"initial,omitempty" json:"initial,omitempty"`
	Final   bool   `yaml:"final,omitempty" json:"final,omitempty"`
	Line    int    `yaml:"-" json:"-"`
}

// Action moves items from statuses to another (internal/workflow runs it).
type Action struct {
	Key  string   `yaml:"key" json:"key"`
	Name Text     `yaml:"name" json:"name"`
	From []string `yaml:"from" json:"from"`
	To   string   `yaml:"to" json:"to"`
	// AsksReason offers a reason; RequiresReason makes it compulsory.
	AsksReason     bool `yaml:"asksReason,omitempty" json:"asksReason,omitempty"`
	RequiresReason bool `yaml:"requiresReason,omitempty" json:"requiresReason,omitempty"`
	// AsksResponsible makes the caller choose the new responsible, among the
	// members of ResponsibleGroups (none: anyone who may read the type).
	AsksResponsible   bool     `yaml:"asksResponsible,omitempty" json:"asksResponsible,omitempty"`
	ResponsibleGroups []string `yaml:"responsibleGroups,omitempty" json:"responsibleGroups,omitempty"`
	// AllowedTo says who may run the action; absent, whoever may update the item.
	AllowedTo *ActionRunners `yaml:"allowedTo,omitempty" json:"allowedTo,omitempty"`
	// Rule is JavaScript (internal/rules) run before the move; it may refuse
	// with a message or change fields of the item.
	Rule string `yaml:"rule,omitempty" json:"rule,omitempty"`
	Line int    `yaml:"-" json:"-"`
}

// ActionRunners are who may run an action: members of Groups, the item's
// responsible, its creator (any of them).
type ActionRunners struct {
	Groups      []string `yaml:"groups,omitempty" json:"groups,omitempty"`
	Responsible bool     `yaml:"responsible,omitempty" json:"responsible,omitempty"`
	Creator     bool     `yaml:"creator,omitempty" json:"creator,omitempty"`
}

// Form is a tree of controls (form.go).
type Form struct {
	Key  string   `yaml:"key" json:"key"`
	Name Text     `yaml:"name" json:"name"`
	Tree *Control `yaml:"tree,omitempty" json:"tree,omitempty"`
	// OnSave is the key of a rule of the type that saveItem runs, inside its
	// transaction, before the item is checked and written.
	OnSave string `yaml:"onSave,omitempty" json:"onSave,omitempty"`
	Line   int    `yaml:"-" json:"-"`
}

// NamedRule is a business rule of a type, named by the forms that run it.
type NamedRule struct {
	Key    string `yaml:"key" json:"key"`
	Source string `yaml:"source" json:"source"`
	Line   int    `yaml:"-" json:"-"`
}

// Query is a saved filter over the items of a type.
type Query struct {
	Key     string     `yaml:"key" json:"key"`
	Name    Text       `yaml:"name" json:"name"`
	Default bool       `yaml:"default,omitempty" json:"default,omitempty"`
	Where   *Condition `yaml:"where,omitempty" json:"where,omitempty"`
	Line    int        `yaml:"-" json:"-"`
}

// Condition is a node of a filter: a group (logic + conditions) or a test
// (field, operator, value). The filter package defines the operators.
type Condition struct {
	Logic      string      `yaml:"logic,omitempty" json:"logic,omitempty"`
	Conditions []Condition `yaml:"conditions,omitempty" json:"conditions,omitempty"`
	Field      string      `yaml:"field,omitempty" json:"field,omitempty"`
	Operator   string      `yaml:"operator,omitempty" json:"operator,omitempty"`
	Value      any         `yaml:"value,omitempty" json:"value,omitempty"`
	Line       int         `yaml:"-" json:"-"`
}

// UnknownStatus is a status key a condition names that the type does not have.
type UnknownStatus struct {
	Value string
	Line  int
}

// StatusKeysToIDs answers n with each status key a test on StatusName names
// (a package writes `value: done`) replaced by the status's id, as lists
// compare them; ids, numbers and parameters (@...) stay. Keys not in ids
// come back as unknown.
func StatusKeysToIDs(n Condition, ids map[string]int64) (Condition, []UnknownStatus) {
	var unknown []UnknownStatus
	out := mapStatusValues(n, func(v any, line int) any {
		key, ok := v.(string)
		if !ok || strings.HasPrefix(key, "@") {
			return v
		}
		if _, err := strconv.ParseInt(key, 10, 64); err == nil {
			return v
		}
		id, ok := ids[key]
		if !ok {
			unknown = append(unknown, UnknownStatus{Value: key, Line: line})
			return v
		}
		return float64(id)
	})
	return out, unknown
}

// StatusIDsToKeys is StatusKeysToIDs backwards, for an export: each status
// id a test on StatusName compares is written as the status's key.
func StatusIDsToKeys(n Condition, keys map[int64]string) Condition {
	return mapStatusValues(n, func(v any, _ int) any {
		if f, ok := v.(float64); ok && f == float64(int64(f)) {
			if key, ok := keys[int64(f)]; ok {
				return key
			}
		}
		return v
	})
}

// mapStatusValues answers a copy of n whose tests on StatusName have each
// value (or each value of a list) passed through swap, with the test's line.
func mapStatusValues(n Condition, swap func(v any, line int) any) Condition {
	out := n
	if n.Field == "StatusName" {
		if list, ok := n.Value.([]any); ok {
			swapped := make([]any, len(list))
			for i, v := range list {
				swapped[i] = swap(v, n.Line)
			}
			out.Value = swapped
		} else {
			out.Value = swap(n.Value, n.Line)
		}
	}
	if len(n.Conditions) > 0 {
		out.Conditions = make([]Condition, len(n.Conditions))
		for i, child := range n.Conditions {
			out.Conditions[i] = mapStatusValues(child, swap)
		}
	}
	return out
}

// View is a list layout, or the fields another kind of view reads.
type View struct {
	Key     string            `yaml:"key" json:"key"`
	Name    Text              `yaml:"name" json:"name"`
	Kind    string            `yaml:"kind,omitempty" json:"kind,omitempty"`
	Default bool              `yaml:"default,omitempty" json:"default,omitempty"`
	Compact bool              `yaml:"compact,omitempty" json:"compact,omitempty"`
	Columns []Column          `yaml:"columns,omitempty" json:"columns,omitempty"`
	Sort    []Sort            `yaml:"sort,omitempty" json:"sort,omitempty"`
	Fields  map[string]string `yaml:"fields,omitempty" json:"fields,omitempty"`
	// Query (kanban) is the key of a query of the type: the board shows only
	// the items it matches, whatever query the user picks on top.
	Query string `yaml:"query,omitempty" json:"query,omitempty"`
	// WIP (kanban) is the board's default work-in-progress limit per status
	// key; an administrator may change it on the board.
	WIP map[string]int `yaml:"wip,omitempty" json:"wip,omitempty"`
	// WIPStrict (kanban) refuses a transition into a column at its limit
	// instead of warning.
	WIPStrict bool `yaml:"wipStrict,omitempty" json:"wipStrict,omitempty"`
	Line      int  `yaml:"-" json:"-"`
}

// Column is one list column: a system field key or an attribute key.
type Column struct {
	Field string `yaml:"field" json:"field"`
	Width int    `yaml:"width,omitempty" json:"width,omitempty"`
}

// Sort is one order of a view.
type Sort struct {
	Field     string `yaml:"field" json:"field"`
	Direction string `yaml:"direction,omitempty" json:"direction,omitempty"`
}

// strict decodes n into v (a pointer to a plain struct) and reports keys the
// struct does not know, each with its line, as a TypeError: yaml.v3 then keeps
// decoding and gathers every such error of the file.
func strict(n *yaml.Node, v any) error {
	var unknown []string
	if n.Kind == yaml.MappingNode {
		known := map[string]bool{}
		t := reflect.TypeOf(v).Elem()
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			known[name] = true
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if !known[k.Value] {
				unknown = append(unknown, fmt.Sprintf("line %d: unknown field %q", k.Line, k.Value))
			}
		}
	}
	err := n.Decode(v)
	if len(unknown) == 0 {
		return err
	}
	te := &yaml.TypeError{Errors: unknown}
	if e, ok := err.(*yaml.TypeError); ok {
		te.Errors = append(te.Errors, e.Errors...)
	} else if err != nil {
		return err
	}
	return te
}

func (p *Package) UnmarshalYAML(n *yaml.Node) error {
	type plain Package
	p.Line = n.Line
	return strict(n, (*plain)(p))
}

func (a *Application) UnmarshalYAML(n *yaml.Node) error {
	type plain Application
	a.Line = n.Line
	return strict(n, (*plain)(a))
}

func (m *MenuEntry) UnmarshalYAML(n *yaml.Node) error {
	type plain MenuEntry
	m.Line = n.Line
	return strict(n, (*plain)(m))
}

func (l *ListLink) UnmarshalYAML(n *yaml.Node) error {
	type plain ListLink
	return strict(n, (*plain)(l))
}

func (p *Picklist) UnmarshalYAML(n *yaml.Node) error {
	type plain Picklist
	p.Line = n.Line
	return strict(n, (*plain)(p))
}

func (p *PicklistItem) UnmarshalYAML(n *yaml.Node) error {
	type plain PicklistItem
	p.Line = n.Line
	return strict(n, (*plain)(p))
}

func (c *Component) UnmarshalYAML(n *yaml.Node) error {
	type plain Component
	c.Line = n.Line
	return strict(n, (*plain)(c))
}

func (g *Grant) UnmarshalYAML(n *yaml.Node) error {
	type plain Grant
	g.Line = n.Line
	return strict(n, (*plain)(g))
}

func (a *Attribute) UnmarshalYAML(n *yaml.Node) error {
	type plain Attribute
	a.Line = n.Line
	return strict(n, (*plain)(a))
}

func (s *Status) UnmarshalYAML(n *yaml.Node) error {
	type plain Status
	s.Line = n.Line
	return strict(n, (*plain)(s))
}

func (a *Action) UnmarshalYAML(n *yaml.Node) error {
	type plain Action
	a.Line = n.Line
	return strict(n, (*plain)(a))
}

func (a *ActionRunners) UnmarshalYAML(n *yaml.Node) error {
	type plain ActionRunners
	return strict(n, (*plain)(a))
}

func (f *Form) UnmarshalYAML(n *yaml.Node) error {
	type plain Form
	f.Line = n.Line
	return strict(n, (*plain)(f))
}

func (r *NamedRule) UnmarshalYAML(n *yaml.Node) error {
	type plain NamedRule
	r.Line = n.Line
	return strict(n, (*plain)(r))
}

func (o *Operation) UnmarshalYAML(n *yaml.Node) error {
	type plain Operation
	o.Line = n.Line
	return strict(n, (*plain)(o))
}

func (p *Parameter) UnmarshalYAML(n *yaml.Node) error {
	type plain Parameter
	p.Line = n.Line
	return strict(n, (*plain)(p))
}

func (q *Query) UnmarshalYAML(n *yaml.Node) error {
	type plain Query
	q.Line = n.Line
	return strict(n, (*plain)(q))
}

func (c *Condition) UnmarshalYAML(n *yaml.Node) error {
	type plain Condition
	c.Line = n.Line
	return strict(n, (*plain)(c))
}

func (v *View) UnmarshalYAML(n *yaml.Node) error {
	type plain View
	v.Line = n.Line
	return strict(n, (*plain)(v))
}

func (c *Column) UnmarshalYAML(n *yaml.Node) error {
	type plain Column
	return strict(n, (*plain)(c))
}

func (s *Sort) UnmarshalYAML(n *yaml.Node) error {
	type plain Sort
	return strict(n, (*plain)(s))
}
