package messages_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/messages"
)

// sse is one open event stream, its frames read in the background.
type sse struct {
	frames chan string // "event name|data" or ": comment"
	closed chan struct{}
	cancel context.CancelFunc
}

func (f *fixture) subscribe(t *testing.T, in *instance, login string) *sse {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req := f.request(t, in, "GET", "/api/message/events", login, nil).WithContext(ctx)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		cancel()
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	s := &sse{frames: make(chan string, 100), closed: make(chan struct{}), cancel: cancel}
	t.Cleanup(cancel)
	go func() {
		defer close(s.closed)
		defer resp.Body.Close()
		rd := bufio.NewReader(resp.Body)
		var event, data string
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, ":"):
				s.frames <- line
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				data = strings.TrimPrefix(line, "data: ")
			case line == "" && event != "":
				s.frames <- event + "|" + data
				event, data = "", ""
			}
		}
	}()
	if got := s.next(t, 5*time.Second); got != "ready|{}" {
		t.Fatalf("first frame %q", got)
	}
	return s
}

// next returns the next frame that is not a heartbeat, "" on timeout.
func (s *sse) next(t *testing.T, timeout time.Duration) string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case fr := <-s.frames:
			if !strings.HasPrefix(fr, ":") {
				return fr
			}
		case <-deadline:
			return ""
		}
	}
}

func (s *sse) event(t *testing.T) messages.Event {
	t.Helper()
	fr := s.next(t, 5*time.Second)
	name, data, _ := strings.Cut(fr, "|")
	var e messages.Event
	if name != "messages" || json.Unmarshal([]byte(data), &e) != nil {
		t.Fatalf("frame %q, want a messages event", fr)
	}
	return e
}

func TestEventsReachTheUserOnEveryInstanceAndNobodyElse(t *testing.T) {
	f := newFixture(t)
	one, two := f.start(t), f.start(t) // two server instances, one database
	anaOnOne := f.subscribe(t, one, "ana")
	anaOnTwo := f.subscribe(t, two, "ana")
	biaOnOne := f.subscribe(t, one, "bia")

	// Send runs on a pool connection; the hubs listen on their own.
	m := f.send(t, "ana", "Nova tarefa", "Revise o contrato.")
	for name, s := range map[string]*sse{"instance one": anaOnOne, "instance two": anaOnTwo} {
		if e := s.event(t); e != (messages.Event{Change: messages.ChangeNew, ID: m.ID}) {
			t.Errorf("%s: %+v", name, e)
		}
	}
	if status, _ := f.call(t, two, "POST", "/api/message/setReaded", "ana", m); status != 200 {
		t.Fatal(status)
	}
	if e := anaOnOne.event(t); e != (messages.Event{Change: messages.ChangeRead, ID: m.ID}) {
		t.Errorf("read: %+v", e)
	}
	if status, _ := f.call(t, one, "POST", "/api/message/delete", "ana", m); status != 204 {
		t.Fatal(status)
	}
	if e := anaOnOne.event(t); e != (messages.Event{Change: messages.ChangeDeleted, ID: m.ID}) {
		t.Errorf("delete: %+v", e)
	}
	f.send(t, "ana", "a", "")
	anaOnOne.event(t)
	if status, _ := f.call(t, one, "POST", "/api/message/deleteAllMessages", "ana", nil); status != 204 {
		t.Fatal(status)
	}
	if e := anaOnOne.event(t); e.Change != messages.ChangeAllDeleted {
		t.Errorf("delete all: %+v", e)
	}
	if fr := biaOnOne.next(t, 300*time.Millisecond); fr != "" {
		t.Errorf("bia heard of ana's messages: %q", fr)
	}

	// A refused change (bia on ana's message) is not announced.
	if status, _ := f.call(t, one, "POST", "/api/message/setReaded", "bia", m); status != 404 {
		t.Fatal(status)
	}
	if fr := anaOnOne.next(t, 300*time.Millisecond); fr != "" {
		t.Errorf("event for a refused change: %q", fr)
	}
}

