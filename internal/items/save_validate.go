package items

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/brdoc"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Limits of saved values.
const (
	MaxTitleLength    = 500
	MaxStringLength   = 4000
	MaxRichTextLength = 200_000
	MaxImageBytes     = 1 << 20
	// Years a date may have (spec section 5).
	MinYear = 1753
	MaxYear = 9999
)

// fieldErr is why one value is refused: an i18n key and its arguments.
type fieldErr struct {
	b    *binding
	key  string
	args []any
}

// formError is the 400 of a refused save: with one field, its label and
// message ("Progresso: o valor deve estar entre 0 e 100"); with several,
// their labels; Validations carry each field's own message.
func formError(lang string, errs []fieldErr) error {
	l := i18n.Lang(lang)
	var v []httpx.FieldError
	var labels []string
	for _, e := range errs {
		v = append(v, httpx.FieldError{Field: e.b.Key, Key: e.key, Args: e.args})
		labels = append(labels, e.b.Label)
	}
	if len(errs) == 1 {
		return &httpx.Error{Status: http.StatusBadRequest, Key: "forms.fieldError",
			Args: []any{"field", errs[0].b.Label, "message", i18n.T(l, errs[0].key, errs[0].args...)}, Validations: v}
	}
	return &httpx.Error{Status: http.StatusBadRequest, Key: "forms.invalidFields", Args: []any{"fields", strings.Join(labels, ", ")}, Validations: v}
}

// Values is an item as a form sends it; numbers stay exact (json.Number).
type Values map[string]any

func (v *Values) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	m := map[string]any{}
	if err := dec.Decode(&m); err != nil {
		return err
	}
	*v = m
	return nil
}

// normalize checks one value sent for binding b and returns it as stored
// (nil: the field is emptied). self is the item being saved (0: new).
func (s *Service) normalize(ctx context.Context, q Querier, c Caller, b *binding, raw any, self int64) (any, *fieldErr, error) {
	if IsEmptyValue(raw) {
		return nil, nil, nil
	}
	switch b.Type {
	case "STRING", "RICH_TEXT", "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION", "BOOLEAN", "DATE_TIME", "BINARY":
		v, ferr := s.plainValue(b, raw)
		return v, ferr, nil
	case "PICKLIST":
		return s.option(ctx, q, b, raw)
	}
	return s.reference(ctx, q, c, b, raw, self)
}

// plainValue checks a value that needs no database: texts, numbers,
// booleans, dates, images.
func (s *Service) plainValue(b *binding, raw any) (any, *fieldErr) {
	bad := func(key string, args ...any) (any, *fieldErr) { return nil, &fieldErr{b: b, key: key, args: args} }
	n := b.Control
	switch b.Type {
	case "STRING", "RICH_TEXT":
		str, ok := raw.(string)
		if !ok {
			return bad("forms.notText")
		}
		limit := MaxStringLength
		switch {
		case b.Field == "Title":
			limit = MaxTitleLength
		case b.Type == "RICH_TEXT":
			limit = MaxRichTextLength
		}
		if n.MaxLength > 0 && n.MaxLength < limit {
			limit = n.MaxLength
		}
		if utf8.RuneCountInString(str) > limit {
			return bad("forms.tooLong", "max", limit)
		}
		if !utf8.ValidString(str) || strings.ContainsRune(str, 0) {
			return bad("forms.notText")
		}
		if b.Type == "RICH_TEXT" || n.Kind == "formatted text" {
			return sanitizeHTML(str), nil
		}
		if n.Kind == "address" && n.Field == b.Field {
			return normalizeZip(str, b)
		}
		mask := n.Mask
		if mask == "" && n.ItemType == "Phone" && n.Kind == "masked textbox" {
			mask = apppkg.DefaultPhoneMask
		}
		if mask != "" {
			if !fitsMask(str, mask) && !(n.ItemType == "Phone" && fitsMask(str, shortPhoneMask(mask))) {
				return bad("forms.maskMismatch", "mask", mask)
			}
			if kind := brdoc.KindOfMask(mask); !brdoc.Valid(kind, str) {
				return bad("forms.documentInvalid", "kind", kind)
			}
			return str, nil
		}
		if n.ItemType == "Phone" && !phonePattern.MatchString(str) {
			return bad("forms.phoneInvalid")
		}
		return str, nil
	case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		return s.number(b, raw)
	case "BOOLEAN":
		x, ok := raw.(bool)
		if !ok {
			return bad("forms.notBoolean")
		}
		return x, nil
	case "DATE_TIME":
		str, ok := raw.(string)
		if !ok {
			return bad("forms.incorrectDate")
		}
		t, ok := parseDate(str)
		if !ok {
			return bad("forms.incorrectDate")
		}
		if t = t.UTC(); t.Year() < MinYear || t.Year() > MaxYear {
			return bad("forms.enterValidValueDate")
		}
		if b.Attr != nil && b.Attr.DateTimeFormatType == 1 {
			t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
		}
		return t.UTC().Format(time.RFC3339), nil
	case "BINARY":
		str, ok := raw.(string)
		if !ok {
			return bad("forms.imageInvalid")
		}
		return checkImage(str, b)
	}
	return nil, &fieldErr{b: b, key: "forms.unknownReference"}
}

