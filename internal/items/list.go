package items

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

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
	// EstimateTrustedAbove: when the planner expects more matching rows than
	// this, the total is its estimate and nothing is counted (counting to the
	// cap reads ExactCountCap / selectivity rows: 55,000 for a filter that
	// keeps 18%). Below it the count runs, so a list of up to the cap whose
	// estimate is off by up to 2x still gets an exact total. Attribute
	// statistics (indexes.go) keep estimates of filters on indexed attributes
	// within a few percent.
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
	total, kind, err := s.store.total(ctx, q.where, q.args, len(rows), in.RowsPerPage, offset, est, counted)
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

// prepareFrom is prepare, from the kept definition of the type when kept is
// set and there is one: the query's guard then says so, and the page must
// check it. On an error after a kept definition was taken, the answer is a
// query with only its guard set.
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
	// $1 user, $2 panel admin, $3 component; the rest are the filters'.
	args := []any{c.UserID, c.PanelAdmin, comp.ID}
	where := []string{"i.component_id = $3", itemReadable}
	if in.ProjectID != 0 {
		args = append(args, in.ProjectID)
		where = append(where, "i.project_id = $"+strconv.Itoa(len(args)))
	}
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
		like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(q) + "%"
		args = append(args, q, like)
		n := strconv.Itoa(len(args) - 1)
		where = append(where, "(i.search @@ websearch_to_tsquery('portuguese', tramita_unaccent($"+n+")) OR i.title ILIKE $"+
			strconv.Itoa(len(args))+" OR i.number::text = $"+n+")")
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

// total answers how many items match where, and what kind of figure that
// is. A page shorter than the limit at a known offset says it exactly, for
// free. Otherwise the planner's estimate est decides: far past the cap it is
// the answer; else the items are counted, stopping at ExactCountCap+1.
// offset < 0 means a keyset page (its offset is unknown). counted is that
// count when page already ran it in its batch, or -1.
func (st *Store) total(ctx context.Context, where string, args []any, got, limit, offset int, est, counted int64) (int64, string, error) {
	if !needsCount(got, limit, offset, est) {
		if offset >= 0 && got < limit && (got > 0 || offset == 0) {
			return int64(offset + got), TotalExact, nil
		}
		return est, TotalEstimate, nil
	}
	n := counted
	if n < 0 {
		if err := st.db.QueryRow(ctx, countSQL(where), args...).Scan(&n); err != nil {
			return 0, "", fmt.Errorf("count items: %w", err)
		}
	}
	switch {
	case n <= ExactCountCap:
		return n, TotalExact, nil
	case est > n:
		return est, TotalEstimate, nil
	}
	return n, TotalAtLeast, nil
}

// needsCount reports whether total must count: the page does not give the
// total (full, or empty past the first page, or a keyset page) and the
// estimate is not far past the cap.
func needsCount(got, limit, offset int, est int64) bool {
	if offset >= 0 && got < limit && (got > 0 || offset == 0) {
		return false
	}
	return est <= EstimateTrustedAbove
}

// countSQL counts the items of where, stopping at ExactCountCap+1.
func countSQL(where string) string {
	return `SELECT count(*) FROM (SELECT 1 FROM item i WHERE ` + where + ` LIMIT ` + strconv.Itoa(ExactCountCap+1) + `) t`
}

// pageIDs reads a page's ids alone.
func (st *Store) pageIDs(ctx context.Context, sql string, args []any) ([]int64, error) {
	rows, err := st.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("list items: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("list items: %w", err)
	}
	return ids, nil
}

// explainSQL asks the planner's estimate of how many items match where.
func explainSQL(where string) string {
	return `EXPLAIN (FORMAT JSON) SELECT 1 FROM item i WHERE ` + where
}

