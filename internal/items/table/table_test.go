package table_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// fixture is a type with three items and its attribute ids.
type fixture struct {
	db    *pgxpool.Pool
	comp  int64
	items []int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := testkit.NewDB(t)
	ctx := t.Context()
	f := &fixture{db: db}
	var app int64
	if err := db.QueryRow(ctx, `INSERT INTO application (key, name) VALUES ('obras', '{"pt-BR": "Obras"}') RETURNING id`).Scan(&app); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `INSERT INTO component (application_id, key, name) VALUES ($1, 'tarefa', '{"pt-BR": "Tarefa"}') RETURNING id`, app).
		Scan(&f.comp); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 3; n++ {
		var id int64
		if err := db.QueryRow(ctx, `INSERT INTO item (component_id, number, title) VALUES ($1, $2, 'x') RETURNING id`, f.comp, n).Scan(&id); err != nil {
			t.Fatal(err)
		}
		f.items = append(f.items, id)
	}
	return f
}

// sync runs table.Sync in its own transaction, committed when it succeeds.
func (f *fixture) sync(t *testing.T, attrs ...table.Attr) ([]string, error) {
	t.Helper()
	var changes []string
	err := pgx.BeginFunc(t.Context(), f.db, func(tx pgx.Tx) error {
		var err error
		changes, err = table.Sync(t.Context(), tx, f.comp, attrs)
		return err
	})
	return changes, err
}

// rows inserts the items into the type table with values for column col.
func (f *fixture) rows(t *testing.T, col string, values ...any) {
	t.Helper()
	for i, v := range values {
		if _, err := f.db.Exec(t.Context(), `INSERT INTO `+table.Name(f.comp)+` (id, component_id, number, `+col+`) VALUES ($1, $4, $2, $3)
			ON CONFLICT (id) DO UPDATE SET `+col+` = EXCLUDED.`+col, f.items[i], i+1, v, f.comp); err != nil {
			t.Fatal(err)
		}
	}
}

