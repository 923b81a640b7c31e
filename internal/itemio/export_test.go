package itemio_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
)

// export runs an export and opens the produced file as a spreadsheet would.
func (w *world) export(t *testing.T, c items.Caller, in itemio.ExportInput, full bool) [][]string {
	t.Helper()
	in.ComponentID = w.task
	wb, err := w.io.Export(context.Background(), c, in, full)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := wb.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	rows, err := f.GetRows(f.GetSheetName(0), excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestExportWritesTypedCellsAndNeutralisesFormulas(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	// The type's first item, FormattedID 1, saved as its form saves it.
	var id int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE component_id = $1 AND number = 1`, w.task).Scan(&id); err != nil {
		t.Fatal(err)
	}
	form, err := w.svc.FormInitialData(ctx, w.ana, items.FormInitialDataInput{ComponentID: httpx.ID(w.task), ItemID: httpx.ID(id)})
	if err != nil {
		t.Fatal(err)
	}
	edit := form.Item
	edit["Title"], edit["cost"], edit["dueDate"] = `=HYPERLINK("http://evil","x")`, 1234.5, "2025-03-04T00:00:00Z"
	if _, err := w.svc.SaveItem(ctx, w.ana, items.SaveItemInput{Item: edit, Component: httpx.ID(w.task)}); err != nil {
		t.Fatal(err)
	}
	in := itemio.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{
		Filters: []items.FilterItem{{Field: "FormattedID", Operator: "equals", Value: "1"}}}}
	rows := w.export(t, w.ana, in, false)
	if len(rows) != 2 {
		t.Fatalf("%d rows, want header + 1", len(rows))
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
		if h != strings.ToUpper(h) {
			t.Errorf("header %q not upper-case", h)
		}
	}
	for _, h := range []string{"ID", "TÍTULO", "STATUS", "PRIORIDADE", "PRAZO", "CUSTO"} {
		if _, ok := col[h]; !ok {
			t.Fatalf("no column %s in %v", h, rows[0])
		}
	}
	r := rows[1]
	if got := r[col["TÍTULO"]]; got != `'=HYPERLINK("http://evil","x")` {
		t.Errorf("formula not neutralised: %q", got)
	}
	if r[col["ID"]] != "1" || r[col["CUSTO"]] != "1234.5" {
		t.Errorf("numbers: id %q cost %q", r[col["ID"]], r[col["CUSTO"]])
	}
	// A date is a serial number in a date format, not text.
	if r[col["PRAZO"]] != "45720" {
		t.Errorf("due date cell %q, want the serial of 2025-03-04", r[col["PRAZO"]])
	}
	if r[col["STATUS"]] == "" || strings.HasPrefix(r[col["STATUS"]], "'") {
		t.Errorf("status %q", r[col["STATUS"]])
	}
	// The same file read as a user sees it: a formatted date, the cell not a formula.
	wb, err := w.io.Export(ctx, w.ana, itemio.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{ComponentID: w.task,
		Filters: in.Filters}}, false)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := wb.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheet := f.GetSheetName(0)
	prazo, _ := excelize.CoordinatesToCellName(col["PRAZO"]+1, 2)
	if v, _ := f.GetCellValue(sheet, prazo); v != "04/03/2025" {
		t.Errorf("due date shown as %q", v)
	}
	title, _ := excelize.CoordinatesToCellName(col["TÍTULO"]+1, 2)
	if formula, _ := f.GetCellFormula(sheet, title); formula != "" {
		t.Errorf("title is a formula: %q", formula)
	}
	if !strings.HasPrefix(wb.Filename, "task-") || !strings.HasSuffix(wb.Filename, ".xlsx") ||
		!strings.Contains(wb.ContentDisposition(), `attachment; filename="task-`) {
		t.Errorf("filename %q, disposition %q", wb.Filename, wb.ContentDisposition())
	}
}

