package apppkg

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/tramita/tramita/internal/items/schema"
)

// Control is one node of a form: a container (panel, group box, tab control)
// holding other controls, a control bound to an attribute or a system field,
// or one of its own (a button, a label, the item's history).
type Control struct {
	// Kind is one of the form control kinds of spec section 3.
	Kind string `yaml:"kind" json:"kind"`
	// Key names the control for showHideField answers and buttons.
	Key string `yaml:"key,omitempty" json:"key,omitempty"`
	// Field is the attribute key (or Title, ResponsibleName, Parent) bound.
	Field string `yaml:"field,omitempty" json:"field,omitempty"`
	// ItemType is one of the form field item types; the default follows the
	// attribute type.
	ItemType string `yaml:"itemType,omitempty" json:"itemType,omitempty"`
	Label    Text   `yaml:"label,omitempty" json:"label,omitempty"`
	Required bool   `yaml:"required,omitempty" json:"required,omitempty"`
	ReadOnly bool   `yaml:"readOnly,omitempty" json:"readOnly,omitempty"`
	Hidden   bool   `yaml:"hidden,omitempty" json:"hidden,omitempty"`
	// Numeric input control (spec section 3).
	Minimum           *float64 `yaml:"minimum,omitempty" json:"minimum,omitempty"`
	Maximum           *float64 `yaml:"maximum,omitempty" json:"maximum,omitempty"`
	DecimalScale      *int     `yaml:"decimalScale,omitempty" json:"decimalScale,omitempty"`
	Prefix            string   `yaml:"prefix,omitempty" json:"prefix,omitempty"`
	Suffix            string   `yaml:"suffix,omitempty" json:"suffix,omitempty"`
	Currency          bool     `yaml:"currency,omitempty" json:"currency,omitempty"`
	DecimalSeparator  string   `yaml:"decimalSeparator,omitempty" json:"decimalSeparator,omitempty"`
	ThousandSeparator string   `yaml:"thousandSeparator,omitempty" json:"thousandSeparator,omitempty"`
	// Mask of a masked textbox: 9 a digit, a a letter, * either, the rest literal.
	Mask      string `yaml:"mask,omitempty" json:"mask,omitempty"`
	MaxLength int    `yaml:"maxLength,omitempty" json:"maxLength,omitempty"`
	// Format of a date chooser: its letters decide date, time or both.
	Format string `yaml:"format,omitempty" json:"format,omitempty"`
	// Parts of an address: street, number, complement, district, city, state.
	Parts map[string]string `yaml:"parts,omitempty" json:"parts,omitempty"`
	// Component is the related type of a data grid, one-to-many, timeline
	// or many-to-many.
	Component string `yaml:"component,omitempty" json:"component,omitempty"`
	// Rule is the key of the type's rule a button runs
	// (executeFormBusinessRule).
	Rule string `yaml:"rule,omitempty" json:"rule,omitempty"`
	// Window is the parameter form a button opens before it runs its rule
	// (executeWindowCallResultFunction, with the values as params).
	Window []Parameter `yaml:"window,omitempty" json:"window,omitempty"`
	// OnChange is the key of the type's rule the form runs when the field
	// of the control changes.
	OnChange string `yaml:"onChange,omitempty" json:"onChange,omitempty"`
	// Text of a label, notification or html control.
	Text Text `yaml:"text,omitempty" json:"text,omitempty"`
	// ShowWhen hides the control unless the test holds (showHideField).
	ShowWhen *ShowWhen `yaml:"showWhen,omitempty" json:"showWhen,omitempty"`
	// Width in twelfths of the row (1-12); 0 is the whole row.
	Width    int       `yaml:"width,omitempty" json:"width,omitempty"`
	Children []Control `yaml:"children,omitempty" json:"children,omitempty"`
	Line     int       `yaml:"-" json:"-"`
}

// ShowWhen is the test that shows a control: a field of the item compared
// with a value (equals, notEquals, isAnyOf, isEmpty, isNotEmpty).
type ShowWhen struct {
	Field    string `yaml:"field" json:"field"`
	Operator string `yaml:"operator" json:"operator"`
	Value    any    `yaml:"value,omitempty" json:"value,omitempty"`
	Line     int    `yaml:"-" json:"-"`
}

func (c *Control) UnmarshalYAML(n *yaml.Node) error {
	type plain Control
	c.Line = n.Line
	return strict(n, (*plain)(c))
}

