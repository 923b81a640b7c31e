package items

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// version is one row of item_version.
type version struct {
	ID            int64
	ItemID        int64
	Version       int
	Title         string
	ProjectID     *int64
	ParentID      *int64
	StatusID      *int64
	ResponsibleID *int64
	ModifierID    *int64
	ModifiedAt    time.Time
	Reason        string
	Operation     string
	Attributes    map[string]any
}

// AttributeChange is one field compared between two versions.
type AttributeChange struct {
	Field    string `json:"field"`
	Label    string `json:"label"`
	Type     string `json:"type"`
	Previous string `json:"previous"`
	Current  string `json:"current"`
	// The raw values, as stored.
	PreviousValue any  `json:"previousValue"`
	CurrentValue  any  `json:"currentValue"`
	Changed       bool `json:"changed"`
}

// HistoryEntry is one version of an item.
type HistoryEntry struct {
	ID            int64     `json:"id"`
	Version       int       `json:"version"`
	Operation     string    `json:"operation"`
	OperationName string    `json:"operationName"`
	ModifiedAt    time.Time `json:"modifiedAt"`
	ModifierID    *int64    `json:"modifierId"`
	ModifierName  string    `json:"modifierName"`
	// ChangedFields are the fields this version changed from the one before.
	ChangedFields []string `json:"changedFields"`
	// Changes (getHistoryFull only) say how.
	Changes []AttributeChange `json:"changes,omitempty"`
	// Summary describes an entry that is no version (a HistorySource's
	// event: a time entry added, changed or removed).
	Summary string `json:"summary,omitempty"`
}

// A HistorySource is a module that adds what it keeps of an item to the
// item's history: rows of the comparison of two versions, and entries that
// are no versions. internal/server adds them to the Service.
type HistorySource interface {
	// HistoryChanges reads what the module kept for versions (ids of
	// item_version rows of item) and compares two of them; nil when it
	// keeps nothing per version.
	HistoryChanges(ctx context.Context, c Caller, item int64, versions []int64) (VersionChanges, error)
	// HistoryEvents are the item's entries that are no versions, each with
	// a negative id (no comparison to open); the core gives each the
	// version the item had then.
	HistoryEvents(ctx context.Context, c Caller, item int64) ([]HistoryEntry, error)
}

// VersionChanges gives a module's rows of the comparison of version cur
// with prev (prev 0: the empty item before the first version). They follow
// the system fields, before the type's attributes.
type VersionChanges func(prev, cur int64) []AttributeChange

// AddHistorySource makes src part of every item's history; it is called
// while the server is wired, before any call is served.
func (s *Service) AddHistorySource(src HistorySource) {
	s.history = append(s.history, src)
}

// versionChanges asks every source for its comparison of versions.
func (s *Service) versionChanges(ctx context.Context, c Caller, item int64, versions []version) ([]VersionChanges, error) {
	if len(s.history) == 0 {
		return nil, nil
	}
	ids := make([]int64, len(versions))
	for i := range versions {
		ids[i] = versions[i].ID
	}
	var out []VersionChanges
	for _, src := range s.history {
		f, err := src.HistoryChanges(ctx, c, item, ids)
		if err != nil {
			return nil, err
		}
		if f != nil {
			out = append(out, f)
		}
	}
	return out, nil
}

// withEvents adds the sources' events to the item's versions (newest
// first, as History answers), each with the version the item then had:
// the newest one not after the event.
func (s *Service) withEvents(ctx context.Context, c Caller, item int64, versions []HistoryEntry) ([]HistoryEntry, error) {
	out := versions
	for _, src := range s.history {
		events, err := src.HistoryEvents(ctx, c, item)
		if err != nil {
			return nil, err
		}
		for _, e := range events {
			for _, v := range versions {
				if !v.ModifiedAt.After(e.ModifiedAt) {
					e.Version = v.Version
					break
				}
			}
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b HistoryEntry) int { return b.ModifiedAt.Compare(a.ModifiedAt) })
	return out, nil
}

// itemType finds the type of an item the caller may read, and the item.
func (s *Service) itemType(ctx context.Context, c Caller, item int64) (*formType, *Item, error) {
	comp, err := s.store.itemComponent(ctx, item)
	if err != nil {
		return nil, nil, err
	}
	t, err := s.loadType(ctx, c, comp)
	if err != nil {
		return nil, nil, err
	}
	it, err := ReadItem(ctx, s.store.db, c, comp, item, false)
	if err != nil {
		return nil, nil, err
	}
	return t, it, nil
}

