package forms

import (
	"context"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Handler serves the relation calls of a form.
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
	r.Post("/genericItem/loadOneToManyFormData", httpx.HandleOptional(h.currentUser, func(ctx context.Context, c items.Caller, in OneToManyInput) (*RelatedPage, error) {
		return h.svc.LoadOneToMany(ctx, c, in, false)
	}))
	r.Post("/genericItem/loadOneToManyTimelineFormData", httpx.HandleOptional(h.currentUser, func(ctx context.Context, c items.Caller, in OneToManyInput) (*RelatedPage, error) {
		return h.svc.LoadOneToMany(ctx, c, in, true)
	}))
	r.Post("/genericItem/loadManyToManyFormData", httpx.HandleOptional(h.currentUser, h.svc.LoadManyToMany))
	r.Post("/genericItem/refreshManyToManyItems", httpx.HandleOptional(h.currentUser, h.svc.RefreshManyToMany))
	r.Post("/genericItem/loadManyToManyComboData", httpx.HandleOptional(h.currentUser, h.svc.LoadManyToManyCombo))
	r.Post("/genericItem/loadItemLinksFormData", httpx.HandleOptional(h.currentUser, h.svc.LoadItemLinks))
	r.Post("/genericItem/loadProjectWorkflows", httpx.HandleOptional(h.currentUser, h.svc.LoadProjectWorkflows))
}