func (s *ShowWhen) UnmarshalYAML(n *yaml.Node) error {
	type plain ShowWhen
	s.Line = n.Line
	return strict(n, (*plain)(s))
}

// ShowOperators are the operators of ShowWhen.
var ShowOperators = []string{"equals", "notEquals", "isAnyOf", "isEmpty", "isNotEmpty"}

// ItemTypes are the form field item types of spec section 3.
var ItemTypes = []string{"Text", "MaskedText", "Integer", "Decimal", "Percentile", "Currency", "Boolean", "Image",
	"Picklist", "User", "Component", "Phone", "Attachment", "OneToMany", "OneToManyTimeline", "Address", "History",
	"ManyToMany", "Links", "DataGrid", "Indicator", "Label", "HTML", "RichText", "Date", "DateTime"}

// KindRule is what a control kind accepts.
type KindRule struct {
	// Container kinds hold children.
	Container bool
	// Bind: "" no field, "optional", "required".
	Bind string
	// Writes: the bound field is written by saveItem.
	Writes bool
	// Types are the attribute types the field may have (nil: any).
	Types []string
	// System are the system fields the kind may bind.
	System []string
	// ItemTypes allowed; the first is the default when the attribute type
	// does not decide.
	ItemTypes []string
	// Component: the kind names a related type.
	Component bool
	// ComponentOptional: naming it is optional (predecessors: the item's own type).
	ComponentOptional bool
}

var numericTypes = []string{"INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION"}

// Kinds are the form control kinds of spec section 3 and their rules.
var Kinds = map[string]KindRule{
	"label":          {Bind: "optional", ItemTypes: []string{"Label"}},
	"numeric picker": {Bind: "required", Writes: true, Types: numericTypes, ItemTypes: []string{"Decimal", "Integer", "Percentile", "Currency"}},
	"checkbox":       {Bind: "required", Writes: true, Types: []string{"BOOLEAN"}, ItemTypes: []string{"Boolean"}},
	"dropdown": {Bind: "required", Writes: true, System: []string{"ResponsibleName"},
		Types: []string{"PICKLIST", "USERS", "USERS_OR_GROUPS", "GROUPS", "RESOURCES", "COMPANY", "PROJECT", "ITEM_TYPE_STATUS",
			"GENERIC_ITEM_TYPE", "CALENDAR", "ORGANIZATIONAL_STRUCTURE"},
		ItemTypes: []string{"Picklist", "User", "Component"}},
	"textbox":               {Bind: "required", Writes: true, System: []string{"Title"}, Types: []string{"STRING"}, ItemTypes: []string{"Text", "Phone"}},
	"panel":                 {Container: true},
	"formatted text":        {Bind: "required", Writes: true, Types: []string{"RICH_TEXT", "STRING"}, ItemTypes: []string{"RichText"}},
	"date chooser":          {Bind: "required", Writes: true, Types: []string{"DATE_TIME"}, ItemTypes: []string{"DateTime", "Date"}},
	"tree dropdown":         {Bind: "required", Writes: true, Types: []string{"ORGANIZATIONAL_STRUCTURE"}, ItemTypes: []string{"Picklist"}},
	"group box":             {Container: true},
	"tab control":           {Container: true},
	"item links":            {ItemTypes: []string{"Links"}},
	"attachments":           {ItemTypes: []string{"Attachment"}},
	"history":               {ItemTypes: []string{"History"}},
	"timesheets":            {},
	"many-to-many":          {Component: true, ItemTypes: []string{"ManyToMany"}},
	"one-to-many":           {Component: true, ItemTypes: []string{"OneToMany"}},
	"timeline":              {Component: true, ItemTypes: []string{"OneToManyTimeline"}},
	"notification":          {},
	"predecessors":          {Component: true, ComponentOptional: true},
	"project calendar":      {},
	"project configuration": {},
	"project item type":     {},
	"project resource":      {},
	"project workflows":     {},
	"file chooser":          {ItemTypes: []string{"Attachment"}},
	"address":               {Bind: "required", Writes: true, Types: []string{"STRING"}, ItemTypes: []string{"Address"}},
	"image":                 {Bind: "required", Writes: true, Types: []string{"BINARY"}, ItemTypes: []string{"Image"}},
	"masked textbox":        {Bind: "required", Writes: true, Types: []string{"STRING"}, ItemTypes: []string{"MaskedText", "Phone"}},
	"button":                {},
	"data grid":             {Component: true, ItemTypes: []string{"DataGrid"}},
	"indicator":             {Bind: "required", Types: numericTypes, ItemTypes: []string{"Indicator"}},
	"html":                  {ItemTypes: []string{"HTML"}},
	"component list":        {Bind: "required", Writes: true, System: []string{"Parent"}, Types: []string{"GENERIC_ITEM_TYPE"}, ItemTypes: []string{"Component"}},
	"radio group":           {Bind: "required", Writes: true, Types: []string{"PICKLIST", "BOOLEAN"}, ItemTypes: []string{"Picklist", "Boolean"}},
}

