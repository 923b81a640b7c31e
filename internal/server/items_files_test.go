package server

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/httpx"
)

// Uploads get 4 × the file size + 1 MB; every other body, and a JSON body
// sent to an upload call, keeps the 1 MB /api limit.
func TestUploadCallsGetTheirOwnBodyLimit(t *testing.T) {
	m := &itemsModule{limits: documents.FileLimits{MaxSize: 1 << 20}.WithDefaults()}
	read := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				w.WriteHeader(http.StatusRequestEntityTooLarge)
				return
			}
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	h := httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil)))(m.bodyLimit(apiBodyLimit)(read))
	cases := []struct {
		name, path, contentType string
		size                    int
		want                    int
	}{
		{"3 MB upload", "/api/genericItem/uploadFiles", "multipart/form-data; boundary=x", 3 << 20, 200},
		{"3 MB import", "/api/genericItem/importExcel", "multipart/form-data; boundary=x", 3 << 20, 200},
		{"upload over 5 MB", "/api/genericItem/uploadFiles", "multipart/form-data; boundary=x", 5<<20 + 1, 413},
		{"a 6 MB MS Project file", "/api/genericItem/scheduleUpload", "multipart/form-data; boundary=x", 6 << 20, 200},
		{"an MS Project file over 21 MB", "/api/genericItem/scheduleUpload", "multipart/form-data; boundary=x", 21<<20 + 1, 413},
		{"JSON to an upload call", "/api/genericItem/uploadFiles", "application/json", 2 << 20, 413},
		{"multipart elsewhere", "/api/genericItem/saveItem", "multipart/form-data; boundary=x", 2 << 20, 413},
		{"small JSON", "/api/genericItem/saveItem", "application/json", 1 << 10, 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", c.path, bytes.NewReader(make([]byte, c.size)))
			req.Header.Set("Content-Type", c.contentType)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != c.want {
				t.Errorf("%d, want %d", rec.Code, c.want)
			}
		})
	}
}
