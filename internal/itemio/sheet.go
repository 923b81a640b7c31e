package itemio

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// importSheet is a spreadsheet read and matched to a form.
type importSheet struct {
	// fields are the form's, labelled in the caller's language.
	fields  []items.FormField
	columns []ImportColumn
	// byColumn is the field of each column (nil: not matched).
	byColumn []*items.FormField
	// width is one past the last matched column.
	width     int
	unmatched []string
	rows      [][]string
	// rowNumbers are the spreadsheet's numbers of rows (empty rows skipped).
	rowNumbers []int
}

// read opens a stored xlsx within the limits and matches its header.
func (s *Service) read(ctx context.Context, t *items.NewItems, key, lang string) (*importSheet, error) {
	rc, err := s.files.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(io.LimitReader(rc, MaxImportFile+1))
	rc.Close()
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, httpx.Invalid("file", "import.notXlsx")
	}
	var unzipped uint64
	for _, zf := range zr.File {
		unzipped += zf.UncompressedSize64
	}
	if unzipped > MaxImportUncompressed || len(zr.File) > 10_000 {
		return nil, httpx.Fail(http.StatusRequestEntityTooLarge, "import.tooBig", "max", httpx.HumanSize(MaxImportUncompressed))
	}
	if err := checkShape(zr); err != nil {
		return nil, err
	}
	book, err := excelize.OpenReader(bytes.NewReader(raw), excelize.Options{UnzipSizeLimit: MaxImportUncompressed, UnzipXMLSizeLimit: 16 << 20})
	if err != nil {
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
	}
	defer book.Close()
	sheets := book.GetSheetList()
	if len(sheets) == 0 {
		return nil, httpx.Invalid("file", "import.empty")
	}
	rows, err := book.Rows(sheets[0])
	if err != nil {
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
	}
	defer rows.Close()
	fields, err := t.Fields(ctx, lang)
	if err != nil {
		return nil, err
	}
	sh := &importSheet{fields: fields}
	n := 0
	for rows.Next() {
		n++
		cells, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
		}
		if sh.byColumn == nil {
			names, err := s.store.attributeNames(ctx, t.ComponentID())
			if err != nil {
				return nil, err
			}
			if err := sh.matchHeader(ctx, t, names, cells); err != nil {
				return nil, err
			}
			continue
		}
		if blank(cells) {
			continue
		}
		if len(sh.rows) == MaxImportRows {
			return nil, httpx.Invalid("file", "import.tooManyRows", "max", MaxImportRows)
		}
		// Only the matched columns are kept (a row may run past the header).
		if len(cells) > sh.width {
			cells = slices.Clone(cells[:sh.width])
		}
		sh.rows = append(sh.rows, cells)
		sh.rowNumbers = append(sh.rowNumbers, n)
	}
	if err := rows.Error(); err != nil {
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
	}
	if sh.byColumn == nil || len(sh.rows) == 0 {
		return nil, httpx.Invalid("file", "import.empty")
	}
	return sh, nil
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// matchHeader matches each header to a field the form writes, by its label
// (the control's or the attribute's name) in pt-BR or en, or its key; case
// is ignored, accents are not.
func (sh *importSheet) matchHeader(ctx context.Context, t *items.NewItems, attrNames map[string][]string, header []string) error {
	names := map[string]*items.FormField{}
	for _, lang := range []string{"pt-BR", "en"} {
		fields, err := t.Fields(ctx, lang)
		if err != nil {
			return err
		}
		for _, b := range fields {
			if b.Type == "BINARY" {
				continue
			}
			own := sh.fieldOf(b.Key)
			names[fold(b.Label)] = own
			names[fold(b.Field)] = own
			names[fold(b.Key)] = own
			for _, n := range attrNames[b.Field] {
				if n != "" {
					names[fold(n)] = own
				}
			}
		}
	}
	sh.byColumn = make([]*items.FormField, len(header))
	sh.columns, sh.unmatched = []ImportColumn{}, []string{}
	seen := map[string]string{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		b := names[fold(h)]
		if b == nil {
			sh.unmatched = append(sh.unmatched, h)
			continue
		}
		if _, dup := seen[b.Key]; dup {
			return httpx.Invalid("file", "import.duplicateColumn", "header", h)
		}
		seen[b.Key] = h
		sh.byColumn[i] = b
		sh.width = i + 1
		sh.columns = append(sh.columns, ImportColumn{Header: h, Field: b.Key, Label: b.Label})
	}
	if len(sh.columns) == 0 {
		return httpx.Invalid("file", "import.noColumns")
	}
	return nil
}

