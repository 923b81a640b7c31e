package server

import (
	"bytes"
	"context"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// spaHandler serves the web app: hashed /assets are immutable; index.html is
// never cached, so a release reaches browsers at their next navigation, and
// answers every other GET path. pagePolicy widens its CSP for reCAPTCHA.
func spaHandler(dist fs.FS, pagePolicy func(ctx context.Context) string) http.Handler {
	index, indexErr := fs.ReadFile(dist, "index.html")
	started := time.Now()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpx.WriteError(w, r, httpx.Fail(http.StatusMethodNotAllowed, "error.methodNotAllowed"))
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if strings.HasPrefix(name, "assets/") {
			serveFile(w, r, dist, name, "public, max-age=31536000, immutable")
			return
		}
		if name != "" && name != "index.html" && isFile(dist, name) {
			serveFile(w, r, dist, name, "no-cache")
			return
		}
		if indexErr != nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte(i18n.T(i18n.From(r.Context()), "error.webNotBuilt") + "\n"))
			return
		}
		if pagePolicy != nil {
			w.Header().Set("Content-Security-Policy", pagePolicy(r.Context()))
		}
		w.Header().Set("Cache-Control", "no-cache, no-store, must-revalidate")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, "index.html", started, bytes.NewReader(index))
	})
}

func isFile(dist fs.FS, name string) bool {
	st, err := fs.Stat(dist, name)
	return err == nil && !st.IsDir()
}

func serveFile(w http.ResponseWriter, r *http.Request, dist fs.FS, name, cacheControl string) {
	f, err := dist.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	rs, ok := f.(interface {
		Read([]byte) (int, error)
		Seek(int64, int) (int64, error)
	})
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", cacheControl)
	http.ServeContent(w, r, name, st.ModTime(), rs)
}
