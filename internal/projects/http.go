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

// Routes mounts the calls, under /genericItem as the spec's other item calls.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/genericItem/loadProjectPermissions", handle(h, h.svc.LoadPermissions))
	r.Post("/genericItem/saveProjectPermissions", handle(h, h.svc.SavePermissions))
	r.Post("/genericItem/getProjectTitle", handle(h, h.svc.GetTitle))
}

// handle is httpx.Handle with the caller read from the request (the audit
// log names the client's address).
func handle[In, Out any](h *Handler, run func(context.Context, Caller, In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		httpx.Handle(func(context.Context) (Caller, bool) { return h.currentUser(r) }, run)(w, r)
	}
}