// fieldOf is the field of key in the caller's language.
func (sh *importSheet) fieldOf(key string) *items.FormField {
	for i := range sh.fields {
		if sh.fields[i].Key == key {
			return &sh.fields[i]
		}
	}
	return nil
}

func fold(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// cellConverter turns a cell (raw: numbers as numbers, dates as serial
// numbers) into the value saveItem takes for the field's type: picklist
// texts become their values, users are found by login, e-mail or name.
type cellConverter struct {
	q     items.Querier
	lang  string
	users map[string]any
	opts  map[int64]map[string]string
}

func newCellConverter(q items.Querier, lang string) *cellConverter {
	return &cellConverter{q: q, lang: lang, users: map[string]any{}, opts: map[int64]map[string]string{}}
}

func (cv *cellConverter) value(ctx context.Context, b *items.FormField, cell string) (any, error) {
	switch b.Type {
	case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		return numberCell(cell), nil
	case "BOOLEAN":
		return booleanCell(cell), nil
	case "DATE_TIME":
		return dateCell(cell), nil
	case "PICKLIST":
		if b.PicklistID == nil {
			return cell, nil
		}
		return cv.option(ctx, *b.PicklistID, cell)
	case "USERS":
		return cv.user(ctx, cell)
	case "STRING", "RICH_TEXT":
		return cell, nil
	}
	if n, err := strconv.ParseInt(cell, 10, 64); err == nil {
		return json.Number(strconv.FormatInt(n, 10)), nil
	}
	return cell, nil
}

// numberCell reads 1234.5 (raw) or 1.234,50 (typed in pt-BR); anything
// else stays text and is refused as not a number. A raw fraction is read
// as Excel shows it, to 15 significant digits: 9.14 is stored in the file
// as 9.140000000000001 (binary floating point), and is 9.14 to its author.
func numberCell(cell string) any {
	s := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(cell), "R$"))
	s = strings.TrimSuffix(s, "%")
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return json.Number(s)
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if shown, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 15, 64), 64); err == nil {
			return json.Number(strconv.FormatFloat(shown, 'f', -1, 64))
		}
		return json.Number(s)
	}
	br := strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", ".")
	if _, err := strconv.ParseFloat(br, 64); err == nil {
		return json.Number(br)
	}
	return cell
}

// booleanCell reads a boolean cell (raw 1/0) or a yes/no typed in pt-BR or
// en; anything else stays text and is refused as not a boolean.
func booleanCell(cell string) any {
	switch fold(cell) {
	case "1", "true", "verdadeiro", "sim", "yes", "s", "y":
		return true
	case "0", "false", "falso", "não", "nao", "no", "n":
		return false
	}
	return cell
}

// dateCell reads an Excel serial date, DD/MM/YYYY [HH:mm] or what saveItem
// reads (YYYY-MM-DD, RFC 3339).
func dateCell(cell string) any {
	if f, err := strconv.ParseFloat(cell, 64); err == nil {
		if t, err := excelize.ExcelDateToTime(f, false); err == nil {
			return t.UTC().Format(time.RFC3339)
		}
	}
	for _, layout := range []string{"02/01/2006 15:04", "02/01/2006"} {
		if t, err := time.Parse(layout, cell); err == nil {
			return t.UTC().Format(time.RFC3339)
		}
	}
	return cell
}

func (cv *cellConverter) option(ctx context.Context, picklist int64, cell string) (any, error) {
	opts, ok := cv.opts[picklist]
	if !ok {
		var err error
		if opts, err = picklistOptions(ctx, cv.q, picklist); err != nil {
			return nil, err
		}
		cv.opts[picklist] = opts
	}
	if v, ok := opts[fold(cell)]; ok {
		return v, nil
	}
	return cell, nil
}

func (cv *cellConverter) user(ctx context.Context, cell string) (any, error) {
	if n, err := strconv.ParseInt(cell, 10, 64); err == nil {
		return json.Number(strconv.FormatInt(n, 10)), nil
	}
	if v, ok := cv.users[fold(cell)]; ok {
		return v, nil
	}
	id, found, err := userNamed(ctx, cv.q, fold(cell))
	if err != nil {
		return nil, err
	}
	var v any = cell
	if found {
		v = json.Number(strconv.FormatInt(id, 10))
	}
	cv.users[fold(cell)] = v
	return v, nil
}