// columnType is the SQL type and comment of a column ("" when missing).
func (f *fixture) columnType(t *testing.T, col string) (sqlType, comment string) {
	t.Helper()
	err := f.db.QueryRow(t.Context(), `SELECT format_type(a.atttypid, a.atttypmod), coalesce(col_description(a.attrelid, a.attnum), '')
		FROM pg_attribute a WHERE a.attrelid = to_regclass($1) AND a.attname = $2 AND NOT a.attisdropped`, table.Name(f.comp), col).
		Scan(&sqlType, &comment)
	if err == pgx.ErrNoRows {
		return "", ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return sqlType, comment
}

func (f *fixture) values(t *testing.T, col string) []string {
	t.Helper()
	rows, err := f.db.Query(t.Context(), `SELECT coalesce(`+col+`::text, 'NULL') FROM `+table.Name(f.comp)+` ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *fixture) indexDef(t *testing.T, col string) string {
	t.Helper()
	var def string
	err := f.db.QueryRow(context.Background(), `SELECT coalesce(pg_get_indexdef(to_regclass($1)), '')`, table.Name(f.comp)+"_"+col).Scan(&def)
	if err != nil {
		t.Fatal(err)
	}
	return def
}

func TestSyncCreatesTheTableWithATypedColumnPerAttribute(t *testing.T) {
	f := newFixture(t)
	changes, err := f.sync(t,
		table.Attr{ID: 11, Key: "priority", Type: "INTEGER"},
		table.Attr{ID: 12, Key: "due", Type: "DATE_TIME"},
		table.Attr{ID: 13, Key: "done", Type: "BOOLEAN"},
		table.Attr{ID: 14, Key: "owner", Type: "USERS"},
		table.Attr{ID: 15, Key: "notes", Type: "RICH_TEXT"},
		table.Attr{ID: 16, Key: "kind", Type: "PICKLIST"})
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 7 || changes[0] != "created "+table.Name(f.comp) {
		t.Fatalf("changes: %q", changes)
	}
	want := map[string][2]string{"a11": {"numeric", "INTEGER"}, "a12": {"timestamp with time zone", "DATE_TIME"},
		"a13": {"boolean", "BOOLEAN"}, "a14": {"bigint", "USERS"}, "a15": {"text", "RICH_TEXT"}, "a16": {"text", "PICKLIST"}}
	for col, w := range want {
		if typ, comment := f.columnType(t, col); typ != w[0] || comment != w[1] {
			t.Errorf("%s: %s %q, want %s %q", col, typ, comment, w[0], w[1])
		}
	}
	// Every sortable column has its btree with the id (keyset paging); rich
	// texts have none; texts sort by their first 200 characters.
	if def := f.indexDef(t, "a11"); !strings.Contains(def, "(a11, id) WHERE (deleted_at IS NULL)") {
		t.Errorf("a11 index: %s", def)
	}
	if def := f.indexDef(t, "a16"); !strings.Contains(def, "\"left\"(a16, 200), id") {
		t.Errorf("a16 index: %s", def)
	}
	if def := f.indexDef(t, "a15"); def != "" {
		t.Errorf("rich text has an index: %s", def)
	}
	// A second sync with the same attributes changes nothing.
	changes, err = f.sync(t,
		table.Attr{ID: 11, Key: "priority", Type: "INTEGER"}, table.Attr{ID: 12, Key: "due", Type: "DATE_TIME"})
	if err != nil || len(changes) != 0 {
		t.Fatalf("second sync: %q %v", changes, err)
	}
}

func TestSyncAddsAColumnAndKeepsARemovedOneUntilPurge(t *testing.T) {
	f := newFixture(t)
	if _, err := f.sync(t, table.Attr{ID: 21, Key: "cost", Type: "CURRENCY"}); err != nil {
		t.Fatal(err)
	}
	f.rows(t, "a21", "10.50", "20", nil)
	changes, err := f.sync(t, table.Attr{ID: 22, Key: "area", Type: "STRING"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(changes, []string{"added a22 (area, STRING)"}) {
		t.Fatalf("changes: %q", changes)
	}
	if got := f.values(t, "a21"); !slices.Equal(got, []string{"10.50", "20", "NULL"}) {
		t.Fatalf("the removed attribute's values: %q", got)
	}
	if got := f.values(t, "a22"); !slices.Equal(got, []string{"NULL", "NULL", "NULL"}) {
		t.Fatalf("the added column: %q", got)
	}
	var dropped []string
	err = pgx.BeginFunc(t.Context(), f.db, func(tx pgx.Tx) error {
		dropped, err = table.Purge(t.Context(), tx, f.comp, []int64{22})
		return err
	})
	if err != nil || !slices.Equal(dropped, []string{"a21"}) {
		t.Fatalf("purge: %q %v", dropped, err)
	}
	if typ, _ := f.columnType(t, "a21"); typ != "" {
		t.Fatalf("a21 still there: %s", typ)
	}
}

func TestSyncConvertsATypeWhenEveryValueFits(t *testing.T) {
	f := newFixture(t)
	if _, err := f.sync(t, table.Attr{ID: 31, Key: "code", Type: "STRING"}, table.Attr{ID: 32, Key: "hours", Type: "DECIMAL"},
		table.Attr{ID: 33, Key: "when", Type: "DATE_TIME"}); err != nil {
		t.Fatal(err)
	}
	f.rows(t, "a31", "12", " 7 ", nil)
	f.rows(t, "a32", "3", "4.00", "5")
	f.rows(t, "a33", "2026-03-01T10:00:00Z", nil, nil)
	changes, err := f.sync(t, table.Attr{ID: 31, Key: "code", Type: "INTEGER"}, table.Attr{ID: 32, Key: "hours", Type: "INTEGER"},
		table.Attr{ID: 33, Key: "when", Type: "STRING"})
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 3 {
		t.Fatalf("changes: %q", changes)
	}
	if typ, comment := f.columnType(t, "a31"); typ != "numeric" || comment != "INTEGER" {
		t.Fatalf("a31: %s %s", typ, comment)
	}
	if got := f.values(t, "a31"); !slices.Equal(got, []string{"12", "7", "NULL"}) {
		t.Fatalf("a31 values: %q", got)
	}
	if got := f.values(t, "a33"); !slices.Equal(got, []string{"2026-03-01T10:00:00Z", "NULL", "NULL"}) {
		t.Fatalf("a33 values: %q", got)
	}
	if def := f.indexDef(t, "a31"); !strings.Contains(def, "(a31, id)") {
		t.Fatalf("a31 index after the conversion: %s", def)
	}
}

func TestARefusedConversionLeavesTheTableUnchanged(t *testing.T) {
	f := newFixture(t)
	if _, err := f.sync(t, table.Attr{ID: 41, Key: "code", Type: "STRING"}, table.Attr{ID: 42, Key: "owner", Type: "USERS"},
		table.Attr{ID: 43, Key: "hours", Type: "DECIMAL"}); err != nil {
		t.Fatal(err)
	}
	f.rows(t, "a41", "12", "doze", "7")
	f.rows(t, "a42", 5, nil, nil)
	f.rows(t, "a43", "1.5", "2", nil)
	cases := []struct {
		attr table.Attr
		want string
	}{
		{table.Attr{ID: 41, Key: "code", Type: "DECIMAL"}, `attribute "code" cannot change from STRING to DECIMAL: 1 items hold values that do not fit, such as "doze"`},
		{table.Attr{ID: 42, Key: "owner", Type: "PROJECT"}, `attribute "owner" cannot change from USERS to PROJECT: 1 items hold values`},
		{table.Attr{ID: 43, Key: "hours", Type: "INTEGER"}, `attribute "hours" cannot change from DECIMAL to INTEGER: 1 items hold values that do not fit, such as "1.5"`},
		{table.Attr{ID: 43, Key: "hours", Type: "BOOLEAN"}, `attribute "hours" cannot change from DECIMAL to BOOLEAN: 2 items hold values`},
	}
	for _, c := range cases {
		// The added attribute 44 is in the same refused sync: nothing of it stays.
		_, err := f.sync(t, table.Attr{ID: 44, Key: "extra", Type: "STRING"}, c.attr)
		ce, ok := table.IsConversion(err)
		if !ok || ce.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.attr.Key, err, c.want)
		}
	}
	for col, want := range map[string][2]string{"a41": {"text", "STRING"}, "a42": {"bigint", "USERS"}, "a43": {"numeric", "DECIMAL"}, "a44": {"", ""}} {
		if typ, comment := f.columnType(t, col); typ != want[0] || comment != want[1] {
			t.Errorf("%s after the refusals: %s %q", col, typ, comment)
		}
	}
	if got := f.values(t, "a41"); !slices.Equal(got, []string{"12", "doze", "7"}) {
		t.Fatalf("a41 values: %q", got)
	}
	// With no value held, any change is allowed.
	if _, err := f.db.Exec(t.Context(), `UPDATE `+table.Name(f.comp)+` SET a42 = NULL`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.sync(t, table.Attr{ID: 42, Key: "owner", Type: "PROJECT"}); err != nil {
		t.Fatalf("an empty column converts: %v", err)
	}
}

func TestFillMovesEveryValueOrNone(t *testing.T) {
	f := newFixture(t)
	// The registry as batch 1 kept it: the values in its jsonb.
	if _, err := f.db.Exec(t.Context(), `ALTER TABLE item ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}'`); err != nil {
		t.Fatal(err)
	}
	attrs := []table.Attr{{ID: 51, Key: "priority", Type: "INTEGER"}, {ID: 52, Key: "due", Type: "DATE_TIME"},
		{ID: 53, Key: "owner", Type: "USERS"}, {ID: 54, Key: "area", Type: "PICKLIST"}, {ID: 55, Key: "done", Type: "BOOLEAN"}}
	if _, err := f.sync(t, attrs...); err != nil {
		t.Fatal(err)
	}
	set := func(id int64, attributes string) {
		if _, err := f.db.Exec(t.Context(), `UPDATE item SET attributes = $2::jsonb WHERE id = $1`, id, attributes); err != nil {
			t.Fatal(err)
		}
	}
	set(f.items[0], `{"priority": 3, "due": "2026-03-01T00:00:00Z", "owner": 7, "area": "ops", "done": true}`)
	set(f.items[1], `{"priority": 12.0, "area": null}`)
	fill := func() (int64, error) {
		var n int64
		err := pgx.BeginFunc(t.Context(), f.db, func(tx pgx.Tx) error {
			var err error
			n, err = table.Fill(t.Context(), tx, f.comp, attrs)
			return err
		})
		return n, err
	}
	// A date that is no date: refused, nothing moved.
	set(f.items[2], `{"due": "amanhã", "priority": "x"}`)
	if _, err := fill(); err == nil || !strings.Contains(err.Error(), "priority (INTEGER): 1, due (DATE_TIME): 1") {
		t.Fatalf("unfit values: %v", err)
	}
	var rows int
	if err := f.db.QueryRow(t.Context(), `SELECT count(*) FROM `+table.Name(f.comp)).Scan(&rows); err != nil || rows != 0 {
		t.Fatalf("rows after a refused fill: %d %v", rows, err)
	}
	set(f.items[2], `{}`)
	n, err := fill()
	if err != nil || n != 3 {
		t.Fatalf("fill: %d %v", n, err)
	}
	for col, want := range map[string][]string{"a51": {"3", "12.0", "NULL"}, "a52": {"2026-03-01 00:00:00+00", "NULL", "NULL"},
		"a53": {"7", "NULL", "NULL"}, "a54": {"ops", "NULL", "NULL"}, "a55": {"true", "NULL", "NULL"}, "title": {"x", "x", "x"}} {
		if got := f.values(t, col); !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", col, got, want)
		}
	}
}

