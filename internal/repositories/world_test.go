package repositories_test

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

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/repositories"
	"github.com/tramita/tramita/internal/storage"
	"github.com/tramita/tramita/internal/testkit/itemstest"
)

var (
	pngBytes = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 100)...)
	pdfV1    = []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% first\n%%EOF\n")
	pdfV2    = []byte("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% second revision\n%%EOF\n")
)

// world is the demo installation with the repository calls served over a
// local store. In "Transformação Digital" (td): ana and caio are members,
// gil a manager, bia read-only; "Nova Sede" (secret) is bia's, caio's and
// gil's to not see.
type world struct {
	t                   *testing.T
	db                  *pgxpool.Pool
	root, url           string
	td, secret          int64
	ana, bia, caio, gil items.Caller
	callers             map[string]items.Caller
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	d := itemstest.New(t)
	w := &world{t: t, db: d.DB, ana: d.Ana, bia: d.Bia, secret: d.Secret, root: filepath.Join(t.TempDir(), "files")}
	if err := d.DB.QueryRow(ctx, `SELECT id FROM project WHERE name = 'Transformação Digital'`).Scan(&w.td); err != nil {
		t.Fatal(err)
	}
	for _, u := range []struct {
		login, role string
		to          *items.Caller
	}{{"caio", "member", &w.caio}, {"gil", "manager", &w.gil}} {
		var id int64
		if err := d.DB.QueryRow(ctx, `INSERT INTO app_user (login, name) VALUES ($1::text, initcap($1::text)) RETURNING id`, u.login).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if _, err := d.DB.Exec(ctx, `INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, $3)`, w.td, id, u.role); err != nil {
			t.Fatal(err)
		}
		*u.to = items.Caller{UserID: id}
	}
	w.callers = map[string]items.Caller{"ana": w.ana, "bia": w.bia, "caio": w.caio, "gil": w.gil}
	blobs := storage.NewLocal(w.root)
	repos := repositories.NewService(d.DB, blobs, 64<<10, itemstest.Clock)
	files := documents.NewHandler(documents.NewFiles(d.Core, d.DB, blobs, documents.FileLimits{MaxSize: 64 << 10}), w.who)
	files.SetRepositoryUploads(func(ctx context.Context, c items.Caller, project, folder int64) (documents.RepositorySession, error) {
		return repos.BeginUpload(ctx, c, project, folder)
	})
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.LimitBody(1<<20), w.signIn)
	files.Routes(r)
	repositories.NewHandler(repos, w.who).Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	w.url = srv.URL
	return w
}

type userKey struct{}

// signIn takes the caller from the request's X-Test-User header.
func (w *world) signIn(next http.Handler) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if c, ok := w.callers[r.Header.Get("X-Test-User")]; ok {
			r = r.WithContext(context.WithValue(r.Context(), userKey{}, c))
		}
		next.ServeHTTP(rw, r)
	})
}

// who is the signed-in caller.
func (w *world) who(ctx context.Context) (items.Caller, bool) {
	c, ok := ctx.Value(userKey{}).(items.Caller)
	return c, ok
}

// answer is a call's status, its JSON body (nil for bytes) and its raw body.
type answer struct {
	code int
	body map[string]any
	raw  []byte
}

func (a answer) message() string {
	m, _ := a.body["Message"].(string)
	before, _, _ := strings.Cut(m, httpx.DetailMarker)
	return before
}

func (w *world) do(user, lang, method, path, contentType string, body io.Reader) answer {
	w.t.Helper()
	req, _ := http.NewRequest(method, w.url+path, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept-Language", lang)
	req.Header.Set("X-Test-User", user)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return answer{code: res.StatusCode, body: out, raw: raw}
}

func (w *world) post(user, lang, path string, in any) answer {
	w.t.Helper()
	b, _ := json.Marshal(in)
	return w.do(user, lang, "POST", "/repositories/"+path, "application/json", bytes.NewReader(b))
}

func (w *world) get(user, lang, path string) answer {
	w.t.Helper()
	return w.do(user, lang, "GET", path, "", nil)
}

type part struct {
	field, name string
	data        []byte
}

func (w *world) multipart(user, lang, path string, parts ...part) answer {
	w.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		if p.name == "" {
			_ = mw.WriteField(p.field, string(p.data))
			continue
		}
		h := make(map[string][]string)
		h["Content-Disposition"] = []string{`form-data; name="` + p.field + `"; filename="` + p.name + `"`}
		h["Content-Type"] = []string{"application/octet-stream"}
		fw, _ := mw.CreatePart(h)
		_, _ = fw.Write(p.data)
	}
	_ = mw.Close()
	return w.do(user, lang, "POST", path, mw.FormDataContentType(), &buf)
}

// upload sends files to uploadFiles for a folder of a project.
func (w *world) upload(user, lang string, project, folder int64, files ...part) answer {
	w.t.Helper()
	parts := append([]part{{"projectId", "", []byte(itoa(project))}, {"folder", "", []byte(itoa(folder))}}, files...)
	return w.multipart(user, lang, "/genericItem/uploadFiles", parts...)
}

// stored counts the files in the storage folder.
func (w *world) stored() int {
	n := 0
	_ = filepath.WalkDir(w.root, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func id(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}
