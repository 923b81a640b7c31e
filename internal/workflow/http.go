package workflow

import (
	"context"
	"mime"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Handler serves the workflow calls under /genericItem (spec section 7).
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls. They are single routes, not a sub-router: the
// item engine owns the /genericItem sub-router, and chi prefers these
// exact paths to its catch-all.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/genericItem/getActions", call(h, h.svc.Actions))
	r.Post("/genericItem/loadResponsibles", call(h, h.svc.Responsibles))
	r.Post("/genericItem/validateByRule", call(h, h.svc.ValidateByRule))
	r.Post("/genericItem/triggerAction", call(h, h.svc.Trigger))
	r.Post("/genericItem/executeTaskAction", call(h, h.svc.ExecuteTaskAction))
	r.Post("/genericItem/getOperation", call(h, h.svc.GetOperation))
	r.Post("/genericItem/getOperations", call(h, h.svc.GetOperations))
	r.Post("/genericItem/executeOperationBusinessRule", call(h, h.svc.RunOperation))
	r.Post("/genericItem/executeOperationCallResultFunction", h.operationFile)
	r.Post("/genericItem/executeBulkOperation", call(h, h.svc.RunBulk))
}

// operationFile answers executeOperationCallResultFunction: the operation's
// result as itself — a file result is the file (Content-Disposition:
// attachment), a message or a table the JSON of executeOperationBusinessRule.
func (h *Handler) operationFile(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	var in RunInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := h.svc.RunOperation(r.Context(), c, in)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if res.File == nil {
		httpx.WriteJSON(w, http.StatusOK, res)
		return
	}
	w.Header().Set("Content-Type", res.File.Type)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": res.File.Name}))
	w.Header().Set("Content-Length", strconv.Itoa(len(res.File.Content)))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(res.File.Content)
}

// call decodes the body into In, runs fn for the signed-in caller and
// answers its result.
func call[In, Out any](h *Handler, fn func(context.Context, Caller, In) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.currentUser(r.Context())
		if !ok {
			httpx.WriteError(w, r, httpx.Unauthorized())
			return
		}
		var in In
		if err := httpx.Decode(r, &in); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out, err := fn(r.Context(), c, in)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		httpx.WriteJSON(w, http.StatusOK, out)
	}
}
