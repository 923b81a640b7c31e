// Package filter compiles the filter of a list (a tree of tests on system and
// configurable fields) into a SQL WHERE fragment. It is the one place that
// builds dynamic item SQL: identifiers come only from the Schema the caller
// built from the item type's definition, and every value becomes a
// parameter, type-checked for its field. The number of tests is capped so a
// request cannot make the database do unbounded work.
package filter

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Kind is how a field is compared; item types map attribute types to kinds.
type Kind int

const (
	Text Kind = iota + 1
	Number
	Integer
	Date
	Bool
	// Ref is a reference by id: users, projects, statuses, items, companies.
	Ref
	// Choice is a picklist value.
	Choice
	// Opaque fields (binary) can only be tested for emptiness.
	Opaque
)

// Field is one filterable field. Expr is trusted SQL that yields the field's
// value typed for its kind (a column, or a cast of an attribute).
type Field struct {
	Key  string
	Kind Kind
	Expr string
	// Me lets the value "@me" stand for the caller (user references).
	Me bool
	// Project lets "@project" stand for the current project.
	Project bool
	// Empty is the value that also counts as empty besides NULL ('' for text).
	EmptyText bool
}

// Schema resolves a field key; keys it does not know are refused.
type Schema interface {
	Field(key string) (Field, bool)
}

// Fields is a Schema over a map.
type Fields map[string]Field

func (f Fields) Field(key string) (Field, bool) { v, ok := f[key]; return v, ok }

// Node is a group (Logic with Conditions) or a test (Field, Operator, Value).
type Node struct {
	Logic      string `json:"logic,omitempty"`
	Conditions []Node `json:"conditions,omitempty"`
	Field      string `json:"field,omitempty"`
	Operator   string `json:"operator,omitempty"`
	Value      any    `json:"value,omitempty"`
}

// Params are the values of the parameters a filter may name.
type Params struct {
	Me      int64
	Project int64
	Today   time.Time
}

// Limits of one filter.
const (
	MaxTests = 50
	MaxDepth = 5
	MaxList  = 500
	MaxText  = 500
)

// Error says why a filter was refused; Key is an i18n key ("items.filter.*").
type Error struct {
	Field string
	Key   string
	Args  []any
}

func (e *Error) Error() string { return fmt.Sprintf("filter %s: %s %v", e.Field, e.Key, e.Args) }

func fail(field, key string, args ...any) *Error { return &Error{Field: field, Key: key, Args: args} }

// Compile returns the WHERE fragment of n (TRUE for an empty filter) and its
// arguments, numbered from $argBase+1.
func Compile(s Schema, n Node, p Params, argBase int) (string, []any, error) {
	c := &compiler{schema: s, params: p, base: argBase}
	sql, err := c.node(n, 0)
	if err != nil {
		return "", nil, err
	}
	if sql == "" {
		sql = "TRUE"
	}
	return sql, c.args, nil
}

type compiler struct {
	schema Schema
	params Params
	base   int
	args   []any
	tests  int
}

func (c *compiler) arg(v any) string {
	c.args = append(c.args, v)
	return "$" + strconv.Itoa(c.base+len(c.args))
}

func (c *compiler) node(n Node, depth int) (string, error) {
	if n.Field == "" {
		return c.group(n, depth)
	}
	if n.Logic != "" || len(n.Conditions) > 0 {
		return "", fail(n.Field, "items.filter.mixedNode")
	}
	c.tests++
	if c.tests > MaxTests {
		return "", fail("", "items.filter.tooMany", "max", MaxTests)
	}
	f, ok := c.schema.Field(n.Field)
	if !ok {
		return "", fail(n.Field, "items.filter.unknownField", "field", n.Field)
	}
	return c.test(f, n.Operator, n.Value)
}

