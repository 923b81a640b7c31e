package items_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/tramita/tramita/internal/testkit/itemstest"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
)

type world struct {
	db       *pgxpool.Pool
	svc      *items.Service
	ana, bia items.Caller
	task     int64
	secret   int64 // a project bia is not in
}

func newWorld(t *testing.T) *world {
	t.Helper()
	d := itemstest.New(t)
	return &world{db: d.DB, svc: d.Core, ana: d.Ana, bia: d.Bia, task: d.Task, secret: d.Secret}
}

func (w *world) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// loadTasks adds n tasks numbered from 100001, "Carga <g>", priority low
// and cost g, written straight to storage as a bulk load would, then analyzes.
func (w *world) loadTasks(t *testing.T, n int) {
	t.Helper()
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `INSERT INTO item (component_id, number, title) SELECT $1, 100000 + g, 'Carga ' || g
		FROM generate_series(1, $2::int) g`, w.task, n); err != nil {
		t.Fatal(err)
	}
	if err := table.Copy(ctx, w.db, w.task); err != nil {
		t.Fatal(err)
	}
	var priority, cost int64
	if err := w.db.QueryRow(ctx, `SELECT (SELECT id FROM attribute WHERE component_id = $1 AND key = 'priority'),
		(SELECT id FROM attribute WHERE component_id = $1 AND key = 'cost')`, w.task).Scan(&priority, &cost); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE `+table.Name(w.task)+` SET `+table.Column(priority)+` = 'low', `+
		table.Column(cost)+` = number - 100000 WHERE number > 100000`); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `ANALYZE item, `+table.Name(w.task)); err != nil {
		t.Fatal(err)
	}
}

// ensureTable gives the typed table of type comp the columns of
// attributes a test added by SQL.
func (w *world) ensureTable(t *testing.T, comp int64) {
	t.Helper()
	if err := pgx.BeginFunc(context.Background(), w.db, func(tx pgx.Tx) error {
		_, err := table.Ensure(context.Background(), tx, comp)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// column is the typed table and column of attribute key of item id's type.
func (w *world) column(t *testing.T, id int64, key string) (tbl, col string) {
	t.Helper()
	var comp, attr int64
	if err := w.db.QueryRow(context.Background(), `SELECT i.component_id, a.id FROM item i JOIN attribute a
		ON a.component_id = i.component_id AND a.key = $2 WHERE i.id = $1`, id, key).Scan(&comp, &attr); err != nil {
		t.Fatalf("attribute %s of item %d: %v", key, id, err)
	}
	return table.Name(comp), table.Column(attr)
}

// setValue writes attribute key of item id straight to storage, as a
// fixture (nil empties it); no version is written.
func (w *world) setValue(t *testing.T, id int64, key string, v any) {
	t.Helper()
	tbl, col := w.column(t, id, key)
	if _, err := w.db.Exec(context.Background(), `UPDATE `+tbl+` SET `+col+` = $2 WHERE id = $1`, id, v); err != nil {
		t.Fatal(err)
	}
}

// value reads attribute key of item id as its column's text (nil: empty).
func (w *world) value(t *testing.T, id int64, key string) *string {
	t.Helper()
	tbl, col := w.column(t, id, key)
	var v *string
	if err := w.db.QueryRow(context.Background(), `SELECT `+col+`::text FROM `+tbl+` WHERE id = $1`, id).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// valueOrNil is value as any: the text, or nil when empty.
func (w *world) valueOrNil(t *testing.T, id int64, key string) any {
	t.Helper()
	if v := w.value(t, id, key); v != nil {
		return *v
	}
	return nil
}

// itemIn is the first task of project.
func (w *world) itemIn(t *testing.T, project string) int64 {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM item WHERE component_id = $1 AND project_id = $2 ORDER BY id LIMIT 1`,
		w.task, w.project(t, project)).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (w *world) list(t *testing.T, c items.Caller, in items.ExecuteFilterInput) items.Page {
	t.Helper()
	in.ComponentID = w.task
	p, err := w.svc.ExecuteFilter(context.Background(), c, in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestListShowsOnlyProjectsTheCallerIsIn(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	all := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500})
	if all.Total != 180 || all.TotalIsEstimate || len(all.Rows) != 180 {
		t.Fatalf("ana sees %d (%d rows)", all.Total, len(all.Rows))
	}
	hers := w.list(t, w.bia, items.ExecuteFilterInput{RowsPerPage: 500})
	if hers.Total == 0 || hers.Total >= all.Total {
		t.Fatalf("bia sees %d of %d", hers.Total, all.Total)
	}
	for _, r := range hers.Rows {
		if r["ProjectName"] != "Transformação Digital" {
			t.Fatalf("bia sees an item of %v", r["ProjectName"])
		}
	}
	// Naming the project outright answers not found, as for a missing one.
	_, err := w.svc.ExecuteFilter(ctx, w.bia, items.ExecuteFilterInput{ComponentID: w.task, ProjectID: w.secret})
	if !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("executeFilter on a foreign project: %v", err)
	}
	if _, err := w.svc.ListControlData(ctx, w.bia, w.task, w.secret, 0); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("getListControlData on a foreign project: %v", err)
	}
	projects, err := w.svc.LoadProjects(ctx, w.bia, 0)
	if err != nil || len(projects) != 1 || projects[0].Name != "Transformação Digital" {
		t.Fatalf("loadProjects: %v %v", projects, err)
	}
	// Filters cannot reach into the foreign project either.
	p := w.list(t, w.bia, items.ExecuteFilterInput{Filters: []items.FilterItem{{Field: "ProjectName", Operator: "is", Value: float64(w.secret)}}})
	if p.Total != 0 {
		t.Fatalf("filter by foreign project: %d", p.Total)
	}
	// Nor can deletion, which answers as for a missing item.
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 LIMIT 1`, w.secret).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	err = w.svc.DeleteItems(ctx, w.bia, items.DeleteItemInput{ComponentID: w.task, IDs: []int64{foreign}})
	if !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("delete a foreign item: %v", err)
	}
	// Search: the title she may read is found, the foreign one never.
	visible, hidden := w.retitle(t, "Contrato zebra", "Contrato zebra secreto")
	hits, err := w.svc.SearchItems(ctx, w.bia, items.SearchInput{Query: "zebra"})
	if got := hitIDs(hits); err != nil || !got[visible] || got[hidden] || len(hits) != 1 {
		t.Fatalf("bia's search: %+v %v", hits, err)
	}
	if hits, err := w.svc.SearchItems(ctx, w.bia, items.SearchInput{Query: "zebra", ProjectID: w.secret}); err != nil || len(hits) != 0 {
		t.Fatalf("bia's search in a foreign project: %+v %v", hits, err)
	}
	// Default values for a foreign project: not found.
	var mine int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_query WHERE component_id = $1 AND key = 'mine'`, w.task).Scan(&mine); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.DefaultValueQuery(ctx, w.bia, mine, w.secret); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("default values in a foreign project: %v", err)
	}
	// Item pickers offer her items only, by text or by id.
	offered, err := w.svc.LoadGenericItems(ctx, w.bia, items.LookupInput{ComponentID: w.task, Limit: 200})
	if err != nil || int64(len(offered)) != hers.Total {
		t.Fatalf("loadGenericItems offers %d of her %d (%v)", len(offered), hers.Total, err)
	}
	for _, o := range offered {
		if o.ProjectName != "Transformação Digital" {
			t.Fatalf("loadGenericItems offers an item of %s", o.ProjectName)
		}
	}
	if offered, err := w.svc.LoadGenericItems(ctx, w.bia, items.LookupInput{ComponentID: w.task, IDs: []int64{foreign}}); err != nil || len(offered) != 0 {
		t.Fatalf("loadGenericItems by a foreign id: %+v %v", offered, err)
	}
	if _, err := w.svc.LoadGenericItems(ctx, w.bia, items.LookupInput{ComponentID: w.task, ProjectID: w.secret}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("loadGenericItems in a foreign project: %v", err)
	}
}

