package documents_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

var (
	pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 100)...)
	pdfBytes = []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n")
)

// fileServer serves the file calls of w as caller, over a local store in root.
type fileServer struct {
	t    *testing.T
	root string
	url  string
}

func (w *world) fileServer(t *testing.T, c items.Caller, root string, limits documents.FileLimits) *fileServer {
	t.Helper()
	files := documents.NewFiles(w.svc, w.db, storage.NewLocal(root), limits)
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.LimitBody(limits.UploadBodyLimit()))
	who := func(context.Context) (items.Caller, bool) { return c, c.UserID != 0 }
	documents.NewHandler(files, who).Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return &fileServer{t: t, root: root, url: srv.URL}
}

type part struct {
	field, name string
	data        []byte
}

func (s *fileServer) upload(lang string, parts ...part) (int, map[string]any) {
	s.t.Helper()
	return s.multipart("/genericItem/uploadFiles", lang, parts...)
}

func (s *fileServer) multipart(path, lang string, parts ...part) (int, map[string]any) {
	s.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		if p.name == "" {
			_ = mw.WriteField(p.field, string(p.data))
			continue
		}
		fw, _ := mw.CreateFormFile(p.field, p.name)
		_, _ = fw.Write(p.data)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("POST", s.url+path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return s.do(req, lang)
}

func (s *fileServer) do(req *http.Request, lang string) (int, map[string]any) {
	s.t.Helper()
	req.Header.Set("Accept-Language", lang)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	raw, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out
}

func (s *fileServer) get(path, lang string) (int, map[string]any) {
	req, _ := http.NewRequest("GET", s.url+path, nil)
	return s.do(req, lang)
}

// stored counts the files in the storage folder.
func (s *fileServer) stored() int {
	n := 0
	_ = filepath.WalkDir(s.root, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func bodyMessage(body map[string]any) string {
	m, _ := body["Message"].(string)
	before, _, _ := strings.Cut(m, httpx.DetailMarker)
	return before
}

func (w *world) itemIn(t *testing.T, project string) int64 {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM item WHERE component_id = $1 AND project_id = $2 ORDER BY id LIMIT 1`,
		w.task, w.project(t, project)).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestAttachmentsUploadListDownloadAndLimits(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	limits := documents.FileLimits{MaxSize: 64 << 10, MaxCount: 4}
	root := filepath.Join(t.TempDir(), "files")
	ana, bia := w.fileServer(t, w.ana, root, limits), w.fileServer(t, w.bia, root, limits)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	secret := itoa(w.itemIn(t, "Nova Sede"))

	code, body := ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"component", "", []byte(`{"id": ` + itoa(w.task) + `, "name": "task"}`)},
		part{"files", "foto.png", pngBytes}, part{"files", "relatório final.pdf", pdfBytes})
	if code != 200 || bodyMessage(body) != "Arquivos anexados: 2." {
		t.Fatalf("upload: %d %v", code, body)
	}
	if ana.stored() != 2 {
		t.Fatalf("%d files stored", ana.stored())
	}
	var hasAttachment bool
	if err := w.db.QueryRow(ctx, `SELECT has_attachment FROM item WHERE id = $1`, item).Scan(&hasAttachment); err != nil || !hasAttachment {
		t.Fatalf("has_attachment %v %v", hasAttachment, err)
	}
	page := w.list(t, w.ana, items.ExecuteFilterInput{RowsPerPage: 500})
	for _, r := range page.Rows {
		if itoa(r["id"].(int64)) == item && r["HasAttachment"] != true {
			t.Fatalf("the list says HasAttachment %v", r["HasAttachment"])
		}
	}

	// bia reads the item's project: she lists and downloads, but may not add.
	code, list := bia.get("/genericItem/loadAttachments?itemId="+item+"&tableName=x", "pt-BR")
	files, _ := list["files"].([]any)
	if code != 200 || len(files) != 2 || list["canEdit"] != false || list["maxCount"] != float64(4) ||
		!strings.Contains(files[0].(map[string]any)["signedUrl"].(string), "signature=") {
		t.Fatalf("bia's list: %d %v", code, list)
	}
	pdf := files[1].(map[string]any)
	res, err := http.Get(bia.url + pdf["url"].(string)[len("/api"):])
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Equal(got, pdfBytes) || res.Header.Get("Content-Type") != "application/pdf" ||
		res.Header.Get("Content-Disposition") != `attachment; filename="relat_rio final.pdf"; filename*=UTF-8''relat%C3%B3rio%20final.pdf` {
		t.Fatalf("download: %d %q %v", res.StatusCode, got, res.Header)
	}
	if code, body := bia.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"files", "a.png", pngBytes}); code != 403 ||
		bodyMessage(body) != "O usuário não possui permissão de editar o item." {
		t.Fatalf("bia's upload: %d %v", code, body)
	}

	// An item bia may not read: its files are not found, as a missing one.
	_, _ = ana.upload("pt-BR", part{"itemId", "", []byte(secret)}, part{"files", "segredo.pdf", pdfBytes})
	code, secretList := ana.get("/genericItem/loadAttachments?itemId="+secret, "pt-BR")
	secretFile := itoa(int64(secretList["files"].([]any)[0].(map[string]any)["id"].(float64)))
	for _, path := range []string{"/genericItem/loadAttachments?itemId=" + secret, "/genericItem/downloadFile?fileId=" + secretFile,
		"/genericItem/getAttachmentLink?fileId=" + secretFile, "/genericItem/getImageName?fileId=" + secretFile} {
		if code, _ := bia.get(path, "pt-BR"); code != 404 {
			t.Errorf("bia GET %s: %d", path, code)
		}
	}
	if code != 200 {
		t.Fatalf("ana's list of the secret item: %d", code)
	}
	before := ana.stored()

	// The count limit, in both languages; nothing of a refused upload stays.
	code, body = ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"files", "b.png", pngBytes}, part{"files", "c.png", pngBytes}, part{"files", "d.png", pngBytes})
	if code != 400 || bodyMessage(body) != "Não pode adicionar mais que 4 arquivos." {
		t.Fatalf("over the count: %d %v", code, body)
	}
	code, body = ana.upload("en", part{"itemId", "", []byte(item)}, part{"files", "b.png", pngBytes}, part{"files", "c.png", pngBytes}, part{"files", "d.png", pngBytes})
	if code != 400 || bodyMessage(body) != "You cannot add more than 4 files." {
		t.Fatalf("over the count (en): %d %v", code, body)
	}
	// Content and name must agree; HTML never passes.
	for _, bad := range []part{{"files", "falso.pdf", pngBytes}, {"files", "x.html", []byte("<html><script>alert(1)</script>")},
		{"files", "vazio.png", nil}, {"files", "../../../etc/x.txt", []byte("<script>alert(1)</script>")}} {
		code, body = ana.upload("pt-BR", part{"itemId", "", []byte(item)}, bad)
		if code != 400 || bodyMessage(body) != "Arquivo Inválido" {
			t.Errorf("%s: %d %v", bad.name, code, body)
		}
	}
	// Too large: 413, and the first file of the same call is removed too.
	code, body = ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"files", "ok.pdf", pdfBytes},
		part{"files", "grande.pdf", append([]byte("%PDF-1.7\n"), make([]byte, 70<<10)...)})
	if code != 413 || bodyMessage(body) != "O arquivo grande.pdf passa do limite de 64 KB." {
		t.Fatalf("too large: %d %v", code, body)
	}
	// Files before the item, or no item: refused.
	if code, body = ana.upload("pt-BR", part{"files", "a.png", pngBytes}); code != 400 || bodyMessage(body) != "Salve o item antes de anexar arquivos (itemId)." {
		t.Fatalf("no item: %d %v", code, body)
	}
	if ana.stored() != before {
		t.Fatalf("refused uploads left %d files", ana.stored()-before)
	}

	// The digital content: one file, replaced by the next; the old bytes go.
	code, body = ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"kind", "", []byte("content")}, part{"files", "v1.pdf", pdfBytes})
	if code != 200 {
		t.Fatalf("content: %d %v", code, body)
	}
	code, _ = ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"kind", "", []byte("content")}, part{"files", "v2.pdf", pdfBytes})
	_, list = ana.get("/genericItem/loadAttachments?itemId="+item, "pt-BR")
	content, _ := list["content"].(map[string]any)
	if code != 200 || content == nil || content["name"] != "v2.pdf" || ana.stored() != before+1 {
		t.Fatalf("replaced content: %d %v (%d stored)", code, list, ana.stored())
	}
	var hasContent bool
	if err := w.db.QueryRow(ctx, `SELECT has_digital_content FROM item WHERE id = $1`, item).Scan(&hasContent); err != nil || !hasContent {
		t.Fatalf("has_digital_content %v %v", hasContent, err)
	}

	// Deleting: bia may not, ana may; the flag follows the last one.
	for _, f := range files {
		id := itoa(int64(f.(map[string]any)["id"].(float64)))
		req, _ := http.NewRequest("POST", bia.url+"/genericItem/deleteAttachment", strings.NewReader(`{"fileId": `+id+`}`))
		if code, _ := bia.do(req, "pt-BR"); code != 403 {
			t.Fatalf("bia deletes: %d", code)
		}
		req, _ = http.NewRequest("POST", ana.url+"/genericItem/deleteAttachment", strings.NewReader(`{"fileId": `+id+`}`))
		if code, body := ana.do(req, "pt-BR"); code != 200 {
			t.Fatalf("ana deletes: %d %v", code, body)
		}
	}
	if err := w.db.QueryRow(ctx, `SELECT has_attachment, has_digital_content FROM item WHERE id = $1`, item).Scan(&hasAttachment, &hasContent); err != nil ||
		hasAttachment || !hasContent {
		t.Fatalf("after deleting: %v %v %v", hasAttachment, hasContent, err)
	}
	// getFileLink by body, and a JSON body where files are expected.
	req, _ := http.NewRequest("POST", ana.url+"/genericItem/getFileLink", strings.NewReader(`{"fileId": `+secretFile+`, "fileComponentId": 1}`))
	if code, body := ana.do(req, "pt-BR"); code != 200 || body["name"] != "segredo.pdf" {
		t.Fatalf("getFileLink: %d %v", code, body)
	}
	req, _ = http.NewRequest("POST", ana.url+"/genericItem/uploadFiles", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	if code, body := ana.do(req, "en"); code != 415 || bodyMessage(body) == "" {
		t.Fatalf("JSON upload: %d %v", code, body)
	}
}

// Uploads at once cannot pass the count limit together: the count is checked
// again under the item's row lock, and the refused calls keep nothing.
func TestConcurrentUploadsKeepTheCountLimit(t *testing.T) {
	w := newWorld(t)
	root := filepath.Join(t.TempDir(), "files")
	ana := w.fileServer(t, w.ana, root, documents.FileLimits{MaxSize: 64 << 10, MaxCount: 3})
	item := itoa(w.itemIn(t, "Transformação Digital"))
	codes := make(chan int, 8)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			code, _ := ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"files", "a.pdf", pdfBytes})
			codes <- code
		})
	}
	wg.Wait()
	close(codes)
	ok := 0
	for code := range codes {
		switch code {
		case 200:
			ok++
		case 400:
		default:
			t.Fatalf("upload answered %d", code)
		}
	}
	if ok != 3 || ana.stored() != 3 || w.count(t, `SELECT count(*) FROM item_file WHERE item_id = $1`, item) != 3 {
		t.Fatalf("%d uploads passed, %d files stored", ok, ana.stored())
	}
}

// A signed link opens the file without the Authorization header, for the
// user it was made for, until it expires and while they may read the item.
func TestSignedFileLinks(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	limits := documents.FileLimits{MaxSize: 64 << 10, MaxCount: 5}
	ana, bia, anonymous := w.fileServer(t, w.ana, root, limits), w.fileServer(t, w.bia, root, limits), w.fileServer(t, items.Caller{}, root, limits)
	item := itoa(w.itemIn(t, "Transformação Digital"))
	code, body := ana.upload("pt-BR", part{"itemId", "", []byte(item)}, part{"files", "foto.png", pngBytes}, part{"files", "b.pdf", pdfBytes})
	if code != 200 {
		t.Fatalf("upload: %d %v", code, body)
	}
	uploaded := body["files"].([]any)
	photo := itoa(int64(uploaded[0].(map[string]any)["id"].(float64)))
	other := itoa(int64(uploaded[1].(map[string]any)["id"].(float64)))
	code, link := bia.get("/genericItem/getAttachmentLink?fileId="+photo, "pt-BR")
	signed, _ := link["signedUrl"].(string)
	if code != 200 || !strings.Contains(signed, "signature=") || link["expiresAt"] != "2025-06-01T13:00:00Z" {
		t.Fatalf("link: %d %v", code, link)
	}
	open := func(path string) int {
		res, err := http.Get(anonymous.url + strings.TrimPrefix(path, "/api"))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		got, _ := io.ReadAll(res.Body)
		if res.StatusCode == 200 && !bytes.Equal(got, pngBytes) {
			t.Fatalf("signed download: %q", got)
		}
		return res.StatusCode
	}
	if code := open(signed + "&inline=true"); code != 200 {
		t.Fatalf("signed link: %d", code)
	}
	if code := open("/api/genericItem/downloadFile?fileId=" + photo); code != 401 {
		t.Fatalf("unsigned: %d", code)
	}
	if code := open(strings.Replace(signed, "fileId="+photo, "fileId="+other, 1)); code != 401 {
		t.Fatalf("another file with the signature: %d", code)
	}
	// Expired: signed with the real key, an hour ago.
	var key []byte
	if err := w.db.QueryRow(ctx, `SELECT key FROM file_link_key`).Scan(&key); err != nil {
		t.Fatal(err)
	}
	expires := time.Date(2025, 6, 1, 11, 59, 0, 0, time.UTC).Unix()
	mac := hmac.New(sha256.New, key)
	fmt.Fprintf(mac, "file:%s:user:%d:expires:%d", photo, w.bia.UserID, expires)
	old := fmt.Sprintf("/api/genericItem/downloadFile?fileId=%s&user=%d&expires=%d&signature=%s", photo, w.bia.UserID, expires, hex.EncodeToString(mac.Sum(nil)))
	if code := open(old); code != 401 {
		t.Fatalf("expired link: %d", code)
	}
	// bia leaves the project: her link no longer opens the file.
	if _, err := w.db.Exec(ctx, `DELETE FROM project_member WHERE user_id = $1`, w.bia.UserID); err != nil {
		t.Fatal(err)
	}
	if code := open(signed); code != 404 {
		t.Fatalf("link after losing access: %d", code)
	}
}
