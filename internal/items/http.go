package items

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Handler serves the calls under /genericItem (spec section 7).
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls.
func (h *Handler) Routes(r chi.Router) {
	r.Route("/genericItem", func(r chi.Router) {
		r.Get("/getListControlData", h.getListControlData)
		r.Post("/executeFilter", h.executeFilter)
		r.Get("/getComponentByName", h.getComponentByName)
		r.Get("/loadProjects", h.loadProjects)
		r.Post("/deleteItem", h.deleteItem)
		r.Post("/searchItemsByQuery", h.searchItemsByQuery)
		r.Get("/getDefaultValueQuery", h.getDefaultValueQuery)
		r.Get("/getAllowedsProjectItemTypes", h.getAllowedsProjectItemTypes)
		r.Post("/loadUsers", httpx.HandleOptional(h.currentUser, h.svc.LoadUsers))
		r.Post("/loadCompanies", httpx.HandleOptional(h.currentUser, h.svc.LoadCompanies))
		r.Post("/loadGenericItems", httpx.HandleOptional(h.currentUser, h.svc.LoadGenericItems))
		r.Post("/loadOrganizationalStructures", httpx.HandleOptional(h.currentUser, h.svc.LoadOrganizationalStructures))
		r.Post("/loadPicklistItems", httpx.HandleOptional(h.currentUser, h.svc.LoadPicklistItems))
		h.formRoutes(r)
	})
}

func (h *Handler) caller(w http.ResponseWriter, r *http.Request) (Caller, bool) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
	}
	return c, ok
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

func (h *Handler) getListControlData(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	comp, err := httpx.QueryID(r, "componentID", "componentId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	project, err := httpx.QueryID(r, "projectID", "projectId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	view, err := httpx.QueryID(r, "viewId", "viewID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.ListDefinition(r.Context(), c, comp, project, view)
	httpx.Answer(w, r, out, err)
}

func (h *Handler) executeFilter(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	var in ExecuteFilterInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.ExecuteFilter(r.Context(), c, in)
	httpx.Answer(w, r, out, err)
}

func (h *Handler) getComponentByName(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	name := r.URL.Query().Get("name")
	if name == "" {
		name = r.URL.Query().Get("componentName")
	}
	out, err := h.svc.ComponentByName(r.Context(), c, name)
	httpx.Answer(w, r, out, err)
}

func (h *Handler) loadProjects(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	out, err := h.svc.LoadProjects(r.Context(), c)
	httpx.Answer(w, r, out, err)
}

func (h *Handler) deleteItem(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	var in DeleteItemInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := h.svc.DeleteItems(r.Context(), c, in)
	httpx.Answer(w, r, map[string]bool{"success": err == nil}, err)
}

func (h *Handler) searchItemsByQuery(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	var in SearchInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.SearchItems(r.Context(), c, in)
	httpx.Answer(w, r, out, err)
}

func (h *Handler) getDefaultValueQuery(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	query, err := httpx.QueryID(r, "queryId", "queryID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	project, err := httpx.QueryID(r, "projectId", "projectID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.DefaultValueQuery(r.Context(), c, query, project)
	httpx.Answer(w, r, out, err)
}

func (h *Handler) getAllowedsProjectItemTypes(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	comp, err := httpx.QueryID(r, "componentId", "componentID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.AllowedProjectItemTypes(r.Context(), c, comp)
	httpx.Answer(w, r, out, err)
}
