package apppkg

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Operation is a server-side task of the application: a small parameter form,
// a rule that does the work, and what it returns (a message, a table or a
// file). A bulk operation runs its rule on each selected item, all or nothing.
type Operation struct {
	Key  string `yaml:"key" json:"key"`
	Name Text   `yaml:"name" json:"name"`
	// Component is the item type of a bulk operation (required then).
	Component  string      `yaml:"component,omitempty" json:"component,omitempty"`
	Bulk       bool        `yaml:"bulk,omitempty" json:"bulk,omitempty"`
	Result     string      `yaml:"result,omitempty" json:"result,omitempty"`
	Parameters []Parameter `yaml:"parameters,omitempty" json:"parameters,omitempty"`
	Rule       string      `yaml:"rule" json:"rule"`
	// Groups may run the operation (any of them); absent, whoever may use
	// the application.
	Groups []string `yaml:"groups,omitempty" json:"groups,omitempty"`
	Line   int      `yaml:"-" json:"-"`
}

// Parameter is a field of an operation's parameter form; the rule reads
// its value as params[key].
type Parameter struct {
	Key      string `yaml:"key" json:"key"`
	Name     Text   `yaml:"name" json:"name"`
	Type     string `yaml:"type" json:"type"`
	Required bool   `yaml:"required,omitempty" json:"required,omitempty"`
	Picklist string `yaml:"picklist,omitempty" json:"picklist,omitempty"`
	Line     int    `yaml:"-" json:"-"`
}

// ResultKinds are what an operation's rule returns.
var ResultKinds = []string{"message", "table", "file"}

// ParameterTypes are the types a parameter may have.
var ParameterTypes = []string{"STRING", "INTEGER", "DECIMAL", "CURRENCY", "BOOLEAN", "DATE_TIME", "PICKLIST"}

// MaxParameters bounds an operation's parameter form.
const MaxParameters = 30

func (c *checker) operations(p *Package, picklists, components map[string]bool) {
	unique(c, "operation", p.Operations, func(x Operation) (string, int) { return x.Key, x.Line })
	for _, o := range p.Operations {
		c.key(o.Line, "operation", o.Key)
		c.text(o.Line, fmt.Sprintf("operation %q", o.Key), o.Name)
		if o.Result != "" && !slices.Contains(ResultKinds, o.Result) {
			c.add(o.Line, "operation %q: unknown result %q (use message, table or file)", o.Key, o.Result)
		}
		if o.Bulk && o.Component == "" {
			c.add(o.Line, "operation %q: a bulk operation needs a component", o.Key)
		}
		if o.Component != "" && !components[o.Component] {
			c.add(o.Line, "operation %q: component %q is not defined", o.Key, o.Component)
		}
		c.parameters(fmt.Sprintf("operation %q", o.Key), o.Parameters, picklists)
		if o.Rule == "" {
			c.add(o.Line, "operation %q needs a rule", o.Key)
			continue
		}
		c.ruleSyntax(o.Line, fmt.Sprintf("operation %q", o.Key), o.Key, o.Rule)
	}
}

// parameters checks a parameter form (an operation's, a button's window).
func (c *checker) parameters(where string, params []Parameter, picklists map[string]bool) {
	if len(params) > MaxParameters {
		c.add(params[0].Line, "%s has more than %d parameters", where, MaxParameters)
	}
	unique(c, "parameter", params, func(x Parameter) (string, int) { return x.Key, x.Line })
	for _, prm := range params {
		c.key(prm.Line, "parameter", prm.Key)
		c.text(prm.Line, fmt.Sprintf("%s parameter %q", where, prm.Key), prm.Name)
		if !slices.Contains(ParameterTypes, prm.Type) {
			c.add(prm.Line, "%s: parameter %q has unknown type %q", where, prm.Key, prm.Type)
		}
		if prm.Type == "PICKLIST" && !picklists[prm.Picklist] {
			c.add(prm.Line, "%s: parameter %q: picklist %q is not defined", where, prm.Key, prm.Picklist)
		}
		if prm.Type != "PICKLIST" && prm.Picklist != "" {
			c.add(prm.Line, "%s: parameter %q names a picklist but is of type %s", where, prm.Key, prm.Type)
		}
	}
}

// ParameterValue reads a parameter as its type, false when it does not fit:
// numbers from numbers or numeric text, DATE_TIME (RFC 3339 or a date) as RFC
// 3339 UTC, texts up to 4,000 characters; the caller checks picklist values.
func ParameterValue(typ string, raw any) (any, bool) {
	if str, ok := raw.(string); ok && typ != "STRING" && typ != "PICKLIST" && typ != "DATE_TIME" {
		raw = json.Number(strings.TrimSpace(str))
	}
	switch typ {
	case "INTEGER":
		n, ok := raw.(json.Number)
		if !ok {
			return nil, false
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		return i, err == nil
	case "DECIMAL", "CURRENCY":
		n, ok := raw.(json.Number)
		if !ok {
			return nil, false
		}
		f, err := strconv.ParseFloat(string(n), 64)
		return f, err == nil
	case "BOOLEAN":
		b, ok := raw.(bool)
		return b, ok
	case "DATE_TIME":
		str, ok := raw.(string)
		if !ok {
			return nil, false
		}
		t, err := time.Parse(time.RFC3339Nano, str)
		if err != nil {
			t, err = time.Parse(time.DateOnly, str)
		}
		if err != nil || t.Year() < 1753 || t.Year() > 9999 {
			return nil, false
		}
		return t.UTC().Format(time.RFC3339), true
	default:
		str, ok := raw.(string)
		return str, ok && utf8.RuneCountInString(str) <= 4000
	}
}

// rules checks the named rules of a type: keys and syntax.
func (c *checker) rules(comp *Component) map[string]bool {
	keys := unique(c, "rule", comp.Rules, func(x NamedRule) (string, int) { return x.Key, x.Line })
	for _, r := range comp.Rules {
		c.key(r.Line, "rule", r.Key)
		if r.Source == "" {
			c.add(r.Line, "rule %q has no source", r.Key)
			continue
		}
		c.ruleSyntax(r.Line, fmt.Sprintf("rule %q", r.Key), comp.Key+"."+r.Key, r.Source)
	}
	return keys
}
