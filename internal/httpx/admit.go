package httpx

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"
)

// AdmitBodyMax is the largest request body Admit reads before it admits
// the request; larger (or unannounced) bodies pass without admission.
const AdmitBodyMax = 64 << 10

// Admit lets at most n requests run their handler at once and queues the
// others in arrival order (a Go channel's waiting senders are served
// first come, first served).
//
// Why: under a burst of concurrent calls, every goroutine would otherwise
// run at once and share the CPU and the database pool by turns; a call
// that takes three trips to the pool then waits in its queue three times,
// and its latency grows with the number of calls in flight times its own
// weight, so the heavy calls make the tail (docs/benchmarks.md, Findings).
// Admitted in order, each call waits once, about as long as the others,
// and then runs with few competitors. The work done is the same; only its
// order changes.
//
// A request's slot is given back when its handler returns or as soon as it
// starts its answer (the header or the first bytes), so a stream (server-
// sent events) or a client slow to read a large answer holds none, and in
// any case after hold: a call waiting on something outside (a slow storage,
// a remote check) is not the CPU-bound work the queue is for, and must not
// keep the others waiting (past hold, the calls share the machine as they
// would without the queue). The
// body, when small and announced, is read before the request waits, so a
// client slow to send holds none either; a larger or unannounced body
// (an upload) is not admitted at all, as it is the client's pace. A client
// that goes away while its request waits leaves the queue.
func Admit(n int, hold time.Duration) func(http.Handler) http.Handler {
	slots := make(chan struct{}, n)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil && r.Body != http.NoBody && (r.ContentLength < 0 || r.ContentLength > AdmitBodyMax) {
				next.ServeHTTP(w, r)
				return
			}
			if r.Body != nil && r.Body != http.NoBody && r.ContentLength > 0 {
				buf := make([]byte, r.ContentLength)
				k, err := io.ReadFull(r.Body, buf)
				var body io.Reader = bytes.NewReader(buf[:k])
				if err != nil {
					// The handler reads what came and then the same error.
					body = io.MultiReader(body, errReader{err})
				}
				r.Body = readCloser{body, r.Body}
			}
			select {
			case slots <- struct{}{}:
			case <-r.Context().Done():
				return // the client is gone: nobody to answer
			}
			aw := &admittedWriter{ResponseWriter: w, release: func() { <-slots }}
			t := time.AfterFunc(hold, aw.done)
			defer func() {
				t.Stop()
				aw.done()
			}()
			next.ServeHTTP(aw, r)
		})
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// readCloser reads the body read ahead and closes the original.
type readCloser struct {
	io.Reader
	c io.Closer
}

func (b readCloser) Close() error { return b.c.Close() }

// admittedWriter gives the slot back once the answer starts.
type admittedWriter struct {
	http.ResponseWriter
	once    sync.Once
	release func()
}

func (w *admittedWriter) done() { w.once.Do(w.release) }

func (w *admittedWriter) WriteHeader(status int) {
	if status >= 200 { // informational answers (1xx) are not the answer
		w.done()
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *admittedWriter) Write(b []byte) (int, error) {
	w.done()
	return w.ResponseWriter.Write(b)
}

func (w *admittedWriter) Flush() {
	w.done()
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer
// (deadlines, flushing).
func (w *admittedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
