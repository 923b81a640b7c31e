package resources

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Handler serves the resource calls of spec section 7.
type Handler struct {
	svc     *Service
	address func(*http.Request) string
}

// NewHandler returns the handler; address gives the caller's IP address.
func NewHandler(svc *Service, address func(*http.Request) string) *Handler {
	return &Handler{svc: svc, address: address}
}

// Routes mounts the calls under /resource: reading for signed-in users,
// saving and deleting for administrators.
func (h *Handler) Routes(r chi.Router) {
	r.Route("/resource", func(r chi.Router) {
		r.Use(auth.RequireUser)
		r.Post("/getResources", h.list)
		r.Get("/getResourceFormInitialData", h.initialData)
		r.Get("/getResourcetoEdit", h.toEdit)
		r.Get("/getProjects", h.projects)
		r.Get("/getPendingItems", h.pending(WorkItems))
		r.Get("/getPendingTasks", h.pending(WorkTasks))
		r.With(auth.RequireAdmin).Post("/saveResource", h.save)
		r.With(auth.RequireAdmin).Post("/deleteResources", h.delete)
	})
}

func caller(r *http.Request) Caller {
	p, _ := auth.PrincipalFrom(r.Context())
	return Caller{UserID: p.UserID, PanelAdmin: p.PanelAdmin}
}

func (h *Handler) actor(r *http.Request) Actor {
	p, _ := auth.PrincipalFrom(r.Context())
	return Actor{Principal: p, Address: h.address(r)}
}

func queryID(r *http.Request, name string) (int64, error) {
	raw := strings.TrimSpace(r.URL.Query().Get(name))
	if raw == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 0 {
		return 0, httpx.Invalid(name, "admin.invalidID")
	}
	return id, nil
}

func answer[T any](w http.ResponseWriter, r *http.Request, v T, err error) {
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, v)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	var f Filter
	if r.ContentLength != 0 {
		if err := httpx.Decode(r, &f); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	list, err := h.svc.Resources(r.Context(), f)
	answer(w, r, list, err)
}

func (h *Handler) initialData(w http.ResponseWriter, r *http.Request) {
	id, err := queryID(r, "resourceId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	d, err := h.svc.FormInitialData(r.Context(), id, i18n.From(r.Context()))
	answer(w, r, d, err)
}

func (h *Handler) toEdit(w http.ResponseWriter, r *http.Request) {
	id, err := queryID(r, "resourceId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	f, err := h.svc.ToEdit(r.Context(), id)
	answer(w, r, f, err)
}

func (h *Handler) projects(w http.ResponseWriter, r *http.Request) {
	id, err := queryID(r, "resourceId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	list, err := h.svc.Projects(r.Context(), caller(r), id)
	answer(w, r, list, err)
}

func (h *Handler) pending(work Work) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := queryID(r, "resourceId")
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		project, err := queryID(r, "projectId")
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		list, err := h.svc.Pending(r.Context(), caller(r), id, project, work)
		answer(w, r, list, err)
	}
}

func (h *Handler) save(w http.ResponseWriter, r *http.Request) {
	var in Form
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	f, err := h.svc.Save(r.Context(), h.actor(r), in)
	answer(w, r, f, err)
}

// ids accepts a bare array or {"ids": [...]}.
type ids []int64

func (b *ids) UnmarshalJSON(raw []byte) error {
	if len(raw) > 0 && raw[0] == '[' {
		return json.Unmarshal(raw, (*[]int64)(b))
	}
	var obj struct {
		IDs []int64 `json:"ids"`
	}
	if err := json.Unmarshal(raw, &obj); err != nil {
		return err
	}
	*b = obj.IDs
	return nil
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) {
	var in ids
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err := h.svc.Delete(r.Context(), h.actor(r), in)
	answer(w, r, map[string]int{"deleted": len(in)}, err)
}
