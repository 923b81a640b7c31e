package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/storage"
	"github.com/tramita/tramita/internal/testkit"
)

// A full disk on upload answers 507 in the caller's language and leaves no
// file (neither the part written nor the upload's earlier ones) and no row.
// One disk fails with ENOSPC as the kernel does; a real 1 MB tmpfs needs root.
func TestFullDiskOnUploadAnswers507AndLeavesNothing(t *testing.T) {
	t.Run("disk with room for 16 KB", func(t *testing.T) {
		root := t.TempDir()
		disk := &smallDisk{Local: storage.NewLocal(root), size: 16 << 10}
		testFullDisk(t, root, disk, disk.empty, 64<<10)
	})
	t.Run("tmpfs of 1 MB", func(t *testing.T) {
		root := t.TempDir()
		if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", root).CombinedOutput(); err != nil {
			t.Skipf("mounting a tmpfs needs root (the other case covers a full disk without it): %v %s", err, out)
		}
		t.Cleanup(func() { _ = exec.Command("umount", root).Run() })
		testFullDisk(t, root, storage.NewLocal(root), func() {}, 1<<20+128<<10)
	})
}

// smallDisk is a local store on a disk of size bytes: the write that passes
// the room left fails with ENOSPC, after the bytes that fit were written.
type smallDisk struct {
	*storage.Local
	size int64
	mu   sync.Mutex
	room int64
}

// empty gives the disk all its room back (the store removed what a refused
// request wrote).
func (d *smallDisk) empty() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.room = d.size
}

func (d *smallDisk) Put(ctx context.Context, key string, r io.Reader, max int64) (int64, error) {
	return d.Local.Put(ctx, key, &filling{r: r, d: d}, max)
}

// filling hands the store its bytes until the disk is full, then the
// kernel's error: io.Copy in the store meets it where a write would.
type filling struct {
	r io.Reader
	d *smallDisk
}

func (f *filling) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	f.d.mu.Lock()
	defer f.d.mu.Unlock()
	if int64(n) > f.d.room {
		n = int(f.d.room)
		f.d.room = 0
		return n, &os.PathError{Op: "write", Path: "files", Err: syscall.ENOSPC}
	}
	f.d.room -= int64(n)
	return n, err
}

const diskPackage = `
key: disk
application: {name: {pt-BR: Disco, en: Disk}}
groups: [Todos]
components:
  - key: note
    name: {pt-BR: Nota, en: Note}
    permissions:
      - {group: Todos, rights: [read, create, update]}
    statuses:
      - {key: open, name: {pt-BR: Aberta, en: Open}, initial: true}
    forms:
      - key: default
        name: {pt-BR: Nota, en: Note}
        tree:
          kind: panel
          children:
            - {kind: textbox, field: Title, required: true}
`

