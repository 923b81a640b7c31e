package platform

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Handler serves the platform calls.
type Handler struct{ svc *Service }

// NewHandler returns the platform handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes mounts the public calls.
func (h *Handler) Routes(r chi.Router) {
	r.Get("/application/getPlatformSettings", h.getPlatformSettings)
}

func (h *Handler) getPlatformSettings(w http.ResponseWriter, r *http.Request) {
	s, err := h.svc.Settings(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, s)
}
