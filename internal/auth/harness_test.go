package auth

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/mail/mailtest"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// clock is the service's time, moved by the tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// env is a service over a fresh database, its routes, a mail server and a
// clock.
type env struct {
	t     *testing.T
	db    *pgxpool.Pool
	svc   *Service
	h     http.Handler
	clock *clock
	smtp  *mailtest.Server
	// addr is the client address of the next requests.
	addr string
	lang string
}

const testPassword = "Ventania-Serena-7"

func newEnv(t *testing.T, edit ...func(*Options)) *env {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	clk := &clock{t: time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)}
	smtp := mailtest.Start(t, mail.TLSStartTLS)
	mailStore := mail.NewStore(db)
	if err := mailStore.Save(ctx, smtp.Settings()); err != nil {
		t.Fatal(err)
	}
	sender := mail.NewSender(mailStore)
	sender.TLSConfig = smtp.ClientTLS()
	sender.Now = clk.Now
	opts := Options{Now: clk.Now, Mailer: sender}
	for _, f := range edit {
		f(&opts)
	}
	svc, err := New(ctx, db, opts)
	if err != nil {
		t.Fatal(err)
	}
	r := chi.NewRouter()
	ok := func(w http.ResponseWriter, r *http.Request) {
		p, _ := PrincipalFrom(r.Context())
		httpx.WriteJSON(w, 200, map[string]any{"user": p.UserID, "login": p.Login})
	}
	r.Route("/api", func(r chi.Router) {
		r.Use(svc.Middleware)
		NewHandler(svc).Routes(r)
		r.With(RequireUser).Get("/protected", ok)
		r.With(RequireAdmin).Get("/admin", ok)
	})
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	return &env{t: t, db: db, svc: svc, h: httpx.WithRequest(log)(httpx.Recover(r)), clock: clk, smtp: smtp, addr: "192.0.2.10"}
}

type resp struct {
	*httptest.ResponseRecorder
	t *testing.T
}

// do sends a request; body is JSON unless it is a string sent as is.
func (e *env) do(method, path, token string, body any) resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, "/api"+path, rd)
	req.RemoteAddr = e.addr + ":40000"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("User-Agent", "tramita-test")
	if e.lang != "" {
		req.Header.Set("Accept-Language", e.lang)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return resp{rec, e.t}
}

// message is the shown part of an error answer's Message.
func (r resp) message() string {
	r.t.Helper()
	var b httpx.ErrorBody
	if err := json.Unmarshal(r.Body.Bytes(), &b); err != nil {
		r.t.Fatalf("status %d, body %q is not the error envelope", r.Code, r.Body.String())
	}
	shown, _, _ := strings.Cut(b.Message, httpx.DetailMarker)
	return shown
}

func (r resp) json(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body.Bytes(), v); err != nil {
		r.t.Fatalf("status %d, body %q: %v", r.Code, r.Body.String(), err)
	}
}

func (r resp) want(status int) resp {
	r.t.Helper()
	if r.Code != status {
		r.t.Fatalf("status %d, want %d; body %s", r.Code, status, r.Body.String())
	}
	return r
}

// login calls authenticate and decodes its base64 answer.
func (e *env) login(login, password string) LoginResult {
	e.t.Helper()
	r := e.do("POST", "/users/authenticate", "", LoginInput{UserName: login, Password: password})
	r.want(200)
	if ct := r.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		e.t.Fatalf("content type %q", ct)
	}
	return decodeLoginResult(e.t, r.Body.String())
}

func decodeLoginResult(t *testing.T, body string) LoginResult {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		t.Fatalf("answer %q is not base64: %v", body, err)
	}
	var res LoginResult
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatalf("answer %s: %v", raw, err)
	}
	return res
}

// mustLogin signs in and fails the test unless it succeeds.
func (e *env) mustLogin(login, password string) LoginResult {
	e.t.Helper()
	res := e.login(login, password)
	if !res.Success || res.Token == "" {
		e.t.Fatalf("sign-in of %s failed: %+v", login, res)
	}
	return res
}

// user creates an active user with testPassword; set is extra SQL for the
// SET clause of an update after the insert ("must_change_password = true").
func (e *env) user(login, set string) int64 {
	e.t.Helper()
	hash, err := HashPassword(testPassword)
	if err != nil {
		e.t.Fatal(err)
	}
	var id int64
	err = e.db.QueryRow(context.Background(), `
		INSERT INTO app_user (login, name, email, password_hash, password_changed_at, avatar)
		VALUES ($1::text, initcap($1::text), $1::text || '@example.com', $2, $3, 'data:image/png;base64,AAAA') RETURNING id`,
		login, hash, e.clock.Now()).Scan(&id)
	if err != nil {
		e.t.Fatal(err)
	}
	if set != "" {
		e.exec(`UPDATE app_user SET `+set+` WHERE id = $1`, id)
	}
	return id
}

func (e *env) exec(sql string, args ...any) {
	e.t.Helper()
	if _, err := e.db.Exec(context.Background(), sql, args...); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) setting(key string, value any) {
	e.t.Helper()
	raw, _ := json.Marshal(value)
	e.exec(`UPDATE platform_setting SET value = $2 WHERE key = $1`, key, raw)
}

// auditKinds lists the kinds recorded for login, oldest first.
func (e *env) auditKinds(login string) []string {
	e.t.Helper()
	rows, err := e.db.Query(context.Background(), `SELECT kind FROM audit_event WHERE login = $1 ORDER BY id`, login)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, k)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// testWriter sends the service's log lines to the test log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}
