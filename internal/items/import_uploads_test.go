package items_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// fileServer serves the import calls of w as caller, over a local store in
// root (the item files' calls are internal/documents').
type fileServer struct {
	t    *testing.T
	root string
	url  string
}

func (w *world) fileServer(t *testing.T, c items.Caller, root string, limits items.FileLimits) *fileServer {
	t.Helper()
	files := items.NewFiles(w.svc, storage.NewLocal(root), limits)
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.LimitBody(4*limits.MaxSize+1<<20))
	who := func(context.Context) (items.Caller, bool) { return c, c.UserID != 0 }
	items.NewImportsHandler(items.NewImports(files), who).Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return &fileServer{t: t, root: root, url: srv.URL}
}

type part struct {
	field, name string
	data        []byte
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
