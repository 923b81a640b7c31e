package orgunits

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Handler serves the structure's calls.
type Handler struct {
	svc *Service
	// address is the caller's address as the auth module trusts it.
	address func(*http.Request) string
}

// NewHandler returns the handler; address gives the caller's IP address.
func NewHandler(svc *Service, address func(*http.Request) string) *Handler {
	return &Handler{svc: svc, address: address}
}

// Routes mounts loadOrganizationalStructures (spec section 7, any signed-in
// user) and the administration calls under /admin/orgUnits.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/genericItem/loadOrganizationalStructures", httpx.HandleOptional(signedIn,
		func(ctx context.Context, _ auth.Principal, in items.LookupInput) ([]Node, error) {
			return h.svc.LoadOrganizationalStructures(ctx, in)
		}))
	r.Route("/admin/orgUnits", func(r chi.Router) {
		r.Use(auth.RequireAdmin, h.withAddress)
		r.Post("/list", httpx.HandleOptional(h.actor, func(ctx context.Context, a Actor, _ struct{}) ([]Unit, error) {
			return h.svc.Units(ctx, a)
		}))
		r.Post("/save", httpx.Handle(h.actor, h.svc.Save))
		r.Post("/delete", httpx.Handle(h.actor, func(ctx context.Context, a Actor, in struct {
			ID int64 `json:"id"`
		}) (map[string]bool, error) {
			return map[string]bool{"deleted": true}, h.svc.Delete(ctx, a, in.ID)
		}))
	})
}

func signedIn(ctx context.Context) (auth.Principal, bool) {
	p, ok := auth.PrincipalFrom(ctx)
	return p, ok && p.Complete()
}

type addressKey struct{}

// withAddress keeps the caller's address in the context for actor (the
// audit log's), as httpx.Handle hands a call only its context.
func (h *Handler) withAddress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), addressKey{}, h.address(r))))
	})
}

func (h *Handler) actor(ctx context.Context) (Actor, bool) {
	p, ok := signedIn(ctx)
	addr, _ := ctx.Value(addressKey{}).(string)
	return Actor{Principal: p, Address: addr}, ok
}