func TestTypeWithoutReadGrantIsNotFound(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_read = false WHERE component_id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.ExecuteFilter(ctx, w.ana, items.ExecuteFilterInput{ComponentID: w.task}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("got %v", err)
	}
	if _, err := w.svc.ComponentByName(ctx, w.ana, "task"); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("getComponentByName: %v", err)
	}
	// Nor by search, default values or the types allowed under a project.
	if hits, err := w.svc.SearchItems(ctx, w.ana, items.SearchInput{Query: "critérios de aceite"}); err != nil || len(hits) != 0 {
		t.Fatalf("search finds %d items of an unreadable type (%v)", len(hits), err)
	}
	var mine int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item_query WHERE component_id = $1 AND key = 'mine'`, w.task).Scan(&mine); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.DefaultValueQuery(ctx, w.ana, mine, 0); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("getDefaultValueQuery: %v", err)
	}
	if _, err := w.svc.AllowedProjectItemTypes(ctx, w.ana, w.task, 0); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("getAllowedsProjectItemTypes: %v", err)
	}
	if _, err := w.svc.LoadGenericItems(ctx, w.ana, items.LookupInput{ComponentID: w.task}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("loadGenericItems: %v", err)
	}
	if _, err := w.svc.LoadPicklistItems(ctx, w.ana, items.PicklistInput{ComponentID: w.task, Attribute: "priority"}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("loadPicklistItems through the type: %v", err)
	}
	if _, err := w.svc.ExecuteFilter(ctx, items.Caller{UserID: w.ana.UserID, PanelAdmin: true}, items.ExecuteFilterInput{ComponentID: w.task}); err != nil {
		t.Fatalf("panel admin: %v", err)
	}
	// A picklist is out of reach once no type of its application is readable.
	var priority int64
	if err := w.db.QueryRow(ctx, `SELECT picklist_id FROM attribute WHERE component_id = $1 AND key = 'priority'`, w.task).Scan(&priority); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_read = false WHERE component_id IN (
		SELECT id FROM component WHERE application_id = (SELECT application_id FROM component WHERE id = $1))`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.LoadPicklistItems(ctx, w.ana, items.PicklistInput{PicklistID: priority}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("loadPicklistItems by id: %v", err)
	}
}