// History answers getHistory (full false) and getHistoryFull: the item's
// versions, newest first, each with what it changed from the one before.
// componentID, when given, must be the item's type.
func (s *Service) History(ctx context.Context, c Caller, itemID, componentID int64, full bool) ([]HistoryEntry, error) {
	t, _, err := s.itemType(ctx, c, itemID)
	if err != nil {
		return nil, err
	}
	if componentID != 0 && componentID != t.comp.ID {
		return nil, httpx.NotFound()
	}
	versions, err := s.store.versions(ctx, itemID)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	r := newResolver(t, lang)
	r.caller = &c
	if r.changes, err = s.versionChanges(ctx, c, itemID, versions); err != nil {
		return nil, err
	}
	for i := range versions {
		r.collectVersion(&versions[i])
	}
	if err := r.run(ctx, s.store.db); err != nil {
		return nil, err
	}
	out := make([]HistoryEntry, 0, len(versions))
	for i := len(versions) - 1; i >= 0; i-- {
		v := &versions[i]
		var prev *version
		if i > 0 {
			prev = &versions[i-1]
		}
		e := HistoryEntry{ID: v.ID, Version: v.Version, Operation: v.Operation, ModifiedAt: v.ModifiedAt.UTC(), ModifierID: v.ModifierID,
			OperationName: i18n.T(i18n.Lang(lang), "forms.op."+v.Operation), ChangedFields: []string{}}
		if v.Version == 1 && v.Operation == "save" {
			e.OperationName = i18n.T(i18n.Lang(lang), "forms.op.create")
		}
		if v.ModifierID != nil {
			e.ModifierName = r.users[*v.ModifierID]
		}
		for _, ch := range r.diff(prev, v) {
			if ch.Changed {
				e.ChangedFields = append(e.ChangedFields, ch.Field)
				if full {
					e.Changes = append(e.Changes, ch)
				}
			}
		}
		out = append(out, e)
	}
	return s.withEvents(ctx, c, itemID, out)
}

// RecentVersion is a version of one of a project's items, named by the item
// as it is now (its type, number and title).
type RecentVersion struct {
	VersionID     int64
	ItemID        int64
	ComponentID   int64
	ComponentName string
	FormattedID   int64
	Title         string
}

// RecentVersions are the newest limit versions of the project's items the
// caller may read, newest first: versions written while the item was in the
// project, of live items still in it. History compares them.
func (s *Service) RecentVersions(ctx context.Context, c Caller, project int64, limit int) ([]RecentVersion, error) {
	return s.store.recentVersions(ctx, c, project, limit)
}

// AttributeChanges answers getAttributeChanges: every field of the type
// (system fields first) compared between two versions of one item;
// previousVersion 0 compares with nothing (the creation).
func (s *Service) AttributeChanges(ctx context.Context, c Caller, current, previous, componentID int64) ([]AttributeChange, error) {
	versions, err := s.store.versionsByID(ctx, current, previous)
	if err != nil {
		return nil, err
	}
	var cur, prev *version
	for i := range versions {
		switch versions[i].ID {
		case current:
			cur = &versions[i]
		case previous:
			prev = &versions[i]
		}
	}
	if cur == nil || (previous != 0 && (prev == nil || prev.ItemID != cur.ItemID)) {
		return nil, httpx.NotFound()
	}
	t, _, err := s.itemType(ctx, c, cur.ItemID)
	if err != nil {
		return nil, err
	}
	if componentID != 0 && componentID != t.comp.ID {
		return nil, httpx.NotFound()
	}
	r := newResolver(t, i18n.LangOf(ctx))
	r.caller = &c
	compared := []version{*cur}
	if prev != nil {
		compared = append(compared, *prev)
	}
	if r.changes, err = s.versionChanges(ctx, c, cur.ItemID, compared); err != nil {
		return nil, err
	}
	r.collectVersion(cur)
	if prev != nil {
		r.collectVersion(prev)
	}
	if err := r.run(ctx, s.store.db); err != nil {
		return nil, err
	}
	return r.diff(prev, cur), nil
}

// resolver turns stored values into what a person reads, with one query per
// kind of reference for everything collected.
type resolver struct {
	t    *formType
	lang string
	// caller, when set, limits the names of items to those the caller may
	// read (as the list names them): an item of a project or type the
	// caller may not read keeps its id and no title.
	caller                                                              *Caller
	users, groups, units, companies, projects, items, states, calendars map[int64]string
	picks                                                               map[int64]map[string]string
	// changes are the history sources' rows of a comparison.
	changes []VersionChanges
}

