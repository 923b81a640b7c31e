package admin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/mail/mailtest"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// env serves the administration calls over a fresh database with an
// administrator (root) and a plain user (ana). Requests name their caller
// with X-Test-User; the auth module tests the real session middleware.
type env struct {
	t      testing.TB
	db     *pgxpool.Pool
	router chi.Router
	h      http.Handler
	smtp   *mailtest.Server
	mail   *mail.Store
	root   int64
	ana    int64
	lang   string
}

func newEnv(t testing.TB) *env {
	t.Helper()
	db := testkit.NewDB(t)
	ctx := context.Background()
	e := &env{t: t, db: db, mail: mail.NewStore(db)}
	e.root = e.insertUser("root", "Root Admin", true)
	e.ana = e.insertUser("ana", "Ana Souza", false)
	e.smtp = mailtest.Start(t, mail.TLSStartTLS)
	sender := mail.NewSender(e.mail)
	sender.TLSConfig = e.smtp.ClientTLS()
	authSvc, err := auth.New(ctx, db, auth.Options{Mailer: sender})
	if err != nil {
		t.Fatal(err)
	}
	e.mail.SetCipher(authSvc)
	svc := admin.NewService(db, admin.Deps{Mailer: sender, MailSettings: e.mail, Terms: authSvc})
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.Recover, httpx.LimitBody(1<<20),
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if id, err := strconv.ParseInt(r.Header.Get("X-Test-User"), 10, 64); err == nil {
					p := auth.Principal{UserID: id, MFAComplete: true}
					if err := db.QueryRow(r.Context(), `SELECT login::text, panel_admin, administrator FROM app_user WHERE id = $1`, id).
						Scan(&p.Login, &p.PanelAdmin, &p.Administrator); err != nil {
						t.Errorf("test user %d: %v", id, err)
					}
					r = r.WithContext(auth.WithPrincipal(r.Context(), p))
				}
				next.ServeHTTP(w, r)
			})
		})
	r.Route("/api", admin.NewHandler(svc, func(*http.Request) string { return "192.0.2.7" }).Routes)
	e.router, e.h = r, r
	return e
}

func (e *env) insertUser(login, name string, admin bool) int64 {
	e.t.Helper()
	var id int64
	if err := e.db.QueryRow(context.Background(), `
		INSERT INTO app_user (login, name, email, panel_admin, administrator) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
		login, name, login+"@example.com", admin).Scan(&id); err != nil {
		e.t.Fatal(err)
	}
	return id
}

func (e *env) configureMail() {
	e.t.Helper()
	if err := e.mail.Save(context.Background(), e.smtp.Settings()); err != nil {
		e.t.Fatal(err)
	}
}

type resp struct {
	*httptest.ResponseRecorder
	t testing.TB
}

// do calls path (under /api) as user (0: nobody) with body as JSON.
func (e *env) do(user int64, method, path string, body any) resp {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, "/api"+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if user != 0 {
		req.Header.Set("X-Test-User", strconv.FormatInt(user, 10))
	}
	if e.lang != "" {
		req.Header.Set("Accept-Language", e.lang)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return resp{rec, e.t}
}

func (r resp) decode(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body.Bytes(), v); err != nil {
		r.t.Fatalf("status %d body %q: %v", r.Code, r.Body.String(), err)
	}
}

// message is the shown part of an error's Message.
func (r resp) message() string {
	r.t.Helper()
	var b httpx.ErrorBody
	r.decode(&b)
	msg, _, _ := bytes.Cut([]byte(b.Message), []byte(httpx.DetailMarker))
	return string(msg)
}

func (r resp) want(status int) resp {
	r.t.Helper()
	if r.Code != status {
		r.t.Fatalf("status %d, want %d: %s", r.Code, status, r.Body.String())
	}
	return r
}

func (e *env) count(sql string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

var _ = time.Second

func strconvFormat(n int64) string { return strconv.FormatInt(n, 10) }