// planRows reads the planner's row estimate from EXPLAIN (FORMAT JSON).
func planRows(raw []byte) (int64, error) {
	var plan []struct {
		Plan struct {
			Rows float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal(raw, &plan); err != nil || len(plan) == 0 {
		return 0, fmt.Errorf("estimate items: %q: %w", raw, err)
	}
	return int64(plan[0].Plan.Rows), nil
}

const rowColumns = `i.id, i.number, i.title, i.parent_id, i.created_at, i.project_id, coalesce(p.name, ''),
	coalesce(pm.name, ''), coalesce(cr.name, ''), i.status_id, coalesce(st.name ->> $%d, st.name ->> 'pt-BR', ''), coalesce(st.color, ''),
	i.modified_at, coalesce(md.name, ''), i.version, i.responsible_id, coalesce(rs.name, ''), i.reason,
	i.has_attachment, i.has_digital_content, i.attributes`

// rowJoins are the name joins of rowColumns; the export streams its rows
// with them (one statement for many rows, planned once).
const rowJoins = ` LEFT JOIN project p ON p.id = i.project_id LEFT JOIN app_user pm ON pm.id = p.manager_id
	LEFT JOIN app_user cr ON cr.id = i.creator_id LEFT JOIN item_status st ON st.id = i.status_id
	LEFT JOIN app_user md ON md.id = i.modifier_id LEFT JOIN app_user rs ON rs.id = i.responsible_id`

// pageRowsColumns are rowColumns with each name read by a scalar subquery
// on a primary key instead of a LEFT JOIN: the same values (a missing row
// gives NULL, coalesced the same way), but the planner has one relation to
// plan instead of seven. With the joins, every execution was planned again
// (the custom plan, knowing $2, always looked cheaper than the generic one),
// about 1 ms of the database's time for 25 rows, more than the rows'
// reading; this text gets a generic plan after five runs per connection and
// then costs about 0.2 ms.
const pageRowsColumns = `i.id, i.number, i.title, i.parent_id, i.created_at, i.project_id,
	coalesce((SELECT p.name FROM project p WHERE p.id = i.project_id), ''),
	coalesce((SELECT u.name FROM project p JOIN app_user u ON u.id = p.manager_id WHERE p.id = i.project_id), ''),
	coalesce((SELECT u.name FROM app_user u WHERE u.id = i.creator_id), ''), i.status_id,
	coalesce((SELECT coalesce(st.name ->> $4, st.name ->> 'pt-BR') FROM item_status st WHERE st.id = i.status_id), ''),
	coalesce((SELECT st.color FROM item_status st WHERE st.id = i.status_id), ''),
	i.modified_at, coalesce((SELECT u.name FROM app_user u WHERE u.id = i.modifier_id), ''), i.version, i.responsible_id,
	coalesce((SELECT u.name FROM app_user u WHERE u.id = i.responsible_id), ''), i.reason,
	i.has_attachment, i.has_digital_content, i.attributes`

// pageRowsSQL reads the rows of a page by id ($3), under the same
// permission as the list ($1 user, $2 panel admin), in the language $4. Its
// text never changes, so each connection prepares it once. Its last two
// columns are what a change of the row needs (editRefusal's rule, by the
// same conditions): the item writable by the caller (itemWritable, per row:
// two primary-key probes) and the update right on the type $5 (one
// uncorrelated subquery, run once per page).
var pageRowsSQL = `SELECT ` + pageRowsColumns + `, ` + itemWritable + `,
	EXISTS (SELECT 1 FROM component c WHERE c.id = $5 AND ` + componentRight("update") + `)
	FROM item i WHERE i.id = ANY($3) AND ` + itemReadable

// page reads one page in two steps. The ids first, from the item table
// alone: one relation to plan (the planner has no joins to search), and it
// can walk an index in the list's order and stop at the page; the planner's
// estimate of the list's total (countWhere, without a keyset condition)
// travels in the same round trip. Then the rows of those ids with their
// names, by a statement of constant text, and in the same round trip the
// count total will need (needsCount), answered as counted (-1: none). The
// lookups of the attributes are batched after. offset < 0 is a keyset page
// (where has its condition; the rows start at the top).
func (st *Store) page(ctx context.Context, comp *Component, where, order string, args []any, limit, offset int, lang string,
	countWhere string, countArgs []any, guard *defGuard) (rows []map[string]any, est, counted int64, err error) {
	counted = -1
	n := len(args)
	b := &pgx.Batch{}
	if guard != nil {
		// $1 user, $2 panel admin, $3 component, as in every list's args.
		b.Queue(defGuardSQL, args[0], args[1], comp.ID)
	}
	pageSQL := `SELECT i.id FROM item i WHERE ` + where + ` ORDER BY ` + order + fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n+1, n+2)
	pageArgs := append(append([]any{}, args...), limit, max(offset, 0))
	// A list whose last count stayed under the cap counts here, in place of
	// the estimate (which would only decide to count): the planner's work
	// for EXPLAIN was a good part of a small list's cost. On a page by
	// offset (where is then countWhere), one statement does both: all the
	// list's ids in order, up to the cap and one, are the count and hold
	// the page.
	small := st.defs.isSmall(comp.ID, countWhere)
	whole := small && offset >= 0 && where == countWhere
	switch {
	case whole:
		b.Queue(`SELECT i.id FROM item i WHERE `+where+` ORDER BY `+order+` LIMIT `+strconv.Itoa(ExactCountCap+1), args...)
	default:
		b.Queue(pageSQL, pageArgs...)
	}
	switch {
	case whole:
	case small:
		b.Queue(countSQL(countWhere), countArgs...)
	default:
		b.Queue(explainSQL(countWhere), countArgs...)
	}
	br := st.db.SendBatch(ctx, b)
	if guard != nil {
		// First, before any error of SQL compiled from a stale definition.
		var stamp string
		err := br.QueryRow().Scan(&stamp)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			br.Close()
			return nil, 0, -1, httpx.NotFound()
		case err != nil:
			br.Close()
			return nil, 0, -1, fmt.Errorf("check the type: %w", err)
		case stamp != guard.stamp:
			br.Close()
			return nil, 0, -1, errStaleDefinition
		}
	}
	idRows, err := br.Query()
	if err != nil {
		br.Close()
		return nil, 0, -1, fmt.Errorf("list items: %w", err)
	}
	ids, err := pgx.CollectRows(idRows, pgx.RowTo[int64])
	if err != nil {
		br.Close()
		return nil, 0, -1, fmt.Errorf("list items: %w", err)
	}
	var raw []byte
	switch {
	case whole:
		counted = int64(len(ids))
	case small:
		err = br.QueryRow().Scan(&counted)
	default:
		err = br.QueryRow().Scan(&raw)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, 0, -1, fmt.Errorf("estimate items: %w", err)
	}
	if whole {
		if end := offset + limit; counted <= ExactCountCap || end <= len(ids) {
			ids = ids[min(offset, len(ids)):min(end, len(ids))]
		} else if ids, err = st.pageIDs(ctx, pageSQL, pageArgs); err != nil {
			// Past the cap and its first rows: the page from the table.
			return nil, 0, -1, err
		}
	}
	// estimated reads the estimate of a batch's EXPLAIN into est.
	estimated := func(r pgx.Row) error {
		var raw []byte
		if err := r.Scan(&raw); err != nil {
			return fmt.Errorf("estimate items: %w", err)
		}
		est, err = planRows(raw)
		return err
	}
	// A small list's count is all total needs (as an estimate, it is at
	// most the cap, so total takes the count); past the cap, the estimate
	// follows, as the larger list it is.
	needEstimate := false
	switch {
	case !small:
		if est, err = planRows(raw); err != nil {
			return nil, 0, -1, err
		}
	case counted <= ExactCountCap:
		est = counted
	default:
		st.defs.setSmall(comp.ID, countWhere, false)
		needEstimate = true
	}
	if len(ids) == 0 {
		if needEstimate {
			if err := estimated(st.db.QueryRow(ctx, explainSQL(countWhere), countArgs...)); err != nil {
				return nil, 0, -1, err
			}
		}
		return []map[string]any{}, est, counted, nil
	}
	b = &pgx.Batch{}
	if needEstimate {
		b.Queue(explainSQL(countWhere), countArgs...).QueryRow(estimated)
	}
	var got []map[string]any
	b.Queue(pageRowsSQL, args[0], args[1], ids, lang, comp.ID).Query(func(r pgx.Rows) error {
		got, err = scanPageRows(r, comp, lang)
		return err
	})
	// The ids say whether total will count; the rows can only be fewer (one
	// deleted meanwhile), and total counts alone then if it must.
	if !small && needsCount(len(ids), limit, offset, est) {
		b.Queue(countSQL(countWhere), countArgs...).QueryRow(func(r pgx.Row) error {
			if err := r.Scan(&counted); err != nil {
				return err
			}
			st.defs.setSmall(comp.ID, countWhere, counted <= ExactCountCap)
			return nil
		})
	}
	lk := newLookups()
	lk.caller = args[:2]
	lk.queueByIDs(b, comp, ids, lang)
	if err := st.db.SendBatch(ctx, b).Close(); err != nil {
		return nil, 0, -1, fmt.Errorf("list items: %w", err)
	}
	byID := make(map[int64]map[string]any, len(got))
	for _, r := range got {
		byID[r["id"].(int64)] = r
	}
	out := make([]map[string]any, 0, len(ids))
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	// Values the batch's look-ups did not name, if any, in a round trip more.
	if err := st.lookUp(ctx, lk, lk.missing(comp, out), lang); err != nil {
		return nil, 0, -1, err
	}
	lk.apply(comp, out)
	return out, est, counted, nil
}

