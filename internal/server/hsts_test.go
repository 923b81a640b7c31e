package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"testing/fstest"

	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/testkit"
)

// HSTS is sent when the browser reached us over TLS: on our own TLS
// listener, or through a trusted proxy that says https; a client's own
// X-Forwarded-Proto is not believed.
func TestStrictTransportSecurityOnlyOverTLS(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	app, err := Open(context.Background(), Options{
		Config:  config.Config{DatabaseURL: testkit.DatabaseURL(t), TrustedProxies: loopback, LogFormat: "text", LogLevel: "error"},
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Version: "test",
		Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()

	t.Run("through the application", func(t *testing.T) {
		plain := httptest.NewServer(app.Handler())
		defer plain.Close()
		if got := get(t, plain.URL+"/api/health").Header.Get("Strict-Transport-Security"); got != "" {
			t.Errorf("plain HTTP: %q, want none", got)
		}
		if got := get(t, plain.URL+"/", "X-Forwarded-Proto", "https").Header.Get("Strict-Transport-Security"); got != hstsPolicy {
			t.Errorf("trusted proxy with https: %q, want %q", got, hstsPolicy)
		}
		tls := httptest.NewTLSServer(app.Handler())
		defer tls.Close()
		res, err := tls.Client().Get(tls.URL + "/api/health")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got := res.Header.Get("Strict-Transport-Security"); got != hstsPolicy {
			t.Errorf("TLS: %q, want %q", got, hstsPolicy)
		}
	})

	ok := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	for _, c := range []struct {
		name, remote, proto string
		want                bool
	}{
		{"untrusted client claiming https", "203.0.113.7:5000", "https", false},
		{"trusted proxy, plain http", "127.0.0.1:5000", "http", false},
		{"trusted proxy, https", "127.0.0.1:5000", "https", true},
		{"trusted proxy, first of a chain https", "127.0.0.1:5000", "HTTPS, http", true},
		{"trusted proxy over IPv4-mapped IPv6", "[::ffff:127.0.0.1]:5000", "https", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = c.remote
			r.Header.Set("X-Forwarded-Proto", c.proto)
			w := httptest.NewRecorder()
			strictTransport(loopback)(ok).ServeHTTP(w, r)
			if got := w.Header().Get("Strict-Transport-Security") != ""; got != c.want {
				t.Errorf("HSTS sent: %v, want %v", got, c.want)
			}
		})
	}
}
