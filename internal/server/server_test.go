package server

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// newTestServer opens a whole app over a fresh database.
func newTestServer(t *testing.T) (*App, *httptest.Server, *strings.Builder) {
	t.Helper()
	notice := &strings.Builder{}
	app, err := Open(context.Background(), Options{
		Config:  config.Config{DatabaseURL: testkit.DatabaseURL(t), LogFormat: "text", LogLevel: "error"},
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Version: "test",
		Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html><div id=root></div>")}},
		Notice:  notice,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(func() { srv.Close(); app.Close() })
	return app, srv, notice
}

func get(t *testing.T, url string, header ...string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func TestHealthAndMetrics(t *testing.T) {
	app, srv, _ := newTestServer(t)
	res := get(t, srv.URL+"/api/health")
	var h healthBody
	if err := json.NewDecoder(res.Body).Decode(&h); err != nil || res.StatusCode != 200 || h.Database != "ok" {
		t.Fatalf("health %d %+v %v", res.StatusCode, h, err)
	}
	metrics := httptest.NewServer(app.MetricsHandler())
	defer metrics.Close()
	res = get(t, metrics.URL+"/metrics")
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(b), `tramita_http_requests_total{method="GET",route="/api/health",status="200"} 1`) {
		t.Errorf("metrics %d:\n%.2000s", res.StatusCode, b)
	}
}

func TestPlatformSettingsArePublicAndHoldNoSecret(t *testing.T) {
	app, srv, _ := newTestServer(t)
	if _, err := app.Pool().Exec(context.Background(), `UPDATE platform_setting SET value = '"s3cr3t-value"' WHERE key = 'recaptchaSecret'`); err != nil {
		t.Fatal(err)
	}
	res := get(t, srv.URL+"/api/application/getPlatformSettings")
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if strings.Contains(string(b), "s3cr3t") || strings.Contains(string(b), "recaptchaSecret") {
		t.Error("a secret reached the public settings")
	}
	var s map[string]any
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"theme", "font", "defaultLanguage", "brand", "logo", "loginLogo", "logoWhite", "bg", "bgLogin",
		"layout", "showFooter", "footerLogoLeft", "footerLogoRight", "enableRecaptcha", "recaptchaSiteKey", "requireTermsOfUse",
		"enableMultiLanguage", "enableBPMComponent", "maintenance", "primaryColor", "secondaryColor"} {
		if _, ok := s[key]; !ok {
			t.Errorf("setting %s missing", key)
		}
	}
	if s["defaultLanguage"] != "pt-br" || s["layout"] != "left-sidebar" || s["maintenance"] != false {
		t.Errorf("defaults: %v %v %v", s["defaultLanguage"], s["layout"], s["maintenance"])
	}
	if c, _ := s["primaryColor"].(map[string]any); c["main"] == "" || c["light"] == nil || c["dark"] == nil {
		t.Errorf("primaryColor %v", s["primaryColor"])
	}
}

func TestUnknownAPIPathIsJSON404InTheCallersLanguage(t *testing.T) {
	_, srv, _ := newTestServer(t)
	res := get(t, srv.URL+"/api/no/such/call", "Accept-Language", "en")
	var body httpx.ErrorBody
	_ = json.NewDecoder(res.Body).Decode(&body)
	if res.StatusCode != 404 || !strings.HasPrefix(body.Message, "The page was not found"+httpx.DetailMarker) {
		t.Errorf("%d %q", res.StatusCode, body.Message)
	}
}

func TestWebRoutesAndHeaders(t *testing.T) {
	_, srv, _ := newTestServer(t)
	res := get(t, srv.URL+"/administration/users/Usuarios", "Accept-Encoding", "gzip")
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	if res.Header.Get("Content-Security-Policy") == "" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Error("security headers missing")
	}
	res = get(t, srv.URL+"/api/application/getPlatformSettings", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("settings not compressed: %v", res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(zr); !strings.Contains(string(b), "defaultLanguage") {
		t.Errorf("gzip body %q", b)
	}
}

func TestFirstStartCreatesTheAdministratorWithAGeneratedPassword(t *testing.T) {
	app, _, notice := newTestServer(t)
	if !strings.Contains(notice.String(), "Login: admin  Password: ") {
		t.Fatalf("notice %q", notice.String())
	}
	var mustChange bool
	if err := app.Pool().QueryRow(context.Background(), `SELECT must_change_password FROM app_user WHERE login = 'admin'`).Scan(&mustChange); err != nil || !mustChange {
		t.Errorf("generated admin password must be changed at first sign-in (%v)", err)
	}
}

func TestPagePolicyAllowsRecaptchaOnlyWhenEnabled(t *testing.T) {
	app, srv, _ := newTestServer(t)
	csp := get(t, srv.URL+"/").Header.Get("Content-Security-Policy")
	if strings.Contains(csp, "google") {
		t.Errorf("strict policy expected, got %q", csp)
	}
	if _, err := app.Pool().Exec(context.Background(), `UPDATE platform_setting SET value = 'true' WHERE key = 'enableRecaptcha'`); err != nil {
		t.Fatal(err)
	}
	csp = get(t, srv.URL+"/").Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' https://www.google.com https://www.gstatic.com;") || !strings.Contains(csp, "frame-src 'self' https://www.google.com") {
		t.Errorf("recaptcha policy expected, got %q", csp)
	}
	if got := get(t, srv.URL+"/api/health").Header.Get("Content-Security-Policy"); strings.Contains(got, "google") {
		t.Errorf("API answers keep the strict policy, got %q", got)
	}
}