// The keys of a page's row that say whether the caller may change it (the
// grid's cell editing): CanEdit, and when not, CannotEditReason, the
// message updateItemField and saveItem would refuse the change with.
const (
	rowCanEdit          = "CanEdit"
	rowCannotEditReason = "CannotEditReason"
)

// scanPageRows reads pageRowsSQL's rows: rowColumns and the row's write
// right, the refusal chosen as editRefusal chooses it (no update right on
// the type; a read-only member of the item's project; else the general
// message), in the caller's language.
func scanPageRows(rows pgx.Rows, comp *Component, lang string) ([]map[string]any, error) {
	defer rows.Close()
	out := []map[string]any{}
	l := i18n.Lang(lang)
	var writable, typeRight bool // both NOT NULL: every row sets them
	sc := newRowScanner(&writable, &typeRight)
	for rows.Next() {
		row, err := sc.scan(rows)
		if err != nil {
			return nil, err
		}
		var reason string
		switch project, _ := row["ProjectName"].(string); {
		case writable && typeRight:
		case !typeRight:
			reason = i18n.T(l, "forms.cannotEditType", "type", comp.Name)
		case project != "":
			reason = i18n.T(l, "forms.cannotEditProject", "project", project)
		default:
			reason = i18n.T(l, "forms.cannotEdit")
		}
		row[rowCanEdit] = reason == ""
		if reason != "" {
			row[rowCannotEditReason] = reason
		}
		out = append(out, row)
	}
	return out, rows.Err()
}