// option checks a picklist value (the parent picklist is checked after,
// with every value of the save: dependencies).
func (s *Service) option(ctx context.Context, q Querier, b *binding, raw any) (any, *fieldErr, error) {
	bad := &fieldErr{b: b, key: "forms.unknownOption"}
	str, ok := raw.(string)
	if !ok {
		num, isNum := raw.(json.Number)
		if !isNum {
			return nil, bad, nil
		}
		str = num.String()
	}
	if b.Attr == nil || b.Attr.PicklistID == nil || !utf8.ValidString(str) || strings.ContainsRune(str, 0) || len(str) > 500 {
		return nil, bad, nil
	}
	found, err := optionExists(ctx, q, *b.Attr.PicklistID, str)
	if err != nil {
		return nil, nil, err
	}
	if !found {
		return nil, bad, nil
	}
	return str, nil, nil
}

// parentOf is the attribute holding dependent picklist d's parent value: the
// first of the type with that picklist (as the form's dependsOn and the
// save's dependency check pair them).
func parentOf(t *formType, d *formAttr) *formAttr {
	for i := range t.attrs {
		if p := &t.attrs[i]; p.PicklistID != nil && *p.PicklistID == *d.ParentPicklistID {
			return p
		}
	}
	return nil
}

// reference checks an id of a user, group, company, project, item or
// status; a parent may not be the item or one of its descendants.
func (s *Service) reference(ctx context.Context, q Querier, c Caller, b *binding, raw any, self int64) (any, *fieldErr, error) {
	bad := &fieldErr{b: b, key: "forms.unknownReference"}
	id, ok := IDOf(raw)
	if !ok || id <= 0 {
		return nil, bad, nil
	}
	exists, err := referenceExists(ctx, q, c, b, id, self)
	if err != nil {
		return nil, nil, fmt.Errorf("reference %s: %w", b.Key, err)
	}
	if !exists {
		return nil, bad, nil
	}
	if b.Field == "Parent" && self != 0 {
		loop, err := parentLoop(ctx, q, id, self)
		if err != nil {
			return nil, nil, err
		}
		if loop {
			return nil, &fieldErr{b: b, key: "forms.parentLoop"}, nil
		}
	}
	return json.Number(strconv.FormatInt(id, 10)), nil, nil
}

// number checks a numeric value against the control's bounds and scale
// (defaults -1e22 and 1e21, 0 decimals for integers and 2 otherwise).
func (s *Service) number(b *binding, raw any) (any, *fieldErr) {
	bad := func(key string, args ...any) (any, *fieldErr) { return nil, &fieldErr{b: b, key: key, args: args} }
	var text string
	switch x := raw.(type) {
	case json.Number:
		text = x.String()
	case float64:
		text = strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		text = strings.TrimSpace(x)
	default:
		return bad("forms.notANumber")
	}
	if !numberPattern.MatchString(text) {
		return bad("forms.notANumber")
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		return bad("forms.notANumber")
	}
	n := b.Control
	if b.Type == "INTEGER" && !r.IsInt() {
		return bad("forms.notAnInteger")
	}
	scale := 2
	if b.Type == "INTEGER" {
		scale = 0
	}
	if n.DecimalScale != nil {
		scale = *n.DecimalScale
	}
	if back, _ := new(big.Rat).SetString(r.FloatString(scale)); back.Cmp(r) != 0 {
		return bad("forms.tooManyDecimals", "scale", scale)
	}
	lo, hi := DefaultMinimum, DefaultMaximum
	if n.Minimum != nil {
		lo = *n.Minimum
	}
	if n.Maximum != nil {
		hi = *n.Maximum
	}
	rlo, _ := ratOf(lo)
	rhi, _ := ratOf(hi)
	if r.Cmp(rlo) < 0 || r.Cmp(rhi) > 0 {
		return bad("forms.valueInRange", "minimum", bound(lo, b.lang), "maximum", bound(hi, b.lang))
	}
	if r.IsInt() {
		return json.Number(r.Num().String()), nil
	}
	return json.Number(strings.TrimRight(r.FloatString(scale), "0")), nil
}