func newResolver(t *formType, lang string) *resolver {
	return &resolver{t: t, lang: lang, users: map[int64]string{}, groups: map[int64]string{}, units: map[int64]string{}, companies: map[int64]string{},
		projects: map[int64]string{}, items: map[int64]string{}, states: map[int64]string{}, calendars: map[int64]string{},
		picks: map[int64]map[string]string{}}
}

func (r *resolver) target(typ string) map[int64]string {
	switch typ {
	case "USERS", "RESOURCES", "USERS_OR_GROUPS":
		return r.users
	case "GROUPS":
		return r.groups
	case "ORGANIZATIONAL_STRUCTURE":
		return r.units
	case "COMPANY":
		return r.companies
	case "PROJECT":
		return r.projects
	case "GENERIC_ITEM_TYPE":
		return r.items
	case "ITEM_TYPE_STATUS":
		return r.states
	case "CALENDAR":
		// A work calendar is a resource's, named as loadCalendars names it.
		return r.calendars
	}
	return nil
}

func (r *resolver) collect(attrs map[string]any) {
	for _, a := range r.t.attrs {
		v, ok := attrs[a.Key]
		if !ok {
			continue
		}
		if a.Type == "PICKLIST" && a.PicklistID != nil {
			r.picks[*a.PicklistID] = nil
		}
		if m := r.target(a.Type); m != nil {
			if id, ok := IDOf(v); ok {
				m[id] = ""
				if a.Type == "USERS_OR_GROUPS" {
					r.groups[id] = ""
				}
			}
		}
	}
}

func (r *resolver) collectVersion(v *version) {
	r.collect(v.Attributes)
	for _, p := range []struct {
		id *int64
		m  map[int64]string
	}{{v.ProjectID, r.projects}, {v.ParentID, r.items}, {v.StatusID, r.states}, {v.ResponsibleID, r.users}, {v.ModifierID, r.users}} {
		if p.id != nil {
			p.m[*p.id] = ""
		}
	}
}

// show is what a person reads for value v of attribute a.
func (r *resolver) show(a *formAttr, v any) string {
	if IsEmptyValue(v) {
		return ""
	}
	l := i18n.Lang(r.lang)
	switch a.Type {
	case "PICKLIST":
		s := fmt.Sprint(v)
		if a.PicklistID != nil {
			if t, ok := r.picks[*a.PicklistID][s]; ok {
				return t
			}
		}
		return s
	case "BOOLEAN":
		if b, ok := v.(bool); ok {
			if b {
				return i18n.T(l, "forms.yes")
			}
			return i18n.T(l, "forms.no")
		}
	case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		return formatNumber(v, a.Type, r.lang)
	case "DATE_TIME":
		if s, ok := v.(string); ok {
			if t, err := time.Parse(time.RFC3339, s); err == nil {
				return formatDate(t, a.DateTimeFormatType, a.DateTimeFormat)
			}
		}
	case "BINARY":
		return i18n.T(l, "forms.image")
	case "RICH_TEXT":
		return strings.TrimSpace(stripTags(fmt.Sprint(v)))
	}
	if m := r.target(a.Type); m != nil {
		if id, ok := IDOf(v); ok {
			if n := m[id]; n != "" {
				return n
			}
			if a.Type == "USERS_OR_GROUPS" && r.groups[id] != "" {
				return r.groups[id]
			}
			return "#" + strconv.FormatInt(id, 10)
		}
	}
	return fmt.Sprint(v)
}

func (r *resolver) ref(m map[int64]string, id *int64) string {
	if id == nil {
		return ""
	}
	return m[*id]
}

func ptrValue(id *int64) any {
	if id == nil {
		return nil
	}
	return *id
}