// scanRow reads one row of rowColumns as the grid's map; extra are the
// destinations of columns after them.
func scanRow(rows pgx.Rows, extra ...any) (map[string]any, error) {
	return newRowScanner(extra...).scan(rows)
}

// rowSystemKeys is how many keys a row has besides the attributes, with
// the two scanPageRows adds.
const rowSystemKeys = 23

// rowScanner reads the rows of one statement of rowColumns (then extra):
// its destinations are made once, not per row, and the attributes go from
// pgx's bytes straight into the row's map (attrDecoder, rowjson.go).
type rowScanner struct {
	id, number, version                   int64
	title, project, manager, creator      string
	status, color, modifier, resp, reason string
	parent, projectID, statusID, respID   *int64 // pgx makes a new one per row: the rows keep them
	created, modified                     time.Time
	hasAttachment, hasContent             bool
	attrs                                 attrsRaw
	dest                                  []any
	d                                     attrDecoder
}

func newRowScanner(extra ...any) *rowScanner {
	s := &rowScanner{}
	s.dest = append([]any{&s.id, &s.number, &s.title, &s.parent, &s.created, &s.projectID, &s.project, &s.manager, &s.creator,
		&s.statusID, &s.status, &s.color, &s.modified, &s.modifier, &s.version, &s.respID, &s.resp, &s.reason, &s.hasAttachment,
		&s.hasContent, &s.attrs}, extra...)
	return s
}

