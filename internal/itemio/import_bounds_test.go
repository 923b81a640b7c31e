package itemio_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/storage"
)

// withSheet is an xlsx made by excelize whose first sheet's rows are
// sheetData (the <row> elements), and whose other parts are extra.
func withSheet(t *testing.T, sheetData string, extra map[string][]byte) []byte {
	t.Helper()
	book := xlsx(t, [][]any{{"Título"}})
	zr, err := zip.NewReader(bytes.NewReader(book), int64(len(book)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, zf := range zr.File {
		fw, _ := zw.Create(zf.Name)
		if zf.Name == "xl/worksheets/sheet1.xml" {
			_, _ = io.WriteString(fw, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+
				`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`+sheetData+`</sheetData></worksheet>`)
			continue
		}
		rc, _ := zf.Open()
		_, _ = io.Copy(fw, rc)
		rc.Close()
	}
	for name, data := range extra {
		fw, _ := zw.Create(name)
		_, _ = fw.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// sparseWide has the header, then rows rows with a title and a value in
// column XFD (16,384): about 10 KB that excelize's row reader pads to 16,384
// cells a row.
func sparseWide(t *testing.T, rows int) []byte {
	var sb strings.Builder
	sb.WriteString(`<row r="1"><c r="A1" t="inlineStr"><is><t>Título</t></is></c></row>`)
	for r := 2; r <= rows+1; r++ {
		fmt.Fprintf(&sb, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>Linha</t></is></c><c r="XFD%d"><v>1</v></c></row>`, r, r, r)
	}
	return withSheet(t, sb.String(), nil)
}

func TestImportRefusesASparseWideSheetWithinAMemoryBound(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	im := itemio.NewService(w.db, w.svc, storage.NewLocal(root), 5<<20, nil)
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: w.project(t, "Transformação Digital")}
	book := sparseWide(t, 1000)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := im.Preview(ctx, w.ana, in, "larga.xlsx", bytes.NewReader(book))
	runtime.ReadMemStats(&after)
	// Padded, the 1,000 rows took 16,384 strings each: 1.1 GB allocated;
	// bounded, 0.35 MB.
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 16<<20 {
		t.Errorf("reading a %d KB sheet allocated %d MB", len(book)>>10, grown>>20)
	}
	ae, ok := httpx.AsError(err)
	if !ok || ae.Status != 400 || ae.Key != "import.tooWide" {
		t.Fatalf("sparse wide sheet: %v", err)
	}
	if n := storedFiles(root); n != 0 {
		t.Fatalf("%d refused files kept", n)
	}

	ana := w.server(t, w.ana, filepath.Join(t.TempDir(), "files"), 5<<20)
	for lang, want := range map[string]string{
		"pt-BR": "A planilha tem um valor na célula XFD2, além das 256 colunas que a importação lê. Apague as colunas a mais e envie de novo.",
		"en":    "The spreadsheet has a value in cell XFD2, beyond the 256 columns an import reads. Delete the extra columns and send it again.",
	} {
		code, body := ana.multipart("/genericItem/importExcel", lang, part{"componentId", "", []byte(itoa(w.task))},
			part{"projectId", "", []byte(itoa(in.ProjectID))}, part{"file", "larga.xlsx", book})
		if code != 400 || bodyMessage(body) != want {
			t.Fatalf("%s: %d %v", lang, code, body)
		}
	}
}

func TestImportBoundsTheSheetsCellsAndStrings(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	im := itemio.NewService(w.db, w.svc, storage.NewLocal(filepath.Join(t.TempDir(), "files")), 20<<20, nil)
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: w.project(t, "Transformação Digital")}

	// A header 256 columns wide over 7,813 rows: 2,000,128 cells.
	var wide strings.Builder
	wide.WriteString(`<row r="1"><c r="A1" t="inlineStr"><is><t>Título</t></is></c><c r="IV1" t="inlineStr"><is><t>Fim</t></is></c></row>`)
	for r := 2; r <= 7814; r++ {
		fmt.Fprintf(&wide, `<row r="%d"><c r="A%d"><v>%d</v></c></row>`, r, r, r)
	}
	// One row holding the same cell 300 times: each would be kept.
	var repeated strings.Builder
	repeated.WriteString(`<row r="1"><c r="A1" t="inlineStr"><is><t>Título</t></is></c></row><row r="2">`)
	for range 300 {
		repeated.WriteString(`<c r="A2"><v>1</v></c>`)
	}
	repeated.WriteString(`</row>`)
	// Shared strings past their cap.
	strs := bytes.Repeat([]byte(`<si><t>a</t></si>`), itemio.MaxImportSharedStrings/17+1)
	cases := []struct {
		name, key string
		status    int
		book      []byte
	}{
		{"too many cells", "import.tooManyCells", 400, withSheet(t, wide.String(), nil)},
		{"a cell repeated", "import.tooWide", 400, withSheet(t, repeated.String(), nil)},
		{"shared strings", "import.stringsTooBig", 413, withSheet(t, `<row r="1"><c r="A1"><v>1</v></c></row>`,
			map[string][]byte{"xl/sharedStrings.xml": strs})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := im.Preview(ctx, w.ana, in, "x.xlsx", bytes.NewReader(c.book))
			ae, ok := httpx.AsError(err)
			if !ok || ae.Status != c.status || ae.Key != c.key {
				t.Fatalf("%v, want %d %s", err, c.status, c.key)
			}
			for _, lang := range []i18n.Lang{"pt-BR", "en"} {
				if msg := i18n.T(lang, ae.Key, ae.Args...); msg == ae.Key || strings.Contains(msg, "{") {
					t.Errorf("%s: %q", lang, msg)
				}
			}
		})
	}
	// Cells past the header but within the bounds are read and ignored.
	st, err := im.Preview(ctx, w.ana, in, "x.xlsx", bytes.NewReader(withSheet(t,
		`<row r="1"><c r="A1" t="inlineStr"><is><t>Título</t></is></c><c r="B1" t="inlineStr"><is><t>Prioridade</t></is></c></row>`+
			`<row r="2"><c r="A2" t="inlineStr"><is><t>Dentro</t></is></c><c r="B2" t="inlineStr"><is><t>Alta</t></is></c>`+
			`<c r="IV2"><v>7</v></c></row>`, nil)))
	if err != nil || st.TotalRows != 1 || st.ErrorCount != 0 {
		t.Fatalf("a note past the header: %+v %v", st, err)
	}
}

// The right to create is checked before the file is stored or read: a
// reader of the type gets the refusal, not the sheet's problems.
func TestImportChecksTheRightToCreateBeforeReadingTheSheet(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	im := itemio.NewService(w.db, w.svc, storage.NewLocal(root), 5<<20, nil)
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: w.project(t, "Transformação Digital")}
	for name, file := range map[string][]byte{"not a spreadsheet": []byte("Título;Prioridade\n"), "sparse wide": sparseWide(t, 1000)} {
		t.Run(name, func(t *testing.T) {
			_, err := im.Preview(ctx, w.bia, in, "x.xlsx", bytes.NewReader(file))
			if ae, ok := httpx.AsError(err); !ok || ae.Status != 403 || ae.Key != "forms.cannotCreate" {
				t.Fatalf("bia's import: %v", err)
			}
		})
	}
	if n := storedFiles(root); n != 0 {
		t.Fatalf("%d refused files stored", n)
	}
}
