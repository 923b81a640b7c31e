package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/messages"
	"github.com/tramita/tramita/internal/testkit"
)

func TestPortalWiredEndToEnd(t *testing.T) {
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
	do := func(method, path, token string, body any) (*http.Response, []byte) {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req, _ := http.NewRequest(method, base+path, rd)
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	res, b := do("POST", "/api/users/authenticate", "", map[string]any{"UserName": "admin", "Password": "Tramita-Admin-2025!"})
	raw, _ := base64.StdEncoding.DecodeString(string(b))
	var login struct {
		Token      string             `json:"token"`
		LoggedUser struct{ ID int64 } `json:"loggedUser"`
	}
	if err := json.Unmarshal(raw, &login); res.StatusCode != 200 || err != nil || login.Token == "" {
		t.Fatalf("login %d %s", res.StatusCode, raw)
	}
	tok := login.Token

	if res, _ := do("GET", "/api/application/getAllowedApplications", "", nil); res.StatusCode != 401 {
		t.Errorf("no token: %d", res.StatusCode)
	}
	res, b = do("GET", "/api/application/getAllowedApplications", tok, nil)
	if res.StatusCode != 200 || !strings.Contains(string(b), "Gestão do Trabalho") {
		t.Fatalf("apps %d %s", res.StatusCode, b)
	}
	var list []struct{ ID int64 }
	_ = json.Unmarshal(b, &list)
	res, b = do("POST", "/api/application/getApplicationMenu?appID="+strconv.FormatInt(list[0].ID, 10), tok, nil)
	var pair []json.RawMessage
	var app struct {
		HTMLScriptsURL string `json:"htmlScriptsUrl"`
	}
	if res.StatusCode != 200 || json.Unmarshal(b, &pair) != nil || json.Unmarshal(pair[1], &app) != nil {
		t.Fatalf("menu %d %s", res.StatusCode, b)
	}
	res, b = do("GET", app.HTMLScriptsURL, "", nil)
	if res.StatusCode != 200 || !strings.Contains(string(b), "tramitaDemo") || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/javascript") {
		t.Errorf("script %d %s %v", res.StatusCode, b, res.Header)
	}
	// A new e-mail needs the current password, checked by the auth service.
	res, b = do("POST", "/api/users/updateProfile", tok, map[string]string{"name": "Administradora", "email": "adm@example.com", "currentPassword": "wrong"})
	if res.StatusCode != 400 || !strings.Contains(string(b), `"Field":"currentPassword","Message":"A senha atual não confere."`) {
		t.Errorf("profile with a wrong password %d %s", res.StatusCode, b)
	}
	res, b = do("POST", "/api/users/updateProfile", tok, map[string]string{"name": "Administradora", "email": "adm@example.com", "currentPassword": "Tramita-Admin-2025!"})
	if res.StatusCode != 200 || !strings.Contains(string(b), "O Perfil foi atualizado com sucesso!") {
		t.Errorf("profile %d %s", res.StatusCode, b)
	}
	res, b = do("GET", "/api/message/getVapidPublicKey", tok, nil)
	if res.StatusCode != 200 || len(b) < 80 {
		t.Errorf("vapid %d %s", res.StatusCode, b)
	}

	// A live stream through the whole middleware chain.
	req, _ := http.NewRequest("GET", base+"/api/message/events", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept-Encoding", "gzip")
	stream, err := http.DefaultTransport.RoundTrip(req)
	if err != nil || stream.StatusCode != 200 {
		t.Fatalf("events %v %v", err, stream)
	}
	lines := make(chan string, 50)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stream.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	waitFor := func(want string) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("stream ended before %q", want)
				}
				if strings.Contains(l, want) {
					return
				}
			case <-deadline:
				t.Fatalf("no %q", want)
			}
		}
	}
	waitFor("event: ready")
	res, b = do("POST", "/api/message/setAllReaded", tok, nil)
	if res.StatusCode != 204 {
		t.Fatalf("setAllReaded %d %s", res.StatusCode, b)
	}
	// Sent from another pool, as another instance (or module) would.
	pool, err := database.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := messages.NewService(messages.NewStore(pool)).Send(context.Background(), login.LoggedUser.ID, "Bem-vinda", "Olá"); err != nil {
		t.Fatal(err)
	}
	waitFor(`"change":"new"`)

	// Shutdown with the stream open ends quickly, not after the 30 s grace.
	start := time.Now()
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Serve did not return with a stream open")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("shutdown took %v", d)
	}
}
