package messages_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/messages"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

type callerKey struct{}

// instance is one Tramita server over the test database: its hub, handler
// and HTTP server. Tests name the caller with the X-Test-User header; the
// auth module tests the real middleware.
type instance struct {
	hub     *messages.Hub
	stopHub func()
	handler *messages.Handler
	srv     *httptest.Server
}

type fixture struct {
	db   *pgxpool.Pool
	svc  *messages.Service
	push *messages.Push
	user map[string]int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := testkit.NewDB(t)
	f := &fixture{db: db, user: map[string]int64{}}
	for _, login := range []string{"ana", "bia"} {
		var id int64
		if err := db.QueryRow(context.Background(), `INSERT INTO app_user (login, name) VALUES ($1, $2) RETURNING id`,
			login, login).Scan(&id); err != nil {
			t.Fatal(err)
		}
		f.user[login] = id
	}
	store := messages.NewStore(db)
	f.svc = messages.NewService(store)
	// The tests' stand-in push services listen on 127.0.0.1.
	f.push = messages.NewPush(store, quiet(), messages.PushOptions{AllowLoopback: true})
	return f
}

// start runs an instance like the server does: the hub until the test ends,
// the API behind the same middleware, with short server timeouts so a test
// sees whether a stream outlives them.
func (f *fixture) start(t *testing.T) *instance {
	t.Helper()
	in := &instance{hub: messages.NewHub(f.db, quiet())}
	in.hub.HealthCheck = 100 * time.Millisecond // exercised between events
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = in.hub.Run(ctx); close(done) }()
	in.stopHub = func() { cancel(); <-done }
	t.Cleanup(in.stopHub)
	select {
	case <-in.hub.Ready():
	case <-time.After(10 * time.Second):
		t.Fatal("hub does not listen")
	}
	currentUser := func(ctx context.Context) (messages.Caller, bool) {
		c, ok := ctx.Value(callerKey{}).(messages.Caller)
		return c, ok
	}
	in.handler = messages.NewHandler(f.svc, f.push, in.hub, currentUser)
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(quiet()), httpx.AccessLog, httpx.Recover, httpx.SecurityHeaders, middleware.Compress(5),
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if id, err := strconv.ParseInt(r.Header.Get("X-Test-User"), 10, 64); err == nil {
					r = r.WithContext(context.WithValue(r.Context(), callerKey{}, messages.Caller{UserID: id}))
				}
				next.ServeHTTP(w, r)
			})
		})
	r.Route("/api", in.handler.Routes)
	in.srv = httptest.NewUnstartedServer(r)
	in.srv.Config.ReadTimeout = time.Second
	in.srv.Config.WriteTimeout = time.Second
	in.srv.Start()
	t.Cleanup(in.srv.Close)
	return in
}

func (f *fixture) request(t *testing.T, in *instance, method, path, login string, body any) *http.Request {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, in.srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if login != "" {
		req.Header.Set("X-Test-User", strconv.FormatInt(f.user[login], 10))
	}
	req.Header.Set("Accept-Language", "en")
	return req
}

