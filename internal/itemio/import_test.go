package itemio_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/storage"
	"github.com/xuri/excelize/v2"
)

func TestImportExcelPreviewsThenWritesAllOrNothing(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	im := itemio.NewService(w.db, w.svc, storage.NewLocal(root), 5<<20, nil)
	digital := w.project(t, "Transformação Digital")
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: digital}
	before := w.count(t, `SELECT count(*) FROM item WHERE component_id = $1`, w.task)

	header := []any{"Título", "Prioridade", "progress", "Due date", "Coluna estranha"}
	rows := [][]any{header,
		{"Importada 1", "Alta", 10, "15/03/2025", "x"},
		{"Importada 2", "medium", 50.5, "2025-03-16", nil},
		{},
		{"Importada 3", "Low", 0, nil, nil},
		{"Importada 4", "Alta", 150, "31/02/2025", nil},
		{"Importada 5", "Urgentíssima", 1, nil, nil},
	}
	st, err := im.Preview(ctx, w.ana, in, "tarefas.xlsx", bytes.NewReader(xlsx(t, rows)))
	if err != nil {
		t.Fatal(err)
	}
	if st.State != "previewed" || st.TotalRows != 5 || len(st.Columns) != 4 || len(st.Unmatched) != 1 || st.Unmatched[0] != "Coluna estranha" {
		t.Fatalf("preview: %+v", st)
	}
	// The preview names each row's line in the sheet (the blank row 4 is skipped) and shows dates as read.
	if fmt.Sprint(st.PreviewRows) != "[2 3 5 6 7]" || st.Preview[0]["dueDate"] != "2025-03-15T00:00:00Z" {
		t.Fatalf("preview rows: %v %v", st.PreviewRows, st.Preview)
	}
	want := map[int]string{6: "o valor deve estar entre 0 e 100", 7: "escolha uma opção da lista"}
	found := map[int]bool{}
	for _, e := range st.Errors {
		if want[e.Row] == e.Message {
			found[e.Row] = true
		}
	}
	if len(found) != 2 || st.ErrorCount < 2 {
		t.Fatalf("errors: %+v", st.Errors)
	}
	if w.count(t, `SELECT count(*) FROM item WHERE component_id = $1`, w.task) != before {
		t.Fatal("the preview wrote items")
	}
	// With errors it cannot be written.
	if _, err := im.Confirm(ctx, w.ana, st.ImportID); !errors.Is(err, httpx.ErrInvalid) {
		t.Fatalf("confirm with errors: %v", err)
	}
	firstID := st.ImportID

	// Fixed: previewed clean, confirmed, written by the job in one go.
	rows[5] = []any{"Importada 4", "Alta", 100, "28/02/2025", nil}
	rows[6] = []any{"Importada 5", "high", 1, nil, nil}
	st, err = im.Preview(ctx, w.ana, in, "tarefas.xlsx", bytes.NewReader(xlsx(t, rows)))
	if err != nil || st.ErrorCount != 0 {
		t.Fatalf("fixed preview: %+v %v", st, err)
	}
	// The first preview, unconfirmed for over an hour, goes with the next preview (row and file).
	if _, err := w.db.Exec(ctx, `UPDATE item_import SET created_at = now() - interval '2 hours' WHERE id = $1`, firstID); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Preview(ctx, w.ana, in, "tarefas.xlsx", bytes.NewReader(xlsx(t, rows))); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Status(ctx, w.ana, firstID); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("old preview kept: %v", err)
	}
	if n := storedFiles(root); n != 2 {
		t.Fatalf("%d files stored, want the two recent previews", n)
	}
	// Another user cannot see or confirm it.
	if _, err := im.Confirm(ctx, w.bia, st.ImportID); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("bia confirms ana's import: %v", err)
	}
	queued, err := im.Confirm(ctx, w.ana, st.ImportID)
	if err != nil || queued.State != "queued" {
		t.Fatalf("confirm: %+v %v", queued, err)
	}
	worker := jobs.NewWorker(w.db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	worker.Handle(itemio.ImportJobKind, im.HandleJob)
	if ran, err := worker.RunOne(ctx, []string{itemio.ImportJobKind}); !ran || err != nil {
		t.Fatalf("job: %v %v", ran, err)
	}
	done, err := im.Status(ctx, w.ana, st.ImportID)
	if err != nil || done.State != "done" || done.DoneRows != 5 {
		t.Fatalf("status: %+v %v", done, err)
	}
	if n := w.count(t, `SELECT count(*) FROM item WHERE component_id = $1`, w.task); n != before+5 {
		t.Fatalf("%d items written", n-before)
	}
	if n := w.count(t, `SELECT count(*) FROM item_version v JOIN item i ON i.id = v.item_id
		WHERE i.title LIKE 'Importada %' AND v.operation = 'import' AND i.project_id = $1`, digital); n != 5 {
		t.Fatalf("%d import versions", n)
	}
	var first int64
	if err := w.db.QueryRow(ctx, `SELECT id FROM item WHERE title = 'Importada 1'`).Scan(&first); err != nil {
		t.Fatal(err)
	}
	stored, err := table.ValuesOf(ctx, w.db, first)
	if err != nil || stored["priority"] != "high" || stored["dueDate"] != "2025-03-15T00:00:00Z" {
		t.Fatalf("stored %v %v", stored, err)
	}
	// A second run of the same job (at-least-once delivery) writes nothing more.
	if err := im.HandleJob(ctx, jobs.Job{Kind: itemio.ImportJobKind, Payload: []byte(`{"importId": ` + itoa(st.ImportID) + `, "userId": ` + itoa(w.ana.UserID) + `}`)}); err != nil {
		t.Fatal(err)
	}
	if n := w.count(t, `SELECT count(*) FROM item WHERE component_id = $1`, w.task); n != before+5 {
		t.Fatalf("second run: %d items", n-before)
	}
	if n := storedFiles(root); n != 1 {
		t.Fatalf("%d files stored after the import, want the other preview's only", n)
	}
}