func TestEventStreamOutlivesServerTimeoutsWithHeartbeats(t *testing.T) {
	f := newFixture(t)
	in := f.start(t) // read and write timeouts of one second
	in.handler.Heartbeat = 200 * time.Millisecond
	s := f.subscribe(t, in, "ana")
	// Wait (no timed assertion: a busy machine may be slow) until the
	// stream has outlived the one-second timeouts and carried four
	// heartbeats; a stream cut by the timeouts closes instead.
	start := time.Now()
	deadline := time.After(30 * time.Second)
	for pings := 0; pings < 4 || time.Since(start) < 1500*time.Millisecond; {
		select {
		case fr := <-s.frames:
			if fr == ": ping" {
				pings++
			}
		case <-s.closed:
			t.Fatalf("stream closed after %s and %d heartbeats", time.Since(start), pings)
		case <-deadline:
			t.Fatalf("%d heartbeats in 30 s", pings)
		}
	}
	m := f.send(t, "ana", "Depois do prazo", "")
	if e := s.event(t); e.ID != m.ID {
		t.Errorf("event %+v", e)
	}
}

func TestEventStreamEndsWhenTheHubStops(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	s := f.subscribe(t, in, "ana")
	// The server stops its hub when it shuts down, so streams let it finish.
	in.stopHub()
	select {
	case <-s.closed:
	case <-time.After(5 * time.Second):
		t.Fatal("stream open after the hub stopped")
	}
	late := f.subscribe(t, in, "ana")
	select {
	case <-late.closed:
	case <-time.After(5 * time.Second):
		t.Fatal("a stream opened after the hub stopped stays open")
	}
}

func TestHubReconnectsAndTellsPagesToReload(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	s := f.subscribe(t, in, "ana")
	// Kill every other session of the database, the hub's among them.
	if _, err := f.db.Exec(context.Background(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	if e := s.event(t); e.Change != messages.ChangeReset {
		t.Fatalf("after reconnecting: %+v", e)
	}
	m := f.send(t, "ana", "Depois da queda", "")
	if e := s.event(t); e.ID != m.ID {
		t.Errorf("event %+v", e)
	}
}

// One user's streams on an instance are capped: beyond MaxStreamsPerUser the
// call is refused with 429 and a Message (a stream has no server deadline, so
// an unbounded number would let one client hold connections without end).
// Closing one lets the next in; another user is not affected.
func TestEventStreamsOfOneUserAreCapped(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	var open []*sse
	for range messages.MaxStreamsPerUser {
		open = append(open, f.subscribe(t, in, "ana"))
	}
	// Without the cap this would be one more open stream: read no further
	// than its status.
	ctx, cancel := context.WithCancel(context.Background())
	resp, err := http.DefaultClient.Do(f.request(t, in, "GET", "/api/message/events", "ana", nil).WithContext(ctx))
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusTooManyRequests {
		cancel()
		resp.Body.Close()
		t.Fatalf("stream beyond the cap: %d", resp.StatusCode)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	cancel()
	var e struct{ Message string }
	if json.Unmarshal(body, &e) != nil || !strings.HasPrefix(e.Message, "Too many tabs (16) are receiving messages") {
		t.Fatalf("refusal %s", body)
	}
	bia := f.subscribe(t, in, "bia")

	open[0].cancel()
	<-open[0].closed
	// The server notices the closed stream when its request context ends,
	// a moment after the client closed it.
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithCancel(context.Background())
		resp, err := http.DefaultClient.Do(f.request(t, in, "GET", "/api/message/events", "ana", nil).WithContext(ctx))
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusOK {
			t.Cleanup(func() { cancel(); resp.Body.Close() })
			break
		}
		resp.Body.Close()
		cancel()
		if time.Now().After(deadline) {
			t.Fatalf("no stream after one closed: %d", resp.StatusCode)
		}
		time.Sleep(20 * time.Millisecond)
	}
	m := f.send(t, "bia", "Para a bia", "")
	if ev := bia.event(t); ev.ID != m.ID {
		t.Errorf("bia's event %+v", ev)
	}
}
