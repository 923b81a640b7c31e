package httpx

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// upload sends parts (a file when filename is set) to a handler that reads
// the body with OpenMultipart and answers the fields and file it saw.
func upload(t *testing.T, lang, contentType string, limit int64, parts [][3]string) (int, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		var w io.Writer
		var err error
		if p[1] != "" {
			w, err = mw.CreateFormFile(p[0], p[1])
		} else {
			w, err = mw.CreateFormField(p[0])
		}
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.WriteString(w, p[2])
	}
	_ = mw.Close()
	if contentType == "" {
		contentType = mw.FormDataContentType()
	}
	h := LimitBody(limit)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := OpenMultipart(w, r)
		if err != nil {
			WriteError(w, r, err)
			return
		}
		var files []string
		for {
			part, err := body.NextFile()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				WriteError(w, r, err)
				return
			}
			b, err := io.ReadAll(part)
			if err != nil {
				WriteError(w, r, ReadError(err))
				return
			}
			files = append(files, part.FileName()+"="+string(b))
		}
		id, err := body.ID("itemId", "itemID")
		if err != nil {
			WriteError(w, r, err)
			return
		}
		WriteJSON(w, 200, map[string]any{"id": id, "kind": body.Value("kind"), "files": files})
	}))
	req := httptest.NewRequest("POST", "/x?kind=content", &buf)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Accept-Language", lang)
	req.ContentLength = -1 // streamed, so the limit is met while reading
	rec := serve(t, h, req)
	if rec.Code == 200 {
		return rec.Code, strings.TrimSpace(rec.Body.String())
	}
	msg, _, _ := strings.Cut(body(t, rec).Message, DetailMarker)
	return rec.Code, msg
}

func TestMultipartReadsFieldsThenFilesAndAnswersInTheCallersLanguage(t *testing.T) {
	long := strings.Repeat("x", maxFieldBytes+1)
	var many [][3]string
	for range maxParts + 1 {
		many = append(many, [3]string{"f", "", "v"})
	}
	tests := []struct {
		name, lang, contentType string
		limit                   int64
		parts                   [][3]string
		wantStatus              int
		want                    string
	}{
		{"fields, then files; kind from the address", "en", "", 1 << 20,
			[][3]string{{"itemID", "", " 12 "}, {"files", "a.txt", "A"}, {"files", "b.txt", "B"}},
			200, `{"files":["a.txt=A","b.txt=B"],"id":12,"kind":"content"}`},
		{"an id sent as an object", "en", "", 1 << 20,
			[][3]string{{"itemId", "", `{"id":7}`}, {"kind", "", "attachment"}},
			200, `{"files":null,"id":7,"kind":"attachment"}`},
		{"a malformed id", "en", "", 1 << 20,
			[][3]string{{"itemId", "", "-1"}}, 400, "The identifier itemId is invalid."},
		{"not multipart, pt-BR", "pt-BR", "application/json", 1 << 20, nil,
			415, "Envie os arquivos como multipart/form-data, no campo files."},
		{"not multipart, en", "en", "application/json", 1 << 20, nil,
			415, "Send the files as multipart/form-data, in the field files."},
		{"a field too long, pt-BR", "pt-BR", "", 1 << 20, [][3]string{{"kind", "", long}},
			400, "O campo kind é longo demais."},
		{"a field too long, en", "en", "", 1 << 20, [][3]string{{"kind", "", long}},
			400, "The field kind is too long."},
		{"too many parts", "en", "", 1 << 20, many,
			400, "Send the files as multipart/form-data, in the field files."},
		{"a file over the body limit", "en", "", 1536,
			[][3]string{{"files", "a.txt", strings.Repeat("x", 4096)}},
			413, "The request body exceeds the limit of 1536 B."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, got := upload(t, tt.lang, tt.contentType, tt.limit, tt.parts)
			if status != tt.wantStatus || got != tt.want {
				t.Errorf("got %d %q, want %d %q", status, got, tt.wantStatus, tt.want)
			}
		})
	}
}

// An upload's limit is written in whole units, a JSON body's with a
// fraction: both texts are shown today and stay as they are.
func TestSizesOfUploadsAndJSONBodies(t *testing.T) {
	for _, tt := range []struct {
		n              int64
		upload, asJSON string
	}{
		{512, "512 B", "512 B"},
		{64 << 10, "64 KB", "64 KB"},
		{101 << 20, "101 MB", "101 MB"},
		{1536 << 10, "1536 KB", "1.5 MB"},
		{1<<20 + 6000, "1054576 B", "1.0057220458984375 MB"},
	} {
		if got := HumanSize(tt.n); got != tt.upload {
			t.Errorf("HumanSize(%d) = %q, want %q", tt.n, got, tt.upload)
		}
		if got := humanBytes(tt.n); got != tt.asJSON {
			t.Errorf("humanBytes(%d) = %q, want %q", tt.n, got, tt.asJSON)
		}
	}
}
