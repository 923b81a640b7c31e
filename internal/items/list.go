package items

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/filter"
)

// Limits of a list page.
const (
	MaxRowsPerPage = 500
	// ExactCountCap is how far a total is counted exactly; past it the
	// total is the planner's estimate, flagged as such, so a page of a list of
	// millions never pays for a full count.
	ExactCountCap = 10000
	// EstimateTrustedAbove: past this many expected rows the total is the
	// planner's estimate, uncounted (a count to the cap reads cap/selectivity
	// rows); below it, an estimate off by up to 2x still gets an exact count.
	EstimateTrustedAbove = 2 * ExactCountCap
)

// What Page.Total is.
const (
	TotalExact    = "exact"
	TotalEstimate = "estimate"
	// TotalAtLeast: the count stopped at ExactCountCap+1 and the planner
	// expected fewer; Total is a lower bound.
	TotalAtLeast = "atLeast"
)

// FilterItem is one grid filter (MUI X's filter model item).
type FilterItem struct {
	Field    string `json:"field"`
	Operator string `json:"operator"`
	Value    any    `json:"value"`
}

// ExecuteFilterInput is the body of executeFilter (spec section 7).
type ExecuteFilterInput struct {
	ListControlData *struct {
		ComponentID int64 `json:"componentID"`
	} `json:"listControlData"`
	ComponentID        int64        `json:"componentID"`
	ProjectID          int64        `json:"projectId"`
	QueryID            int64        `json:"queryId"`
	ViewID             int64        `json:"viewId"`
	Page               int          `json:"page"`
	Order              string       `json:"order"`
	RowsPerPage        int          `json:"rowsPerPage"`
	SortDirection      string       `json:"sortDirection"`
	Filters            []FilterItem `json:"filters"`
	PersistQueryOrView bool         `json:"persistQueryOrView"`
	LogicSeparator     string       `json:"logicSeparator"`
	// Search is the grid's quick search: words over the title and text
	// attributes (as searchItemsByQuery), a title containing the text, or the
	// FormattedID; ANDed with the filters.
	Search string `json:"search,omitempty"`
	// After is Page.NextCursor of the previous page: the page starts right
	// after that row (keyset paging, as cheap on page 20,000 as on page 1)
	// instead of at Page*RowsPerPage. Page is then only echoed.
	After string `json:"after,omitempty"`
}

// Page is the answer of executeFilter.
type Page struct {
	Rows  []map[string]any `json:"rows"`
	Total int64            `json:"total"`
	// TotalIsEstimate is true when Total is not an exact count (TotalKind
	// is not "exact").
	TotalIsEstimate bool `json:"totalIsEstimate"`
	// TotalKind is TotalExact, TotalEstimate or TotalAtLeast.
	TotalKind   string `json:"totalKind"`
	Page        int    `json:"page"`
	RowsPerPage int    `json:"rowsPerPage"`
	// NextCursor, when the page is full and the order allows keyset paging
	// (newest first, or a sort on CreationDate, LastModify or FormattedID),
	// is what the next page's After may be.
	NextCursor string `json:"nextCursor,omitempty"`
}