func TestExecuteFilterFiltersSortsPagesAndPersists(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	high := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500, LogicSeparator: "AND", Filters: []items.FilterItem{
		{Field: "priority", Operator: "isAnyOf", Value: []any{"high"}},
		{Field: "cost", Operator: ">=", Value: "1000"},
	}, Order: "cost", SortDirection: "desc"})
	if high.Total == 0 {
		t.Fatal("no high-priority costly tasks in the demo")
	}
	prev := 1e18
	for _, r := range high.Rows {
		if r["priority"] != "Alta" || r["priorityValue"] != "high" {
			t.Fatalf("picklist shown as %v/%v", r["priority"], r["priorityValue"])
		}
		cost := r["cost"].(float64)
		if cost < 1000 || cost > prev {
			t.Fatalf("cost %v after %v", cost, prev)
		}
		prev = cost
	}
	page2 := w.list(t, w.ana, items.ExecuteFilterInput{Page: 1, RowsPerPage: 50, Order: "FormattedID", SortDirection: "asc"})
	if len(page2.Rows) != 50 || page2.Rows[0]["FormattedID"] != int64(51) {
		t.Fatalf("page 2 starts at %v", page2.Rows[0]["FormattedID"])
	}
	_, err := w.svc.ExecuteFilter(ctx, w.ana, items.ExecuteFilterInput{ComponentID: w.task,
		Filters: []items.FilterItem{{Field: "cost", Operator: ">", Value: "abc"}}})
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != http.StatusBadRequest || he.Key != "items.filter.badNumber" {
		t.Fatalf("bad number: %v", err)
	}
	data, err := w.svc.ListControlData(ctx, w.ana, w.task, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	var compact int64
	for _, v := range data.Views {
		if v.Compact {
			compact = v.ID
		}
	}
	w.list(t, w.ana, items.ExecuteFilterInput{ViewID: compact, QueryID: data.SelectedQueryID, PersistQueryOrView: true})
	data, err = w.svc.ListControlData(ctx, w.ana, w.task, 0, 0)
	if err != nil || data.SelectedViewID != compact || !data.Compact {
		t.Fatalf("persisted view: %+v %v", data.SelectedViewID, err)
	}
	if data.Columns[0].Field != "HasAttachment" || data.Columns[0].Width != 90 || data.Columns[1].Width != 120 {
		t.Fatalf("compact columns: %+v", data.Columns[:2])
	}
}

func TestColumnsFollowSection9(t *testing.T) {
	w := newWorld(t)
	data, err := w.svc.ListControlData(context.Background(), w.ana, w.task, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"FormattedID": 100, "Title": 320, "StatusName": 250, "priority": 200, "ResponsibleName": 250,
		"dueDate": 150, "progress": 200, "estimate": 200, "cost": 150, "milestone": 150}
	for _, c := range data.Columns {
		if wd, ok := want[c.Field]; ok && c.Width != wd {
			t.Errorf("%s width %d, want %d", c.Field, c.Width, wd)
		}
		if c.Field == "StatusColor" && !c.Hidden {
			t.Error("StatusColor column shown")
		}
		if c.Field == "FormattedID" && c.FilterKind != "text" {
			t.Errorf("FormattedID filtered as %s", c.FilterKind)
		}
	}
}
