package timesheets

import (
	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Handler serves the calls of the timesheets control.
type Handler struct {
	svc         *Service
	currentUser items.CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser items.CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls: the control's under /genericItem as the spec's
// other item calls, the week grid's under /timesheets.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/genericItem/loadTimesheetsFormData", httpx.HandleOptional(h.currentUser, h.svc.LoadTimesheets))
	r.Post("/genericItem/saveTimeEntry", httpx.HandleOptional(h.currentUser, h.svc.SaveTimeEntry))
	r.Post("/genericItem/deleteTimeEntry", httpx.HandleOptional(h.currentUser, h.svc.DeleteTimeEntry))
	// The caller's own week across items (My timesheet).
	r.Post("/timesheets/getMyWeek", httpx.Handle(h.currentUser, h.svc.GetMyWeek))
	r.Post("/timesheets/saveMyWeek", httpx.Handle(h.currentUser, h.svc.SaveMyWeek))
	r.Post("/timesheets/copyLastWeek", httpx.Handle(h.currentUser, h.svc.CopyLastWeek))
	r.Post("/timesheets/findMyItems", httpx.Handle(h.currentUser, h.svc.FindMyItems))
	// Month closing (panel administrators).
	r.Post("/timesheets/getMonthClosing", httpx.Handle(h.currentUser, h.svc.GetMonthClosing))
	r.Post("/timesheets/closeMonth", httpx.Handle(h.currentUser, h.svc.CloseMonth))
	r.Post("/timesheets/reopenMonth", httpx.Handle(h.currentUser, h.svc.ReopenMonth))
}
