package server

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/testkit"
)

// While the database restarts under load every answer is a success or a
// clean 503 with Retry-After, never a 500 or a hang, and the same running
// app serves again once the database is back.
func TestDatabaseRestartUnderLoadFailsCleanlyAndRecovers(t *testing.T) {
	if testing.Short() {
		t.Skip("starts its own PostgreSQL")
	}
	ctx := context.Background()
	binDir, err := testkit.BinDir(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "tramita-fault-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	start := func() *database.Embedded {
		t.Helper()
		emb, err := database.StartEmbedded(ctx, database.EmbeddedConfig{BinDir: binDir, DataDir: dir, Logger: logger})
		if err != nil {
			t.Fatal(err)
		}
		return emb
	}
	emb := start()
	stopped := false
	t.Cleanup(func() {
		if !stopped {
			_ = emb.Stop()
		}
	})

	app, err := Open(ctx, Options{
		Config: config.Config{DatabaseURL: emb.URL(), AdminPassword: robustAdminPassword, LogFormat: "text", LogLevel: "error",
			TokenTTL: time.Hour, SessionLifetime: 8 * time.Hour},
		Logger: logger, Version: "test", Notice: io.Discard,
		Web: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(func() { srv.Close(); app.Close() })
	client := &http.Client{Timeout: 20 * time.Second}

	res, err := client.Post(srv.URL+"/api/users/authenticate", "application/json",
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

	// getUsers reads the session and the user list: two trips to the database.
	call := func() (int, string, string) {
		req, _ := http.NewRequest("POST", srv.URL+"/api/user/getUsers", strings.NewReader("{}"))
		req.Header.Set("Authorization", "Bearer "+login.Token)
		req.Header.Set("Accept-Language", "en")
		res, err := client.Do(req)
		if err != nil {
			return 0, err.Error(), ""
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), res.Header.Get("Retry-After")
	}
	if code, b, _ := call(); code != http.StatusOK {
		t.Fatalf("before the restart: %d %s", code, b)
	}

	var (
		wg                   sync.WaitGroup
		done                 = make(chan struct{})
		ok, unavailable, bad atomic.Int64
		firstBad             atomic.Value
	)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				code, b, retry := call()
				switch {
				case code == http.StatusOK:
					ok.Add(1)
				case code == http.StatusServiceUnavailable && hasMessage([]byte(b)) && retry != "":
					unavailable.Add(1)
				default:
					bad.Add(1)
					firstBad.CompareAndSwap(nil, b)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
	}

	time.Sleep(200 * time.Millisecond)
	if err := emb.Stop(); err != nil {
		t.Fatal(err)
	}
	stopped = true
	time.Sleep(500 * time.Millisecond) // requests keep coming while the database is down
	downAnswers := unavailable.Load()
	emb = start()
	stopped = false

	// Back: the same app serves again within a few seconds, without a restart.
	deadline := time.Now().Add(15 * time.Second)
	for {
		code, b, _ := call()
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not recovered after the database came back: %d %s", code, b)
		}
		time.Sleep(100 * time.Millisecond)
	}
	close(done)
	wg.Wait()

	if bad.Load() > 0 {
		t.Errorf("%d answers were neither 200 nor a clean 503; the first: %v", bad.Load(), firstBad.Load())
	}
	if downAnswers == 0 {
		t.Errorf("no clean 503 while the database was down (%d ok)", ok.Load())
	}
}
