package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/i18n"
)

// serve runs h behind the request middleware and returns the answer.
func serve(t *testing.T, h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rec := httptest.NewRecorder()
	WithRequest(log)(Recover(SecurityHeaders(h))).ServeHTTP(rec, req)
	return rec
}

func body(t *testing.T, rec *httptest.ResponseRecorder) ErrorBody {
	t.Helper()
	var b ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatalf("body %q is not the error envelope: %v", rec.Body.String(), err)
	}
	return b
}

func TestErrorsAreTranslatedAndCarryOnlyTheRequestID(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteError(w, r, fmt.Errorf("load: %w", NotFound()))
	})
	for _, tt := range []struct{ lang, want string }{
		{"", "O registro não foi encontrado."},
		{"pt-BR", "O registro não foi encontrado."},
		{"en-US", "The record was not found."},
	} {
		req := httptest.NewRequest("GET", "/x", nil)
		req.Header.Set("Accept-Language", tt.lang)
		rec := serve(t, h, req)
		if rec.Code != 404 {
			t.Errorf("status %d", rec.Code)
		}
		msg := body(t, rec).Message
		shown, detail, ok := strings.Cut(msg, DetailMarker)
		if !ok || shown != tt.want || detail != "request "+rec.Header().Get("X-Request-Id") {
			t.Errorf("lang %q: message %q", tt.lang, msg)
		}
	}
}

func TestUnexpectedErrorsAndPanicsAre500WithoutInternals(t *testing.T) {
	for name, h := range map[string]http.HandlerFunc{
		"error": func(w http.ResponseWriter, r *http.Request) {
			WriteError(w, r, errors.New("pq: relation secret_table does not exist"))
		},
		"panic": func(w http.ResponseWriter, r *http.Request) { panic("boom at secret_table") },
	} {
		t.Run(name, func(t *testing.T) {
			rec := serve(t, h, httptest.NewRequest("GET", "/x", nil))
			if rec.Code != 500 {
				t.Fatalf("status %d", rec.Code)
			}
			msg := body(t, rec).Message
			if strings.Contains(msg, "secret_table") || !strings.HasPrefix(msg, i18n.T(i18n.PtBR, "error.internal")) {
				t.Errorf("message %q", msg)
			}
		})
	}
}

func TestValidationNamesFields(t *testing.T) {
	var v Validation
	v.Add("newPassword", "error.required")
	v.Add("login", "error.required")
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { WriteError(w, r, v.Err()) })
	req := httptest.NewRequest("POST", "/x", nil)
	req.Header.Set("Accept-Language", "en")
	b := body(t, serve(t, h, req))
	if len(b.Validations) != 2 || b.Validations[0].Field != "newPassword" || b.Validations[0].Message != "required" {
		t.Errorf("validations %+v", b.Validations)
	}
	if !errors.Is(v.Err(), ErrInvalid) || errors.Is(v.Err(), ErrNotFound) {
		t.Error("errors.Is should match by status")
	}
	var empty Validation
	if empty.Err() != nil {
		t.Error("no field errors must give nil")
	}
}

func TestDecode(t *testing.T) {
	type in struct {
		Name string `json:"name"`
		Age  int    `json:"age"`
	}
	tests := []struct {
		name, body, contentType string
		limit                   int64
		wantStatus              int
	}{
		{"valid", `{"name":"a","age":3,"extra":true}`, "application/json", 1 << 10, 200},
		{"malformed", `{"name":`, "application/json", 1 << 10, 400},
		{"empty", ``, "application/json", 1 << 10, 400},
		{"wrong type", `{"age":"three"}`, "application/json", 1 << 10, 400},
		{"two documents", `{} {}`, "application/json", 1 << 10, 400},
		{"too large", `{"name":"` + strings.Repeat("x", 2000) + `"}`, "application/json", 1 << 10, 413},
		{"form body", `name=a`, "application/x-www-form-urlencoded", 1 << 10, 415},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := LimitBody(tt.limit)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var v in
				if err := Decode(r, &v); err != nil {
					WriteError(w, r, err)
					return
				}
				WriteJSON(w, 200, v)
			}))
			req := httptest.NewRequest("POST", "/x", strings.NewReader(tt.body))
			req.Header.Set("Content-Type", tt.contentType)
			rec := serve(t, h, req)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, body %s", rec.Code, rec.Body)
			}
			if tt.wantStatus != 200 && body(t, rec).Message == "" {
				t.Error("error without Message")
			}
		})
	}
}

func TestSecurityHeaders(t *testing.T) {
	rec := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}), httptest.NewRequest("GET", "/", nil))
	for h, want := range map[string]string{
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "strict-origin-when-cross-origin",
	} {
		if got := rec.Header().Get(h); got != want {
			t.Errorf("%s = %q", h, got)
		}
	}
	csp := rec.Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self';") || !strings.Contains(csp, "frame-ancestors 'self'") || strings.Contains(csp, "unsafe-eval") {
		t.Errorf("csp %q", csp)
	}
}
