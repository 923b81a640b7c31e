package workflow

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// read turns the rule's return value into the result: message "text" or
// {message}; table {columns, rows, message}; file {file: {name, type, content,
// encoding}, {name, sheet} or {name, csv}, message}. Another shape is the
// rule's bug (500).
func (o *operation) read(ctx context.Context, raw json.RawMessage) (*OperationResult, error) {
	res := &OperationResult{Result: o.result()}
	bad := func(why string) error {
		return &httpx.Error{Status: http.StatusInternalServerError, Key: "workflow.badResult", Args: []any{"operation", o.Key},
			Cause: fmt.Errorf("operation %s returned %s: %s", o.Key, truncate(string(raw), 200), why)}
	}
	var shape struct {
		Message *string           `json:"message"`
		Columns []json.RawMessage `json:"columns"`
		Rows    []map[string]any  `json:"rows"`
		File    *struct {
			Name     string     `json:"name"`
			Type     string     `json:"type"`
			Content  string     `json:"content"`
			Encoding string     `json:"encoding"`
			Sheet    *fileTable `json:"sheet"`
			CSV      *fileTable `json:"csv"`
		} `json:"file"`
	}
	trimmed := bytes.TrimSpace(raw)
	switch {
	case len(trimmed) == 0 || string(trimmed) == "null":
	case trimmed[0] == '"':
		var msg string
		if err := json.Unmarshal(trimmed, &msg); err != nil {
			return nil, bad(err.Error())
		}
		shape.Message = &msg
	case trimmed[0] == '{':
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.UseNumber()
		if err := dec.Decode(&shape); err != nil {
			return nil, bad(err.Error())
		}
	default:
		return nil, bad("not a text or an object")
	}
	if shape.Message != nil {
		res.Message = truncate(strings.TrimSpace(*shape.Message), 4000)
	}
	switch res.Result {
	case "table":
		if shape.Columns == nil || shape.Rows == nil {
			return nil, bad("a table needs columns and rows")
		}
		cols, err := columns(shape.Columns)
		if err != nil {
			return nil, bad(err.Error())
		}
		res.Columns, res.Rows = cols, shape.Rows
	case "file":
		f := shape.File
		if f == nil || strings.TrimSpace(f.Name) == "" {
			return nil, bad("a file needs a name")
		}
		content := []byte(f.Content)
		typ := f.Type
		switch {
		case f.Sheet != nil && f.CSV != nil:
			return nil, bad("a file is a sheet or a csv, not both")
		case f.Sheet != nil:
			cols, err := columns(f.Sheet.Columns)
			if err != nil || len(cols) == 0 {
				return nil, bad("a sheet needs columns")
			}
			if content, err = workbook(o.Name.in(i18n.LangOf(ctx)), cols, f.Sheet.Rows); err != nil {
				return nil, err
			}
			typ = xlsxType
		case f.CSV != nil:
			cols, err := columns(f.CSV.Columns)
			if err != nil || len(cols) == 0 {
				return nil, bad("a csv needs columns")
			}
			sep, ok := csvSeparators[f.CSV.Separator]
			if !ok {
				return nil, bad(`a csv's separator is ";" or ","`)
			}
			if content, err = csvFile(sep, cols, f.CSV.Rows); err != nil {
				return nil, err
			}
			typ = csvType
		case f.Encoding == "base64":
			b, err := base64.StdEncoding.DecodeString(f.Content)
			if err != nil {
				return nil, bad("content is not base64")
			}
			content = b
		}
		if _, _, err := mime.ParseMediaType(typ); err != nil || typ == "" {
			typ = "application/octet-stream"
		}
		res.File = &File{Name: fileName(f.Name), Type: typ, Size: len(content), Content: content}
	}
	if res.Message == "" {
		res.Message = i18n.T(i18n.From(ctx), "workflow.operationDone")
	}
	return res, nil
}

// columns reads a table's columns: keys, or {key, name}.
func columns(raw []json.RawMessage) ([]TableColumn, error) {
	var out []TableColumn
	for _, c := range raw {
		var col TableColumn
		var key string
		if json.Unmarshal(c, &key) == nil {
			col = TableColumn{Key: key, Name: key}
		} else if err := json.Unmarshal(c, &col); err != nil || col.Key == "" {
			return nil, errors.New("a column is a key or {key, name}")
		}
		if col.Name == "" {
			col.Name = col.Key
		}
		out = append(out, col)
	}
	return out, nil
}

// fileTable is a table the server writes as a file: sheet (xlsx) or csv.
type fileTable struct {
	Columns   []json.RawMessage `json:"columns"`
	Rows      []map[string]any  `json:"rows"`
	Separator string            `json:"separator"`
}

const (
	xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	csvType  = "text/csv; charset=utf-8"
)

// csvSeparators are a csv's separators: ";" unless the rule asks for ","
// (a spreadsheet in a language whose decimal separator is the comma reads ";").
var csvSeparators = map[string]rune{"": ';', ";": ';', ",": ','}

// workbook writes a table as an xlsx file: a bold header, numbers as
// numbers, booleans as booleans, texts that a spreadsheet would read as a
// formula quoted.
func workbook(title string, cols []TableColumn, rows []map[string]any) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sheet := f.GetSheetName(0)
	if name := sheetTitle(title); name != "" {
		if err := f.SetSheetName(sheet, name); err != nil {
			return nil, err
		}
		sheet = name
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = excelize.Cell{StyleID: bold, Value: formulaSafe(c.Name)}
	}
	if err := sw.SetRow("A1", header); err != nil {
		return nil, err
	}
	for r, row := range rows {
		cells := make([]any, len(cols))
		for i, c := range cols {
			cells[i] = cellValue(row[c.Key])
		}
		cell, err := excelize.CoordinatesToCellName(1, r+2)
		if err != nil {
			return nil, err
		}
		if err := sw.SetRow(cell, cells); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func cellValue(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case bool:
		return x
	case string:
		return formulaSafe(x)
	default:
		b, _ := json.Marshal(x)
		return formulaSafe(string(b))
	}
}

// csvFile writes a table as CSV for a spreadsheet to open: UTF-8 with a
// byte-order mark (without it Excel reads the accents as Latin-1), CRLF, a
// header of the columns' names, and texts that would run as a formula quoted.
func csvFile(sep rune, cols []TableColumn, rows []map[string]any) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("\uFEFF")
	w := csv.NewWriter(&b)
	w.Comma, w.UseCRLF = sep, true
	rec := make([]string, len(cols))
	for i, c := range cols {
		rec[i] = formulaSafe(c.Name)
	}
	if err := w.Write(rec); err != nil {
		return nil, err
	}
	for _, row := range rows {
		for i, c := range cols {
			rec[i] = csvCell(row[c.Key])
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// csvCell is a value as CSV text: numbers as JSON writes them, booleans as
// true or false, anything else as text (objects as JSON), formula-safe.
func csvCell(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	case string:
		return formulaSafe(x)
	default:
		b, _ := json.Marshal(x)
		return formulaSafe(string(b))
	}
}

// formulaSafe quotes a text a spreadsheet would run as a formula.
func formulaSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// sheetTitle fits a name to Excel's sheet names (31 characters, no []:*?/\).
func sheetTitle(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(truncate(strings.Join(strings.Fields(s), " "), 31))
}

// fileName keeps the last part of name, without control characters or
// quotes, so it fits a Content-Disposition header.
func fileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	if name == "" || name == "." || name == "/" {
		name = "resultado"
	}
	return truncate(name, 200)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
