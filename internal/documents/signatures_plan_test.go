package documents_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/documents"
)

// A stamp keeps the original: its new version counts whole against the
// plan's storage, and the usage counts both versions.
func TestStampCountsInThePlanStorage(t *testing.T) {
	w := newSignWorld(t)
	ctx := context.Background()
	t.Cleanup(func() { _, _ = w.db.Exec(context.Background(), `UPDATE plan SET max_storage_bytes = NULL`) })
	ana := w.server(t, w.ana)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	contract := onePagePDF(strings.Repeat("Contrato de servico ", 3000))
	file := ana.uploadOne(item, "contrato.pdf", contract)
	if code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "senha-de-ana"}`); code != 200 {
		t.Fatalf("sign: %d %v", code, body)
	}
	setRoom := func(room int64) {
		t.Helper()
		used, err := planlimit.StorageUsed(ctx, w.db)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.db.Exec(ctx, `UPDATE plan SET max_storage_bytes = $1`, used.Total()+room); err != nil {
			t.Fatal(err)
		}
	}
	// Room for a third of the file: the stamped copy (as large as the
	// original and more) does not fit.
	setRoom(int64(len(contract) / 3))
	code, body := ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+file+`}`)
	if code != 409 || !strings.Contains(bodyMessage(body), "armazenamento") {
		t.Fatalf("stamp past the plan: %d %v", code, body)
	}
	if info := ana.signaturesOf(item, file); info["stamped"] != false || len(info["versions"].([]any)) != 0 {
		t.Fatalf("refused stamp left %v", info)
	}
	setRoom(int64(3 * len(contract)))
	if code, body = ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+file+`}`); code != 200 {
		t.Fatalf("stamp: %d %v", code, body)
	}
	used, err := planlimit.StorageUsed(ctx, w.db)
	if err != nil {
		t.Fatal(err)
	}
	var current, kept int64
	if err := w.db.QueryRow(ctx, `SELECT (SELECT sum(size) FROM item_file), (SELECT sum(size) FROM item_file_version)`).Scan(&current, &kept); err != nil {
		t.Fatal(err)
	}
	if kept != int64(len(contract)) || used.FileBytes != current+kept {
		t.Fatalf("usage %d, files %d + kept versions %d", used.FileBytes, current, kept)
	}
}

// A stamped digital content replaced by a new upload takes its kept
// original with it: no stored bytes are left that no row names.
func TestReplacedStampedContentLeavesNoBytes(t *testing.T) {
	w := newSignWorld(t)
	ana := w.server(t, w.ana)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	code, body := ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"kind", "", []byte("content")}, part{"files", "v1.pdf", onePagePDF("Conteudo")})
	if code != 200 {
		t.Fatalf("upload content: %d %v", code, body)
	}
	file := itoa(int64(body["files"].([]any)[0].(map[string]any)["id"].(float64)))
	if code, body = ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "senha-de-ana"}`); code != 200 {
		t.Fatalf("sign: %d %v", code, body)
	}
	if code, body = ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+file+`}`); code != 200 {
		t.Fatalf("stamp: %d %v", code, body)
	}
	if n := ana.stored(); n != 2 {
		t.Fatalf("%d stored files after the stamp, want the original and the stamped copy", n)
	}
	if code, body = ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"kind", "", []byte("content")}, part{"files", "v2.pdf", onePagePDF("Novo")}); code != 200 {
		t.Fatalf("replace content: %d %v", code, body)
	}
	if n := ana.stored(); n != 1 {
		t.Fatalf("%d stored files after the replacement, want 1 (the kept original left behind)", n)
	}
}

