package workflow

import (
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
	r.Post("/genericItem/getActions", httpx.Handle(h.currentUser, h.svc.Actions))
	r.Post("/genericItem/loadResponsibles", httpx.Handle(h.currentUser, h.svc.Responsibles))
	r.Post("/genericItem/validateByRule", httpx.Handle(h.currentUser, h.svc.ValidateByRule))
	r.Post("/genericItem/triggerAction", httpx.Handle(h.currentUser, h.svc.Trigger))
	r.Post("/genericItem/executeTaskAction", httpx.Handle(h.currentUser, h.svc.ExecuteTaskAction))
	r.Post("/genericItem/getOperation", httpx.Handle(h.currentUser, h.svc.GetOperation))
	r.Post("/genericItem/getOperations", httpx.Handle(h.currentUser, h.svc.GetOperations))
	r.Post("/genericItem/executeOperationBusinessRule", httpx.Handle(h.currentUser, h.svc.RunOperation))
	r.Post("/genericItem/executeOperationCallResultFunction", h.operationFile)
	r.Post("/genericItem/executeBulkOperation", httpx.Handle(h.currentUser, h.svc.RunBulk))
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
