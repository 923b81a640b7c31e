package schedule

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Handler serves the calls of the predecessors control.
type Handler struct {
	svc         *Service
	currentUser items.CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser items.CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls, under /genericItem as the spec's other item calls.
func (h *Handler) Routes(r chi.Router) {
	r.Get("/genericItem/loadPredecessorsFormData", httpx.Serve(h.currentUser, h.loadPredecessors))
	r.Post("/genericItem/loadPredecessorChoices", httpx.HandleOptional(h.currentUser, h.svc.LoadPredecessorChoices))
	r.Post("/genericItem/addPredecessor", httpx.HandleOptional(h.currentUser, h.svc.AddPredecessor))
	r.Post("/genericItem/updatePredecessor", httpx.HandleOptional(h.currentUser, h.svc.UpdatePredecessor))
	r.Post("/genericItem/removePredecessor", httpx.HandleOptional(h.currentUser, h.svc.RemovePredecessor))
}

// loadPredecessors reads the form's item from the address (itemId,
// componentId).
func (h *Handler) loadPredecessors(r *http.Request, c items.Caller) (*PredecessorList, error) {
	item, comp, err := items.QueryItem(r)
	if err != nil {
		return nil, err
	}
	return h.svc.LoadPredecessors(r.Context(), c, PredecessorInput{ItemID: httpx.ID(item), ComponentID: httpx.ID(comp)})
}