// AddressParts are the roles of an address control's parts.
var AddressParts = []string{"street", "number", "complement", "district", "city", "state"}

// DefaultItemType is the field item type a control shows an attribute of
// type typ with, unless the package says otherwise.
func DefaultItemType(kind, typ string, dateTimeFormatType int) string {
	rule := Kinds[kind]
	switch kind {
	case "numeric picker":
		switch typ {
		case "INTEGER":
			return "Integer"
		case "PERCENTILE":
			return "Percentile"
		case "CURRENCY":
			return "Currency"
		}
		return "Decimal"
	case "date chooser":
		if dateTimeFormatType == 1 {
			return "Date"
		}
		return "DateTime"
	case "dropdown":
		switch typ {
		case "USERS", "USERS_OR_GROUPS", "GROUPS", "RESOURCES", "ResponsibleName":
			return "User"
		case "GENERIC_ITEM_TYPE":
			return "Component"
		}
		return "Picklist"
	case "radio group":
		if typ == "BOOLEAN" {
			return "Boolean"
		}
	}
	if len(rule.ItemTypes) > 0 {
		return rule.ItemTypes[0]
	}
	return ""
}

// DefaultPhoneMask is the mask of a Phone field without one.
const DefaultPhoneMask = "(99) 99999-9999"

var maskPattern = regexp.MustCompile(`^[^\x00-\x1f]{1,100}$`)
var dateFormatPattern = regexp.MustCompile(`^[DMYHhmsa /:.\-]{1,40}$`)

// systemFieldType is the attribute type of a bindable system field.
var systemFieldType = map[string]string{"Title": "STRING", "ResponsibleName": "USERS", "Parent": "GENERIC_ITEM_TYPE"}

// form checks a form's tree against the component's attributes; components
// are the package's type keys.
func (c *checker) form(f Form, comp *Component, components, rules, picklists map[string]bool) {
	if f.Tree == nil {
		c.add(f.Line, "form %q has no tree", f.Key)
		return
	}
	attrs := map[string]Attribute{}
	for _, a := range comp.Attributes {
		attrs[a.Key] = a
	}
	fc := &formCheck{checker: c, form: f.Key, attrs: attrs, components: components, rules: rules, picklists: picklists, keys: map[string]bool{}, bound: map[string]int{}}
	if !Kinds[f.Tree.Kind].Container {
		c.add(f.Tree.Line, "form %q: the tree starts with a panel, group box or tab control", f.Key)
	}
	fc.control(f.Tree, 0)
}

type formCheck struct {
	*checker
	form       string
	attrs      map[string]Attribute
	components map[string]bool
	rules      map[string]bool
	picklists  map[string]bool
	keys       map[string]bool
	bound      map[string]int
}

// MaxFormDepth bounds the nesting of containers.
const MaxFormDepth = 8

