package calendar

import (
	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Handler serves the calendar calls under /calendar.
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/calendar/getCalendarItems", httpx.Handle(h.currentUser, h.svc.Items))
	r.Post("/calendar/moveCalendarItem", httpx.Handle(h.currentUser, h.svc.Move))
}