func (c *compiler) group(n Node, depth int) (string, error) {
	if depth >= MaxDepth {
		return "", fail("", "items.filter.tooDeep", "max", MaxDepth)
	}
	join := " AND "
	switch strings.ToUpper(n.Logic) {
	case "", "AND":
	case "OR":
		join = " OR "
	default:
		return "", fail("", "items.filter.badLogic", "logic", n.Logic)
	}
	var parts []string
	for _, child := range n.Conditions {
		sql, err := c.node(child, depth+1)
		if err != nil {
			return "", err
		}
		if sql != "" {
			parts = append(parts, sql)
		}
	}
	if len(parts) == 0 {
		return "", nil
	}
	return "(" + strings.Join(parts, join) + ")", nil
}

func (c *compiler) test(f Field, op string, v any) (string, error) {
	switch op {
	case "isEmpty":
		if f.EmptyText {
			return "(" + f.Expr + " IS NULL OR " + f.Expr + " = '')", nil
		}
		return f.Expr + " IS NULL", nil
	case "isNotEmpty":
		if f.EmptyText {
			return "(" + f.Expr + " IS NOT NULL AND " + f.Expr + " <> '')", nil
		}
		return f.Expr + " IS NOT NULL", nil
	}
	switch f.Kind {
	case Text:
		return c.text(f, op, v)
	case Number, Integer:
		return c.number(f, op, v)
	case Date:
		return c.date(f, op, v)
	case Bool:
		return c.boolean(f, op, v)
	case Ref, Choice:
		return c.ref(f, op, v)
	}
	return "", fail(f.Key, "items.filter.badOperator", "operator", op, "field", f.Key)
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

func (c *compiler) text(f Field, op string, v any) (string, error) {
	if op == "isAnyOf" {
		list, err := textList(f, v)
		if err != nil {
			return "", err
		}
		return f.Expr + " = ANY(" + c.arg(list) + "::text[])", nil
	}
	s, err := textValue(f, v)
	if err != nil {
		return "", err
	}
	switch op {
	case "contains":
		return f.Expr + " ILIKE " + c.arg("%"+likeEscaper.Replace(s)+"%"), nil
	case "doesNotContain":
		return "coalesce(" + f.Expr + ", '') NOT ILIKE " + c.arg("%"+likeEscaper.Replace(s)+"%"), nil
	case "startsWith":
		return f.Expr + " ILIKE " + c.arg(likeEscaper.Replace(s)+"%"), nil
	case "endsWith":
		return f.Expr + " ILIKE " + c.arg("%"+likeEscaper.Replace(s)), nil
	case "equals", "is", "=":
		return "lower(" + f.Expr + ") = lower(" + c.arg(s) + ")", nil
	case "doesNotEqual", "not", "!=":
		return "lower(" + f.Expr + ") IS DISTINCT FROM lower(" + c.arg(s) + ")", nil
	}
	return "", fail(f.Key, "items.filter.badOperator", "operator", op, "field", f.Key)
}

func textValue(f Field, v any) (string, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		s = strconv.Itoa(x)
	default:
		return "", fail(f.Key, "items.filter.badValue", "field", f.Key)
	}
	if len(s) > MaxText {
		return "", fail(f.Key, "items.filter.valueTooLong", "field", f.Key, "max", MaxText)
	}
	return s, nil
}

func list(f Field, v any) ([]any, error) {
	l, ok := v.([]any)
	if !ok {
		return nil, fail(f.Key, "items.filter.badValue", "field", f.Key)
	}
	if len(l) == 0 || len(l) > MaxList {
		return nil, fail(f.Key, "items.filter.badList", "field", f.Key, "max", MaxList)
	}
	return l, nil
}

func textList(f Field, v any) ([]string, error) {
	l, err := list(f, v)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(l))
	for i, x := range l {
		if out[i], err = textValue(f, x); err != nil {
			return nil, err
		}
	}
	return out, nil
}

var (
	decimalRe = regexp.MustCompile(`^-?[0-9]{1,22}(\.[0-9]{1,10})?$`)
	integerRe = regexp.MustCompile(`^-?[0-9]{1,18}$`)
)

// numberValue returns the value as a decimal string: numbers are compared as
// numeric, never as binary floats.
func numberValue(f Field, v any) (string, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = strings.TrimSpace(x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", fail(f.Key, "items.filter.badNumber", "field", f.Key)
		}
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		s = strconv.Itoa(x)
	case int64:
		s = strconv.FormatInt(x, 10)
	default:
		return "", fail(f.Key, "items.filter.badNumber", "field", f.Key)
	}
	re := decimalRe
	if f.Kind == Integer {
		re = integerRe
	}
	if !re.MatchString(s) {
		return "", fail(f.Key, "items.filter.badNumber", "field", f.Key)
	}
	return s, nil
}

