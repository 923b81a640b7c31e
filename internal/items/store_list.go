package items

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
)

// total answers how many items match where and what kind of figure that is:
// a short page at a known offset says it free; else the estimate est, or a
// count stopped at ExactCountCap+1 (counted when page ran it, else -1).
func (st *Store) total(ctx context.Context, from, where string, args []any, got, limit, offset int, est, counted int64) (int64, string, error) {
	if n, ok := PageTotal(got, limit, offset); ok {
		return n, TotalExact, nil
	}
	if est > EstimateTrustedAbove {
		return est, TotalEstimate, nil
	}
	n := counted
	if n < 0 {
		if err := st.db.QueryRow(ctx, countSQL(from, where), args...).Scan(&n); err != nil {
			return 0, "", fmt.Errorf("count items: %w", err)
		}
	}
	n, kind := CountedTotal(n, est)
	return n, kind, nil
}

// countSQL counts the items of where, stopping at ExactCountCap+1.
func countSQL(from, where string) string {
	return `SELECT count(*) FROM (SELECT 1 FROM ` + from + ` i WHERE ` + where + ` LIMIT ` + strconv.Itoa(ExactCountCap+1) + `) t`
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
func explainSQL(from, where string) string {
	return `EXPLAIN (FORMAT JSON) SELECT 1 FROM ` + from + ` i WHERE ` + where
}

// PlanRows reads the planner's row estimate from EXPLAIN (FORMAT JSON).
func PlanRows(raw []byte) (int64, error) {
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
	i.has_attachment, i.has_digital_content, `

// rowJoins are the name joins of rowColumns; the export streams its rows
// with them (one statement for many rows, planned once).
const rowJoins = ` LEFT JOIN project p ON p.id = i.project_id LEFT JOIN app_user pm ON pm.id = p.manager_id
	LEFT JOIN app_user cr ON cr.id = i.creator_id LEFT JOIN item_status st ON st.id = i.status_id
	LEFT JOIN app_user md ON md.id = i.modifier_id LEFT JOIN app_user rs ON rs.id = i.responsible_id`

// pageRowsColumns are rowColumns with each name read by a scalar subquery on
// a primary key instead of a LEFT JOIN: the same values, one relation to plan,
// so the statement keeps a generic plan instead of being planned every run.
const pageRowsColumns = `i.id, i.number, i.title, i.parent_id, i.created_at, i.project_id,
	coalesce((SELECT p.name FROM project p WHERE p.id = i.project_id), ''),
	coalesce((SELECT u.name FROM project p JOIN app_user u ON u.id = p.manager_id WHERE p.id = i.project_id), ''),
	coalesce((SELECT u.name FROM app_user u WHERE u.id = i.creator_id), ''), i.status_id,
	coalesce((SELECT coalesce(st.name ->> $4, st.name ->> 'pt-BR') FROM item_status st WHERE st.id = i.status_id), ''),
	coalesce((SELECT st.color FROM item_status st WHERE st.id = i.status_id), ''),
	i.modified_at, coalesce((SELECT u.name FROM app_user u WHERE u.id = i.modifier_id), ''), i.version, i.responsible_id,
	coalesce((SELECT u.name FROM app_user u WHERE u.id = i.responsible_id), ''), i.reason,
	i.has_attachment, i.has_digital_content, `

// pageRowsSQL reads a page's rows by id ($3) from the type's table under the
// list's permission ($1, $2) in language $4; its text is the type's own, so
// it is prepared once per type. Its last two columns decide editing as
// editRefusal does: item writable, update on $5.
func pageRowsSQL(comp *Component) string {
	return `SELECT ` + pageRowsColumns + comp.valuesExpr("i") + `, ` + itemWritable + `,
	EXISTS (SELECT 1 FROM component c WHERE c.id = $5 AND ` + componentRight("update") + `)
	FROM ` + comp.Table + ` i WHERE i.id = ANY($3) AND ` + itemReadable
}

// page reads a page in two round trips: the ids (from item alone, walking an
// index in order) with the total's estimate or count, then their rows by a
// constant statement with the lookups batched along. offset < 0: a keyset page.
func (st *Store) page(ctx context.Context, comp *Component, where, order string, args []any, limit, offset int, lang string,
	countWhere string, countArgs []any, guard *defGuard) (rows []map[string]any, est, counted int64, err error) {
	counted = -1
	n := len(args)
	b := &pgx.Batch{}
	if guard != nil {
		// $1 user, $2 panel admin, $3 component, as in every list's args.
		b.Queue(defGuardSQL, args[0], args[1], comp.ID)
	}
	from := comp.Table
	pageSQL := `SELECT i.id FROM ` + from + ` i WHERE ` + where + ` ORDER BY ` + order + fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n+1, n+2)
	pageArgs := append(append([]any{}, args...), limit, max(offset, 0))
	// A list whose last count stayed under the cap counts instead of asking
	// EXPLAIN (the planner's work was much of a small list's cost); by offset,
	// one statement of all its ids up to the cap is both count and page.
	small := st.defs.isSmall(comp.ID, countWhere)
	whole := small && offset >= 0 && where == countWhere
	switch {
	case whole:
		b.Queue(`SELECT i.id FROM `+from+` i WHERE `+where+` ORDER BY `+order+` LIMIT `+strconv.Itoa(ExactCountCap+1), args...)
	default:
		b.Queue(pageSQL, pageArgs...)
	}
	switch {
	case whole:
	case small:
		b.Queue(countSQL(from, countWhere), countArgs...)
	default:
		b.Queue(explainSQL(from, countWhere), countArgs...)
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
		est, err = PlanRows(raw)
		return err
	}
	// A small list's count is all total needs (as an estimate, it is at
	// most the cap, so total takes the count); past the cap, the estimate
	// follows, as the larger list it is.
	needEstimate := false
	switch {
	case !small:
		if est, err = PlanRows(raw); err != nil {
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
			if err := estimated(st.db.QueryRow(ctx, explainSQL(from, countWhere), countArgs...)); err != nil {
				return nil, 0, -1, err
			}
		}
		return []map[string]any{}, est, counted, nil
	}
	b = &pgx.Batch{}
	if needEstimate {
		b.Queue(explainSQL(from, countWhere), countArgs...).QueryRow(estimated)
	}
	var got []map[string]any
	b.Queue(pageRowsSQL(comp), args[0], args[1], ids, lang, comp.ID).Query(func(r pgx.Rows) error {
		got, err = scanPageRows(r, comp, lang)
		return err
	})
	// The ids say whether total will count; the rows can only be fewer (one
	// deleted meanwhile), and total counts alone then if it must.
	if !small && needsCount(len(ids), limit, offset, est) {
		b.Queue(countSQL(from, countWhere), countArgs...).QueryRow(func(r pgx.Row) error {
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

// scanPageRows reads pageRowsSQL's rows with the refusal editRefusal would
// choose (no update right on the type; read-only in the item's project; else
// the general message), in the caller's language.
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
	if len(k.units) > 0 {
		b.Queue(`SELECT id, name::text FROM org_unit WHERE id = ANY($1)`, k.units).Query(lk.scanNames(lk.units))
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

// queueByIDs queues in a page's batch the lookups of the items' attribute
// values, read in SQL as resolve reads them in Go, so they travel with the
// rows; what they miss (changed meanwhile, unknown) is looked up after.
func (lk *lookups) queueByIDs(b *pgx.Batch, comp *Component, ids []int64, lang string) {
	var users, projects, picks []string
	for _, a := range comp.Attributes {
		col := "t." + table.Column(a.ID)
		switch a.Type {
		case "USERS", "RESOURCES":
			users = append(users, col)
		case "PROJECT":
			projects = append(projects, col)
		case "PICKLIST":
			if a.PicklistID != nil {
				if lk.picks[*a.PicklistID] == nil {
					lk.picks[*a.PicklistID] = map[string]string{}
				}
				picks = append(picks, "("+strconv.FormatInt(*a.PicklistID, 10)+"::bigint, "+col+")")
			}
		}
	}
	// The ids the columns of items $1 hold.
	idsOf := func(cols []string) string {
		return `SELECT unnest(ARRAY[` + strings.Join(cols, ", ") + `]) FROM ` + comp.Table + ` t WHERE t.id = ANY($1)`
	}
	if len(users) > 0 {
		b.Queue(`SELECT id, name FROM app_user WHERE id IN (`+idsOf(users)+`)`, ids).Query(lk.scanNames(lk.users))
	}
	if len(projects) > 0 {
		b.Queue(`SELECT id, name FROM project WHERE id IN (`+idsOf(projects)+`)`, ids).Query(lk.scanNames(lk.projects))
	}
	if len(picks) > 0 {
		// Every picklist in one statement: the pairs (picklist, value) the
		// items hold.
		b.Queue(`SELECT pi.picklist_id, pi.value, coalesce(pi.text ->> $2, pi.text ->> 'pt-BR') FROM picklist_item pi
			WHERE (pi.picklist_id, pi.value) IN (SELECT k.pl, k.v FROM `+comp.Table+` t,
				LATERAL (VALUES `+strings.Join(picks, ", ")+`) k(pl, v) WHERE t.id = ANY($1))`, ids, lang).Query(lk.scanAllPicks)
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

// readBatch is how many rows ListRows.Each reads before their lookups
// (users, picklists, projects) are resolved and handed on: memory stays
// flat however long the list.
const readBatch = 1000

// countUpTo counts matching rows, stopping at limit.
func (st *Store) countUpTo(ctx context.Context, from, where string, args []any, limit int) (int, error) {
	var n int
	err := st.db.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM `+from+` i WHERE `+where+` LIMIT `+strconv.Itoa(limit)+`) t`,
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
	columns := fmt.Sprintf(rowColumns, n-2) + comp.valuesExpr("i")
	rows, err := st.db.Query(ctx, `SELECT `+columns+` FROM `+comp.Table+` i`+rowJoins+` WHERE `+where+
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

// statuses are the type's statuses, the options of the list's status filter.
func (st *Store) statuses(ctx context.Context, comp int64, lang string) ([]StatusOption, error) {
	rows, err := st.db.Query(ctx, `SELECT id, coalesce(name ->> $2, name ->> 'pt-BR'), coalesce(color, '')
		FROM item_status WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, comp, lang)
	if err != nil {
		return nil, fmt.Errorf("statuses: %w", err)
	}
	statuses, err := pgx.CollectRows(rows, pgx.RowToStructByPos[StatusOption])
	if err != nil {
		return nil, fmt.Errorf("statuses: %w", err)
	}
	return statuses, nil
}

// listWhere starts a list's WHERE: $1 user, $2 panel admin, $3 type, project.
// A typed table holds one type: testing its component_id would only keep
// an index-only walk of its order from serving (a deep page by offset).
func listWhere(c Caller, comp *Component, project int64) (where []string, args []any) {
	where, args = []string{"$3::bigint IS NOT NULL", itemReadable}, []any{c.UserID, c.PanelAdmin, comp.ID}
	if project != 0 {
		args = append(args, project)
		where = append(where, "i.project_id = $"+strconv.Itoa(len(args)))
	}
	return where, args
}

// searchCond is the quick search: q's words, a title containing it, its
// number. Words and titles are searched in the registry ($3 is the type),
// whose search column and title trigram index a typed table does not carry.
func searchCond(q string, args []any) (string, []any) {
	args = append(args, q, likePattern(q))
	n, like := strconv.Itoa(len(args)-1), strconv.Itoa(len(args))
	return "(i.id IN (SELECT s.id FROM item s WHERE s.component_id = $3 AND (s.search @@ websearch_to_tsquery('portuguese', tramita_unaccent($" +
		n + ")) OR s.title ILIKE $" + like + ")) OR i.number::text = $" + n + ")", args
}

// idsCond keeps the rows of ids, its value after args.
func idsCond(ids []int64, args []any) (string, []any) {
	args = append(args, ids)
	return "i.id = ANY($" + strconv.Itoa(len(args)) + ")", args
}