func (fc *formCheck) control(n *Control, depth int) {
	where := fmt.Sprintf("form %q: %s", fc.form, n.Kind)
	rule, known := Kinds[n.Kind]
	if !known {
		kinds := make([]string, 0, len(Kinds))
		for k := range Kinds {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		fc.add(n.Line, "form %q: unknown control kind %q (use %s)", fc.form, n.Kind, strings.Join(kinds, ", "))
		return
	}
	if depth > MaxFormDepth {
		fc.add(n.Line, "form %q: controls are nested deeper than %d", fc.form, MaxFormDepth)
		return
	}
	if n.Key != "" {
		fc.key(n.Line, "control", n.Key)
		if fc.keys[n.Key] {
			fc.add(n.Line, "%s: control key %q is used twice", where, n.Key)
		}
		fc.keys[n.Key] = true
	}
	if n.Label != nil {
		fc.text(n.Line, where+" label", n.Label)
	}
	if n.Text != nil {
		fc.text(n.Line, where+" text", n.Text)
		if n.Kind != "label" && n.Kind != "html" && n.Kind != "notification" {
			fc.add(n.Line, "%s: only label, html and notification have a text", where)
		}
	}
	if n.Kind == "html" && n.Text == nil {
		fc.add(n.Line, "%s needs a text", where)
	}
	if n.Kind == "button" && n.Label == nil {
		fc.add(n.Line, "%s needs a label", where)
	}
	if n.Rule != "" && n.Kind != "button" {
		fc.add(n.Line, "%s: only a button runs a rule", where)
	}
	if n.Rule != "" && !fc.rules[n.Rule] {
		fc.add(n.Line, "%s: rule %q is not a rule of the component", where, n.Rule)
	}
	if len(n.Window) > 0 {
		if n.Kind != "button" || n.Rule == "" {
			fc.add(n.Line, "%s: only a button with a rule opens a window", where)
		}
		fc.parameters(where+" window", n.Window, fc.picklists)
	}
	if n.OnChange != "" && (n.Field == "" || !fc.rules[n.OnChange]) {
		fc.add(n.Line, "%s: onChange needs a field and a rule of the component (%q)", where, n.OnChange)
	}
	if n.Width < 0 || n.Width > 12 {
		fc.add(n.Line, "%s: width must be between 1 and 12", where)
	}
	// The bound field.
	typ := ""
	switch {
	case n.Field == "" && rule.Bind == "required":
		fc.add(n.Line, "%s needs a field", where)
	case n.Field != "" && rule.Bind == "":
		fc.add(n.Line, "%s does not bind a field", where)
	case n.Field != "":
		if schema.IsSystem(n.Field) {
			if rule.Writes && !slices.Contains(rule.System, n.Field) {
				fc.add(n.Line, "%s cannot edit the system field %s", where, n.Field)
			}
			typ = systemFieldType[n.Field]
		} else if a, ok := fc.attrs[n.Field]; ok {
			typ = a.Type
			if rule.Types != nil && !slices.Contains(rule.Types, a.Type) {
				fc.add(n.Line, "%s cannot show attribute %q of type %s", where, n.Field, a.Type)
				typ = ""
			}
		} else {
			fc.add(n.Line, "%s: field %q is not an attribute of the component", where, n.Field)
		}
		if rule.Writes && !n.ReadOnly && typ != "" {
			fc.bound[n.Field]++
			if fc.bound[n.Field] > 1 {
				fc.add(n.Line, "%s: field %q is edited by two controls", where, n.Field)
			}
		}
	}
	if n.ItemType != "" {
		if !slices.Contains(ItemTypes, n.ItemType) {
			fc.add(n.Line, "%s: unknown item type %q", where, n.ItemType)
		} else if !slices.Contains(rule.ItemTypes, n.ItemType) {
			fc.add(n.Line, "%s cannot be of item type %s", where, n.ItemType)
		} else if n.ItemType == "Integer" && typ != "" && typ != "INTEGER" {
			fc.add(n.Line, "%s: item type Integer needs an INTEGER attribute", where)
		}
	}
	fc.numeric(n, where, typ)
	if n.Mask != "" {
		if n.Kind != "masked textbox" {
			fc.add(n.Line, "%s: only a masked textbox has a mask", where)
		} else if !maskPattern.MatchString(n.Mask) || !strings.ContainsAny(n.Mask, "9a*") {
			fc.add(n.Line, "%s: mask %q needs 9 (digit), a (letter) or * (either), at most 100 characters", where, n.Mask)
		}
	} else if n.Kind == "masked textbox" && n.ItemType != "Phone" {
		fc.add(n.Line, "%s needs a mask", where)
	}
	if n.MaxLength != 0 && (n.MaxLength < 0 || n.MaxLength > 1_000_000 || !slices.Contains([]string{"textbox", "masked textbox", "formatted text"}, n.Kind)) {
		fc.add(n.Line, "%s: maxLength is for text controls, between 1 and 1000000", where)
	}
	if n.Format != "" {
		if n.Kind != "date chooser" {
			fc.add(n.Line, "%s: only a date chooser has a format", where)
		} else if !dateFormatPattern.MatchString(n.Format) || !strings.ContainsAny(n.Format, "DMYHhm") {
			fc.add(n.Line, "%s: format %q uses only D M Y H h m s and separators", where, n.Format)
		}
	}
	if len(n.Parts) > 0 {
		if n.Kind != "address" {
			fc.add(n.Line, "%s: only an address has parts", where)
		}
		for _, role := range slices.Sorted(maps.Keys(n.Parts)) {
			key := n.Parts[role]
			if !slices.Contains(AddressParts, role) {
				fc.add(n.Line, "%s: unknown address part %q (use %s)", where, role, strings.Join(AddressParts, ", "))
				continue
			}
			if a, ok := fc.attrs[key]; !ok || a.Type != "STRING" {
				fc.add(n.Line, "%s: address part %s needs a STRING attribute, %q is not one", where, role, key)
			} else if !n.ReadOnly {
				fc.bound[key]++
				if fc.bound[key] > 1 {
					fc.add(n.Line, "%s: field %q is edited by two controls", where, key)
				}
			}
		}
	}
	if rule.Component && !rule.ComponentOptional && n.Component == "" {
		fc.add(n.Line, "%s needs a component", where)
	}
	if n.Component != "" {
		if !rule.Component {
			fc.add(n.Line, "%s does not name a component", where)
		} else if !fc.components[n.Component] {
			fc.add(n.Line, "%s: component %q is not defined", where, n.Component)
		}
	}
	if s := n.ShowWhen; s != nil {
		if n.Key == "" && n.Field == "" {
			fc.add(s.Line, "%s: a control with showWhen needs a key or a field (showHideField names it)", where)
		}
		if _, ok := fc.attrs[s.Field]; !ok && !schema.IsSystem(s.Field) {
			fc.add(s.Line, "%s: showWhen field %q is not a field of the component", where, s.Field)
		}
		if !slices.Contains(ShowOperators, s.Operator) {
			fc.add(s.Line, "%s: showWhen operator must be one of %s", where, strings.Join(ShowOperators, ", "))
		}
		if noValue := s.Operator == "isEmpty" || s.Operator == "isNotEmpty"; noValue != (s.Value == nil) {
			fc.add(s.Line, "%s: showWhen %s needs %s", where, s.Operator, map[bool]string{true: "no value", false: "a value"}[noValue])
		}
	}
	if !rule.Container {
		if len(n.Children) > 0 {
			fc.add(n.Line, "%s holds no children", where)
		}
		return
	}
	if n.Kind == "tab control" {
		if len(n.Children) == 0 {
			fc.add(n.Line, "%s needs at least one tab (a panel with a label)", where)
		}
		for _, ch := range n.Children {
			if ch.Kind != "panel" || ch.Label == nil {
				fc.add(ch.Line, "%s: every tab is a panel with a label", where)
			}
		}
	}
	for i := range n.Children {
		fc.control(&n.Children[i], depth+1)
	}
}

// numeric checks the numeric input properties (spec section 3).
func (fc *formCheck) numeric(n *Control, where, typ string) {
	has := n.Minimum != nil || n.Maximum != nil || n.DecimalScale != nil || n.Prefix != "" || n.Suffix != "" || n.Currency ||
		n.DecimalSeparator != "" || n.ThousandSeparator != ""
	if !has {
		return
	}
	if n.Kind != "numeric picker" && n.Kind != "indicator" {
		fc.add(n.Line, "%s: minimum, maximum, decimalScale, prefix, suffix, currency and separators are for numeric pickers", where)
		return
	}
	if n.Minimum != nil && n.Maximum != nil && *n.Minimum > *n.Maximum {
		fc.add(n.Line, "%s: minimum %v is above maximum %v", where, *n.Minimum, *n.Maximum)
	}
	if d := n.DecimalScale; d != nil {
		if *d < 0 || *d > 10 {
			fc.add(n.Line, "%s: decimalScale must be between 0 and 10", where)
		} else if typ == "INTEGER" && *d != 0 {
			fc.add(n.Line, "%s: an INTEGER attribute has decimalScale 0", where)
		}
	}
	for _, s := range []string{n.DecimalSeparator, n.ThousandSeparator} {
		if len([]rune(s)) > 1 {
			fc.add(n.Line, "%s: a separator is one character", where)
		}
	}
	if n.DecimalSeparator != "" && n.DecimalSeparator == n.ThousandSeparator {
		fc.add(n.Line, "%s: the decimal and thousand separators differ", where)
	}
}
