package messages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Hub holds this process's one LISTEN connection and fans the message events
// out to the pages subscribed here. Every instance runs its own Hub, and
// PostgreSQL delivers each NOTIFY to all of them.
type Hub struct {
	connect func(ctx context.Context) (*pgx.Conn, error)
	log     *slog.Logger

	// HealthCheck is how often an idle listening connection is checked.
	HealthCheck time.Duration

	mu      sync.Mutex
	subs    map[int64]map[*Subscription]struct{}
	stopped bool

	ready     chan struct{}
	readyOnce sync.Once
}

// subscriptionBuffer is how many events may wait for a slow page. When it is
// full further events are dropped: the page reloads its list on each of the
// waiting ones anyway.
const subscriptionBuffer = 32

// Subscription receives one user's events until it is closed or the hub stops.
type Subscription struct {
	hub    *Hub
	userID int64
	events chan Event
	done   chan struct{}
	once   sync.Once
}

// Events delivers the user's events.
func (s *Subscription) Events() <-chan Event { return s.events }

// Done is closed when the hub stops (the server is shutting down).
func (s *Subscription) Done() <-chan struct{} { return s.done }

// Close ends the subscription.
func (s *Subscription) Close() {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	if m := s.hub.subs[s.userID]; m != nil {
		delete(m, s)
		if len(m) == 0 {
			delete(s.hub.subs, s.userID)
		}
	}
	s.finish()
}

func (s *Subscription) finish() { s.once.Do(func() { close(s.done) }) }

// NewHub returns a hub that listens on its own connection, made with pool's
// settings but outside the pool.
func NewHub(pool *pgxpool.Pool, log *slog.Logger) *Hub {
	cfg := pool.Config().ConnConfig
	return &Hub{
		connect:     func(ctx context.Context) (*pgx.Conn, error) { return pgx.ConnectConfig(ctx, cfg.Copy()) },
		log:         log,
		HealthCheck: time.Minute,
		subs:        map[int64]map[*Subscription]struct{}{},
		ready:       make(chan struct{}),
	}
}

// MaxStreamsPerUser caps one user's subscriptions on an instance (a page holds
// one). Streams run without server deadlines, so without a cap one client
// could hold connections until the process runs out of file descriptors.
const MaxStreamsPerUser = 16

// ErrTooManyStreams refuses a subscription beyond MaxStreamsPerUser.
var ErrTooManyStreams = errors.New("too many event streams for this user")

// Subscribe starts receiving userID's events. After the hub stopped the
// subscription is born done.
func (h *Hub) Subscribe(userID int64) (*Subscription, error) {
	s := &Subscription{hub: h, userID: userID, events: make(chan Event, subscriptionBuffer), done: make(chan struct{})}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.stopped {
		s.finish()
		return s, nil
	}
	if len(h.subs[userID]) >= MaxStreamsPerUser {
		return nil, ErrTooManyStreams
	}
	if h.subs[userID] == nil {
		h.subs[userID] = map[*Subscription]struct{}{}
	}
	h.subs[userID][s] = struct{}{}
	return s, nil
}

// Ready is closed once the hub listens for the first time.
func (h *Hub) Ready() <-chan struct{} { return h.ready }

// Run listens until ctx ends, reconnecting after a lost connection and then
// telling every page to reload, as events may have been missed. On return
// every subscription is done, so streams end and the HTTP server can stop.
func (h *Hub) Run(ctx context.Context) error {
	defer h.stop()
	const minWait, maxWait = 500 * time.Millisecond, 30 * time.Second
	wait := minWait
	reconnect := false
	for {
		listened, err := h.listen(ctx, reconnect)
		if ctx.Err() != nil {
			return nil
		}
		if listened {
			wait = minWait
		}
		h.log.Warn("messages: live events connection lost", "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(wait*2, maxWait)
		reconnect = true
	}
}

// listen holds one connection; it reports whether LISTEN succeeded.
func (h *Hub) listen(ctx context.Context, reconnect bool) (bool, error) {
	conn, err := h.connect(ctx)
	if err != nil {
		return false, err
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return false, fmt.Errorf("listen: %w", err)
	}
	h.readyOnce.Do(func() { close(h.ready) })
	if reconnect {
		h.log.Info("messages: live events connection restored")
		h.broadcast(Event{Change: ChangeReset})
	}
	for {
		waitCtx, cancel := context.WithTimeout(ctx, h.HealthCheck)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case err == nil:
			h.dispatch(n.Payload)
		case ctx.Err() != nil:
			return true, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			// Idle: make sure the connection still answers, so a dead one is
			// noticed in a minute rather than when TCP gives up.
			if _, err := conn.Exec(ctx, "SELECT 1"); err != nil {
				return true, err
			}
		default:
			return true, err
		}
	}
}

func (h *Hub) dispatch(payload string) {
	var n notification
	if err := json.Unmarshal([]byte(payload), &n); err != nil || n.UserID == 0 {
		h.log.Warn("messages: malformed notification", "payload", payload)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[n.UserID] {
		deliver(s, n.Event)
	}
}

func (h *Hub) broadcast(e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, m := range h.subs {
		for s := range m {
			deliver(s, e)
		}
	}
}

func deliver(s *Subscription, e Event) {
	select {
	case s.events <- e:
	default:
	}
}

func (h *Hub) stop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stopped = true
	for _, m := range h.subs {
		for s := range m {
			s.finish()
		}
	}
	h.subs = map[int64]map[*Subscription]struct{}{}
}
