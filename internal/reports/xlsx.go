package reports

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/i18n"
)

// Workbook writes the report as Excel: a sheet with the rows (their groups
// first) and one with the groups, their subtotals and the totals.
func Workbook(res Result) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	w := &book{f: f}
	if err := w.styles(); err != nil {
		return nil, err
	}
	rows, groups := i18n.T(res.lang, "reports.sheet.rows"), i18n.T(res.lang, "reports.sheet.groups")
	if err := f.SetSheetName("Sheet1", rows); err != nil {
		return nil, err
	}
	if _, err := f.NewSheet(groups); err != nil {
		return nil, err
	}
	if err := w.rows(rows, res); err != nil {
		return nil, err
	}
	if err := w.groups(groups, res); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, fmt.Errorf("report workbook: %w", err)
	}
	return buf.Bytes(), nil
}

type book struct {
	f                          *excelize.File
	bold, money, decimal, date int
}

func (w *book) styles() error {
	var err error
	if w.bold, err = w.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return err
	}
	for _, s := range []struct {
		id   *int
		code string
	}{{&w.money, `"R$" #,##0.00`}, {&w.decimal, "0.00"}, {&w.date, "dd/mm/yyyy"}} {
		code := s.code
		if *s.id, err = w.f.NewStyle(&excelize.Style{CustomNumFmt: &code}); err != nil {
			return err
		}
	}
	return nil
}

// sheet starts a sheet's stream with a bold header row: the grouping
// fields' names, then names.
func (w *book) sheet(sheet string, res Result, names []string) (*excelize.StreamWriter, error) {
	sw, err := w.f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	var header []any
	for _, g := range res.GroupBy {
		header = append(header, excelize.Cell{StyleID: w.bold, Value: text(g.Name)})
	}
	for _, n := range names {
		header = append(header, excelize.Cell{StyleID: w.bold, Value: text(n)})
	}
	return sw, sw.SetRow("A1", header)
}

func (w *book) rows(sheet string, res Result) error {
	var names []string
	for _, c := range res.Columns {
		names = append(names, c.Name)
	}
	sw, err := w.sheet(sheet, res, names)
	if err != nil {
		return err
	}
	labels := groupLabels(res.Groups)
	for i, r := range res.Rows {
		var vals []any
		path := ""
		for _, k := range r.Group {
			path += "\x00" + k
			vals = append(vals, text(labels[path]))
		}
		for j, c := range res.Columns {
			vals = append(vals, w.cell(c.Type, r.Values[j]))
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, vals); err != nil {
			return err
		}
	}
	return sw.Flush()
}

// groupLabels maps each group's path of keys to its label.
func groupLabels(groups []*Group) map[string]string {
	out := map[string]string{}
	var walk func(prefix string, gs []*Group)
	walk = func(prefix string, gs []*Group) {
		for _, g := range gs {
			p := prefix + "\x00" + g.Key
			out[p] = g.Label
			walk(p, g.Groups)
		}
	}
	walk("", groups)
	return out
}

func (w *book) groups(sheet string, res Result) error {
	var names []string
	for _, a := range res.Aggregates {
		names = append(names, a.Name)
	}
	sw, err := w.sheet(sheet, res, names)
	if err != nil {
		return err
	}
	line := 2
	put := func(level int, label string, values []pgtype.Numeric, style int) error {
		vals := make([]any, len(res.GroupBy), len(res.GroupBy)+len(values))
		if level < len(vals) {
			vals[level] = excelize.Cell{StyleID: style, Value: text(label)}
		} else if len(vals) == 0 {
			vals = append(vals, excelize.Cell{StyleID: style, Value: text(label)})
		}
		for i, a := range res.Aggregates {
			vals = append(vals, w.cell(a.Type, values[i]))
		}
		cell, _ := excelize.CoordinatesToCellName(1, line)
		line++
		return sw.SetRow(cell, vals)
	}
	var walk func(level int, gs []*Group) error
	walk = func(level int, gs []*Group) error {
		for _, g := range gs {
			if err := put(level, g.Label, g.Values, 0); err != nil {
				return err
			}
			if err := walk(level+1, g.Groups); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(0, res.Groups); err != nil {
		return err
	}
	if err := put(0, i18n.T(res.lang, "reports.total"), res.Totals, w.bold); err != nil {
		return err
	}
	return sw.Flush()
}

// cell types a value by its field: numbers as numbers (money as R$), dates
// as dates, texts neutralised so a cell never runs as a formula.
func (w *book) cell(typ string, v any) any {
	switch n := v.(type) {
	case nil:
		return nil
	case pgtype.Numeric:
		if !n.Valid {
			return nil
		}
		f, err := n.Float64Value()
		if err != nil || !f.Valid {
			return nil
		}
		switch typ {
		case "CURRENCY":
			return excelize.Cell{StyleID: w.money, Value: f.Float64}
		case "DECIMAL", "PERCENTILE", "DURATION":
			return excelize.Cell{StyleID: w.decimal, Value: f.Float64}
		}
		return f.Float64
	case time.Time:
		return excelize.Cell{StyleID: w.date, Value: n}
	case string:
		return text(n)
	}
	return v
}

// text keeps a value that starts like a formula from running as one.
func text(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
