package items_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// export runs an export and opens the produced file as a spreadsheet would.
func (w *world) export(t *testing.T, c items.Caller, in items.ExportInput, full bool) [][]string {
	t.Helper()
	in.ComponentID = w.task
	wb, err := w.svc.Export(context.Background(), c, in, full)
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
	var id int64
	if err := w.db.QueryRow(ctx, `UPDATE item SET title = '=HYPERLINK("http://evil","x")',
		attributes = attributes || '{"cost": 1234.5, "dueDate": "2025-03-04T00:00:00Z"}'
		WHERE id = (SELECT min(id) FROM item WHERE component_id = $1) RETURNING number`, w.task).Scan(&id); err != nil {
		t.Fatal(err)
	}
	in := items.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{
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
	wb, err := w.svc.Export(ctx, w.ana, items.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{ComponentID: w.task,
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
	all := w.export(t, w.ana, items.ExportInput{}, true)
	if len(all) != 181 {
		t.Fatalf("full export has %d rows, want 180 + header", len(all))
	}
	page := w.export(t, w.ana, items.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{Page: 1, RowsPerPage: 50}}, false)
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
	if sel := w.export(t, w.ana, items.ExportInput{IDs: ids}, false); len(sel) != 4 {
		t.Fatalf("selection export has %d rows", len(sel))
	}
	// Past the cap the caller is told to narrow the list, not given part of it.
	if _, err := w.db.Exec(context.Background(), `INSERT INTO item (component_id, number, title)
		SELECT $1, 1000 + g, 'bulk ' || g FROM generate_series(1, $2::int) g`, w.task, items.MaxExportRows); err != nil {
		t.Fatal(err)
	}
	_, err = w.svc.Export(context.Background(), w.ana, items.ExportInput{ExecuteFilterInput: items.ExecuteFilterInput{ComponentID: w.task}}, true)
	var he *httpx.Error
	if !errors.As(err, &he) || he.Key != "items.exportTooBig" {
		t.Fatalf("over the cap: %v", err)
	}
}
