package httpx_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/httpx"
)

// With Admit's one slot held a second request waits (never runs if its client
// leaves) until the first starts its answer; uploads are not queued and a
// small body reaches the handler whole.
func TestAdmitQueuesPastItsSlotsAndFreesThemWhenTheAnswerStarts(t *testing.T) {
	entered, answer, answered, end := make(chan struct{}), make(chan struct{}), make(chan struct{}), make(chan struct{})
	defer close(end)
	var second atomic.Bool
	h := httpx.Admit(1, time.Hour)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/stream":
			close(entered)
			<-answer
			w.WriteHeader(http.StatusOK)
			close(answered)
			<-end // still running, as a stream does
		case "/second":
			second.Store(true)
		default:
			b, _ := io.ReadAll(r.Body)
			_, _ = w.Write(b)
		}
	}))
	go h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/stream", nil))

	<-entered
	// The slot is taken: the second request waits until
	// its client goes away, and then it is not run.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/second", nil).WithContext(ctx))
		close(done)
	}()
	// An upload does not wait for the slot.
	big := bytes.Repeat([]byte("x"), httpx.AdmitBodyMax+1)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/upload", bytes.NewReader(big)))
	if rec.Body.Len() != len(big) {
		t.Fatalf("upload: %d bytes back, want %d", rec.Body.Len(), len(big))
	}
	cancel()
	<-done
	if second.Load() {
		t.Fatal("a request ran while the only slot was taken")
	}

	// Once the stream answered, the slot is free again.
	close(answer)
	<-answered
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/echo", strings.NewReader(`{"a":1}`)))
	if rec.Body.String() != `{"a":1}` {
		t.Fatalf("echo: %q", rec.Body.String())
	}
}

// A call that keeps its slot past hold without answering (waiting on
// something outside) lets the next one in.
func TestAdmitLetsTheNextInWhenACallHoldsItsSlotTooLong(t *testing.T) {
	entered, end := make(chan struct{}), make(chan struct{})
	defer close(end)
	h := httpx.Admit(1, time.Millisecond)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			close(entered)
			<-end
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	go h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/slow", nil))
	<-entered
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/next", nil))
	if rec.Code != http.StatusNoContent {
		t.Fatalf("next: status %d", rec.Code)
	}
}