// bound writes a range bound plainly: no exponent, the caller's decimal mark.
func bound(v float64, lang string) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if lang != string(i18n.En) {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

var (
	numberPattern = regexp.MustCompile(`^-?\d{1,40}(\.\d{1,20})?([eE][-+]?\d{1,3})?$`)
	phonePattern  = regexp.MustCompile(`^\+?[0-9 ()\-]{8,20}$`)
	zipPattern    = regexp.MustCompile(`^(\d{5})-?(\d{3})$`)
)

func normalizeZip(s string, b *binding) (any, *fieldErr) {
	m := zipPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil, &fieldErr{b: b, key: "forms.zipInvalid"}
	}
	return m[1] + "-" + m[2], nil
}

// fitsMask: 9 a digit, a a letter, * a letter or digit, the rest literal.
func fitsMask(s, mask string) bool {
	sr, mr := []rune(s), []rune(mask)
	if len(sr) != len(mr) {
		return false
	}
	for i, m := range mr {
		ch := sr[i]
		switch m {
		case '9':
			if !unicode.IsDigit(ch) {
				return false
			}
		case 'a':
			if !unicode.IsLetter(ch) {
				return false
			}
		case '*':
			if !unicode.IsLetter(ch) && !unicode.IsDigit(ch) {
				return false
			}
		default:
			if ch != m {
				return false
			}
		}
	}
	return true
}

// shortPhoneMask accepts land lines, one digit shorter than mobiles.
func shortPhoneMask(mask string) string { return strings.Replace(mask, "99999", "9999", 1) }

// parseDate reads YYYY-MM-DD, a date and time without zone (UTC) or RFC 3339.
func parseDate(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// checkImage accepts a data URL of a PNG, JPEG, GIF or WebP image whose
// content is what it says, at most MaxImageBytes.
func checkImage(s string, b *binding) (any, *fieldErr) {
	bad := &fieldErr{b: b, key: "forms.imageInvalid"}
	head, data, ok := strings.Cut(s, ",")
	if !ok || !strings.HasPrefix(head, "data:image/") || !strings.HasSuffix(head, ";base64") {
		return nil, bad
	}
	if base64.StdEncoding.DecodedLen(len(data)) > MaxImageBytes+3 {
		return nil, &fieldErr{b: b, key: "forms.imageTooBig", args: []any{"max", "1 MB"}}
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil || len(raw) == 0 {
		return nil, bad
	}
	if len(raw) > MaxImageBytes {
		return nil, &fieldErr{b: b, key: "forms.imageTooBig", args: []any{"max", "1 MB"}}
	}
	sniffed := http.DetectContentType(raw)
	declared := strings.TrimSuffix(strings.TrimPrefix(head, "data:"), ";base64")
	switch sniffed {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
		if sniffed != declared {
			return nil, bad
		}
		return s, nil
	}
	return nil, bad
}

// shown reports whether every showWhen test holds over values.
func shown(conds []*apppkg.ShowWhen, values map[string]any) bool {
	for _, c := range conds {
		if !holds(c, values) {
			return false
		}
	}
	return true
}

// showKey is the item map key a showWhen field reads.
var showKey = map[string]string{"StatusName": "StatusID", "ResponsibleName": "ResponsibleID", "ProjectName": "ProjectID"}

func holds(c *apppkg.ShowWhen, values map[string]any) bool {
	key := c.Field
	if k, ok := showKey[key]; ok {
		key = k
	}
	v := values[key]
	switch c.Operator {
	case "isEmpty":
		return IsEmptyValue(v)
	case "isNotEmpty":
		return !IsEmptyValue(v)
	case "equals":
		return sameValue(v, c.Value)
	case "notEquals":
		return !sameValue(v, c.Value)
	case "isAnyOf":
		list, _ := c.Value.([]any)
		for _, x := range list {
			if sameValue(v, x) {
				return true
			}
		}
		return false
	}
	return true
}
