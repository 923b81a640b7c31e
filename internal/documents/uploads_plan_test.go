package documents_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/documents"
)

// pdfOf is a PDF of n bytes.
func pdfOf(n int) []byte { return append([]byte("%PDF-1.7\n"), make([]byte, n-9)...) }

// The plan's storage limit counts the database and the stored files; an
// upload that would pass it is refused in both languages and leaves neither
// a file nor a row; concurrent uploads cannot share the last room.
func TestUploadsKeepToThePlansStorageLimit(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	limits := documents.FileLimits{MaxSize: 1 << 20, MaxCount: 20}
	root := filepath.Join(t.TempDir(), "files")
	ana := w.fileServer(t, w.ana, root, limits)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	files := func() (n int, bytes int64) {
		t.Helper()
		if err := w.db.QueryRow(ctx, `SELECT count(*), coalesce(sum(size), 0) FROM item_file`).Scan(&n, &bytes); err != nil {
			t.Fatal(err)
		}
		return n, bytes
	}
	setLimit := func(room int64) int64 {
		t.Helper()
		used, err := planlimit.StorageUsed(ctx, w.db)
		if err != nil {
			t.Fatal(err)
		}
		// A whole number of KB, so the message quotes it as the plan page would.
		limit := (used.Total() + room + 1023) / 1024 * 1024
		if _, err := w.db.Exec(ctx, `UPDATE plan SET max_storage_bytes = $1`, limit); err != nil {
			t.Fatal(err)
		}
		return limit
	}

	// Room for 400 KB: two files of 100 KB pass, and the usage counts them.
	setLimit(400 << 10)
	if code, body := ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"files", "a.pdf", pdfOf(100 << 10)},
		part{"files", "b.pdf", pdfOf(100 << 10)}); code != 200 {
		t.Fatalf("upload within the plan: %d %v", code, body)
	}
	used, err := planlimit.StorageUsed(ctx, w.db)
	if err != nil {
		t.Fatal(err)
	}
	if n, sum := files(); n != 2 || used.FileBytes != sum || sum != 200<<10 {
		t.Fatalf("%d files, %d bytes; usage counts %d", n, sum, used.FileBytes)
	}

	// 300 KB more would pass the limit: refused whole (the first file of
	// the call too), in both languages, nothing stored.
	limit := setLimit(250 << 10)
	want := map[string]string{
		"pt-BR": "O plano contratado permite no máximo " + planlimit.HumanBytes(limit) + " de armazenamento; o arquivo não foi enviado.",
		"en":    "The contracted plan allows at most " + planlimit.HumanBytes(limit) + " of storage; the file was not uploaded.",
	}
	for lang, msg := range want {
		code, body := ana.upload(lang, part{"itemId", "", []byte(item)}, part{"files", "c.pdf", pdfOf(150 << 10)},
			part{"files", "d.pdf", pdfOf(150 << 10)})
		if code != 409 || bodyMessage(body) != msg {
			t.Fatalf("%s: past the plan: %d %v", lang, code, body)
		}
	}
	if n, _ := files(); n != 2 || ana.stored() != 2 {
		t.Fatalf("a refused upload left %d rows, %d stored files", n-2, ana.stored()-2)
	}

	// No room at all: refused before a byte is received.
	setLimit(-(1 << 20))
	if code, body := ana.upload("en", part{"itemId", "", []byte(item)}, part{"files", "e.pdf", pdfOf(1 << 10)}); code != 409 || ana.stored() != 2 {
		t.Fatalf("no room: %d %v, %d stored", code, body, ana.stored())
	}

	// Room for one 500 KB file and six uploads of one at once: the plan row
	// is locked while each commits, so exactly one passes. The usage counts
	// the database's size too, which grows on its own (autovacuum's forks,
	// the uploads' rows: 160 KB once on a loaded machine): the room leaves
	// 250 KB for it, and the files are what is checked.
	_, before := files()
	limit = setLimit(750 << 10)
	var wg sync.WaitGroup
	codes := make([]int, 6)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = ana.upload("en", part{"itemId", "", []byte(item)}, part{"files", "r.pdf", pdfOf(500 << 10)})
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
			t.Fatalf("concurrent uploads answered %v", codes)
		}
	}
	if n, after := files(); passed != 1 || n != 3 || ana.stored() != 3 || after-before != 500<<10 {
		t.Fatalf("concurrent uploads: %v, %d rows, %d stored, %d bytes added (limit %d)", codes, n, ana.stored(), after-before, limit)
	}

	// Without a limit, anything within the file limit passes again.
	if _, err := w.db.Exec(ctx, `UPDATE plan SET max_storage_bytes = NULL`); err != nil {
		t.Fatal(err)
	}
	if code, body := ana.upload("en", part{"itemId", "", []byte(item)}, part{"files", "f.pdf", pdfOf(500 << 10)}); code != 200 {
		t.Fatalf("unlimited: %d %v", code, body)
	}
}
