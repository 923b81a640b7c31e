package itemio_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/storage"
)

// bigBook is a spreadsheet of a few hundred KB: valid titles and a column
// the form does not have, filled with random text so it does not compress.
func bigBook(t *testing.T) []byte {
	t.Helper()
	rows := [][]any{{"Título", "Prioridade", "Notas soltas"}}
	junk := make([]byte, 750)
	for i := range 250 {
		if _, err := rand.Read(junk); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, []any{"Planilha grande " + itoa(int64(i)), "Alta", base64.StdEncoding.EncodeToString(junk)})
	}
	return xlsx(t, rows)
}

// A kept import spreadsheet counts in the plan's storage, and its upload is
// refused past the limit like an attachment's: 409 in both languages, nothing
// kept, and concurrent uploads cannot share the last room.
func TestImportUploadsKeepToThePlansStorageLimit(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	ana := w.server(t, w.ana, root, 5<<20)
	book := bigBook(t)
	size := int64(len(book))
	if size < 150<<10 {
		t.Fatalf("the spreadsheet has %d bytes, too few to tell the limit from the database's growth", size)
	}
	project := []byte(itoa(w.project(t, "Transformação Digital")))
	preview := func(lang string) (int, map[string]any) {
		t.Helper()
		return ana.multipart("/genericItem/importExcel", lang, part{"componentId", "", []byte(itoa(w.task))},
			part{"projectId", "", project}, part{"file", "planilha.xlsx", book})
	}
	used := func() planlimit.Storage {
		t.Helper()
		u, err := planlimit.StorageUsed(ctx, w.db)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	imports := func() int { return w.count(t, `SELECT count(*) FROM item_import`) }
	setLimit := func(room int64) int64 {
		t.Helper()
		// A whole number of KB, so the message quotes it as the plan page would.
		limit := (used().Total() + room + 1023) / 1024 * 1024
		if _, err := w.db.Exec(ctx, `UPDATE plan SET max_storage_bytes = $1`, limit); err != nil {
			t.Fatal(err)
		}
		return limit
	}

	// Without a limit the preview keeps its file, and the usage counts it.
	before := used().FileBytes
	code, body := preview("en")
	if code != 200 || body["state"] != "previewed" || body["errorCount"] != float64(0) {
		t.Fatalf("preview: %d %v, %v errors", code, bodyMessage(body), body["errorCount"])
	}
	first := itoa(int64(body["importId"].(float64)))
	var recorded int64
	if err := w.db.QueryRow(ctx, `SELECT file_size FROM item_import WHERE id = $1`, first).Scan(&recorded); err != nil || recorded != size {
		t.Fatalf("recorded size %d (%v), the file has %d", recorded, err, size)
	}
	if got := used().FileBytes - before; got != size {
		t.Fatalf("the usage grew by %d bytes with a kept spreadsheet of %d", got, size)
	}

	// Room for one more with a margin: it passes.
	setLimit(size + size/2)
	if code, body := preview("pt-BR"); code != 200 || body["state"] != "previewed" {
		t.Fatalf("preview within the plan: %d %v", code, body)
	}
	if got := used().FileBytes - before; got != 2*size {
		t.Fatalf("two kept spreadsheets count %d bytes, want %d", got, 2*size)
	}

	// Room for half of one: refused in both languages, nothing kept.
	limit := setLimit(size / 2)
	want := map[string]string{
		"pt-BR": "O plano contratado permite no máximo " + planlimit.HumanBytes(limit) + " de armazenamento; o arquivo não foi enviado.",
		"en":    "The contracted plan allows at most " + planlimit.HumanBytes(limit) + " of storage; the file was not uploaded.",
	}
	for lang, msg := range want {
		if code, body := preview(lang); code != 409 || bodyMessage(body) != msg {
			t.Fatalf("%s: past the plan: %d %v", lang, code, body)
		}
	}
	if n, stored := imports(), ana.stored(); n != 2 || stored != 2 {
		t.Fatalf("a refused import left %d rows, %d stored files", n-2, stored-2)
	}

	// No room at all: refused before the file is received.
	setLimit(-(1 << 20))
	if code, body := preview("en"); code != 409 || bodyMessage(body) == "" || ana.stored() != 2 {
		t.Fatalf("no room: %d %v, %d stored", code, body, ana.stored())
	}

	// A written import has removed its file: no longer counted.
	if _, err := w.db.Exec(ctx, `UPDATE plan SET max_storage_bytes = NULL`); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", ana.url+"/genericItem/importExcel", strings.NewReader(`{"importId": `+first+`, "confirm": true}`))
	req.Header.Set("Content-Type", "application/json")
	if code, body := ana.do(req, "en"); code != 200 || body["state"] != "queued" {
		t.Fatalf("confirm: %d %v", code, body)
	}
	worker := jobs.NewWorker(w.db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	worker.Handle(itemio.ImportJobKind, itemio.NewService(w.db, w.svc, storage.NewLocal(root), 5<<20, nil).HandleJob)
	if ran, err := worker.RunOne(ctx, []string{itemio.ImportJobKind}); !ran || err != nil {
		t.Fatalf("job: %v %v", ran, err)
	}
	if got := used().FileBytes - before; got != size || ana.stored() != 1 {
		t.Fatalf("after the import was written the usage counts %d bytes, %d files stored; want %d, 1", got, ana.stored(), size)
	}

	// Room for one and four uploads at once: the plan row is locked while
	// each records its file, so exactly one passes.
	limit = setLimit(size + size/2)
	filesBefore := used().FileBytes
	var wg sync.WaitGroup
	codes := make([]int, 4)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = preview("en")
		}()
	}
	wg.Wait()
	passed := 0
	for _, c := range codes {
		switch c {
		case 200:
			passed++
		case 409:
		default:
			t.Fatalf("concurrent imports answered %v", codes)
		}
	}
	// The files, not the whole usage: the database's own size moves with
	// whatever else the shared server does (a loaded CI once went 140 KB over).
	if n, added := imports(), used().FileBytes-filesBefore; passed != 1 || n != 3 || ana.stored() != 2 || added != size {
		t.Fatalf("concurrent imports: %v, %d rows, %d stored, %d bytes added (one file is %d; limit %d)", codes, n, ana.stored(), added, size, limit)
	}
}
