package items

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// AppendJSON appends the page exactly as encoding/json would (keys sorted,
// HTML escaped) but writes the rows without reflection, the costliest part of
// a page's answer under load; other kinds of values go through encoding/json.
func (p Page) AppendJSON(b []byte) ([]byte, error) {
	b = slices.Grow(b, 512+len(p.Rows)*1024)
	b = append(b, `{"rows":`...)
	var err error
	if p.Rows == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		var keys []string // the last row's keys, sorted: a page's rows mostly share them
		for i, r := range p.Rows {
			if i > 0 {
				b = append(b, ',')
			}
			if b, keys, err = appendRow(b, r, keys); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, p.Total, 10)
	b = append(b, `,"totalIsEstimate":`...)
	b = strconv.AppendBool(b, p.TotalIsEstimate)
	b = append(b, `,"totalKind":`...)
	b = appendJSONString(b, p.TotalKind)
	b = append(b, `,"page":`...)
	b = strconv.AppendInt(b, int64(p.Page), 10)
	b = append(b, `,"rowsPerPage":`...)
	b = strconv.AppendInt(b, int64(p.RowsPerPage), 10)
	if p.NextCursor != "" {
		b = append(b, `,"nextCursor":`...)
		b = appendJSONString(b, p.NextCursor)
	}
	return append(b, '}'), nil
}

// appendRow appends row as appendJSON would, trying the previous row's sorted
// keys first: when row has exactly those, the sort is skipped. It answers the
// keys it used.
func appendRow(b []byte, row map[string]any, keys []string) ([]byte, []string, error) {
	if row == nil {
		return append(b, "null"...), keys, nil
	}
	start := len(b)
	if len(keys) == len(row) {
		b = append(b, '{')
		var err error
		same := true
		for i, k := range keys {
			v, ok := row[k]
			if !ok {
				same = false
				break
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			if b, err = appendJSON(b, v); err != nil {
				return nil, nil, err
			}
		}
		if same {
			return append(b, '}'), keys, nil
		}
		b = b[:start]
	}
	keys = sortedKeys(row)
	b, err := appendObject(b, row, keys)
	return b, keys, err
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// appendObject appends m as a JSON object with its keys in the given order.
func appendObject(b []byte, m map[string]any, keys []string) ([]byte, error) {
	b = append(b, '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, k)
		b = append(b, ':')
		if b, err = appendJSON(b, m[k]); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// MarshalJSON is AppendJSON for encoding/json.
func (p Page) MarshalJSON() ([]byte, error) { return p.AppendJSON(nil) }

// appendJSON appends v as encoding/json.Marshal would.
func appendJSON(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendJSONString(b, x), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case *int64:
		if x == nil {
			return append(b, "null"...), nil
		}
		return strconv.AppendInt(b, *x, 10), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			break // encoding/json's error
		}
		return appendJSONFloat(b, x), nil
	case time.Time:
		t, err := x.MarshalJSON()
		if err != nil {
			return nil, err
		}
		return append(b, t...), nil
	case map[string]any:
		if x == nil {
			return append(b, "null"...), nil
		}
		return appendObject(b, x, sortedKeys(x))
	case []any:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		var err error
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendJSON(b, e); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	j, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, j...), nil
}

// appendJSONFloat is encoding/json's float64 encoder: the shortest
// representation, with an exponent only for very small or large values.
func appendJSONFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendJSONString is encoding/json's string encoder with HTML escaping
// (its default): <, > and & as \u003c, \u003e, \u0026, U+2028 and U+2029
// escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// attrsRaw receives a row's attributes (jsonb) as pgx's bytes, without a
// copy: they are only valid until the next row, so scanRow decodes them
// before it.
type attrsRaw struct{ b []byte }

// ScanBytes is pgtype.BytesScanner.
func (r *attrsRaw) ScanBytes(v []byte) error { r.b = v; return nil }

// attrDecoder reads rows' attributes (jsonb text) as json.Unmarshal into a
// map[string]any would, straight into each row's map, without reflection; what
// it does not read plainly goes to encoding/json, so values and errors match.
type attrDecoder struct {
	keys map[string]string // interned keys
	kv   []attrKV          // the document's top-level pairs
}

type attrKV struct {
	k string
	v any
}

// maxAttrDepth bounds the nesting read here; deeper goes to encoding/json.
const maxAttrDepth = 64

// decode reads raw's pairs (nil or "null": none) into d.kv, in order.
func (d *attrDecoder) decode(raw []byte) error {
	d.kv = d.kv[:0]
	if raw == nil {
		return nil
	}
	p := attrParser{b: raw, d: d}
	if p.document() {
		return nil
	}
	d.kv = d.kv[:0]
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	for k, v := range m {
		d.kv = append(d.kv, attrKV{k, v})
	}
	return nil
}

// key is k as a string, the same string for every row.
func (d *attrDecoder) key(k []byte) string {
	if s, ok := d.keys[string(k)]; ok {
		return s
	}
	s := string(k)
	if d.keys == nil {
		d.keys = map[string]string{}
	}
	if len(d.keys) < 4096 {
		d.keys[s] = s
	}
	return s
}

// attrParser reads one document; every method answers false on what it
// does not read plainly (attrDecoder then asks encoding/json).
type attrParser struct {
	b     []byte
	i     int
	d     *attrDecoder
	depth int
}

func (p *attrParser) ws() {
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// document reads the top-level object (or null) into d.kv.
func (p *attrParser) document() bool {
	p.ws()
	if p.lit("null") {
		p.ws()
		return p.i == len(p.b)
	}
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		return false
	}
	p.i++
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
	} else {
		for {
			k, ok := p.objectKey(true)
			if !ok {
				return false
			}
			v, ok := p.value()
			if !ok {
				return false
			}
			p.d.kv = append(p.d.kv, attrKV{k, v})
			if !p.next('}') {
				return false
			}
			if p.b[p.i-1] == '}' {
				break
			}
		}
	}
	p.ws()
	return p.i == len(p.b)
}

// objectKey reads `"key" :` (whitespace before each).
func (p *attrParser) objectKey(intern bool) (string, bool) {
	p.ws()
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", false
	}
	start := p.i
	raw, plain, ok := p.stringToken()
	if !ok {
		return "", false
	}
	var k string
	switch {
	case !plain:
		if json.Unmarshal(p.b[start:p.i], &k) != nil {
			return "", false
		}
	case intern:
		k = p.d.key(raw)
	default:
		k = string(raw)
	}
	p.ws()
	if p.i >= len(p.b) || p.b[p.i] != ':' {
		return "", false
	}
	p.i++
	return k, true
}

