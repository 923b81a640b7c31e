package server

import (
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestSPAServesIndexAssetsAndFallback(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":          {Data: []byte("<!doctype html><title>Tramita</title>")},
		"assets/app-1a2b3.js": {Data: []byte("console.log(1)")},
		"favicon.svg":         {Data: []byte("<svg/>")},
	}
	h := spaHandler(dist, nil)
	tests := []struct {
		path, wantBody, wantCache string
		wantStatus                int
	}{
		{"/", "<!doctype html>", "no-cache, no-store, must-revalidate", 200},
		{"/app", "<!doctype html>", "no-cache, no-store, must-revalidate", 200},
		{"/no/such/page", "<!doctype html>", "no-cache, no-store, must-revalidate", 200},
		{"/assets/app-1a2b3.js", "console.log(1)", "public, max-age=31536000, immutable", 200},
		{"/favicon.svg", "<svg/>", "no-cache", 200},
		{"/assets/missing.js", "404", "", 404},
		{"/../../etc/passwd", "<!doctype html>", "no-cache, no-store, must-revalidate", 200},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
			if rec.Code != tt.wantStatus || !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Fatalf("status %d body %q", rec.Code, rec.Body.String())
			}
			if got := rec.Header().Get("Cache-Control"); got != tt.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, tt.wantCache)
			}
		})
	}
}

func TestSPAWithoutBuildSaysHowToBuild(t *testing.T) {
	rec := httptest.NewRecorder()
	spaHandler(fstest.MapFS{".gitkeep": {}}, nil).ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "make build") {
		t.Errorf("status %d body %q", rec.Code, rec.Body.String())
	}
}

func TestSPARefusesWrites(t *testing.T) {
	rec := httptest.NewRecorder()
	spaHandler(fstest.MapFS{}, nil).ServeHTTP(rec, httptest.NewRequest("POST", "/app", nil))
	if rec.Code != 405 {
		t.Errorf("status %d", rec.Code)
	}
}
