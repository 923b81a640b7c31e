package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/testkit"
)

// The administration is mounted behind the real session middleware: an
// administrator gets the user list, a plain user a 403, nobody a 401.
func TestAdministrationWiredEndToEnd(t *testing.T) {
	dbURL := testkit.DatabaseURL(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc := make(chan string, 1)
	served := make(chan error, 1)
	go func() {
		served <- Serve(ctx, Options{
			Config: config.Config{Addr: "127.0.0.1:0", DatabaseURL: dbURL, AdminPassword: "Tramita-Admin-2025!",
				TokenTTL: time.Hour, SessionLifetime: 8 * time.Hour, LogFormat: "text", LogLevel: "error"},
			Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
			Version: "test",
			Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		}, func(addr string) { addrc <- addr })
	}()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a
	case err := <-served:
		t.Fatal(err)
	}
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	hash, err := auth.HashPassword("Plain-User-2025!")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO app_user (login, name, email, password_hash, password_changed_at) VALUES ('plain', 'Plain', 'plain@example.com', $1, now())`, hash); err != nil {
		t.Fatal(err)
	}
	do := func(method, path, token string, body any) (int, []byte) {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, base+path, rd)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "en")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, b
	}
	login := func(user, password string) string {
		_, b := do("POST", "/api/users/authenticate", "", map[string]any{"UserName": user, "Password": password})
		raw, _ := base64.StdEncoding.DecodeString(string(b))
		var r struct {
			Token string `json:"token"`
		}
		if err := json.Unmarshal(raw, &r); err != nil || r.Token == "" {
			t.Fatalf("login %s: %s", user, raw)
		}
		return r.Token
	}
	admin, plain := login("admin", "Tramita-Admin-2025!"), login("plain", "Plain-User-2025!")
	if code, _ := do("POST", "/api/user/getUsers", "", nil); code != 401 {
		t.Errorf("no token: %d", code)
	}
	if code, b := do("POST", "/api/user/getUsers", plain, nil); code != 403 || !strings.Contains(string(b), "You do not have permission") {
		t.Errorf("plain user: %d %s", code, b)
	}
	code, b := do("POST", "/api/user/getUsers", admin, nil)
	var users []struct{ Login string }
	if code != 200 || json.Unmarshal(b, &users) != nil || len(users) != 2 {
		t.Errorf("administrator: %d %s", code, b)
	}
	if code, _ := do("POST", "/api/resource/getResources", plain, nil); code != 200 {
		t.Errorf("resources for a user: %d", code)
	}
	if code, _ := do("GET", "/api/admin/emailServer", admin, nil); code != 200 {
		t.Errorf("mail server: %d", code)
	}
}
