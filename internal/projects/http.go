package projects

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// CurrentUser returns the caller of a request, if signed in.
type CurrentUser func(r *http.Request) (Caller, bool)

// Handler serves the project calls.
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls: the spec's, under /genericItem as its other item
// calls, and the project's own (which the spec does not name) under /project.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/genericItem/loadProjectPermissions", handle(h, h.svc.LoadPermissions))
	r.Post("/genericItem/saveProjectPermissions", handle(h, h.svc.SavePermissions))
	r.Post("/genericItem/getProjectTitle", handle(h, h.svc.GetTitle))
	r.Post("/genericItem/getAllActivitiesToEAP", handle(h, h.svc.WBS))
	r.Post("/project/saveProject", handle(h, h.svc.SaveProject))
	r.Post("/project/loadProject", handle(h, h.svc.LoadProject))
	r.Post("/project/listProjects", handle(h, h.svc.ListProjects))
	r.Post("/project/archiveProject", handle(h, h.svc.ArchiveProject))
	r.Post("/project/updateProject", handle(h, h.svc.UpdateProject))
	r.Post("/project/projectSummary", handle(h, h.svc.Summary))
}

// handle is httpx.Handle with the caller read from the request (the audit
// log names the client's address).
func handle[In, Out any](h *Handler, run func(context.Context, Caller, In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		httpx.Handle(func(context.Context) (Caller, bool) { return h.currentUser(r) }, run)(w, r)
	}
}
