package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/tramita/tramita/internal/i18n"
)

type loggerKey struct{}
type requestIDKey struct{}

// RequestID returns the id given to the request by the RequestID middleware.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// WithRequest gives each request an id (answered in X-Request-Id), a logger
// carrying it, and the caller's language from Accept-Language.
func WithRequest(base *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id := hex.EncodeToString(b[:])
			w.Header().Set("X-Request-Id", id)
			ctx := context.WithValue(r.Context(), requestIDKey{}, id)
			ctx = context.WithValue(ctx, loggerKey{}, base.With("request_id", id))
			ctx = i18n.With(ctx, i18n.Parse(r.Header.Get("Accept-Language")))
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// AccessLog writes one line per request, after it ends.
func AccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		status := ww.Status()
		if status == 0 {
			status = http.StatusOK
		}
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		Logger(r.Context()).Log(r.Context(), level, "http",
			"method", r.Method, "path", r.URL.Path, "status", status,
			"bytes", ww.BytesWritten(), "duration_ms", time.Since(start).Milliseconds(),
			"remote", r.RemoteAddr)
	})
}

// Recover turns a panic into a logged 500 with the generic message, so one
// broken handler never takes the process down.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			rec := recover()
			if rec == nil {
				return
			}
			if rec == http.ErrAbortHandler {
				panic(rec)
			}
			Logger(r.Context()).Error("panic", "panic", fmt.Sprint(rec), "stack", string(debug.Stack()))
			WriteError(w, r, fmt.Errorf("panic: %v", rec))
		}()
		next.ServeHTTP(w, r)
	})
}

// ContentSecurityPolicy is strict: no inline scripts, no foreign origins. An
// application's htmlScripts are served as a same-origin file for this reason.
// Styles allow 'unsafe-inline' because MUI (emotion) injects style elements.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
	"frame-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'"

// RecaptchaContentSecurityPolicy is the policy of the web app's page while
// reCAPTCHA is enabled: Google's widget needs its script and its frame.
const RecaptchaContentSecurityPolicy = "default-src 'self'; script-src 'self' https://www.google.com https://www.gstatic.com; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
	"frame-src 'self' https://www.google.com https://www.gstatic.com; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'"

// SecurityHeaders sets the headers every answer carries.
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()")
		next.ServeHTTP(w, r)
	})
}

// LimitBody caps request bodies; Decode answers 413 when the cap is hit.
func LimitBody(limit int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > limit {
				WriteError(w, r, &Error{Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Args: []any{"limit", humanBytes(limit)}})
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, limit)
			next.ServeHTTP(w, r)
		})
	}
}