// filterError turns a refused filter into the field's 400.
func filterError(err error) error {
	var fe *filter.Error
	if errors.As(err, &fe) {
		return httpx.Invalid(orDefault(fe.Field, "filters"), fe.Key, fe.Args...)
	}
	return err
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// listQuery is a type's list under a request: the SQL both a page and an
// export run, so they can never disagree on which rows the caller may read.
type listQuery struct {
	comp  *Component
	view  *ViewDef
	where string
	order string
	args  []any
	lang  string
	// seek is set when the order allows keyset paging.
	seek *seekKey
	// guard is set when comp is a kept definition (defcache.go).
	guard *defGuard
}

// ExecuteFilter answers one page of a type's items: the saved query, the
// grid filters and the project, under the caller's permissions.
func (s *Service) ExecuteFilter(ctx context.Context, c Caller, in ExecuteFilterInput) (Page, error) {
	if in.RowsPerPage <= 0 {
		in.RowsPerPage = 25
	}
	if in.RowsPerPage > MaxRowsPerPage {
		return Page{}, httpx.Invalid("rowsPerPage", "items.rowsPerPageTooBig", "max", MaxRowsPerPage)
	}
	if in.Page < 0 {
		return Page{}, httpx.Invalid("page", "items.pageInvalid")
	}
	// From the kept definition of the type when there is one; when it turns
	// out stale (or fails, which a stale one may cause), again from a fresh
	// read (defcache.go).
	out, err := s.executeFilter(ctx, c, in, true)
	if errors.Is(err, errStaleDefinition) {
		out, err = s.executeFilter(ctx, c, in, false)
	}
	return out, err
}

func (s *Service) executeFilter(ctx context.Context, c Caller, in ExecuteFilterInput, kept bool) (Page, error) {
	q, err := s.prepareFrom(ctx, c, in, kept)
	if err != nil {
		if q != nil && q.guard != nil {
			s.store.defs.forget(q.guard.comp.ID, q.guard.lang)
			return Page{}, errStaleDefinition
		}
		return Page{}, err
	}
	where, args, offset := q.where, q.args, in.Page*in.RowsPerPage
	if in.After != "" {
		v, id, err := q.seek.decode(in.After)
		if err != nil {
			return Page{}, err
		}
		cond, sargs := filter.Seek(q.seek.expr, q.seek.desc, v, id, len(args))
		where, args, offset = where+" AND "+cond, append(append([]any{}, args...), sargs...), -1
	}
	rows, est, counted, err := s.store.page(ctx, q.comp, where, q.order, args, in.RowsPerPage, offset, q.lang, q.where, q.args, q.guard)
	if errors.Is(err, errStaleDefinition) {
		s.store.defs.forget(q.guard.comp.ID, q.guard.lang)
		return Page{}, err
	}
	if err != nil {
		return Page{}, err
	}
	total, kind, err := s.store.total(ctx, q.comp.Table, q.where, q.args, len(rows), in.RowsPerPage, offset, est, counted)
	if err != nil {
		return Page{}, err
	}
	if in.PersistQueryOrView {
		if err := s.store.savePreference(ctx, c.UserID, q.comp.ID, in.QueryID, in.ViewID); err != nil {
			return Page{}, err
		}
	}
	out := Page{Rows: rows, Total: total, TotalIsEstimate: kind != TotalExact, TotalKind: kind, Page: in.Page, RowsPerPage: in.RowsPerPage}
	if q.seek != nil && len(rows) == in.RowsPerPage {
		out.NextCursor = q.seek.encode(rows[len(rows)-1])
	}
	return out, nil
}

// prepare checks the type, project, view and query of a list request and
// compiles its WHERE (with itemReadable) and ORDER BY.
func (s *Service) prepare(ctx context.Context, c Caller, in ExecuteFilterInput) (*listQuery, error) {
	return s.prepareFrom(ctx, c, in, false)
}

// prepareFrom is prepare from the kept definition of the type, when kept and
// there is one: the query's guard says so and the page checks it. On an error
// after that, the answer is a query with only its guard set.
func (s *Service) prepareFrom(ctx context.Context, c Caller, in ExecuteFilterInput, kept bool) (*listQuery, error) {
	if in.ComponentID == 0 && in.ListControlData != nil {
		in.ComponentID = in.ListControlData.ComponentID
	}
	lang := i18n.LangOf(ctx)
	var comp *Component
	var guard *defGuard
	if kept {
		if k, stamp, ok := s.store.defs.get(in.ComponentID, lang); ok {
			comp, guard = k, &defGuard{comp: k, lang: lang, stamp: stamp}
		}
	}
	if comp == nil {
		var err error
		if comp, err = s.store.component(ctx, c, in.ComponentID, lang); err != nil {
			return nil, err
		}
	}
	q, err := s.compile(ctx, c, in, comp, lang)
	if err != nil {
		if guard != nil {
			return &listQuery{guard: guard}, err
		}
		return nil, err
	}
	q.guard = guard
	return q, nil
}

// compile checks the project, view and query of a list request over the
// type comp and compiles its WHERE (with itemReadable) and ORDER BY.
func (s *Service) compile(ctx context.Context, c Caller, in ExecuteFilterInput, comp *Component, lang string) (*listQuery, error) {
	if in.ProjectID != 0 {
		if ok, err := s.store.projectVisible(ctx, c, in.ProjectID); err != nil {
			return nil, err
		} else if !ok {
			return nil, httpx.NotFound()
		}
	}
	fields := comp.Fields()
	params := filter.Params{Me: c.UserID, Project: in.ProjectID, Today: s.now()}
	where, args := listWhere(c, comp, in.ProjectID)
	var view *ViewDef
	if in.ViewID != 0 {
		views, err := s.store.views(ctx, comp.ID, lang)
		if err != nil {
			return nil, err
		}
		for i := range views {
			if views[i].ID == in.ViewID {
				view = &views[i]
			}
		}
		if view == nil {
			return nil, httpx.Invalid("viewId", "items.viewNotFound")
		}
	}
	if in.QueryID != 0 {
		queries, err := s.store.queries(ctx, comp.ID, lang)
		if err != nil {
			return nil, err
		}
		var cond []byte
		for _, q := range queries {
			if q.ID == in.QueryID {
				cond = q.Condition
			}
		}
		if cond == nil {
			return nil, httpx.Invalid("queryId", "items.queryNotFound")
		}
		var node filter.Node
		if err := json.Unmarshal(cond, &node); err != nil {
			return nil, fmt.Errorf("query %d: %w", in.QueryID, err)
		}
		sql, qargs, err := filter.Compile(fields.Filter(), node, params, len(args))
		if err != nil {
			return nil, filterError(err)
		}
		where, args = append(where, sql), append(args, qargs...)
	}
	if len(in.Filters) > 0 {
		grid := filter.Node{Logic: in.LogicSeparator}
		for _, f := range in.Filters {
			grid.Conditions = append(grid.Conditions, filter.Node{Field: f.Field, Operator: f.Operator, Value: f.Value})
		}
		sql, fargs, err := filter.Compile(fields.Filter(), grid, params, len(args))
		if err != nil {
			return nil, filterError(err)
		}
		where, args = append(where, sql), append(args, fargs...)
	}
	if q := strings.TrimSpace(in.Search); q != "" {
		if utf8.RuneCountInString(q) > SearchMaxText {
			return nil, httpx.Invalid("search", "items.searchTooLong", "max", SearchMaxText)
		}
		var cond string
		cond, args = searchCond(q, args)
		where = append(where, cond)
	}
	terms := sortTerms(in, view)
	order, err := filter.OrderBy(fields.Order(), terms)
	if err != nil {
		return nil, filterError(err)
	}
	return &listQuery{comp: comp, view: view, where: strings.Join(where, " AND "), order: order, args: args, lang: lang,
		seek: seekable(terms)}, nil
}

// sortTerms is the request's sort, else the view's, else none (newest
// first); filter.OrderBy ends every order with the id.
func sortTerms(in ExecuteFilterInput, view *ViewDef) []filter.Sort {
	if in.Order != "" {
		return []filter.Sort{{Field: in.Order, Direction: in.SortDirection}}
	}
	var terms []filter.Sort
	if view != nil {
		for _, vs := range view.Sort {
			terms = append(terms, filter.Sort{Field: vs.Field, Direction: vs.Direction})
		}
	}
	return terms
}

// needsCount reports whether total must count: the page does not give the
// total (full, or empty past the first page, or a keyset page) and the
// estimate is not far past the cap.
func needsCount(got, limit, offset int, est int64) bool {
	_, known := PageTotal(got, limit, offset)
	return !known && est <= EstimateTrustedAbove
}

// PageTotal is the total a page of limit rows from offset says by itself: a
// page short of limit ends the list, unless it is empty past the first page
// (the end may be before offset) or a keyset page (offset < 0, unknown).
func PageTotal(got, limit, offset int) (int64, bool) {
	if offset >= 0 && got < limit && (got > 0 || offset == 0) {
		return int64(offset + got), true
	}
	return 0, false
}

// CountedTotal is a total from a count n stopped at ExactCountCap+1 beside
// the planner's estimate est: exact up to the cap; past it est when larger,
// else n as a lower bound.
func CountedTotal(n, est int64) (int64, string) {
	switch {
	case n <= ExactCountCap:
		return n, TotalExact
	case est > n:
		return est, TotalEstimate
	}
	return n, TotalAtLeast
}

// The keys of a page's row that say whether the caller may change it (the
// grid's cell editing): CanEdit, and when not, CannotEditReason, the
// message updateItemField and saveItem would refuse the change with.
const (
	rowCanEdit          = "CanEdit"
	rowCannotEditReason = "CannotEditReason"
)

// lookups are the names a page shows for its attributes' values.
type lookups struct {
	users, projects map[int64]string
	picks           map[int64]map[string]string // by picklist, by value
	// groups, units, companies and items name GROUPS, ORGANIZATIONAL_STRUCTURE
	// (internal/orgunits' units), COMPANY and GENERIC_ITEM_TYPE values (a
	// USERS_OR_GROUPS id: the user, else the group), looked up only on a page
	// (caller set) whose rows hold them.
	groups, units, companies, items map[int64]string
	caller                          []any
}

func newLookups() *lookups {
	return &lookups{users: map[int64]string{}, projects: map[int64]string{}, picks: map[int64]map[string]string{},
		groups: map[int64]string{}, units: map[int64]string{}, companies: map[int64]string{}, items: map[int64]string{}}
}

// refNames is where lk keeps the names of an attribute type's references
// looked up by the caller's page (nil: none, or not by a page).
func (lk *lookups) refNames(typ string) map[int64]string {
	if lk.caller == nil {
		return nil
	}
	switch typ {
	case "GROUPS":
		return lk.groups
	case "ORGANIZATIONAL_STRUCTURE":
		return lk.units
	case "COMPANY":
		return lk.companies
	case "GENERIC_ITEM_TYPE":
		return lk.items
	}
	return nil
}

// lookupKeys are values to look up: user and project ids, picklist values,
// group, unit, company and item ids.
type lookupKeys struct {
	users, projects                   []int64
	picks                             map[int64][]string
	groups, units, companies, itemIDs []int64
}

func (k lookupKeys) empty() bool {
	return len(k.users) == 0 && len(k.projects) == 0 && len(k.picks) == 0 && len(k.groups) == 0 && len(k.units) == 0 && len(k.companies) == 0 &&
		len(k.itemIDs) == 0
}

// missing answers the values of rows that lk has no name for.
func (lk *lookups) missing(comp *Component, rows []map[string]any) lookupKeys {
	k := lookupKeys{picks: map[int64][]string{}}
	for _, a := range comp.Attributes {
		for _, r := range rows {
			switch a.Type {
			case "USERS", "RESOURCES":
				if id, ok := asID(r[a.Key]); ok {
					if _, found := lk.users[id]; !found {
						k.users = append(k.users, id)
					}
				}
			case "PROJECT":
				if id, ok := asID(r[a.Key]); ok {
					if _, found := lk.projects[id]; !found {
						k.projects = append(k.projects, id)
					}
				}
			case "PICKLIST":
				if v, ok := r[a.Key].(string); ok && a.PicklistID != nil {
					if _, found := lk.picks[*a.PicklistID][v]; !found {
						k.picks[*a.PicklistID] = append(k.picks[*a.PicklistID], v)
					}
				}
			case "USERS_OR_GROUPS":
				if lk.caller == nil {
					continue
				}
				if id, ok := asID(r[a.Key]); ok {
					if _, found := lk.users[id]; !found {
						lk.users[id] = "" // once per id; an unknown one stays empty
						k.users = append(k.users, id)
					}
					if _, found := lk.groups[id]; !found {
						lk.groups[id] = ""
						k.groups = append(k.groups, id)
					}
				}
			default:
				names := lk.refNames(a.Type)
				if names == nil {
					continue
				}
				if id, ok := asID(r[a.Key]); ok {
					if _, found := names[id]; !found {
						names[id] = "" // once per id; an unknown one stays empty
						switch a.Type {
						case "COMPANY":
							k.companies = append(k.companies, id)
						case "GENERIC_ITEM_TYPE":
							k.itemIDs = append(k.itemIDs, id)
						case "ORGANIZATIONAL_STRUCTURE":
							k.units = append(k.units, id)
						default:
							k.groups = append(k.groups, id)
						}
					}
				}
			}
		}
	}
	return k
}

// apply puts the names in the rows; a value without a name shows empty.
func (lk *lookups) apply(comp *Component, rows []map[string]any) {
	for _, a := range comp.Attributes {
		for _, r := range rows {
			v, ok := r[a.Key]
			if !ok {
				continue
			}
			switch a.Type {
			case "USERS", "RESOURCES":
				if id, ok := asID(v); ok {
					r[a.Key+"ID"], r[a.Key] = id, lk.users[id]
				}
			case "PROJECT":
				if id, ok := asID(v); ok {
					r[a.Key+"ID"], r[a.Key] = id, lk.projects[id]
				}
			case "PICKLIST":
				if s, ok := v.(string); ok && a.PicklistID != nil {
					r[a.Key+"Value"], r[a.Key] = s, lk.picks[*a.PicklistID][s]
				}
			case "USERS_OR_GROUPS":
				if id, ok := asID(v); ok && lk.caller != nil {
					name := lk.users[id]
					if name == "" {
						name = lk.groups[id]
					}
					r[a.Key+"ID"], r[a.Key] = id, name
				}
			default:
				if names := lk.refNames(a.Type); names != nil {
					if id, ok := asID(v); ok {
						r[a.Key+"ID"], r[a.Key] = id, names[id]
					}
				}
			}
		}
	}
}

func asID(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		return int64(x), true
	case json.Number:
		n, err := x.Int64()
		return n, err == nil
	}
	return 0, false
}

