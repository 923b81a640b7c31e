package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// appender writes its text as its JSON, or fails.
type appender struct {
	text string
	fail bool
}

func (a appender) AppendJSON(b []byte) ([]byte, error) {
	if a.fail {
		return nil, errors.New("no")
	}
	return append(b, a.text...), nil
}

// A JSONAppender is written into a buffer kept from answer to answer: each
// answer is its own, whatever the sizes before it (a large one, past what
// is kept, included), and one that fails goes to encoding/json.
func TestWriteJSONOfAppendersInKeptBuffers(t *testing.T) {
	texts := []string{`"a long answer ` + strings.Repeat("x", 5000) + `"`, `1`, `"` + strings.Repeat("y", maxPooledJSON+10) + `"`,
		`{"k":2}`, `[]`, `"` + strings.Repeat("z", 3000) + `"`, `true`}
	for round := range 3 {
		for _, text := range texts {
			rec := httptest.NewRecorder()
			WriteJSON(rec, http.StatusCreated, appender{text: text})
			if rec.Code != http.StatusCreated || rec.Body.String() != text+"\n" ||
				rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
				t.Fatalf("round %d: %d %q, want %q", round, rec.Code, rec.Body.String(), text+"\n")
			}
		}
		rec := httptest.NewRecorder()
		WriteJSON(rec, http.StatusOK, appender{text: "x", fail: true})
		if rec.Code != http.StatusOK || rec.Body.String() != "{}\n" {
			t.Fatalf("a failing appender: %d %q, want encoding/json's {}", rec.Code, rec.Body.String())
		}
	}
}

type nopWriter struct{ h http.Header }

func (w nopWriter) Header() http.Header         { return w.h }
func (w nopWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w nopWriter) WriteHeader(int)             {}

func BenchmarkWriteJSONAppender(b *testing.B) {
	a := appender{text: `"` + strings.Repeat("x", 40<<10) + `"`}
	w := nopWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		WriteJSON(w, http.StatusOK, a)
	}
}
