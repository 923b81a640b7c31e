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

// Admit runs at most n handlers at once and queues the rest first come, first
// served: under a burst each call then waits once, not at every turn for the
// CPU and the pool, so the heavy calls do not make the latency's tail.
func Admit(n int, hold time.Duration) func(http.Handler) http.Handler {
	slots := make(chan struct{}, n)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// A large or unannounced body (an upload) comes at the client's pace:
			// it is not queued.
			if r.Body != nil && r.Body != http.NoBody && (r.ContentLength < 0 || r.ContentLength > AdmitBodyMax) {
				next.ServeHTTP(w, r)
				return
			}
			// A small body is read before waiting, so a client slow to send
			// holds no slot.
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
			// Past hold a call waits on something outside (storage, a remote
			// check), not the CPU work the queue is for: it lets the others in.
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

// admittedWriter gives the slot back once the answer starts, so a stream or
// a client slow to read a large answer holds none.
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