// next reads the ',' or the closing byte after a member (whitespace
// before), leaving p.i after it.
func (p *attrParser) next(closing byte) bool {
	p.ws()
	if p.i >= len(p.b) {
		return false
	}
	c := p.b[p.i]
	p.i++
	return c == ',' || c == closing
}

func (p *attrParser) lit(s string) bool {
	if len(p.b)-p.i >= len(s) && string(p.b[p.i:p.i+len(s)]) == s {
		p.i += len(s)
		return true
	}
	return false
}

// stringToken reads a string token at p.i: its bytes between the quotes,
// and whether they are plain (no escape, valid UTF-8, so the string is
// those bytes). A control byte is not JSON: false.
func (p *attrParser) stringToken() ([]byte, bool, bool) {
	p.i++ // the opening quote
	start := p.i
	plain, high := true, false
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			raw := p.b[start:p.i]
			p.i++
			if high && !utf8.Valid(raw) {
				plain = false
			}
			return raw, plain, true
		case c == '\\':
			plain = false
			p.i += 2
			continue
		case c < 0x20:
			return nil, false, false
		case c >= utf8.RuneSelf:
			high = true
		}
		p.i++
	}
	return nil, false, false
}

func (p *attrParser) value() (any, bool) {
	p.ws()
	if p.i >= len(p.b) {
		return nil, false
	}
	switch c := p.b[p.i]; c {
	case '"':
		start := p.i
		raw, plain, ok := p.stringToken()
		if !ok {
			return nil, false
		}
		if plain {
			return string(raw), true
		}
		var s string
		if json.Unmarshal(p.b[start:p.i], &s) != nil {
			return nil, false
		}
		return s, true
	case '{':
		return p.object()
	case '[':
		return p.array()
	case 't':
		return true, p.lit("true")
	case 'f':
		return false, p.lit("false")
	case 'n':
		return nil, p.lit("null")
	}
	return p.number()
}

func (p *attrParser) object() (any, bool) {
	if p.depth++; p.depth > maxAttrDepth {
		return nil, false
	}
	defer func() { p.depth-- }()
	p.i++
	m := map[string]any{}
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		return m, true
	}
	for {
		k, ok := p.objectKey(false)
		if !ok {
			return nil, false
		}
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		m[k] = v
		if !p.next('}') {
			return nil, false
		}
		if p.b[p.i-1] == '}' {
			return m, true
		}
	}
}

func (p *attrParser) array() (any, bool) {
	if p.depth++; p.depth > maxAttrDepth {
		return nil, false
	}
	defer func() { p.depth-- }()
	p.i++
	a := []any{}
	p.ws()
	if p.i < len(p.b) && p.b[p.i] == ']' {
		p.i++
		return a, true
	}
	for {
		v, ok := p.value()
		if !ok {
			return nil, false
		}
		a = append(a, v)
		if !p.next(']') {
			return nil, false
		}
		if p.b[p.i-1] == ']' {
			return a, true
		}
	}
}

// number reads a JSON number (its grammar exactly) as float64; one
// strconv.ParseFloat refuses (out of range) is encoding/json's error.
func (p *attrParser) number() (any, bool) {
	start := p.i
	digits := func() int {
		n := 0
		for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	switch {
	case p.i < len(p.b) && p.b[p.i] == '0':
		p.i++
	case digits() == 0:
		return nil, false
	}
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, false
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, false
		}
	}
	f, err := strconv.ParseFloat(string(p.b[start:p.i]), 64)
	if err != nil {
		return nil, false
	}
	return f, true
}