func (f *fixture) call(t *testing.T, in *instance, method, path, login string, body any) (int, []byte) {
	t.Helper()
	resp, err := http.DefaultClient.Do(f.request(t, in, method, path, login, body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (f *fixture) list(t *testing.T, in *instance, login string) []messages.Message {
	t.Helper()
	status, body := f.call(t, in, "GET", "/api/message/getMessages", login, nil)
	if status != 200 {
		t.Fatalf("getMessages: %d %s", status, body)
	}
	var out []messages.Message
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func (f *fixture) send(t *testing.T, login, title, text string) messages.Message {
	t.Helper()
	m, err := f.svc.Send(context.Background(), f.user[login], title, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMessagesNewestFirstWithSpecFields(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	first := f.send(t, "ana", "Tarefa atribuída", "A tarefa 42 foi atribuída a você.")
	second := f.send(t, "ana", "Aprovação", "")
	f.send(t, "bia", "Só da Bia", "")
	got := f.list(t, in, "ana")
	if len(got) != 2 || got[0].ID != second.ID || got[1].ID != first.ID || got[1].MessageText != "A tarefa 42 foi atribuída a você." || got[0].Readed {
		t.Fatalf("messages %+v", got)
	}
	_, body := f.call(t, in, "GET", "/api/message/getMessages", "ana", nil)
	var raw []map[string]any
	_ = json.Unmarshal(body, &raw)
	for _, field := range []string{"id", "title", "messageText", "creationDate", "readed"} {
		if _, ok := raw[0][field]; !ok {
			t.Errorf("message without %s: %v", field, raw[0])
		}
	}
	date, _ := raw[0]["creationDate"].(string)
	if ts, err := time.Parse(time.RFC3339, date); err != nil || !strings.HasSuffix(date, "Z") || time.Since(ts) > time.Minute {
		t.Errorf("creationDate %q is not a recent UTC RFC 3339 time", date)
	}
	if status, body := f.call(t, in, "GET", "/api/message/getMessages", "", nil); status != 401 {
		t.Errorf("nobody: %d %s", status, body)
	}
	status, body := f.call(t, in, "GET", "/api/message/getMessages", "bia", nil)
	if status != 200 || strings.Contains(string(body), "Tarefa") {
		t.Errorf("bia sees ana's messages: %s", body)
	}
}

func TestNobodyTouchesAnotherUsersMessages(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	anas := f.send(t, "ana", "Particular", "só para a Ana")
	f.send(t, "ana", "Outra", "")
	for _, path := range []string{"/api/message/setReaded", "/api/message/delete"} {
		status, body := f.call(t, in, "POST", path, "bia", anas)
		var e httpx.ErrorBody
		_ = json.Unmarshal(body, &e)
		if status != 404 || !strings.HasPrefix(e.Message, "The record was not found.") || strings.Contains(string(body), "Ana") {
			t.Errorf("bia %s: %d %s", path, status, body)
		}
	}
	// Reading: bia's list holds none of ana's messages.
	if got := f.list(t, in, "bia"); len(got) != 0 {
		t.Errorf("bia reads ana's messages: %+v", got)
	}
	for _, path := range []string{"/api/message/deleteAllMessages", "/api/message/setAllReaded"} {
		if status, body := f.call(t, in, "POST", path, "bia", nil); status != 204 {
			t.Errorf("bia %s: %d %s", path, status, body)
		}
	}
	got := f.list(t, in, "ana")
	if len(got) != 2 || got[0].Readed || got[1].Readed {
		t.Fatalf("bia changed ana's messages: %+v", got)
	}
	if status, _ := f.call(t, in, "POST", "/api/message/setReaded", "ana", messages.Message{ID: 999999}); status != 404 {
		t.Errorf("missing message: %d", status)
	}
}

func TestReadAndDeleteOwnMessages(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	a := f.send(t, "ana", "Um", "")
	b := f.send(t, "ana", "Dois", "")
	f.send(t, "ana", "Três", "")
	status, body := f.call(t, in, "POST", "/api/message/setReaded", "ana", a)
	var marked messages.Message
	if err := json.Unmarshal(body, &marked); status != 200 || err != nil || !marked.Readed || marked.ID != a.ID {
		t.Fatalf("setReaded: %d %s", status, body)
	}
	if status, body := f.call(t, in, "POST", "/api/message/delete", "ana", b); status != 204 {
		t.Fatalf("delete: %d %s", status, body)
	}
	got := f.list(t, in, "ana")
	if len(got) != 2 || got[1].ID != a.ID || !got[1].Readed || got[0].Readed {
		t.Fatalf("after read and delete: %+v", got)
	}
	if status, _ := f.call(t, in, "POST", "/api/message/setAllReaded", "ana", nil); status != 204 {
		t.Fatal(status)
	}
	for _, m := range f.list(t, in, "ana") {
		if !m.Readed {
			t.Errorf("unread after setAllReaded: %+v", m)
		}
	}
	if status, _ := f.call(t, in, "POST", "/api/message/deleteAllMessages", "ana", nil); status != 204 {
		t.Fatal(status)
	}
	if got := f.list(t, in, "ana"); len(got) != 0 {
		t.Errorf("after deleteAllMessages: %+v", got)
	}
	if status, body := f.call(t, in, "POST", "/api/message/delete", "ana", "not an object"); status != 400 {
		t.Errorf("bad body: %d %s", status, body)
	}
}

func TestSendValidates(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tests := []struct {
		name   string
		user   int64
		title  string
		text   string
		status int
	}{
		{"no title", f.user["ana"], "  ", "x", 400},
		{"long title", f.user["ana"], strings.Repeat("á", 301), "", 400},
		{"long text", f.user["ana"], "t", strings.Repeat("a", 20001), 400},
		{"unknown user", 999999, "t", "", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.svc.Send(ctx, tt.user, tt.title, tt.text)
			e, ok := httpx.AsError(err)
			if !ok || e.Status != tt.status {
				t.Errorf("error %v", err)
			}
		})
	}
	var n int
	if err := f.db.QueryRow(ctx, `SELECT count(*) FROM message`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d messages stored, %v", n, err)
	}
}
