package items

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// AppendJSON appends the page exactly as encoding/json would write it (keys
// of each row sorted, HTML characters escaped), but the rows without
// reflection: with 25 to 500 rows of 20-odd keys each, encoding/json's map
// encoder (reflect values, sorting reflect keys, an interface encoder per
// value) was a sixth of the server's CPU under the load bench. Values of
// kinds a row does not hold go through encoding/json. httpx.WriteJSON sends
// it as is (httpx.JSONAppender).
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

// appendRow appends row as appendJSON would, trying the keys of the row
// before (sorted) first: when row has exactly those keys, the sort is
// skipped; else what was written is dropped and the row's own keys are
// sorted. It answers the keys it used.
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
