package items

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
)

// formRoutes mounts the calls of forms, saving and history (under
// /genericItem, beside the list calls).
func (h *Handler) formRoutes(r chi.Router) {
	r.Post("/getForm", httpx.HandleOptional(h.currentUser, h.svc.GetForm))
	r.Post("/getFormInitialData", httpx.HandleOptional(h.currentUser, h.svc.FormInitialData))
	r.Post("/saveItem", httpx.HandleOptional(h.currentUser, h.svc.SaveItem))
	r.Post("/refreshItem", httpx.HandleOptional(h.currentUser, h.svc.RefreshItem))
	r.Post("/checkPermissionToUpdate", httpx.HandleOptional(h.currentUser, h.svc.CheckPermissionToUpdate))
	r.Post("/updateItemField", httpx.HandleOptional(h.currentUser, h.svc.UpdateItemField))
	r.Post("/bulkUpdateItems", httpx.HandleOptional(h.currentUser, h.svc.BulkUpdateItems))
	r.Post("/showHideField", httpx.HandleOptional(h.currentUser, h.svc.ShowHideField))
	r.Post("/loadItemTypeStatuses", httpx.HandleOptional(h.currentUser, h.svc.LoadItemTypeStatuses))
	r.Post("/loadCalendars", httpx.HandleOptional(h.currentUser, h.svc.LoadCalendars))
	r.Get("/getHistory", h.getHistory(false))
	r.Get("/getHistoryFull", h.getHistory(true))
	r.Get("/getAttributeChanges", httpx.Serve(h.currentUser, h.getAttributeChanges))
}

func (h *Handler) getHistory(full bool) http.HandlerFunc {
	return httpx.Serve(h.currentUser, func(r *http.Request, c Caller) ([]HistoryEntry, error) {
		// getHistory's tableName is the legacy client's; the item names its type.
		item, comp, err := QueryItem(r, "component")
		if err != nil {
			return nil, err
		}
		return h.svc.History(r.Context(), c, item, comp, full)
	})
}

func (h *Handler) getAttributeChanges(r *http.Request, c Caller) ([]AttributeChange, error) {
	ids, err := queryIDs(r, []string{"currentVersion"}, []string{"previousVersion"}, []string{"componentId", "componentID"})
	if err != nil {
		return nil, err
	}
	return h.svc.AttributeChanges(r.Context(), c, ids[0], ids[1], ids[2])
}

// UnmarshalJSON keeps the value's numbers exact.
func (u *UpdateFieldInput) UnmarshalJSON(b []byte) error {
	type plain UpdateFieldInput
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode((*plain)(u))
}

// ShowHideInput is the body of showHideField: the item as the form holds it.
type ShowHideInput struct {
	ComponentID httpx.ID `json:"componentID"`
	FormID      httpx.ID `json:"formID"`
	Item        Values   `json:"item"`
}

// ShowHide is the answer of showHideField: the controls with a showWhen
// test, by key (or field), hidden or shown for these values.
type ShowHide struct {
	Hidden []string `json:"hidden"`
	Shown  []string `json:"shown"`
}

// ShowHideField answers showHideField. The same tests decide, on save,
// which required fields must be filled in.
func (s *Service) ShowHideField(ctx context.Context, c Caller, in ShowHideInput) (*ShowHide, error) {
	t, err := s.loadType(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	f, err := s.loadForm(ctx, t, int64(in.FormID), "")
	if err != nil {
		return nil, err
	}
	values := map[string]any(in.Item)
	if values == nil {
		values = map[string]any{}
	}
	out := &ShowHide{Hidden: []string{}, Shown: []string{}}
	var walk func(n *apppkg.Control, visible bool)
	walk = func(n *apppkg.Control, visible bool) {
		if n.ShowWhen != nil {
			visible = visible && holds(n.ShowWhen, values)
			name := n.Key
			if name == "" {
				name = n.Field
			}
			if visible {
				out.Shown = append(out.Shown, name)
			} else {
				out.Hidden = append(out.Hidden, name)
			}
		}
		for i := range n.Children {
			walk(&n.Children[i], visible)
		}
	}
	walk(f.Tree, true)
	return out, nil
}
