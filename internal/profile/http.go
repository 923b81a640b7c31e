package profile

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Handler serves the profile call.
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the call; it answers 401 without a signed-in caller.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/users/updateProfile", h.updateProfile)
}

// updated is the answer: the profile as stored, which the web app keeps in
// its session, and the success text the spec shows.
type updated struct {
	Profile
	Message string `json:"Message"`
}

func (h *Handler) updateProfile(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	var in Profile
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := h.svc.Update(r.Context(), c, in)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, updated{Profile: p, Message: i18n.T(i18n.From(r.Context()), "portal.profileUpdated")})
}