var compare = map[string]string{"=": "=", "equals": "=", "is": "=", "!=": "<>", "not": "<>",
	">": ">", ">=": ">=", "<": "<", "<=": "<="}

func (c *compiler) number(f Field, op string, v any) (string, error) {
	switch op {
	case "isAnyOf":
		l, err := list(f, v)
		if err != nil {
			return "", err
		}
		out := make([]string, len(l))
		for i, x := range l {
			if out[i], err = numberValue(f, x); err != nil {
				return "", err
			}
		}
		return f.Expr + " = ANY(" + c.arg(out) + "::numeric[])", nil
	case "between":
		lo, hi, err := pair(f, v)
		if err != nil {
			return "", err
		}
		a, err := numberValue(f, lo)
		if err != nil {
			return "", err
		}
		b, err := numberValue(f, hi)
		if err != nil {
			return "", err
		}
		return f.Expr + " BETWEEN " + c.arg(a) + "::numeric AND " + c.arg(b) + "::numeric", nil
	}
	sqlOp, ok := compare[op]
	if !ok {
		return "", fail(f.Key, "items.filter.badOperator", "operator", op, "field", f.Key)
	}
	s, err := numberValue(f, v)
	if err != nil {
		return "", err
	}
	return f.Expr + " " + sqlOp + " " + c.arg(s) + "::numeric", nil
}

func pair(f Field, v any) (any, any, error) {
	l, ok := v.([]any)
	if !ok || len(l) != 2 {
		return nil, nil, fail(f.Key, "items.filter.badRange", "field", f.Key)
	}
	return l[0], l[1], nil
}

// dateValue parses a day (2006-01-02), an instant (RFC 3339) or "@today".
// A day stands for the whole day in UTC.
func (c *compiler) dateValue(f Field, v any) (t time.Time, day bool, err error) {
	s, ok := v.(string)
	if !ok {
		return t, false, fail(f.Key, "items.filter.badDate", "field", f.Key)
	}
	if s == "@today" {
		y, m, d := c.params.Today.UTC().Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), true, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil && t.Year() >= 1753 && t.Year() <= 9999 {
		return t, true, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil && t.Year() >= 1753 && t.Year() <= 9999 {
		return t.UTC(), false, nil
	}
	return t, false, fail(f.Key, "items.filter.badDate", "field", f.Key)
}

func (c *compiler) date(f Field, op string, v any) (string, error) {
	if op == "between" {
		lo, hi, err := pair(f, v)
		if err != nil {
			return "", err
		}
		a, _, err := c.dateValue(f, lo)
		if err != nil {
			return "", err
		}
		b, day, err := c.dateValue(f, hi)
		if err != nil {
			return "", err
		}
		if day {
			return "(" + f.Expr + " >= " + c.arg(a) + " AND " + f.Expr + " < " + c.arg(b.AddDate(0, 0, 1)) + ")", nil
		}
		return "(" + f.Expr + " >= " + c.arg(a) + " AND " + f.Expr + " <= " + c.arg(b) + ")", nil
	}
	t, day, err := c.dateValue(f, v)
	if err != nil {
		return "", err
	}
	end := t
	if day {
		end = t.AddDate(0, 0, 1)
	}
	switch op {
	case "is", "=", "equals":
		if day {
			return "(" + f.Expr + " >= " + c.arg(t) + " AND " + f.Expr + " < " + c.arg(end) + ")", nil
		}
		return f.Expr + " = " + c.arg(t), nil
	case "not", "!=":
		if day {
			return "NOT (" + f.Expr + " >= " + c.arg(t) + " AND " + f.Expr + " < " + c.arg(end) + ")", nil
		}
		return f.Expr + " <> " + c.arg(t), nil
	case "after", ">":
		if day {
			return f.Expr + " >= " + c.arg(end), nil
		}
		return f.Expr + " > " + c.arg(t), nil
	case "onOrAfter", ">=":
		return f.Expr + " >= " + c.arg(t), nil
	case "before", "<":
		return f.Expr + " < " + c.arg(t), nil
	case "onOrBefore", "<=":
		if day {
			return f.Expr + " < " + c.arg(end), nil
		}
		return f.Expr + " <= " + c.arg(t), nil
	}
	return "", fail(f.Key, "items.filter.badOperator", "operator", op, "field", f.Key)
}

func (c *compiler) boolean(f Field, op string, v any) (string, error) {
	if op != "is" && op != "=" && op != "equals" {
		return "", fail(f.Key, "items.filter.badOperator", "operator", op, "field", f.Key)
	}
	var b bool
	switch x := v.(type) {
	case bool:
		b = x
	case string:
		switch strings.ToLower(x) {
		case "true", "sim", "yes":
			b = true
		case "false", "não", "nao", "no":
		default:
			return "", fail(f.Key, "items.filter.badBoolean", "field", f.Key)
		}
	default:
		return "", fail(f.Key, "items.filter.badBoolean", "field", f.Key)
	}
	if b {
		return f.Expr + " IS TRUE", nil
	}
	// An unset boolean reads as "Não", so it is found by false.
	return f.Expr + " IS NOT TRUE", nil
}

func (c *compiler) refValue(f Field, v any) (any, error) {
	if f.Kind == Choice {
		return textValue(f, v)
	}
	switch x := v.(type) {
	case string:
		switch {
		case x == "@me" && f.Me:
			return c.params.Me, nil
		case x == "@project" && f.Project:
			return c.params.Project, nil
		}
		n, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return nil, fail(f.Key, "items.filter.badReference", "field", f.Key)
		}
		return n, nil
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return nil, fail(f.Key, "items.filter.badReference", "field", f.Key)
		}
		return int64(x), nil
	case int:
		return int64(x), nil
	case int64:
		return x, nil
	}
	return nil, fail(f.Key, "items.filter.badReference", "field", f.Key)
}