func TestImportExcelRefusesBadFiles(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	im := itemio.NewService(w.db, w.svc, storage.NewLocal(root), 1<<20, nil)
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: w.project(t, "Transformação Digital")}

	// A zip bomb: a few hundred KB that would unpack to 210 MB.
	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	fw, _ := zw.Create("xl/worksheets/sheet1.xml")
	zeros := make([]byte, 1<<20)
	for range 210 {
		_, _ = fw.Write(zeros)
	}
	_ = zw.Close()
	cases := []struct {
		name   string
		caller items.Caller
		input  itemio.ImportInput
		file   []byte
		status int
	}{
		{"zip bomb", w.ana, in, bomb.Bytes(), 413},
		{"not a spreadsheet", w.ana, in, []byte("Título;Prioridade\nx;y\n"), 400},
		{"over the size", w.ana, in, make([]byte, 2<<20), 413},
		{"header only", w.ana, in, xlsx(t, [][]any{{"Título"}}), 400},
		{"no matching column", w.ana, in, xlsx(t, [][]any{{"Nada"}, {"x"}}), 400},
		{"foreign project", w.bia, itemio.ImportInput{ComponentID: w.task, ProjectID: w.secret}, xlsx(t, [][]any{{"Título"}, {"x"}}), 404},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := im.Preview(ctx, c.caller, c.input, "x.xlsx", bytes.NewReader(c.file))
			ae, ok := httpx.AsError(err)
			if !ok || ae.Status != c.status {
				t.Fatalf("%v, want %d", err, c.status)
			}
		})
	}
	// bia reads the project but may not create items there: every row says so, nothing is written.
	st, err := im.Preview(ctx, w.bia, in, "x.xlsx", bytes.NewReader(xlsx(t, [][]any{{"Título", "Prioridade"}, {"x", "Alta"}})))
	if ae, ok := httpx.AsError(err); !ok || ae.Status != 403 {
		t.Fatalf("bia's import: %+v %v", st, err)
	}
	if n := w.count(t, `SELECT count(*) FROM item_import`); n != 0 {
		t.Fatalf("%d refused imports kept", n)
	}
	if stored := storedFiles(root); stored != 0 {
		t.Fatalf("%d refused files kept", stored)
	}
}

func TestImportExcelOverHTTP(t *testing.T) {
	w := newWorld(t)
	ana := w.server(t, w.ana, filepath.Join(t.TempDir(), "files"), 1<<20)
	book := xlsx(t, [][]any{{"TITLE", "Priority"}, {"Via HTTP", "High"}})
	code, body := ana.multipart("/genericItem/importExcel", "en", part{"componentId", "", []byte(itoa(w.task))},
		part{"projectId", "", []byte(itoa(w.project(t, "Transformação Digital")))}, part{"file", "planilha.xlsx", book})
	if code != 200 || body["state"] != "previewed" || body["errorCount"] != float64(0) || bodyMessage(body) != "Spreadsheet checked: 1 row(s), 0 error(s)." {
		t.Fatalf("preview: %d %v", code, body)
	}
	id := itoa(int64(body["importId"].(float64)))
	req, _ := http.NewRequest("POST", ana.url+"/genericItem/importExcel", strings.NewReader(`{"importId": `+id+`, "confirm": true}`))
	req.Header.Set("Content-Type", "application/json")
	if code, body := ana.do(req, "pt-BR"); code != 200 || body["state"] != "queued" || bodyMessage(body) != "Importação na fila: 1 linha(s) serão gravadas de uma vez." {
		t.Fatalf("confirm: %d %v", code, body)
	}
	if code, body := ana.get("/genericItem/getImportStatus?importId="+id, "pt-BR"); code != 200 || body["state"] != "queued" {
		t.Fatalf("status: %d %v", code, body)
	}
	// Confirming twice is a conflict; a body without importId, a file without a type: 4xx with a Message.
	req, _ = http.NewRequest("POST", ana.url+"/genericItem/importExcel", strings.NewReader(`{"importId": `+id+`, "confirm": true}`))
	if code, body := ana.do(req, "en"); code != 409 || bodyMessage(body) != "This import is not ready to be written (state queued)." {
		t.Fatalf("second confirm: %d %v", code, body)
	}
	req, _ = http.NewRequest("POST", ana.url+"/genericItem/importExcel", strings.NewReader(`{}`))
	if code, body := ana.do(req, "en"); code != 400 || bodyMessage(body) != "Give the import (importId) or send the file." {
		t.Fatalf("empty body: %d %v", code, body)
	}
	if code, body := ana.multipart("/genericItem/importExcel", "en", part{"file", "planilha.xlsx", book}); code != 404 || bodyMessage(body) == "" {
		t.Fatalf("no type: %d %v", code, body)
	}
}

