package timesheets

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

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

// SetSend gives the service what tells people their hours were reviewed.
func (h *Handler) SetSend(send Send) { h.svc.SetSend(send) }

// StatusLeft makes automatic entries of an item leaving a status, for the
// workflow's transitions (workflow.StatusLeft).
func (h *Handler) StatusLeft(ctx context.Context, tx pgx.Tx, by, item, status int64, responsible *int64) error {
	return h.svc.StatusLeft(ctx, tx, by, item, status, responsible)
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
	// Approval (docs/timesheets.md, "Approval and team timesheets").
	r.Post("/timesheets/submitMyWeek", httpx.Handle(h.currentUser, h.svc.SubmitMyWeek))
	r.Post("/timesheets/getTeamTimesheets", httpx.Handle(h.currentUser, h.svc.GetTeamTimesheets))
	r.Post("/timesheets/approveTimeEntries", httpx.Handle(h.currentUser, h.svc.ApproveTimeEntries))
	r.Post("/timesheets/rejectTimeEntries", httpx.Handle(h.currentUser, h.svc.RejectTimeEntries))
	r.Post("/timesheets/exportTeamTimesheets", h.exportTeam)
}

// exportTeam answers the team list as an xlsx file (not JSON, hence no
// httpx.Handle).
func (h *Handler) exportTeam(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	var in TeamInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	f, name, err := h.svc.ExportTeamTimesheets(r.Context(), c, in)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	if _, err := f.WriteTo(w); err != nil {
		httpx.Logger(r.Context()).Warn("export interrupted", "error", err)
	}
}
