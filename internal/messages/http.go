package messages

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Handler serves the message calls.
type Handler struct {
	svc         *Service
	push        *Push
	hub         *Hub
	currentUser CurrentUser

	// Heartbeat is how often an idle event stream sends a comment, so
	// proxies and the browser keep it open.
	Heartbeat time.Duration
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, push *Push, hub *Hub, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, push: push, hub: hub, currentUser: currentUser, Heartbeat: 25 * time.Second}
}

// Routes mounts the calls; each answers 401 without a signed-in caller.
func (h *Handler) Routes(r chi.Router) {
	r.Get("/message/getMessages", h.with(h.getMessages))
	r.Post("/message/setReaded", h.with(h.setReaded))
	r.Post("/message/delete", h.with(h.delete))
	r.Post("/message/deleteAllMessages", h.with(h.deleteAll))
	r.Post("/message/setAllReaded", h.with(h.setAllReaded))
	r.Get("/message/events", h.with(h.events))
	r.Get("/message/getVapidPublicKey", h.with(h.getVapidPublicKey))
	r.Post("/message/createDevice", h.with(h.createDevice))
}

func (h *Handler) with(fn func(http.ResponseWriter, *http.Request, Caller)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.currentUser(r.Context())
		if !ok {
			httpx.WriteError(w, r, httpx.Unauthorized())
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		fn(w, r, c)
	}
}

func (h *Handler) getMessages(w http.ResponseWriter, r *http.Request, c Caller) {
	msgs, err := h.svc.List(r.Context(), c)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, msgs)
}

// messageRef is the message object the web app sends; only its id counts.
type messageRef struct {
	ID int64 `json:"id"`
}

func (h *Handler) setReaded(w http.ResponseWriter, r *http.Request, c Caller) {
	var in messageRef
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	m, err := h.svc.SetReaded(r.Context(), c, in.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, m)
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request, c Caller) {
	var in messageRef
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.svc.Delete(r.Context(), c, in.ID); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) deleteAll(w http.ResponseWriter, r *http.Request, c Caller) {
	if err := h.svc.DeleteAll(r.Context(), c); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) setAllReaded(w http.ResponseWriter, r *http.Request, c Caller) {
	if err := h.svc.SetAllReaded(r.Context(), c); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *Handler) getVapidPublicKey(w http.ResponseWriter, r *http.Request, _ Caller) {
	key, err := h.push.PublicKey(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, key)
}

func (h *Handler) createDevice(w http.ResponseWriter, r *http.Request, c Caller) {
	var in Device
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.push.CreateDevice(r.Context(), c, in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// events streams the caller's message events as server-sent events: "ready"
// once subscribed, "messages" per change, a comment every Heartbeat. Browsers
// read it with fetch(), which unlike EventSource can send the bearer header.
func (h *Handler) events(w http.ResponseWriter, r *http.Request, c Caller) {
	rc := http.NewResponseController(w)
	// The server's read and write timeouts are for ordinary calls; a stream
	// lives as long as its page. Errors mean a writer without deadlines.
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})

	sub, err := h.hub.Subscribe(c.UserID)
	if errors.Is(err, ErrTooManyStreams) {
		// The page's client retries with backoff, and gets in once another
		// tab of the user closes.
		httpx.WriteError(w, r, httpx.Fail(http.StatusTooManyRequests, "portal.tooManyStreams", "max", MaxStreamsPerUser))
		return
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	defer sub.Close()

	hdr := w.Header()
	hdr.Set("Content-Type", "text/event-stream; charset=utf-8")
	hdr.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	send := func(format string, args ...any) bool {
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send("retry: 5000\nevent: ready\ndata: {}\n\n") {
		return
	}
	heartbeat := time.NewTicker(h.Heartbeat)
	defer heartbeat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-sub.Done():
			return
		case e := <-sub.Events():
			b, _ := json.Marshal(e)
			if !send("event: messages\ndata: %s\n\n", b) {
				return
			}
		case <-heartbeat.C:
			if !send(": ping\n\n") {
				return
			}
		}
	}
}