// The import asks each existence check once per value (memoTx): an option
// refused or accepted once is refused or accepted on every row that repeats it.
func TestImportExcelRepeatedValuesAreCheckedOnEveryRow(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	im := itemio.NewService(w.db, w.svc, storage.NewLocal(filepath.Join(t.TempDir(), "files")), 5<<20, nil)
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: w.project(t, "Transformação Digital")}
	rows := [][]any{{"Título", "Prioridade"}}
	for i := range 6 {
		rows = append(rows, []any{fmt.Sprintf("Repetida %d", i), []string{"Alta", "Urgentíssima"}[i%2]})
	}
	st, err := im.Preview(ctx, w.ana, in, "repetidas.xlsx", bytes.NewReader(xlsx(t, rows)))
	if err != nil {
		t.Fatal(err)
	}
	var refused []int
	for _, e := range st.Errors {
		refused = append(refused, e.Row)
	}
	if fmt.Sprint(refused) != "[3 5 7]" || st.ErrorCount != 3 {
		t.Fatalf("refused rows %v (%d errors), want [3 5 7]", refused, st.ErrorCount)
	}
}

// A decimal cell is stored in the file in binary floating point: 9.14 is
// 9.1400000000000006 there as Excel writes it (17 significant digits; common
// libraries write 16). The import reads it as Excel shows it, to 15
// significant digits, so it fits 2 decimal places; a value truly longer than
// its scale is still refused.
func TestImportExcelReadsDecimalsAsExcelShowsThem(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	im := itemio.NewService(w.db, w.svc, storage.NewLocal(filepath.Join(t.TempDir(), "files")), 5<<20, nil)
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: w.project(t, "Transformação Digital")}
	book := excelize.NewFile()
	defer book.Close()
	for i, row := range [][]any{{"Título", "Prioridade", "cost", "progress"},
		{"Custo com ruído", "Alta"}, {"Custo grande", "Alta"}, {"Custo longo", "Alta"}} {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := book.SetSheetRow("Sheet1", cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	// Written with a fixed count of decimals, as Excel and LibreOffice store a double.
	for _, c := range []struct {
		cell     string
		value    float64
		decimals int
		raw      string
	}{
		{"C2", 9.14, 16, "9.1400000000000006"},
		{"D2", 0.3, 17, "0.29999999999999999"},
		{"C3", 1234567.89, 10, "1234567.8899999999"},
		{"D3", 12.5, 0, "12"},
		{"C4", 9.145, 3, "9.145"},
		{"D4", 1, 0, "1"},
	} {
		if err := book.SetCellFloat("Sheet1", c.cell, c.value, c.decimals, 64); err != nil {
			t.Fatal(err)
		}
		if v, _ := book.GetCellValue("Sheet1", c.cell, excelize.Options{RawCellValue: true}); v != c.raw {
			t.Fatalf("%s holds %q, not %q", c.cell, v, c.raw)
		}
	}
	var buf bytes.Buffer
	if err := book.Write(&buf); err != nil {
		t.Fatal(err)
	}
	st, err := im.Preview(ctx, w.ana, in, "custos.xlsx", &buf)
	if err != nil {
		t.Fatal(err)
	}
	if st.ErrorCount != 1 || st.Errors[0].Row != 4 || st.Errors[0].Message != "use no máximo 2 casas decimais" {
		t.Fatalf("errors: %+v", st.Errors)
	}
	if got := fmt.Sprint(st.Preview[0]["cost"], " ", st.Preview[1]["cost"], " ", st.Preview[0]["progress"]); got != "9.14 1234567.89 0.3" {
		t.Fatalf("read as %s", got)
	}
}