func TestExportFullListHasEveryMatchingRowAndACap(t *testing.T) {
	w := newWorld(t)
	all := w.export(t, w.ana, itemio.ExportInput{}, true)
	if len(all) != 181 {
		t.Fatalf("full export has %d rows, want 180 + header", len(all))
	}
	page := w.export(t, w.ana, itemio.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{Page: 1, RowsPerPage: 50}}, false)
	if len(page) != 51 {
		t.Fatalf("page export has %d rows", len(page))
	}
	var ids []int64
	rows, err := w.db.Query(context.Background(), `SELECT id FROM item WHERE component_id = $1 ORDER BY id LIMIT 3`, w.task)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		_ = rows.Scan(&id)
		ids = append(ids, id)
	}
	if sel := w.export(t, w.ana, itemio.ExportInput{IDs: ids}, false); len(sel) != 4 {
		t.Fatalf("selection export has %d rows", len(sel))
	}
	// Past the cap the caller is told to narrow the list, not given part of it.
	// Loading 100,000 rows outlasts the pool's statement timeout on a loaded
	// machine (it failed so): one transaction without it.
	ctx := context.Background()
	tx, err := w.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SET LOCAL statement_timeout = 0`); err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO item (component_id, number, title)
		SELECT $1, 1000 + g, 'bulk ' || g FROM generate_series(1, $2::int) g`, w.task, itemio.MaxExportRows); err != nil {
		t.Fatal(err)
	}
	// No values: their rows of the type's table, as the core writes them.
	if err := table.Copy(ctx, tx, w.task); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	_, err = w.io.Export(context.Background(), w.ana, itemio.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{ComponentID: w.task}}, true)
	var he *httpx.Error
	if !errors.As(err, &he) || he.Key != "items.exportTooBig" {
		t.Fatalf("over the cap: %v", err)
	}
}

// Exports keep to the caller's rights as the list does: the full list has her
// rows only, a selection naming a foreign item leaves it out, and a foreign
// project is not found.
func TestExportShowsOnlyProjectsTheCallerIsIn(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	hers, err := w.svc.ExecuteFilter(ctx, w.bia, items.ExecuteFilterInput{ComponentID: w.task, RowsPerPage: 500})
	if err != nil || hers.Total == 0 {
		t.Fatalf("bia's list: %d %v", hers.Total, err)
	}
	var foreign int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE project_id = $1 LIMIT 1`, w.secret).Scan(&foreign); err != nil {
		t.Fatal(err)
	}
	full := w.export(t, w.bia, itemio.ExportInput{}, true)
	if int64(len(full)-1) != hers.Total {
		t.Fatalf("bia's full export has %d rows, her list %d", len(full)-1, hers.Total)
	}
	for _, r := range full[1:] {
		for _, cell := range r {
			if cell == "Nova Sede" {
				t.Fatal("bia's export holds an item of Nova Sede")
			}
		}
	}
	if sel := w.export(t, w.bia, itemio.ExportInput{IDs: []int64{foreign}}, false); len(sel) != 1 {
		t.Fatalf("bia's selection of a foreign item exported %d rows", len(sel)-1)
	}
	if _, err := w.io.Export(ctx, w.bia, itemio.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{ComponentID: w.task, ProjectID: w.secret}}, true); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("export of a foreign project: %v", err)
	}
}

// The exports are mounted with the spec's methods and answer a file (from
// the core's TestRoutesAnswerFilesAndLookups).
func TestExportRoutesAnswerAFile(t *testing.T) {
	w := newWorld(t)
	r := chi.NewRouter()
	itemio.NewHandler(w.io, func(context.Context) (items.Caller, bool) { return w.ana, true }).Routes(r)
	srv := httptest.NewServer(r)
	defer srv.Close()
	res, err := http.Post(srv.URL+"/genericItem/exportFullListToExcel", "application/json", strings.NewReader(`{"componentID": `+itoa(w.task)+`}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" ||
		!strings.HasPrefix(res.Header.Get("Content-Disposition"), `attachment; filename="task-`) {
		t.Fatalf("export: %d %v", res.StatusCode, res.Header)
	}
}
