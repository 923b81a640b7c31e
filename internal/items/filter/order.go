package filter

import (
	"strconv"
	"strings"
)

// Sort is one term of a list's order: a field key and asc or desc.
type Sort struct {
	Field     string `json:"field"`
	Direction string `json:"direction"`
}

// DefaultOrder is the order of a list nobody sorted: newest first, the
// order the typed table's index <table>_created holds.
const DefaultOrder = "i.created_at DESC, i.id DESC"

// OrderBy returns the ORDER BY list of terms over s (DefaultOrder when there
// are none). The item id ends it, so the order is total and pages never
// repeat or skip a row; the id goes the way of the first term, so that an
// index on (expression ASC NULLS LAST, id) is read forward for an ascending
// sort and backward for a descending one, and the database never sorts the
// whole list to answer a page.
func OrderBy(s Schema, terms []Sort) (string, error) {
	if len(terms) == 0 {
		return DefaultOrder, nil
	}
	parts := make([]string, 0, len(terms)+1)
	for _, t := range terms {
		p, err := Order(s, t.Field, t.Direction)
		if err != nil {
			return "", err
		}
		parts = append(parts, p)
	}
	id := "i.id ASC"
	if strings.EqualFold(terms[0].Direction, "desc") {
		id = "i.id DESC"
	}
	return strings.Join(append(parts, id), ", "), nil
}

// Seek returns the condition that starts a page right after a row (keyset
// paging) of an order by expr then the item id, both in the same direction:
// value is that row's expr and id its id, both passed as arguments numbered
// from $argBase+1. expr is trusted SQL of a column that is never NULL (a
// row comparison skips NULLs); the caller picks it from its allow-list.
func Seek(expr string, desc bool, value any, id int64, argBase int) (string, []any) {
	op := " > "
	if desc {
		op = " < "
	}
	return "(" + expr + ", i.id)" + op + "($" + strconv.Itoa(argBase+1) + ", $" + strconv.Itoa(argBase+2) + ")", []any{value, id}
}