// StatusOption is a status of a type, an option of the list's status filter.
type StatusOption struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// ListDefinition is the answer of getListControlData: the list's columns,
// views and queries, and the type's statuses for the status filter.
type ListDefinition struct {
	ListControlData
	Statuses []StatusOption `json:"statuses"`
}

// ListDefinition answers getListControlData with the type's statuses.
func (s *Service) ListDefinition(ctx context.Context, c Caller, componentID, projectID, viewID int64) (ListDefinition, error) {
	d, err := s.ListControlData(ctx, c, componentID, projectID, viewID)
	if err != nil {
		return ListDefinition{}, err
	}
	statuses, err := s.store.statuses(ctx, d.ComponentID, i18n.LangOf(ctx))
	if err != nil {
		return ListDefinition{}, err
	}
	return ListDefinition{ListControlData: d, Statuses: statuses}, nil
}

// ListRows reads a list as executeFilter does (rights, query, filters, order)
// row after row with display values: how a module needing every row (the
// Excel export, internal/itemio) reads it without the core's SQL.
type ListRows struct {
	s *Service
	q *listQuery
	// Component is the list's type.
	Component *Component
}

// ReadList checks and compiles list request in for c as executeFilter
// does; its paging fields are the caller's to use with Each.
func (s *Service) ReadList(ctx context.Context, c Caller, in ExecuteFilterInput) (*ListRows, error) {
	q, err := s.prepare(ctx, c, in)
	if err != nil {
		return nil, err
	}
	return &ListRows{s: s, q: q, Component: q.comp}, nil
}