// scan reads the current row.
func (s *rowScanner) scan(rows pgx.Rows) (map[string]any, error) {
	s.attrs.b = nil
	if err := rows.Scan(s.dest...); err != nil {
		return nil, fmt.Errorf("scan item: %w", err)
	}
	d := &s.d
	if err := d.decode(s.attrs.b); err != nil {
		// What pgx's json.Unmarshal would have refused.
		return nil, fmt.Errorf("scan item: %w", err)
	}
	row := make(map[string]any, len(d.kv)+rowSystemKeys)
	for _, kv := range d.kv {
		row[kv.k] = kv.v
	}
	clear(d.kv) // the values belong to the row now
	id, number, title, parent, created, projectID, project, manager, creator := s.id, s.number, s.title, s.parent, s.created,
		s.projectID, s.project, s.manager, s.creator
	statusID, status, color, modified, modifier, version, respID, resp := s.statusID, s.status, s.color, s.modified, s.modifier,
		s.version, s.respID, s.resp
	reason, hasAttachment, hasContent := s.reason, s.hasAttachment, s.hasContent
	// System keys last: an attribute can never shadow them.
	row["id"], row["FormattedID"], row["Title"], row["Parent"], row["CreationDate"] = id, number, title, parent, created.UTC()
	row["ProjectID"], row["ProjectName"], row["ProjectManager"], row["CreatorName"] = projectID, project, manager, creator
	row["StatusID"], row["StatusName"], row["StatusColor"], row["LastModify"] = statusID, status, color, modified.UTC()
	row["ModifierName"], row["Version"], row["ResponsibleID"], row["ResponsibleName"] = modifier, version, respID, resp
	row["Reason"], row["HasAttachment"], row["HasDigitalContent"] = reason, hasAttachment, hasContent
	return row, nil
}

// resolve replaces picklist values and user and project ids of attributes by
// what the grid shows, with one query per kind for the whole page. The raw
// value stays under "<key>ID" ("<key>Value" for picklists).
func (st *Store) resolve(ctx context.Context, comp *Component, rows []map[string]any, lang string) error {
	lk := newLookups()
	if err := st.lookUp(ctx, lk, lk.missing(comp, rows), lang); err != nil {
		return err
	}
	lk.apply(comp, rows)
	return nil
}

// lookups are the names a page shows for its attributes' values.
type lookups struct {
	users, projects map[int64]string
	picks           map[int64]map[string]string // by picklist, by value
	// groups, companies and items are the names of GROUPS /
	// ORGANIZATIONAL_STRUCTURE, COMPANY and GENERIC_ITEM_TYPE values, looked
	// up only when caller is set (a page: $1 user, $2 panel administrator;
	// an item's name only when the caller may read it), after the page's
	// batch and only when its rows hold such values, so a list without them
	// pays nothing.
	// A USERS_OR_GROUPS value is named as the form's history names it: the
	// user's name, else the group's (the same id looked up in both, as
	// referenceExists checks it), also only on a page.
	groups, companies, items map[int64]string
	caller                   []any
}

func newLookups() *lookups {
	return &lookups{users: map[int64]string{}, projects: map[int64]string{}, picks: map[int64]map[string]string{},
		groups: map[int64]string{}, companies: map[int64]string{}, items: map[int64]string{}}
}

// refNames is where lk keeps the names of an attribute type's references
// looked up by the caller's page (nil: none, or not by a page).
func (lk *lookups) refNames(typ string) map[int64]string {
	if lk.caller == nil {
		return nil
	}
	switch typ {
	case "GROUPS", "ORGANIZATIONAL_STRUCTURE":
		return lk.groups
	case "COMPANY":
		return lk.companies
	case "GENERIC_ITEM_TYPE":
		return lk.items
	}
	return nil
}

// lookupKeys are values to look up: user and project ids, picklist values,
// group, company and item ids.
type lookupKeys struct {
	users, projects            []int64
	picks                      map[int64][]string
	groups, companies, itemIDs []int64
}

