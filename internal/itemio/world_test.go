package itemio_test

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
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/testkit/itemstest"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// world is the demo installation the item core's tests use: ana in every
// demo project, bia only in "Transformação Digital".
type world struct {
	db       *pgxpool.Pool
	svc      *items.Service
	io       *itemio.Service
	ana, bia items.Caller
	task     int64
	secret   int64 // a project bia is not in
}

var testNow = func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }

func newWorld(t *testing.T) *world {
	t.Helper()
	d := itemstest.New(t)
	return &world{db: d.DB, svc: d.Core, ana: d.Ana, bia: d.Bia, task: d.Task, secret: d.Secret,
		io: itemio.NewService(d.DB, d.Core, storage.NewLocal(filepath.Join(t.TempDir(), "files")), 0, testNow)}
}

func (w *world) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (w *world) project(t *testing.T, name string) int64 {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM project WHERE name = $1`, name).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func xlsx(t *testing.T, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &row); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// server serves itemio's calls of w as caller, over a local store in root,
// with the upload body limit of files of maxSize (as internal/server).
type server struct {
	t    *testing.T
	root string
	url  string
}

func (w *world) server(t *testing.T, c items.Caller, root string, maxSize int64) *server {
	t.Helper()
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.LimitBody(4*maxSize+1<<20))
	who := func(context.Context) (items.Caller, bool) { return c, c.UserID != 0 }
	itemio.NewHandler(itemio.NewService(w.db, w.svc, storage.NewLocal(root), maxSize, testNow), who).Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return &server{t: t, root: root, url: srv.URL}
}

type part struct {
	field, name string
	data        []byte
}

func (s *server) multipart(path, lang string, parts ...part) (int, map[string]any) {
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

func (s *server) do(req *http.Request, lang string) (int, map[string]any) {
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

func (s *server) get(path, lang string) (int, map[string]any) {
	req, _ := http.NewRequest("GET", s.url+path, nil)
	return s.do(req, lang)
}

// stored counts the files in the storage folder.
func (s *server) stored() int { return storedFiles(s.root) }

func storedFiles(root string) int {
	n := 0
	_ = filepath.WalkDir(root, func(_ string, d os.DirEntry, err error) error {
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