// testFullDisk runs the uploads against store (whose files are under
// root); refill gives the disk its room back before each request; big is a
// size the disk cannot hold.
func testFullDisk(t *testing.T, root string, store storage.Store, refill func(), big int) {
	ctx := context.Background()
	url := testkit.DatabaseURL(t)
	app, err := Open(ctx, Options{
		Config: config.Config{DatabaseURL: url, AdminPassword: robustAdminPassword, LogFormat: "text", LogLevel: "error",
			TokenTTL: time.Hour, SessionLifetime: 8 * time.Hour},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Version: "test", Notice: io.Discard,
		Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		Storage: store,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(func() { srv.Close(); app.Close() })
	db, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	p, err := apppkg.Parse("disk.yaml", []byte(diskPackage))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, db, "disk.yaml", p); err != nil {
		t.Fatal(err)
	}
	var note, item int64
	if err := db.QueryRow(ctx, `SELECT id FROM component WHERE key = 'note'`).Scan(&note); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `INSERT INTO item (component_id, number, title, status_id, creator_id)
		SELECT $1, 1, 'Com anexos', s.id, u.id FROM item_status s, app_user u WHERE s.component_id = $1 AND u.login = 'admin'
		RETURNING id`, note).Scan(&item); err != nil {
		t.Fatal(err)
	}
	// No values: the item's row of the type's table, as the core writes it.
	if err := table.Copy(ctx, db, note); err != nil {
		t.Fatal(err)
	}
	token := signInAdmin(t, srv.URL)

	type part struct{ name, content string }
	send := func(path, lang string, fields map[string]string, files ...part) (int, string) {
		t.Helper()
		refill()
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		for k, v := range fields {
			_ = mw.WriteField(k, v)
		}
		for _, f := range files {
			fw, _ := mw.CreateFormFile("files", f.name)
			_, _ = io.WriteString(fw, f.content)
		}
		_ = mw.Close()
		req, _ := http.NewRequest("POST", srv.URL+path, &body)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept-Language", lang)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		var e struct{ Message string }
		_ = json.Unmarshal(b, &e)
		msg, _, _ := strings.Cut(e.Message, httpx.DetailMarker)
		if res.StatusCode != http.StatusOK && msg == "" {
			t.Errorf("%s: %d without a Message: %s", path, res.StatusCode, b)
		}
		return res.StatusCode, msg
	}
	text := func(n int) string { return strings.Repeat("linha de texto do anexo\n", n/24+1)[:n] }
	want := map[string]string{
		"en":    "The file storage is full. Nothing was saved; tell the administrator.",
		"pt-BR": "Não há espaço no armazenamento de arquivos. Nada foi gravado; avise o administrador.",
	}
	ids := map[string]string{"itemId": fmt.Sprint(item), "componentId": fmt.Sprint(note)}
	for lang, msg := range want {
		// The first file fits; the second fills the disk: neither is kept.
		code, got := send("/api/genericItem/uploadFiles", lang, ids, part{"ata.txt", text(2 << 10)}, part{"planta.txt", text(big)})
		if code != http.StatusInsufficientStorage || got != msg {
			t.Errorf("uploadFiles, %s: %d %q, want 507 %q", lang, code, got, msg)
		}
		// importExcel keeps the spreadsheet before reading it.
		code, got = send("/api/genericItem/importExcel", lang, map[string]string{"componentId": fmt.Sprint(note)}, part{"notas.xlsx", text(big)})
		if code != http.StatusInsufficientStorage || got != msg {
			t.Errorf("importExcel, %s: %d %q, want 507 %q", lang, code, got, msg)
		}
	}
	var rows int
	if err := db.QueryRow(ctx, `SELECT (SELECT count(*) FROM item_file) + (SELECT count(*) FROM item_import)`).Scan(&rows); err != nil || rows != 0 {
		t.Errorf("%d file or import rows after the refusals (%v)", rows, err)
	}
	if left := storedFiles(t, root); len(left) != 0 {
		t.Errorf("files left in the storage: %v", left)
	}

	// The same upload fits once there is room: the refusal was the disk's.
	if code, got := send("/api/genericItem/uploadFiles", "en", ids, part{"ata.txt", text(2 << 10)}); code != http.StatusOK {
		t.Errorf("a small upload: %d %q", code, got)
	}
	if n := len(storedFiles(t, root)); n != 1 {
		t.Errorf("%d files stored by a small upload, want 1", n)
	}
}

// storedFiles are the regular files under root, temporary ones included.
func storedFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func signInAdmin(t *testing.T, base string) string {
	t.Helper()
	res, err := http.Post(base+"/api/users/authenticate", "application/json",
		strings.NewReader(`{"UserName":"admin","Password":"`+robustAdminPassword+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	raw, _ := base64.StdEncoding.DecodeString(string(body))
	var login struct{ Token string }
	if json.Unmarshal(raw, &login) != nil || login.Token == "" {
		t.Fatalf("sign-in: %s", body)
	}
	return login.Token
}
