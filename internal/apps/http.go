package apps

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Handler serves the application calls.
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls. Each checks its caller itself: the script call is
// also open to a signed address without a bearer token.
func (h *Handler) Routes(r chi.Router) {
	r.Get("/application/getAllowedApplications", h.getAllowedApplications)
	r.Post("/application/getApplicationMenu", h.getApplicationMenu)
	r.Get("/application/script/{appID}.js", h.script)
}

func (h *Handler) getAllowedApplications(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	apps, err := h.svc.AllowedApplications(r.Context(), c, i18n.From(r.Context()))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, apps)
}

// getApplicationMenu answers the pair [menu tree, application] of the spec.
func (h *Handler) getApplicationMenu(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	id, err := strconv.ParseInt(r.URL.Query().Get("appID"), 10, 64)
	if err != nil {
		httpx.WriteError(w, r, httpx.NotFound())
		return
	}
	menu, app, err := h.svc.ApplicationMenu(r.Context(), c, id, i18n.From(r.Context()))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, []any{menu, app})
}

// script serves an application's htmlScripts as JavaScript, to a signed-in
// caller or to the signed address the menu call handed out.
func (h *Handler) script(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(chi.URLParam(r, "appID"), 10, 64)
	if err != nil {
		httpx.WriteError(w, r, httpx.NotFound())
		return
	}
	var script string
	q := r.URL.Query()
	if c, ok := h.currentUser(r.Context()); ok {
		script, err = h.svc.Script(r.Context(), c, id)
	} else if q.Has("s") {
		uid, _ := strconv.ParseInt(q.Get("u"), 10, 64)
		exp, _ := strconv.ParseInt(q.Get("e"), 10, 64)
		script, err = h.svc.SignedScript(r.Context(), id, ScriptGrant{UserID: uid, Expires: exp, Signature: q.Get("s")})
	} else {
		err = httpx.Unauthorized()
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/javascript; charset=utf-8")
	if q.Has("v") {
		// The address names the script's version: its content never changes.
		w.Header().Set("Cache-Control", "private, max-age=3600")
	} else {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(script))
}