func (k lookupKeys) empty() bool {
	return len(k.users) == 0 && len(k.projects) == 0 && len(k.picks) == 0 && len(k.groups) == 0 && len(k.companies) == 0 &&
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

// lookUp reads the names of k into lk, every kind in one round trip.
func (st *Store) lookUp(ctx context.Context, lk *lookups, k lookupKeys, lang string) error {
	if k.empty() {
		return nil
	}
	b := &pgx.Batch{}
	if len(k.users) > 0 {
		b.Queue(`SELECT id, name FROM app_user WHERE id = ANY($1)`, k.users).Query(lk.scanNames(lk.users))
	}
	if len(k.projects) > 0 {
		b.Queue(`SELECT id, name FROM project WHERE id = ANY($1)`, k.projects).Query(lk.scanNames(lk.projects))
	}
	for pl, values := range k.picks {
		b.Queue(`SELECT value, coalesce(text ->> $3, text ->> 'pt-BR') FROM picklist_item
			WHERE picklist_id = $1 AND value = ANY($2)`, pl, values, lang).Query(lk.scanPicks(pl))
	}
	if len(k.groups) > 0 {
		b.Queue(`SELECT id, name::text FROM user_group WHERE id = ANY($1)`, k.groups).Query(lk.scanNames(lk.groups))
	}
	if len(k.companies) > 0 {
		b.Queue(`SELECT id, name FROM company WHERE id = ANY($1)`, k.companies).Query(lk.scanNames(lk.companies))
	}
	if len(k.itemIDs) > 0 {
		// As the form's display names them ("12 - Title"), only items the
		// caller may read.
		b.Queue(`SELECT i.id, i.number::text || ' - ' || i.title FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = ANY($3) AND `+componentReadable+` AND `+itemReadable, lk.caller[0], lk.caller[1], k.itemIDs).
			Query(lk.scanNames(lk.items))
	}
	if err := st.db.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("page lookups: %w", err)
	}
	return nil
}

// queueByIDs queues, in a page's batch, the look-ups of every attribute
// value of the items ids, read from the items themselves: the page's
// lookups travel with its rows instead of in a round trip of their own.
// The values are read in SQL as resolve reads them in Go (a user or project
// is a JSON number, truncated; a picklist value a JSON string), and what the
// rows hold that these did not find (a value changed between the two
// statements, a name that does not exist) is looked up after, as before.
func (lk *lookups) queueByIDs(b *pgx.Batch, comp *Component, ids []int64, lang string) {
	var users, projects []string
	picks := map[int64][]string{}
	for _, a := range comp.Attributes {
		switch a.Type {
		case "USERS", "RESOURCES":
			users = append(users, a.Key)
		case "PROJECT":
			projects = append(projects, a.Key)
		case "PICKLIST":
			if a.PicklistID != nil {
				picks[*a.PicklistID] = append(picks[*a.PicklistID], a.Key)
			}
		}
	}
	// The numbers the attributes keys $2 of items $1 hold, truncated, within
	// bigint's range (the CASE casts only numbers: WHERE has no order).
	const idsOf = `SELECT trunc(n)::bigint FROM (SELECT CASE WHEN jsonb_typeof(i.attributes -> k.key) = 'number'
			THEN (i.attributes ->> k.key)::numeric END AS n FROM item i, unnest($2::text[]) k(key) WHERE i.id = ANY($1)) v
		WHERE n > -9223372036854775809 AND n < 9223372036854775808`
	if len(users) > 0 {
		b.Queue(`SELECT id, name FROM app_user WHERE id IN (`+idsOf+`)`, ids, users).Query(lk.scanNames(lk.users))
	}
	if len(projects) > 0 {
		b.Queue(`SELECT id, name FROM project WHERE id IN (`+idsOf+`)`, ids, projects).Query(lk.scanNames(lk.projects))
	}
	if len(picks) > 0 {
		// Every picklist in one statement: the pairs (picklist, value) the
		// items hold under the keys $2 of picklists $3 (a statement per
		// picklist read the items again for each).
		var keys []string
		var lists []int64
		for pl, ks := range picks {
			if lk.picks[pl] == nil {
				lk.picks[pl] = map[string]string{}
			}
			for _, k := range ks {
				keys, lists = append(keys, k), append(lists, pl)
			}
		}
		b.Queue(`SELECT pi.picklist_id, pi.value, coalesce(pi.text ->> $4, pi.text ->> 'pt-BR') FROM picklist_item pi
			WHERE (pi.picklist_id, pi.value) IN (SELECT k.pl, i.attributes ->> k.key FROM item i, unnest($2::text[], $3::bigint[]) k(key, pl)
				WHERE i.id = ANY($1) AND jsonb_typeof(i.attributes -> k.key) = 'string')`, ids, keys, lists, lang).Query(lk.scanAllPicks)
	}
}

