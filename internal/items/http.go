package items

import (
	"context"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Handler serves the calls under /genericItem (spec section 7).
type Handler struct {
	svc         *Service
	currentUser CurrentUser
	// addressOf is the client's IP address, for the audit log.
	addressOf func(*http.Request) string
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser, addressOf: func(*http.Request) string { return "" }}
}

// SetAddressOf names the client's address of a request (behind trusted
// proxies), which the audit log keeps for deletions.
func (h *Handler) SetAddressOf(f func(*http.Request) string) { h.addressOf = f }

// Routes mounts the calls.
func (h *Handler) Routes(r chi.Router) {
	who := h.currentUser
	r.Route("/genericItem", func(r chi.Router) {
		r.Get("/getListControlData", httpx.Serve(who, h.getListControlData))
		r.Post("/executeFilter", httpx.Handle(who, h.svc.ExecuteFilter))
		r.Get("/getComponentByName", httpx.Serve(who, h.getComponentByName))
		r.Get("/loadProjects", httpx.Serve(who, func(r *http.Request, c Caller) ([]Choice, error) {
			var comp int64
			if v := r.URL.Query().Get("componentId"); v != "" {
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil || n <= 0 {
					return nil, httpx.Invalid("componentId", "items.badComponent")
				}
				comp = n
			}
			return h.svc.LoadProjects(r.Context(), c, comp)
		}))
		r.Post("/deleteItem", func(w http.ResponseWriter, r *http.Request) {
			withAddress := func(ctx context.Context) (Caller, bool) {
				c, ok := who(ctx)
				c.Address = h.addressOf(r)
				return c, ok
			}
			httpx.Handle(withAddress, h.deleteItem)(w, r)
		})
		r.Post("/searchItemsByQuery", httpx.Handle(who, h.svc.SearchItems))
		r.Get("/getDefaultValueQuery", httpx.Serve(who, h.getDefaultValueQuery))
		r.Get("/getAllowedsProjectItemTypes", httpx.Serve(who, h.getAllowedsProjectItemTypes))
		r.Post("/loadUsers", httpx.HandleOptional(who, h.svc.LoadUsers))
		r.Post("/loadCompanies", httpx.HandleOptional(who, h.svc.LoadCompanies))
		r.Post("/loadGroups", httpx.HandleOptional(who, h.svc.LoadGroups))
		r.Post("/loadGenericItems", httpx.HandleOptional(who, h.svc.LoadGenericItems))
		r.Post("/loadPicklistItems", httpx.HandleOptional(who, h.svc.LoadPicklistItems))
		h.formRoutes(r)
	})
}

// QueryItem reads a form's item (itemId) and its type (componentId) from the
// address, either spelling; legacyComponent are older names of the type, read
// first (and named by the error).
func QueryItem(r *http.Request, legacyComponent ...string) (item, component int64, err error) {
	item, err = httpx.QueryID(r, "itemId", "itemID")
	if err != nil {
		return 0, 0, err
	}
	component, err = httpx.QueryID(r, append(legacyComponent, "componentId", "componentID")...)
	if err != nil {
		return 0, 0, err
	}
	return item, component, nil
}

// queryIDs reads the id parameters named by each list of spellings, in order.
func queryIDs(r *http.Request, names ...[]string) ([]int64, error) {
	out := make([]int64, len(names))
	for i, n := range names {
		id, err := httpx.QueryID(r, n...)
		if err != nil {
			return nil, err
		}
		out[i] = id
	}
	return out, nil
}

func (h *Handler) getListControlData(r *http.Request, c Caller) (ListDefinition, error) {
	ids, err := queryIDs(r, []string{"componentID", "componentId"}, []string{"projectID", "projectId"}, []string{"viewId", "viewID"})
	if err != nil {
		return ListDefinition{}, err
	}
	return h.svc.ListDefinition(r.Context(), c, ids[0], ids[1], ids[2])
}

func (h *Handler) getComponentByName(r *http.Request, c Caller) (Choice, error) {
	name := r.URL.Query().Get("name")
	if name == "" {
		name = r.URL.Query().Get("componentName")
	}
	return h.svc.ComponentByName(r.Context(), c, name)
}

func (h *Handler) deleteItem(ctx context.Context, c Caller, in DeleteItemInput) (map[string]bool, error) {
	if err := h.svc.DeleteItems(ctx, c, in); err != nil {
		return nil, err
	}
	return map[string]bool{"success": true}, nil
}

func (h *Handler) getDefaultValueQuery(r *http.Request, c Caller) (DefaultValues, error) {
	ids, err := queryIDs(r, []string{"queryId", "queryID"}, []string{"projectId", "projectID"})
	if err != nil {
		return DefaultValues{}, err
	}
	return h.svc.DefaultValueQuery(r.Context(), c, ids[0], ids[1])
}

func (h *Handler) getAllowedsProjectItemTypes(r *http.Request, c Caller) ([]ItemType, error) {
	ids, err := queryIDs(r, []string{"componentId", "componentID"}, []string{"projectId", "projectID"})
	if err != nil {
		return nil, err
	}
	return h.svc.AllowedProjectItemTypes(r.Context(), c, ids[0], ids[1])
}
