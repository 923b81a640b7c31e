package profile

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// PasswordCheck checks the password of user userID, the caller of r, as a
// sign-in from r's client would (auth.Service.ConfirmPassword).
type PasswordCheck func(r *http.Request, userID int64, password string) error

// Handler serves the profile call.
type Handler struct {
	svc           *Service
	currentUser   CurrentUser
	checkPassword PasswordCheck
}

// NewHandler returns the handler; currentUser names the caller of a request,
// checkPassword checks their current password.
func NewHandler(svc *Service, currentUser CurrentUser, checkPassword PasswordCheck) *Handler {
	return &Handler{svc: svc, currentUser: currentUser, checkPassword: checkPassword}
}

// Routes mounts the calls; they answer 401 without a signed-in caller.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/users/updateProfile", h.updateProfile)
	r.Get("/users/avatar/{id}", h.avatar)
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
	var in Input
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, err := h.svc.Update(r.Context(), c, in, func(password string) error {
		return h.checkPassword(r, c.UserID, password)
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, updated{Profile: p, Message: i18n.T(i18n.From(r.Context()), "portal.profileUpdated")})
}
