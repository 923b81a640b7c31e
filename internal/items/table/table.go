// Package table keeps the typed table of each item type: its system columns
// and one column of the attribute's own SQL type per attribute, with the
// indexes a list needs to filter and sort on any of them (docs/items.md,
// "Storage"). The item core owns it; nothing else names these tables.
package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Name is the table of an item type.
func Name(componentID int64) string { return "item_t" + strconv.FormatInt(componentID, 10) }

// Column is the column of an attribute. Named by the attribute's id, so a
// renamed attribute keeps its column and values without a data move.
func Column(attributeID int64) string { return "a" + strconv.FormatInt(attributeID, 10) }

var columnPattern = regexp.MustCompile(`^a([0-9]{1,18})$`)

// attributeOf is the attribute id of a column name, 0 for a system column.
func attributeOf(column string) int64 {
	m := columnPattern.FindStringSubmatch(column)
	if m == nil {
		return 0
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	return id
}

// SQLType is the column type of an attribute type (spec section 3). Numbers
// are numeric, integers too: the spec's bounds (±1e21) exceed bigint.
// Picklist values stay their text keys, as the API reads and writes them.
func SQLType(attrType string) string {
	switch attrType {
	case "STRING", "RICH_TEXT", "PICKLIST", "BINARY":
		return "text"
	case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		return "numeric"
	case "BOOLEAN":
		return "boolean"
	case "DATE_TIME":
		return "timestamptz"
	}
	return "bigint" // references: users, groups, projects, items, statuses...
}

// indexed says whether lists may sort and filter on the attribute through a
// btree. Rich texts and images are shown, never sorted: no index.
func indexed(attrType string) bool { return attrType != "RICH_TEXT" && attrType != "BINARY" }

// SortKey is the indexed expression a text column sorts by: btree entries
// are limited to about 2,700 bytes, and texts hold up to 4,000 characters.
func SortKey(expr string) string { return "left(" + expr + ", 200)" }

// Attr is an attribute as its column needs it.
type Attr struct {
	ID   int64
	Key  string // for messages only
	Type string
}

// systemColumns are the item's system fields, as in the item registry, so a
// list reads one table. Attributes follow as a<id> columns.
const systemColumns = `
    id                  bigint PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE,
    component_id        bigint NOT NULL,
    number              bigint NOT NULL,
    title               text NOT NULL DEFAULT '',
    project_id          bigint,
    parent_id           bigint,
    status_id           bigint,
    responsible_id      bigint,
    creator_id          bigint,
    created_at          timestamptz NOT NULL DEFAULT now(),
    modifier_id         bigint,
    modified_at         timestamptz NOT NULL DEFAULT now(),
    version             integer NOT NULL DEFAULT 1,
    reason              text NOT NULL DEFAULT '',
    has_attachment      boolean NOT NULL DEFAULT false,
    has_digital_content boolean NOT NULL DEFAULT false,
    deleted_at          timestamptz`

// systemNames are the system columns, id first.
var systemNames = []string{"id", "component_id", "number", "title", "project_id", "parent_id", "status_id", "responsible_id", "creator_id",
	"created_at", "modifier_id", "modified_at", "version", "reason", "has_attachment", "has_digital_content", "deleted_at"}

// systemIndexes serve the default order, keyset paging and the system
// fields lists filter and sort on; {t} is the table. Only live items.
var systemIndexes = []string{
	// project_id included: a member's access test stays index-only (migration 00109 for older tables).
	`CREATE INDEX {t}_created ON {t} (created_at DESC, id DESC) INCLUDE (project_id) WHERE deleted_at IS NULL`,
	`CREATE INDEX {t}_number ON {t} (number DESC) WHERE deleted_at IS NULL`,
	`CREATE INDEX {t}_modified ON {t} (modified_at, id) WHERE deleted_at IS NULL`,
	// A kanban column's first page in the default order (migration 00110 for older tables).
	`CREATE INDEX {t}_status ON {t} (status_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`,
	`CREATE INDEX {t}_responsible ON {t} (responsible_id, id) WHERE deleted_at IS NULL`,
	`CREATE INDEX {t}_project ON {t} (project_id, id) WHERE deleted_at IS NULL`,
	`CREATE INDEX {t}_parent ON {t} (parent_id) WHERE deleted_at IS NULL`,
	`CREATE INDEX {t}_title ON {t} (left(title, 200), id) WHERE deleted_at IS NULL`,
	// A grid filter "contains" on Title (ILIKE '%term%'); migration 00108 for older tables.
	`CREATE INDEX {t}_title_trgm ON {t} USING gin (title gin_trgm_ops) WHERE deleted_at IS NULL`,
}

// ConversionError refuses a type change that values of existing items could
// not follow; the table is left as it was.
type ConversionError struct {
	Attr     Attr
	From     string // the attribute type the column holds
	Count    int64  // items whose value does not fit
	Example  string // one of those values, shortened
	NoTarget bool   // the types share no conversion: any value refuses
}

func (e *ConversionError) Error() string {
	if e.NoTarget {
		return fmt.Sprintf("attribute %q cannot change from %s to %s: %d items hold values", e.Attr.Key, e.From, e.Attr.Type, e.Count)
	}
	return fmt.Sprintf("attribute %q cannot change from %s to %s: %d items hold values that do not fit, such as %q",
		e.Attr.Key, e.From, e.Attr.Type, e.Count, e.Example)
}

// column is a column of the table as the catalogue shows it.
type column struct {
	name     string
	attrType string // from the column's comment; empty for system columns
}

// Sync makes the table of an item type hold a column for each of attrs,
// inside tx: it creates the table, adds the columns of new attributes,
// converts those whose type changed (checked first: a *ConversionError
// leaves the table unchanged) and keeps the columns of attributes no longer
// listed, with their values, until Purge. It says what it changed.
func Sync(ctx context.Context, tx pgx.Tx, componentID int64, attrs []Attr) ([]string, error) {
	t := Name(componentID)
	cols, exists, err := columns(ctx, tx, t)
	if err != nil {
		return nil, err
	}
	var changes []string
	if !exists {
		if err := create(ctx, tx, t); err != nil {
			return nil, err
		}
		changes = append(changes, "created "+t)
	}
	for _, a := range attrs {
		col := Column(a.ID)
		old, has := cols[col]
		switch {
		case !has:
			if err := addColumn(ctx, tx, t, col, a); err != nil {
				return nil, err
			}
			changes = append(changes, "added "+col+" ("+a.Key+", "+a.Type+")")
		case old.attrType != a.Type:
			changed, err := convert(ctx, tx, t, col, old.attrType, a)
			if err != nil {
				return nil, err
			}
			if changed {
				changes = append(changes, "converted "+col+" ("+a.Key+") from "+old.attrType+" to "+a.Type)
			}
		}
	}
	return changes, nil
}

// Purge drops the columns of attributes that are not in keep: the values of
// retired attributes, once nobody needs them.
func Purge(ctx context.Context, tx pgx.Tx, componentID int64, keep []int64) ([]string, error) {
	t := Name(componentID)
	cols, exists, err := columns(ctx, tx, t)
	if err != nil || !exists {
		return nil, err
	}
	var dropped []string
	for name := range cols {
		if id := attributeOf(name); id != 0 && !slices.Contains(keep, id) {
			if _, err := tx.Exec(ctx, `ALTER TABLE `+t+` DROP COLUMN `+name); err != nil {
				return nil, fmt.Errorf("drop %s.%s: %w", t, name, err)
			}
			dropped = append(dropped, name)
		}
	}
	slices.Sort(dropped)
	return dropped, nil
}

// columns reads the table's columns; exists is false when there is no table.
func columns(ctx context.Context, tx pgx.Tx, t string) (map[string]column, bool, error) {
	rows, err := tx.Query(ctx, `SELECT a.attname, coalesce(col_description(a.attrelid, a.attnum), '')
		FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped`, t)
	if err != nil {
		return nil, false, fmt.Errorf("columns of %s: %w", t, err)
	}
	cols := map[string]column{}
	for rows.Next() {
		var c column
		if err := rows.Scan(&c.name, &c.attrType); err != nil {
			return nil, false, err
		}
		cols[c.name] = c
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	return cols, len(cols) > 0, nil
}

func create(ctx context.Context, tx pgx.Tx, t string) error {
	stmts := append([]string{`CREATE TABLE ` + t + ` (` + systemColumns + `)`}, systemIndexes...)
	for _, s := range stmts {
		if _, err := tx.Exec(ctx, strings.ReplaceAll(s, "{t}", t)); err != nil {
			return fmt.Errorf("create %s: %w", t, err)
		}
	}
	return nil
}

func addColumn(ctx context.Context, tx pgx.Tx, t, col string, a Attr) error {
	if _, err := tx.Exec(ctx, `ALTER TABLE `+t+` ADD COLUMN `+col+` `+SQLType(a.Type)); err != nil {
		return fmt.Errorf("add %s.%s: %w", t, col, err)
	}
	if err := describe(ctx, tx, t, col, a.Type); err != nil {
		return err
	}
	return index(ctx, tx, t, col, a.Type)
}

// describe records the attribute type in the column's comment: two types
// may share a SQL type (users and items are both bigint ids).
func describe(ctx context.Context, tx pgx.Tx, t, col, attrType string) error {
	if _, err := tx.Exec(ctx, `COMMENT ON COLUMN `+t+`.`+col+` IS '`+attrType+`'`); err != nil {
		return fmt.Errorf("comment %s.%s: %w", t, col, err)
	}
	return nil
}

// index makes the btree a list sorts and filters the column with, paired
// with the id that ends every list order (keyset paging).
func index(ctx context.Context, tx pgx.Tx, t, col, attrType string) error {
	name := t + "_" + col
	if _, err := tx.Exec(ctx, `DROP INDEX IF EXISTS `+name); err != nil {
		return fmt.Errorf("drop index %s: %w", name, err)
	}
	if !indexed(attrType) {
		return nil
	}
	key := col
	if SQLType(attrType) == "text" {
		key = SortKey(col)
	}
	if _, err := tx.Exec(ctx, `CREATE INDEX `+name+` ON `+t+` (`+key+`, id) WHERE deleted_at IS NULL`); err != nil {
		return fmt.Errorf("index %s: %w", name, err)
	}
	return nil
}

// convert changes a column to a's type when every value fits, and says
// whether the table changed. Values are checked before the ALTER, so a
// refusal leaves the table and its values as they were.
func convert(ctx context.Context, tx pgx.Tx, t, col, from string, a Attr) (bool, error) {
	oldSQL, newSQL := SQLType(from), SQLType(a.Type)
	var check, using string // a condition no value may meet; the ALTER's USING
	switch {
	case oldSQL == newSQL && oldSQL == "bigint" && target(from) != target(a.Type):
		// An id of a user is no project's: allowed only while no item holds one.
		return convertEmpty(ctx, tx, t, col, from, a)
	case oldSQL == newSQL && a.Type == "INTEGER":
		check = col + ` <> trunc(` + col + `)`
	case oldSQL == newSQL:
	case newSQL == "text" && oldSQL == "timestamptz":
		using = `to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
	case newSQL == "text":
		using = col + `::text`
	case oldSQL == "text" && newSQL != "bigint":
		check = `NOT pg_input_is_valid(` + col + `, '` + newSQL + `')`
		using = col + `::` + newSQL
	case oldSQL == "bigint" && newSQL == "numeric":
		using = col + `::numeric`
	default:
		return convertEmpty(ctx, tx, t, col, from, a)
	}
	if check != "" {
		var n int64
		var example string
		if err := tx.QueryRow(ctx, `SELECT count(*), coalesce(left(min(`+col+`::text), 40), '') FROM `+t+
			` WHERE `+col+` IS NOT NULL AND `+check).Scan(&n, &example); err != nil {
			return false, fmt.Errorf("check %s.%s: %w", t, col, err)
		}
		if n > 0 {
			return false, &ConversionError{Attr: a, From: from, Count: n, Example: example}
		}
	}
	return true, retype(ctx, tx, t, col, a.Type, using)
}

// target is what a reference attribute's ids name.
func target(attrType string) string {
	if attrType == "RESOURCES" {
		return "USERS" // a resource is a user (referenceExists)
	}
	return attrType
}

func convertEmpty(ctx context.Context, tx pgx.Tx, t, col, from string, a Attr) (bool, error) {
	var n int64
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+t+` WHERE `+col+` IS NOT NULL`).Scan(&n); err != nil {
		return false, fmt.Errorf("count %s.%s: %w", t, col, err)
	}
	if n > 0 {
		return false, &ConversionError{Attr: a, From: from, Count: n, NoTarget: true}
	}
	return true, retype(ctx, tx, t, col, a.Type, "NULL")
}

// retype alters the column's SQL type (when using is given) and records the
// attribute type; its index is remade for the new type.
func retype(ctx context.Context, tx pgx.Tx, t, col, attrType, using string) error {
	if using != "" {
		if _, err := tx.Exec(ctx, `DROP INDEX IF EXISTS `+t+`_`+col); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `ALTER TABLE `+t+` ALTER COLUMN `+col+` TYPE `+SQLType(attrType)+` USING `+using); err != nil {
			return fmt.Errorf("convert %s.%s: %w", t, col, err)
		}
	}
	if err := describe(ctx, tx, t, col, attrType); err != nil {
		return err
	}
	return index(ctx, tx, t, col, attrType)
}

// IsConversion reports whether err refuses a type change.
func IsConversion(err error) (*ConversionError, bool) {
	var ce *ConversionError
	ok := errors.As(err, &ce)
	return ce, ok
}

var keyPattern = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]{0,62}$`)

// Fill copies the items of a type from the registry's jsonb attributes into
// its table (the upgrade from one item table), then checks that every value
// arrived: a value that does not fit its column refuses the whole fill.
func Fill(ctx context.Context, tx pgx.Tx, componentID int64, attrs []Attr) (int64, error) {
	t := Name(componentID)
	cols := slices.Clone(systemNames)
	exprs := make([]string, len(cols))
	for i, c := range cols {
		exprs[i] = "i." + c
	}
	var lost []string
	for _, a := range attrs {
		if !keyPattern.MatchString(a.Key) {
			return 0, fmt.Errorf("attribute key %q", a.Key)
		}
		raw := `(i.attributes->>'` + a.Key + `')`
		e := raw
		if typ := SQLType(a.Type); typ != "text" {
			e = `CASE WHEN pg_input_is_valid(` + raw + `, '` + typ + `') THEN ` + raw + `::` + typ + ` END`
		}
		cols = append(cols, Column(a.ID))
		exprs = append(exprs, e)
		lost = append(lost, `count(*) FILTER (WHERE jsonb_typeof(i.attributes->'`+a.Key+`') <> 'null' AND t.`+Column(a.ID)+` IS NULL)`)
	}
	tag, err := tx.Exec(ctx, `INSERT INTO `+t+` (`+strings.Join(cols, ", ")+`) SELECT `+strings.Join(exprs, ", ")+
		` FROM item i WHERE i.component_id = $1 ON CONFLICT (id) DO NOTHING`, componentID)
	if err != nil {
		return 0, fmt.Errorf("fill %s: %w", t, err)
	}
	if len(lost) == 0 {
		return tag.RowsAffected(), nil
	}
	counts := make([]int64, len(lost))
	dest := make([]any, len(lost))
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := tx.QueryRow(ctx, `SELECT `+strings.Join(lost, ", ")+` FROM item i JOIN `+t+` t ON t.id = i.id WHERE i.component_id = $1`,
		componentID).Scan(dest...); err != nil {
		return 0, fmt.Errorf("check %s: %w", t, err)
	}
	var bad []string
	for i, n := range counts {
		if n > 0 {
			bad = append(bad, fmt.Sprintf("%s (%s): %d", attrs[i].Key, attrs[i].Type, n))
		}
	}
	if len(bad) > 0 {
		return 0, fmt.Errorf("values of type %d that do not fit their columns, nothing moved: %s", componentID, strings.Join(bad, ", "))
	}
	return tag.RowsAffected(), nil
}

// AttributesExpr is a SQL expression over the type table's row alias that
// gives its attribute values as the jsonb object the API and history use:
// keys, the stored text forms (dates RFC 3339 in UTC), no key when empty.
func AttributesExpr(alias string, attrs []Attr) string {
	if len(attrs) == 0 {
		return `'{}'::jsonb`
	}
	var parts []string
	var pairs []string
	for i, a := range attrs {
		col := alias + "." + Column(a.ID)
		if SQLType(a.Type) == "timestamptz" {
			col = `to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
		}
		pairs = append(pairs, `'`+a.Key+`', `+col)
		// jsonb_build_object takes at most 100 arguments.
		if len(pairs) == 50 || i == len(attrs)-1 {
			parts = append(parts, `jsonb_build_object(`+strings.Join(pairs, ", ")+`)`)
			pairs = nil
		}
	}
	return `jsonb_strip_nulls(` + strings.Join(parts, " || ") + `)`
}

// ValuesExpr is AttributesExpr for a row of a type whose attributes are not
// at hand: it reads them from the attribute table in the same statement
// (one round trip for one item; lists use AttributesExpr).
func ValuesExpr(alias, componentID string) string {
	return `(SELECT coalesce(jsonb_object_agg(a.key, CASE WHEN a.type = 'DATE_TIME'
			THEN to_jsonb(to_char((j.value #>> '{}')::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ELSE j.value END), '{}')
		FROM attribute a JOIN jsonb_each(to_jsonb(` + alias + `)) j ON j.key = 'a' || a.id
		WHERE a.component_id = ` + componentID + ` AND j.value <> 'null'::jsonb)`
}

// ColumnsOf is the jsonb object jsonb_populate_record reads a row of the
// type table from: the values of attrs by key, renamed to their columns.
func ColumnsOf(attrs []Attr, values map[string]any) map[string]any {
	out := make(map[string]any, len(attrs))
	for _, a := range attrs {
		if v, ok := values[a.Key]; ok {
			out[Column(a.ID)] = v
		}
	}
	return out
}

// UpsertSQL writes rows of the type table from the registry's system
// columns and $1, a jsonb array of objects holding "id" and ColumnsOf:
// every attribute column is set (absent: empty).
func UpsertSQL(componentID int64, attrs []Attr) string {
	t := Name(componentID)
	var cols, from, set []string
	for _, c := range systemNames {
		cols = append(cols, c)
		from = append(from, "i."+c)
		if c != "id" {
			set = append(set, c+" = EXCLUDED."+c)
		}
	}
	for _, a := range attrs {
		c := Column(a.ID)
		cols = append(cols, c)
		from = append(from, "r."+c)
		set = append(set, c+" = EXCLUDED."+c)
	}
	return `INSERT INTO ` + t + ` (` + strings.Join(cols, ", ") + `) SELECT ` + strings.Join(from, ", ") +
		` FROM jsonb_populate_recordset(NULL::` + t + `, $1::jsonb) r JOIN item i ON i.id = r.id ON CONFLICT (id) DO UPDATE SET ` +
		strings.Join(set, ", ")
}

// SearchOf is the item registry's search column of an item titled title
// whose text values are the jsonb text values (SQL expressions, SearchText):
// its words, accents removed, for searchItemsByQuery and the quick search.
func SearchOf(title, values string) string {
	return `to_tsvector('portuguese', tramita_unaccent(` + title + `)) ||
		jsonb_to_tsvector('portuguese'::regconfig, tramita_unaccent(` + values + `)::jsonb, '["string"]')`
}

// Searched are the attributes search reads: texts and rich texts. Dates,
// numbers and picklist keys would only add tokens nobody types.
func Searched(attrs []Attr) []Attr {
	var out []Attr
	for _, a := range attrs {
		if a.Type == "STRING" || a.Type == "RICH_TEXT" {
			out = append(out, a)
		}
	}
	return out
}

// SearchText is the JSON of values' searched attributes, for SearchOf.
func SearchText(attrs []Attr, values map[string]any) string {
	text := map[string]any{}
	for _, a := range Searched(attrs) {
		if v, ok := values[a.Key].(string); ok {
			text[a.Key] = v
		}
	}
	b, _ := json.Marshal(text) // strings only: cannot fail
	return string(b)
}

// Querier runs statements: a pool, a connection or a transaction.
type Querier interface {
	Exec(context.Context, string, ...any) (pgconn.CommandTag, error)
	Query(context.Context, string, ...any) (pgx.Rows, error)
}

// Row is one item's attribute values by key, as the API gives them.
type Row struct {
	ID     int64
	Values map[string]any
}

// Write writes rows of a type's table: the registry's system columns and
// each row's values (an attribute a row does not name is empty). The core's
// write path and tests' fixtures write items through it.
func Write(ctx context.Context, q Querier, componentID int64, attrs []Attr, rows []Row) error {
	if len(rows) == 0 {
		return nil
	}
	body := make([]map[string]any, len(rows))
	for i, r := range rows {
		body[i] = ColumnsOf(attrs, r.Values)
		body[i]["id"] = r.ID
	}
	b, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("values of type %d: %w", componentID, err)
	}
	if _, err := q.Exec(ctx, UpsertSQL(componentID, attrs), string(b)); err != nil {
		return fmt.Errorf("write %s: %w", Name(componentID), err)
	}
	return nil
}

// Attrs reads the attributes of a type, retired ones too (their columns
// stay until Purge).
func Attrs(ctx context.Context, q Querier, componentID int64) ([]Attr, error) {
	rows, err := q.Query(ctx, `SELECT id, key, type FROM attribute WHERE component_id = $1 ORDER BY id`, componentID)
	if err != nil {
		return nil, fmt.Errorf("attributes of type %d: %w", componentID, err)
	}
	attrs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Attr, error) {
		var a Attr
		return a, r.Scan(&a.ID, &a.Key, &a.Type)
	})
	if err != nil {
		return nil, fmt.Errorf("attributes of type %d: %w", componentID, err)
	}
	return attrs, nil
}

// ValuesOf reads item id's values by key as the core reads them: for
// tests' checks and fixtures.
func ValuesOf(ctx context.Context, q Querier, id int64) (map[string]any, error) {
	rows, err := q.Query(ctx, `SELECT component_id FROM item WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	comp, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", id, err)
	}
	rows, err = q.Query(ctx, `SELECT `+ValuesExpr("t", "$2")+`::text FROM `+Name(comp)+` t WHERE t.id = $1`, id, comp)
	if err != nil {
		return nil, err
	}
	raw, err := pgx.CollectExactlyOneRow(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("values of item %d: %w", id, err)
	}
	var out map[string]any
	return out, json.Unmarshal([]byte(raw), &out)
}

// WriteValues is Write for a fixture: it reads the type's attributes first.
func WriteValues(ctx context.Context, q Querier, componentID int64, rows ...Row) error {
	attrs, err := Attrs(ctx, q, componentID)
	if err != nil {
		return err
	}
	return Write(ctx, q, componentID, attrs, rows)
}

// Copy gives every item of a type that its table lacks a row with the
// registry's system columns and no values: for fixtures written by SQL.
func Copy(ctx context.Context, q Querier, componentID int64) error {
	cols := strings.Join(systemNames, ", ")
	if _, err := q.Exec(ctx, `INSERT INTO `+Name(componentID)+` (`+cols+`) SELECT `+cols+
		` FROM item WHERE component_id = $1 ON CONFLICT (id) DO NOTHING`, componentID); err != nil {
		return fmt.Errorf("copy into %s: %w", Name(componentID), err)
	}
	return nil
}

// Ensure makes the table of a type match its attributes (retired ones
// included: their values stay until Purge) inside tx.
func Ensure(ctx context.Context, tx pgx.Tx, componentID int64) ([]string, error) {
	attrs, err := Attrs(ctx, tx, componentID)
	if err != nil {
		return nil, err
	}
	return Sync(ctx, tx, componentID, attrs)
}

// EnsureAll runs Ensure for every type, each in its own transaction, one
// instance at a time per type.
func EnsureAll(ctx context.Context, db Beginner) (map[int64][]string, error) {
	rows, err := db.Query(ctx, `SELECT id FROM component ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("types: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("types: %w", err)
	}
	out := map[int64][]string{}
	for _, id := range ids {
		err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, ensureLockClass, id); err != nil {
				return err
			}
			changes, err := Ensure(ctx, tx, id)
			if len(changes) > 0 {
				out[id] = changes
			}
			return err
		})
		if err != nil {
			return out, fmt.Errorf("table of type %d: %w", id, err)
		}
	}
	return out, nil
}

// Beginner opens transactions and runs queries: a pool or a connection.
type Beginner interface {
	Begin(context.Context) (pgx.Tx, error)
	Query(context.Context, string, ...any) (pgx.Rows, error)
}

// Upgrade moves a database from one item table to the typed tables: every
// type gets its table and its items' values, then the registry drops its
// attributes (jsonb) and keeps search as a column the core writes. One
// transaction with item writes held off: every value moves, or nothing.
func Upgrade(ctx context.Context, db Beginner) (map[int64]int64, error) {
	moved := map[int64]int64{}
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		var pending bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_attribute
			WHERE attrelid = 'item'::regclass AND attname = 'attributes' AND NOT attisdropped)`).Scan(&pending); err != nil || !pending {
			return err
		}
		if _, err := tx.Exec(ctx, `LOCK TABLE item IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT id FROM component ORDER BY id`)
		if err != nil {
			return fmt.Errorf("types: %w", err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return fmt.Errorf("types: %w", err)
		}
		for _, id := range ids {
			attrs, err := Attrs(ctx, tx, id)
			if err != nil {
				return err
			}
			if _, err := Sync(ctx, tx, id, attrs); err != nil {
				return fmt.Errorf("table of type %d: %w", id, err)
			}
			// A table kept in step by the earlier trigger gets what it lacks,
			// and Fill's check covers every item either way.
			if moved[id], err = Fill(ctx, tx, id, attrs); err != nil {
				return err
			}
		}
		for _, ddl := range []string{
			`DROP TRIGGER IF EXISTS item_typed_sync ON item`,
			`DROP FUNCTION IF EXISTS item_typed_sync()`,
			`ALTER TABLE item ALTER COLUMN search DROP EXPRESSION IF EXISTS`,
			// live_item (migration 00100) is item's every column: made again.
			`DROP VIEW IF EXISTS live_item`,
			`ALTER TABLE item DROP COLUMN attributes`,
			`CREATE VIEW live_item AS SELECT * FROM item WHERE deleted_at IS NULL`,
		} {
			if _, err := tx.Exec(ctx, ddl); err != nil {
				return fmt.Errorf("registry: %w", err)
			}
		}
		return nil
	})
	return moved, err
}

// ensureLockClass is the advisory lock class of a type's table build.
const ensureLockClass = 0x74_61_62 // "tab"