func (c *compiler) ref(f Field, op string, v any) (string, error) {
	cast := "::bigint"
	if f.Kind == Choice {
		cast = "::text"
	}
	switch op {
	case "isAnyOf", "in":
		l, err := list(f, v)
		if err != nil {
			return "", err
		}
		if f.Kind == Choice {
			vals := make([]string, len(l))
			for i, x := range l {
				if vals[i], err = textValue(f, x); err != nil {
					return "", err
				}
			}
			return f.Expr + " = ANY(" + c.arg(vals) + "::text[])", nil
		}
		vals := make([]int64, len(l))
		for i, x := range l {
			r, err := c.refValue(f, x)
			if err != nil {
				return "", err
			}
			vals[i] = r.(int64)
		}
		return f.Expr + " = ANY(" + c.arg(vals) + "::bigint[])", nil
	case "is", "=", "equals":
		r, err := c.refValue(f, v)
		if err != nil {
			return "", err
		}
		return f.Expr + " = " + c.arg(r) + cast, nil
	case "not", "!=":
		r, err := c.refValue(f, v)
		if err != nil {
			return "", err
		}
		return f.Expr + " IS DISTINCT FROM " + c.arg(r) + cast, nil
	}
	return "", fail(f.Key, "items.filter.badOperator", "operator", op, "field", f.Key)
}

// Order returns the ORDER BY term for a field of s; direction is asc or desc.
// Empty values come last going up and first going down: descending is the
// exact reverse of ascending, so one index (expression ASC NULLS LAST, id)
// serves a sort both ways (see OrderBy).
func Order(s Schema, key, direction string) (string, error) {
	f, ok := s.Field(key)
	if !ok || f.Kind == Opaque {
		return "", fail(key, "items.filter.badSort", "field", key)
	}
	switch strings.ToLower(direction) {
	case "", "asc":
		return f.Expr + " ASC NULLS LAST", nil
	case "desc":
		return f.Expr + " DESC NULLS FIRST", nil
	}
	return "", fail(key, "items.filter.badSort", "field", key)
}
