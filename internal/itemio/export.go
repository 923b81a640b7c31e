package itemio

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// MaxExportRows caps exportFullListToExcel; past it the caller is asked to
// narrow the filters instead of receiving a truncated file.
const MaxExportRows = 100000

// ExportInput is the body of exportExcel and exportFullListToExcel: the body
// of executeFilter, and for exportExcel optionally the selected rows.
type ExportInput struct {
	items.ExecuteFilterInput
	// IDs, when given, exports these rows (of those the filters match)
	// instead of the current page.
	IDs []int64 `json:"ids"`
}

// Workbook is an export ready to be written.
type Workbook struct {
	// Filename is ASCII and safe in a header; DisplayName is the type's name.
	Filename    string
	DisplayName string
	file        *excelize.File
}

// WriteTo writes the xlsx and releases its temporary files.
func (wb *Workbook) WriteTo(w io.Writer) (int64, error) {
	defer wb.file.Close()
	return wb.file.WriteTo(w)
}

// ContentDisposition is the attachment header of the workbook.
func (wb *Workbook) ContentDisposition() string {
	name := strings.ReplaceAll(url.QueryEscape(wb.DisplayName+".xlsx"), "+", "%20")
	return `attachment; filename="` + wb.Filename + `"; filename*=UTF-8''` + name
}

// Export answers exportExcel (full false: the page or selection the grid
// shows) and exportFullListToExcel (full true: every matching row, up to
// MaxExportRows). Rows come from the same WHERE as executeFilter.
func (s *Service) Export(ctx context.Context, c items.Caller, in ExportInput, full bool) (*Workbook, error) {
	if in.RowsPerPage <= 0 {
		in.RowsPerPage = 25
	}
	if in.RowsPerPage > items.MaxRowsPerPage {
		return nil, httpx.Invalid("rowsPerPage", "items.rowsPerPageTooBig", "max", items.MaxRowsPerPage)
	}
	if in.Page < 0 {
		return nil, httpx.Invalid("page", "items.pageInvalid")
	}
	if len(in.IDs) > items.MaxRowsPerPage {
		return nil, httpx.Invalid("ids", "items.tooManyIds", "max", items.MaxRowsPerPage)
	}
	list, err := s.items.ReadList(ctx, c, in.ExecuteFilterInput)
	if err != nil {
		return nil, err
	}
	limit, offset := in.RowsPerPage, in.Page*in.RowsPerPage
	switch {
	case full:
		limit, offset = MaxExportRows, 0
		n, err := list.CountUpTo(ctx, MaxExportRows+1)
		if err != nil {
			return nil, err
		}
		if n > MaxExportRows {
			return nil, httpx.Fail(400, "items.exportTooBig", "max", MaxExportRows)
		}
	case len(in.IDs) > 0:
		list.Only(in.IDs)
		limit, offset = len(in.IDs), 0
	}
	all, err := list.Columns(ctx)
	if err != nil {
		return nil, err
	}
	var cols []items.Column
	for _, col := range all {
		if !col.Hidden {
			cols = append(cols, col)
		}
	}
	comp := list.Component
	sheet, err := newSheet(comp.Name, cols)
	if err != nil {
		return nil, err
	}
	err = list.Each(ctx, limit, offset, func(rows []map[string]any) error {
		for _, r := range rows {
			if err := sheet.add(r); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		err = sheet.sw.Flush()
	}
	if err != nil {
		sheet.file.Close()
		return nil, fmt.Errorf("export: %w", err)
	}
	return &Workbook{Filename: comp.Key + "-" + s.now().UTC().Format("20060102-1504") + ".xlsx",
		DisplayName: comp.Name, file: sheet.file}, nil
}

// sheet writes rows of a list as typed cells under upper-case headers.
type sheet struct {
	file   *excelize.File
	sw     *excelize.StreamWriter
	cols   []items.Column
	styles map[string]int
	next   int
}

func newSheet(title string, cols []items.Column) (*sheet, error) {
	f := excelize.NewFile()
	name := sheetName(title)
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return nil, err
	}
	sh := &sheet{file: f, sw: sw, cols: cols, styles: map[string]int{}, next: 2}
	for format, code := range map[string]string{"date": "dd/mm/yyyy", "datetime": "dd/mm/yyyy hh:mm", "money": "#,##0.00", "decimal": "0.00"} {
		id, err := f.NewStyle(&excelize.Style{CustomNumFmt: &code})
		if err != nil {
			return nil, err
		}
		sh.styles[format] = id
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		// Excel widths are in characters; grid widths are pixels.
		if err := sw.SetColWidth(i+1, i+1, float64(c.Width)/7); err != nil {
			return nil, err
		}
		header[i] = excelize.Cell{StyleID: bold, Value: neutralise(strings.ToUpper(c.Header))}
	}
	if err := sw.SetRow("A1", header, excelize.RowOpts{}); err != nil {
		return nil, err
	}
	return sh, nil
}

func (sh *sheet) add(r map[string]any) error {
	vals := make([]any, len(sh.cols))
	for i, c := range sh.cols {
		vals[i] = sh.cell(c, r[c.Field])
	}
	cell, err := excelize.CoordinatesToCellName(1, sh.next)
	if err != nil {
		return err
	}
	sh.next++
	return sh.sw.SetRow(cell, vals)
}

// cell types a value by its column: numbers as numbers, dates as dates,
// booleans as booleans; every text is neutralised.
func (sh *sheet) cell(c items.Column, v any) any {
	if v == nil {
		return nil
	}
	switch c.Type {
	case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		switch n := v.(type) {
		case int64:
			return n
		case float64:
			switch c.Type {
			case "CURRENCY":
				return excelize.Cell{StyleID: sh.styles["money"], Value: n}
			case "INTEGER":
				return n
			}
			return excelize.Cell{StyleID: sh.styles["decimal"], Value: n}
		}
	case "DATE_TIME":
		t, ok := v.(time.Time)
		if s, isText := v.(string); isText {
			var err error
			t, err = time.Parse(time.RFC3339, s)
			ok = err == nil
		}
		if ok {
			style := sh.styles["datetime"]
			if c.DateTimeFormatType == 1 || c.DateTimeFormatType == 2 {
				style = sh.styles["date"]
			}
			return excelize.Cell{StyleID: style, Value: t.UTC()}
		}
	case "BOOLEAN":
		if b, ok := v.(bool); ok {
			return b
		}
	}
	switch x := v.(type) {
	case string:
		return neutralise(x)
	case *int64:
		if x == nil {
			return nil
		}
		return *x
	}
	return neutralise(fmt.Sprint(v))
}

// neutralise keeps a text from being read as a formula by a spreadsheet
// (CSV/formula injection): a leading = + - @ tab or CR gets an apostrophe.
func neutralise(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// sheetName fits a type's name to Excel's rules (31 characters, no []:*?/\).
func sheetName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return ' '
		}
		return r
	}, s)
	if r := []rune(strings.TrimSpace(s)); len(r) > 31 {
		s = string(r[:31])
	}
	if strings.TrimSpace(s) == "" {
		return "Itens"
	}
	return strings.TrimSpace(s)
}