// Only keeps the rows of ids among those the list matches.
func (l *ListRows) Only(ids []int64) {
	var cond string
	cond, l.q.args = idsCond(ids, l.q.args)
	l.q.where += " AND " + cond
}

// Columns are the list's columns: its view's, else the type's default
// view's, hidden ones included (Column.Hidden).
func (l *ListRows) Columns(ctx context.Context) ([]Column, error) {
	view := l.q.view
	if view == nil {
		views, err := l.s.store.views(ctx, l.q.comp.ID, l.q.lang)
		if err != nil {
			return nil, err
		}
		for i := range views {
			if views[i].Default && view == nil {
				view = &views[i]
			}
		}
	}
	return columns(l.q.comp, view, i18n.Lang(l.q.lang)), nil
}

// CountUpTo counts the matching rows, stopping at limit.
func (l *ListRows) CountUpTo(ctx context.Context, limit int) (int, error) {
	return l.s.store.countUpTo(ctx, l.q.comp.Table, l.q.where, l.q.args, limit)
}

// Each reads limit rows from offset, in the list's order, and hands them to
// fn in batches with their lookups resolved, keyed as executeFilter's rows.
func (l *ListRows) Each(ctx context.Context, limit, offset int, fn func([]map[string]any) error) error {
	return l.s.store.each(ctx, l.q.comp, l.q.where, l.q.order, l.q.args, limit, offset, l.q.lang, fn)
}