func TestUpsertAndAttributesExprRoundTripTheStoredForms(t *testing.T) {
	f := newFixture(t)
	attrs := []table.Attr{{ID: 61, Key: "priority", Type: "INTEGER"}, {ID: 62, Key: "due", Type: "DATE_TIME"},
		{ID: 63, Key: "owner", Type: "USERS"}, {ID: 64, Key: "area", Type: "PICKLIST"}, {ID: 65, Key: "done", Type: "BOOLEAN"},
		{ID: 66, Key: "cost", Type: "CURRENCY"}}
	if _, err := f.sync(t, attrs...); err != nil {
		t.Fatal(err)
	}
	given := []string{`{"priority": 3, "due": "2026-03-01T10:00:00Z", "owner": 7, "area": "ops", "done": false, "cost": 10.5}`, `{}`}
	var rows []map[string]any
	for i, g := range given {
		var values map[string]any
		if err := json.Unmarshal([]byte(g), &values); err != nil {
			t.Fatal(err)
		}
		row := table.ColumnsOf(attrs, values)
		row["id"] = f.items[i]
		rows = append(rows, row)
	}
	body, _ := json.Marshal(rows)
	if _, err := f.db.Exec(t.Context(), table.UpsertSQL(f.comp, attrs), string(body)); err != nil {
		t.Fatal(err)
	}
	// The registry's system columns follow (its trigger), also for writes by
	// hand of no attribute.
	if _, err := f.db.Exec(t.Context(), `UPDATE item SET title = 'renamed' WHERE id = $1`, f.items[1]); err != nil {
		t.Fatal(err)
	}
	for i, g := range given {
		var got, title string
		var same bool
		if err := f.db.QueryRow(t.Context(), `SELECT `+table.AttributesExpr("t", attrs)+`::text, `+table.AttributesExpr("t", attrs)+` = $2::jsonb, title
			FROM `+table.Name(f.comp)+` t WHERE id = $1`, f.items[i], g).Scan(&got, &same, &title); err != nil {
			t.Fatal(err)
		}
		if !same {
			t.Errorf("item %d: %s, want %s", i, got, g)
		}
		if want := []string{"x", "renamed"}[i]; title != want {
			t.Errorf("item %d title %q, want %q", i, title, want)
		}
	}
}

