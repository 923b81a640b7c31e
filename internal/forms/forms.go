// Package forms is what the item form screen runs beside the item core
// (internal/items): the form's business rules (buttons, field changes,
// windows and the onSave rule wrapped around the core's saves), the
// address lookup of address controls, and the item relations a form
// shows. The form definitions and the save path stay in the core, which
// knows nothing of this package: the onSave rule reaches a save through
// the core's SaveHook. See docs/forms.md.
package forms

import (
	"context"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/i18n"
)

func langOf(ctx context.Context) string { return string(i18n.From(ctx)) }

// textIn is t in lang, else in pt-BR (as the core renders texts).
func textIn(t apppkg.Text, lang string) string {
	if v := t[lang]; v != "" {
		return v
	}
	return t["pt-BR"]
}

// isEmpty: nothing, an empty text or an empty list (as the core's checks).
func isEmpty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return strings.TrimSpace(x) == ""
	case []any:
		return len(x) == 0
	}
	return false
}

// idOf reads an id of a form's values: an exact integer JSON number.
func idOf(v any) (int64, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case float64:
		s = strconv.FormatFloat(x, 'g', -1, 64)
	case int:
		s = strconv.Itoa(x)
	case int64:
		s = strconv.FormatInt(x, 10)
	default:
		return 0, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}

func ptrValue(id *int64) any {
	if id == nil {
		return nil
	}
	return *id
}