// diff compares two versions field by field; prev nil is the empty item.
func (r *resolver) diff(prev, cur *version) []AttributeChange {
	if prev == nil {
		prev = &version{Attributes: map[string]any{}}
	}
	sys := func(field, typ string, p, c any, ps, cs string) AttributeChange {
		return AttributeChange{Field: field, Label: systemLabel(r.lang, field), Type: typ, PreviousValue: p, CurrentValue: c,
			Previous: ps, Current: cs, Changed: !sameValue(p, c)}
	}
	out := []AttributeChange{
		sys("Title", "STRING", prev.Title, cur.Title, prev.Title, cur.Title),
		sys("StatusName", "ITEM_TYPE_STATUS", ptrValue(prev.StatusID), ptrValue(cur.StatusID), r.ref(r.states, prev.StatusID), r.ref(r.states, cur.StatusID)),
		sys("ResponsibleName", "USERS", ptrValue(prev.ResponsibleID), ptrValue(cur.ResponsibleID), r.ref(r.users, prev.ResponsibleID), r.ref(r.users, cur.ResponsibleID)),
		sys("ProjectName", "PROJECT", ptrValue(prev.ProjectID), ptrValue(cur.ProjectID), r.ref(r.projects, prev.ProjectID), r.ref(r.projects, cur.ProjectID)),
		sys("Parent", "GENERIC_ITEM_TYPE", ptrValue(prev.ParentID), ptrValue(cur.ParentID), r.ref(r.items, prev.ParentID), r.ref(r.items, cur.ParentID)),
		sys("Reason", "STRING", prev.Reason, cur.Reason, prev.Reason, cur.Reason),
	}
	for _, f := range r.changes {
		out = append(out, f(prev.ID, cur.ID)...)
	}
	seen := map[string]bool{}
	for i := range r.t.attrs {
		a := &r.t.attrs[i]
		seen[a.Key] = true
		p, c := prev.Attributes[a.Key], cur.Attributes[a.Key]
		out = append(out, AttributeChange{Field: a.Key, Label: a.Name, Type: a.Type, PreviousValue: p, CurrentValue: c,
			Previous: r.show(a, p), Current: r.show(a, c), Changed: !sameValue(p, c)})
	}
	// Values of attributes the type no longer has still show, by key.
	var gone []string
	for _, m := range []map[string]any{prev.Attributes, cur.Attributes} {
		for k := range m {
			if !seen[k] && !slices.Contains(gone, k) {
				gone = append(gone, k)
			}
		}
	}
	slices.Sort(gone)
	for _, k := range gone {
		p, c := prev.Attributes[k], cur.Attributes[k]
		out = append(out, AttributeChange{Field: k, Label: k, PreviousValue: p, CurrentValue: c, Previous: plain(p), Current: plain(c),
			Changed: !sameValue(p, c)})
	}
	return out
}

func plain(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

// IsEmptyValue: nothing, an empty text or an empty list.
func IsEmptyValue(v any) bool {
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

// sameValue compares values as stored: numbers by value, the rest by JSON.
func sameValue(a, b any) bool {
	if IsEmptyValue(a) && IsEmptyValue(b) {
		return true
	}
	if ra, ok := ratOf(a); ok {
		if rb, ok := ratOf(b); ok {
			return ra.Cmp(rb) == 0
		}
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// ratOf reads a JSON number exactly.
func ratOf(v any) (*big.Rat, bool) {
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
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

func IDOf(v any) (int64, bool) {
	r, ok := ratOf(v)
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}

// formatNumber writes a number as the grid does (spec section 9): pt-BR
// with comma decimals and dot thousands, R$ for money, % and hrs suffixes,
// 2 decimals truncated (0 for integers).
func formatNumber(v any, typ, lang string) string {
	r, ok := ratOf(v)
	if !ok {
		return fmt.Sprint(v)
	}
	scale := 2
	if typ == "INTEGER" {
		scale = 0
	}
	// Truncate, not round: scale the number, drop the fraction, scale back.
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)
	n := new(big.Int).Quo(new(big.Int).Mul(r.Num(), p), r.Denom())
	neg := n.Sign() < 0
	digits := new(big.Int).Abs(n).String()
	for len(digits) <= scale {
		digits = "0" + digits
	}
	intPart, frac := digits[:len(digits)-scale], digits[len(digits)-scale:]
	dec, thou := ",", "."
	if lang == string(i18n.En) {
		dec, thou = ".", ","
	}
	var b strings.Builder
	for i, ch := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteString(thou)
		}
		b.WriteRune(ch)
	}
	s := b.String()
	if scale > 0 {
		s += dec + frac
	}
	if neg {
		s = "-" + s
	}
	switch typ {
	case "CURRENCY":
		return "R$ " + s
	case "PERCENTILE":
		return s + "%"
	case "DURATION":
		return s + " hrs"
	}
	return s
}

// formatDate writes a date as the grid does (UTC, as on the wire).
func formatDate(t time.Time, typ int, custom string) string {
	t = t.UTC()
	f := dateFormat(typ, custom)
	layout := strings.NewReplacer("YYYY", "2006", "MM", "01", "DD", "02", "HH", "15", "mm", "04", "ss", "05").Replace(f)
	return t.Format(layout)
}

// stripTags leaves the text of an HTML fragment, for a readable diff.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
			b.WriteRune(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
