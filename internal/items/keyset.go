package items

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/filter"
)

// seekKey is an order that keyset paging can continue: one column that is
// never NULL, then the id, both the same way (filter.OrderBy, filter.Seek).
// Attribute sorts page by offset: their NULLs would need a second range.
type seekKey struct {
	field string // the row key holding the value (and the sort field)
	expr  string
	desc  bool
}

// seekColumns are the system fields that can continue a page, by sort key;
// their expressions are those of schema.System's sorts.
var seekColumns = map[string]string{
	"CreationDate": "i.created_at",
	"LastModify":   "i.modified_at",
	"FormattedID":  "i.number",
}

// seekable is the keyset of an order of terms, or nil.
func seekable(terms []filter.Sort) *seekKey {
	if len(terms) == 0 {
		return &seekKey{field: "CreationDate", expr: "i.created_at", desc: true}
	}
	if len(terms) != 1 {
		return nil
	}
	expr, ok := seekColumns[terms[0].Field]
	if !ok {
		return nil
	}
	return &seekKey{field: terms[0].Field, expr: expr, desc: strings.EqualFold(terms[0].Direction, "desc")}
}

// cursor is Page.NextCursor before base64: the order it belongs to and the
// last row's value and id.
type cursor struct {
	Field string `json:"f"`
	Desc  bool   `json:"d,omitempty"`
	Value string `json:"v"`
	ID    int64  `json:"id"`
}

// encode is the cursor after row.
func (k *seekKey) encode(row map[string]any) string {
	c := cursor{Field: k.field, Desc: k.desc}
	c.ID, _ = row["id"].(int64)
	switch v := row[k.field].(type) {
	case time.Time:
		c.Value = v.UTC().Format(time.RFC3339Nano)
	case int64:
		c.Value = strconv.FormatInt(v, 10)
	default:
		return ""
	}
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// decode checks that s is a cursor of this order and answers its value
// (typed for its column) and id. A cursor of another order, or one that is
// not a cursor, is refused: the page it names would not exist.
func (k *seekKey) decode(s string) (any, int64, error) {
	bad := httpx.Invalid("after", "items.pageInvalid")
	if k == nil || len(s) > 200 {
		return nil, 0, bad
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, 0, bad
	}
	var c cursor
	if json.Unmarshal(b, &c) != nil || c.Field != k.field || c.Desc != k.desc || c.ID <= 0 {
		return nil, 0, bad
	}
	if k.field == "FormattedID" {
		n, err := strconv.ParseInt(c.Value, 10, 64)
		if err != nil {
			return nil, 0, bad
		}
		return n, c.ID, nil
	}
	t, err := time.Parse(time.RFC3339Nano, c.Value)
	if err != nil {
		return nil, 0, bad
	}
	return t, c.ID, nil
}