// scanAllPicks reads (picklist, value, text) rows into lk.picks.
func (lk *lookups) scanAllPicks(rows pgx.Rows) error {
	for rows.Next() {
		var pl int64
		var v, t string
		if err := rows.Scan(&pl, &v, &t); err != nil {
			return err
		}
		m := lk.picks[pl]
		if m == nil {
			m = map[string]string{}
			lk.picks[pl] = m
		}
		m[v] = t
	}
	return rows.Err()
}

func (lk *lookups) scanNames(into map[int64]string) func(pgx.Rows) error {
	return func(rows pgx.Rows) error {
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				return err
			}
			into[id] = name
		}
		return rows.Err()
	}
}

func (lk *lookups) scanPicks(pl int64) func(pgx.Rows) error {
	m := lk.picks[pl]
	if m == nil {
		m = map[string]string{}
		lk.picks[pl] = m
	}
	return func(rows pgx.Rows) error {
		for rows.Next() {
			var v, t string
			if err := rows.Scan(&v, &t); err != nil {
				return err
			}
			m[v] = t
		}
		return rows.Err()
	}
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
	rows, err := s.store.db.Query(ctx, `SELECT id, coalesce(name ->> $2, name ->> 'pt-BR'), coalesce(color, '')
		FROM item_status WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, d.ComponentID, i18n.LangOf(ctx))
	if err != nil {
		return ListDefinition{}, fmt.Errorf("statuses: %w", err)
	}
	statuses, err := pgx.CollectRows(rows, pgx.RowToStructByPos[StatusOption])
	if err != nil {
		return ListDefinition{}, fmt.Errorf("statuses: %w", err)
	}
	return ListDefinition{ListControlData: d, Statuses: statuses}, nil
}

// readBatch is how many rows ListRows.Each reads before their lookups
// (users, picklists, projects) are resolved and handed on: memory stays
// flat however long the list.
const readBatch = 1000

// ListRows reads a list as executeFilter does (the same rights, query,
// filters and order) row after row with their display values: how a
// module that needs every row of a list (the Excel export,
// internal/itemio) reads it without the core's SQL.
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
	l.q.args = append(l.q.args, ids)
	l.q.where += " AND i.id = ANY($" + strconv.Itoa(len(l.q.args)) + ")"
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
	return l.s.store.countUpTo(ctx, l.q.where, l.q.args, limit)
}

// Each reads limit rows from offset, in the list's order, and hands them to
// fn in batches with their lookups resolved, keyed as executeFilter's rows.
func (l *ListRows) Each(ctx context.Context, limit, offset int, fn func([]map[string]any) error) error {
	return l.s.store.each(ctx, l.q.comp, l.q.where, l.q.order, l.q.args, limit, offset, l.q.lang, fn)
}

// countUpTo counts matching rows, stopping at limit.
func (st *Store) countUpTo(ctx context.Context, where string, args []any, limit int) (int, error) {
	var n int
	err := st.db.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM item i WHERE `+where+` LIMIT `+strconv.Itoa(limit)+`) t`,
		args...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count export: %w", err)
	}
	return n, nil
}

// each reads rows in order and hands them on in batches with their lookups
// resolved: one query streams the rows, each batch adds one query per kind.
func (st *Store) each(ctx context.Context, comp *Component, where, order string, args []any, limit, offset int, lang string,
	fn func([]map[string]any) error) error {
	args = append(args, lang, limit, offset)
	n := len(args)
	rows, err := st.db.Query(ctx, `SELECT `+fmt.Sprintf(rowColumns, n-2)+` FROM item i`+rowJoins+` WHERE `+where+
		` ORDER BY `+order+fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n-1, n), args...)
	if err != nil {
		return fmt.Errorf("export items: %w", err)
	}
	defer rows.Close()
	batch := make([]map[string]any, 0, readBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := st.resolve(ctx, comp, batch, lang); err != nil {
			return err
		}
		err := fn(batch)
		batch = batch[:0]
		return err
	}
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return err
		}
		if batch = append(batch, r); len(batch) == readBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("export items: %w", err)
	}
	return flush()
}