// A typed table has a trigram index on its title (a grid's "contains" on
// Title), and migration 00108 gives it to tables made before it: its down
// drops the index, its up makes it again. Migration 00109 the same for the
// created index's included project_id.
func TestTypedTablesHaveATitleTrigramIndex(t *testing.T) {
	f := newFixture(t)
	if _, err := f.sync(t, table.Attr{ID: 11, Key: "priority", Type: "INTEGER"}); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	has := func() bool {
		var n int
		if err := f.db.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE tablename = $1 AND indexname = $2
			AND indexdef LIKE '%gin_trgm_ops%'`, table.Name(f.comp), table.Name(f.comp)+"_title_trgm").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	if !has() {
		t.Fatal("a new typed table has no trigram index on its title")
	}
	body, err := os.ReadFile("../../../migrations/00108_item_typed_title_trgm.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(string(body), "-- +goose Down")
	plain := strings.NewReplacer("-- +goose StatementBegin", "", "-- +goose StatementEnd", "", "-- +goose Up", "")
	if _, err := f.db.Exec(ctx, plain.Replace(down), pgx.QueryExecModeSimpleProtocol); err != nil || has() {
		t.Fatalf("down: %v, index still there: %v", err, has())
	}
	if _, err := f.db.Exec(ctx, plain.Replace(up), pgx.QueryExecModeSimpleProtocol); err != nil || !has() {
		t.Fatalf("up: %v, index made: %v", err, has())
	}

	includes := func() bool {
		var def string
		if err := f.db.QueryRow(ctx, `SELECT indexdef FROM pg_indexes WHERE indexname = $1`, table.Name(f.comp)+"_created").Scan(&def); err != nil {
			t.Fatal(err)
		}
		return strings.Contains(def, "INCLUDE (project_id)")
	}
	if !includes() {
		t.Fatal("the created index of a new typed table does not include project_id")
	}
	body, err = os.ReadFile("../../../migrations/00109_item_typed_created_project.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ = strings.Cut(string(body), "-- +goose Down")
	if _, err := f.db.Exec(ctx, plain.Replace(down), pgx.QueryExecModeSimpleProtocol); err != nil || includes() {
		t.Fatalf("00109 down: %v, still included: %v", err, includes())
	}
	if _, err := f.db.Exec(ctx, plain.Replace(up), pgx.QueryExecModeSimpleProtocol); err != nil || !includes() {
		t.Fatalf("00109 up: %v, included: %v", err, includes())
	}
}

// A kanban column reads a status's items newest first: the status index of
// a typed table holds that order, and migration 00110 gives it to tables
// made before (its down puts back the index by status and id).
func TestTypedTablesIndexTheStatusInTheDefaultOrder(t *testing.T) {
	f := newFixture(t)
	if _, err := f.sync(t); err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	def := func() string {
		var def string
		if err := f.db.QueryRow(ctx, `SELECT indexdef FROM pg_indexes WHERE indexname = $1`, table.Name(f.comp)+"_status").Scan(&def); err != nil {
			t.Fatal(err)
		}
		_, cols, _ := strings.Cut(def, " USING btree ")
		return cols
	}
	const ordered = "(status_id, created_at DESC, id DESC) WHERE (deleted_at IS NULL)"
	if got := def(); got != ordered {
		t.Fatalf("a new typed table's status index: %s", got)
	}
	body, err := os.ReadFile("../../../migrations/00110_item_typed_status_created.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(string(body), "-- +goose Down")
	plain := strings.NewReplacer("-- +goose StatementBegin", "", "-- +goose StatementEnd", "", "-- +goose Up", "")
	if _, err := f.db.Exec(ctx, plain.Replace(down), pgx.QueryExecModeSimpleProtocol); err != nil || def() != "(status_id, id) WHERE (deleted_at IS NULL)" {
		t.Fatalf("00110 down: %v, index %s", err, def())
	}
	if _, err := f.db.Exec(ctx, plain.Replace(up), pgx.QueryExecModeSimpleProtocol); err != nil || def() != ordered {
		t.Fatalf("00110 up: %v, index %s", err, def())
	}
}
