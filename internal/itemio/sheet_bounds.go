package itemio

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"net/http"
	"path"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
)

// Bounds of the sheet an import reads, checked before excelize reads a row:
// its Rows iterator pads each row up to its last cell, so one value in
// column XFD costs 16,384 strings on every row that has one.
const (
	// MaxImportColumns is the widest column a value may be in.
	MaxImportColumns = 256
	// MaxImportCells caps data rows × the header's width.
	MaxImportCells = 2_000_000
	// MaxImportSharedStrings caps the shared strings part (uncompressed),
	// which excelize decodes whole, or indexes string by string.
	MaxImportSharedStrings = 32 << 20
	// maxImportPartXML caps the small parts read to find the first sheet.
	maxImportPartXML = 1 << 20
)

// checkShape refuses a spreadsheet whose first sheet would take more memory
// to read than its bounds allow: it reads that sheet's XML once, as a
// stream, keeping nothing but counts.
func checkShape(zr *zip.Reader) error {
	parts := map[string]*zip.File{}
	for _, zf := range zr.File {
		parts[strings.ToLower(strings.ReplaceAll(zf.Name, `\`, "/"))] = zf
	}
	if sst := parts["xl/sharedstrings.xml"]; sst != nil && sst.UncompressedSize64 > MaxImportSharedStrings {
		return httpx.Fail(http.StatusRequestEntityTooLarge, "import.stringsTooBig", "max", httpx.HumanSize(MaxImportSharedStrings))
	}
	sheets := firstSheet(parts)
	if sheets == nil {
		// Not found where the workbook says: every worksheet is held to the bounds.
		for name, zf := range parts {
			if strings.Contains(name, "worksheets/") && strings.HasSuffix(name, ".xml") {
				sheets = append(sheets, zf)
			}
		}
	}
	for _, zf := range sheets {
		if err := scanSheet(zf); err != nil {
			return err
		}
	}
	return nil
}

// firstSheet finds the part of the workbook's first sheet, as excelize
// does: the package's officeDocument relation, then the workbook's.
func firstSheet(parts map[string]*zip.File) []*zip.File {
	book := "xl/workbook.xml"
	if target, ok := relTarget(parts["_rels/.rels"], func(id, kind string) bool { return strings.HasSuffix(kind, "/officeDocument") }); ok {
		book = strings.TrimPrefix(target, "/")
	}
	var id string
	readPart(parts[strings.ToLower(book)], func(d *xml.Decoder, e xml.StartElement) bool {
		if e.Name.Local != "sheet" {
			return false
		}
		for _, a := range e.Attr {
			if a.Name.Local == "id" && a.Name.Space != "" {
				id = a.Value
			}
		}
		return true
	})
	if id == "" {
		return nil
	}
	rels := path.Join(path.Dir(book), "_rels", path.Base(book)+".rels")
	target, ok := relTarget(parts[strings.ToLower(rels)], func(rid, _ string) bool { return rid == id })
	if !ok {
		return nil
	}
	sheet := strings.TrimPrefix(path.Clean(path.Join(path.Dir(book), target)), "/")
	if strings.HasPrefix(target, "/") {
		sheet = strings.TrimPrefix(path.Clean(target), "/")
	}
	if zf := parts[strings.ToLower(sheet)]; zf != nil {
		return []*zip.File{zf}
	}
	return nil
}

// relTarget is the target of the first relationship of part that match takes.
func relTarget(part *zip.File, match func(id, kind string) bool) (string, bool) {
	var target string
	found := false
	readPart(part, func(d *xml.Decoder, e xml.StartElement) bool {
		if e.Name.Local != "Relationship" {
			return false
		}
		var id, kind, to string
		for _, a := range e.Attr {
			switch a.Name.Local {
			case "Id":
				id = a.Value
			case "Type":
				kind = a.Value
			case "Target":
				to = a.Value
			}
		}
		if match(id, kind) {
			target, found = strings.ReplaceAll(to, `\`, "/"), true
		}
		return found
	})
	return target, found
}

// readPart hands each start element of a small part to each until it
// answers true.
func readPart(part *zip.File, each func(*xml.Decoder, xml.StartElement) bool) {
	if part == nil {
		return
	}
	rc, err := part.Open()
	if err != nil {
		return
	}
	defer rc.Close()
	d := xml.NewDecoder(io.LimitReader(rc, maxImportPartXML))
	for {
		tok, err := d.RawToken()
		if err != nil {
			return
		}
		if e, ok := tok.(xml.StartElement); ok && each(d, e) {
			return
		}
	}
}

// scanSheet holds a worksheet's XML to the bounds: no value past
// MaxImportColumns nor more values in a row than that (repeated cells
// would each be kept), and at most MaxImportCells data rows × header width.
func scanSheet(zf *zip.File) error {
	rc, err := zf.Open()
	if err != nil {
		return httpx.Invalid("file", "import.notXlsx")
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	var row, col, inRow, width, dataRows, cells int
	var cellRef string
	var counted bool
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
		}
		switch e := tok.(type) {
		case xml.StartElement:
			switch e.Name.Local {
			case "row":
				row++
				if r := attr(e, "r"); r != "" {
					row = atoiMax(r)
				}
				col, inRow = 0, 0
			case "c":
				col++
				cellRef, counted = attr(e, "r"), false
				if cellRef != "" {
					col = columnOf(cellRef)
				}
			case "v", "f", "is":
				// A value (or formula): excelize keeps the cell, padding up to it.
				if counted {
					continue
				}
				counted = true
				inRow++
				if col > MaxImportColumns || inRow > MaxImportColumns {
					if cellRef == "" {
						cellRef, _ = excelize.CoordinatesToCellName(min(col, 16_384), row)
					}
					return httpx.Invalid("file", "import.tooWide", "cell", cellRef, "max", MaxImportColumns)
				}
				if row == 1 {
					width = max(width, col)
				} else if inRow == 1 {
					dataRows++
				}
				cells++
				if dataRows*max(width, 1) > MaxImportCells || cells > MaxImportCells {
					return httpx.Invalid("file", "import.tooManyCells", "columns", max(width, 1), "max", MaxImportCells)
				}
			}
		case xml.EndElement:
			if e.Name.Local == "sheetData" {
				return nil
			}
		}
	}
	return nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// columnOf is the column number of a cell reference (A1: 1); past the
// widest column excelize knows it answers more than that.
func columnOf(ref string) int {
	col := 0
	for _, r := range ref {
		switch {
		case r >= 'A' && r <= 'Z':
			col = col*26 + int(r-'A') + 1
		case r >= 'a' && r <= 'z':
			col = col*26 + int(r-'a') + 1
		default:
			return col
		}
		if col > 16_384 {
			return 16_385
		}
	}
	return col
}

// atoiMax reads a row number, saturating instead of overflowing.
func atoiMax(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return n
		}
		n = min(n*10+int(r-'0'), 1<<30)
	}
	return n
}