// A file stored under a larger upload limit than today's is still signed, its
// bytes checked through the digest rather than read into memory up to a bound;
// bytes changed on the storage are refused with nothing recorded.
func TestSignLargeStoredFileAndTamperedBytes(t *testing.T) {
	w := newSignWorld(t)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	big := w.fileServer(t, w.ana, w.root, documents.FileLimits{MaxSize: 8 << 20, MaxCount: 10})
	large := big.uploadOne(item, "grande.pdf", append(onePagePDF("Grande"), bytes.Repeat([]byte("%"), 4<<20)...))
	ana := w.server(t, w.ana) // 1 MB uploads
	if code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+large+`, "password": "senha-de-ana"}`); code != 200 {
		t.Fatalf("sign a 4 MB file stored before the limit went down: %d %v", code, body)
	}
	// Stamping it would read 4 MB where the limit allows 3: refused as an
	// upload over the limit, not as changed bytes.
	if code, body := ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+large+`}`); code != 413 ||
		!strings.HasPrefix(bodyMessage(body), "O arquivo grande.pdf passa do limite de") {
		t.Fatalf("stamp a file over today's limit: %d %v", code, body)
	}
	small := ana.uploadOne(item, "pequeno.pdf", onePagePDF("Pequeno"))
	var key string
	if err := w.db.QueryRow(context.Background(), `SELECT storage_key FROM item_file WHERE id = $1`, small).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.root, filepath.FromSlash(key)), onePagePDF("Trocado"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+small+`, "password": "senha-de-ana"}`)
	if code != 409 || bodyMessage(body) != "O arquivo armazenado não confere com o registrado (SHA-256): nada foi feito." {
		t.Fatalf("sign changed bytes: %d %v", code, body)
	}
	if info := ana.signaturesOf(item, small); len(info["signatures"].([]any)) != 0 {
		t.Fatalf("a signature of changed bytes was recorded: %v", info)
	}
}

// Bad ids and versions of the download calls are 4xx, never a 500.
func TestSignatureDownloadsRefuseBadInput(t *testing.T) {
	w := newSignWorld(t)
	ana := w.server(t, w.ana)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	file := ana.uploadOne(item, "a.pdf", onePagePDF("A"))
	for _, path := range []string{
		"/genericItem/downloadFileVersion?fileId=" + file + "&version=9999999999",
		"/genericItem/downloadFileVersion?fileId=" + file + "&version=-1",
		"/genericItem/downloadFileVersion?fileId=" + file + "&version=x",
		"/genericItem/downloadFileVersion?fileId=" + file,
		"/genericItem/downloadFileVersion?fileId=99999999999999&version=1",
		"/genericItem/downloadSignatureProtocol?signatureId=99999999999999999999",
		"/genericItem/downloadSignatureProtocol?signatureId=-5",
		"/genericItem/downloadSignatureProtocol",
		"/genericItem/loadFileSignatures?itemId=99999999999",
		"/genericItem/loadFileSignatures?itemId=" + item + "&componentId=99999999999",
	} {
		if code, body := ana.raw(path); code < 400 || code >= 500 {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
}

// Two stamps of one file at once make one new version: the other is
// refused and its stamped copy is not left on the storage.
func TestTwoStampsAtOnceMakeOneVersion(t *testing.T) {
	w := newSignWorld(t)
	ana := w.server(t, w.ana)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	file := ana.uploadOne(item, "contrato.pdf", onePagePDF("Contrato"))
	if code, body := ana.post("/genericItem/signFileAttachment", "pt-BR", `{"attachment": `+file+`, "password": "senha-de-ana"}`); code != 200 {
		t.Fatalf("sign: %d %v", code, body)
	}
	codes := make(chan int, 2)
	for range 2 {
		go func() {
			code, _ := ana.post("/genericItem/stampFileAttachment", "pt-BR", `{"attachment": `+file+`}`)
			codes <- code
		}()
	}
	a, b := <-codes, <-codes
	if a+b != 200+400 && a+b != 200+409 {
		t.Fatalf("two stamps answered %d and %d, want one 200 and one refusal", a, b)
	}
	info := ana.signaturesOf(item, file)
	if info["version"] != float64(2) || len(info["versions"].([]any)) != 1 || ana.stored() != 2 {
		t.Fatalf("after two stamps: %v, %d stored", info, ana.stored())
	}
}
