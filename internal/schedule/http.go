package schedule

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule/msproject"
)

// Handler serves the calls of the predecessors control and of a project's
// schedule.
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
	r.Post("/genericItem/getSchedule", httpx.Handle(h.currentUser, h.svc.GetSchedule))
	r.Get("/genericItem/scheduleDownload", h.scheduleDownload)
	r.Post("/genericItem/moveScheduleTask", httpx.Handle(h.currentUser, h.svc.MoveTask))
	r.Post("/genericItem/setScheduleProgress", httpx.Handle(h.currentUser, h.svc.SetProgress))
	r.Post("/genericItem/setScheduleParent", httpx.Handle(h.currentUser, h.svc.SetParent))
	r.Post("/genericItem/scheduleUpload", h.scheduleUpload)
	r.Post("/genericItem/loadScheduleImportFields", httpx.Handle(h.currentUser, h.svc.ImportFields))
	r.Post("/genericItem/loadScheduleBaselines", httpx.Handle(h.currentUser, h.svc.LoadBaselines))
	r.Post("/genericItem/saveScheduleBaseline", httpx.Handle(h.currentUser, h.svc.SaveBaseline))
	r.Post("/genericItem/deleteScheduleBaseline", httpx.Handle(h.currentUser, h.svc.DeleteBaseline))
}

// scheduleDownload answers the schedule of ?projectId (and ?viewId) as an
// MS Project XML file named after the project.
func (h *Handler) scheduleDownload(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	project, err := httpx.QueryID(r, "projectId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	view, err := httpx.QueryID(r, "viewId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	name, file, err := h.svc.ScheduleFile(r.Context(), c, ScheduleInput{ViewID: httpx.ID(view), ProjectID: httpx.ID(project)})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/xml")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	w.Header().Set("Cache-Control", "no-store")
	if err := msproject.Write(w, file); err != nil {
		httpx.Logger(r.Context()).Warn("schedule download interrupted", "error", err)
	}
}

// scheduleUpload imports an MS Project XML file (the part named file, after
// projectId, viewId and values, a JSON object of values every task gets)
// into the project.
func (h *Handler) scheduleUpload(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	body, err := httpx.OpenMultipart(w, r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	file, err := body.NextFile()
	if errors.Is(err, io.EOF) {
		err = httpx.Invalid("file", "schedule.import.noFile")
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	project, err := body.ID("projectId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	view, err := body.ID("viewId")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var common items.Values
	if raw := body.Value("values"); raw != "" {
		if err := json.Unmarshal([]byte(raw), &common); err != nil {
			httpx.WriteError(w, r, httpx.Invalid("values", "schedule.import.badValues"))
			return
		}
		if err := httpx.CheckText(common); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	out, err := h.svc.ImportSchedule(r.Context(), c, ScheduleInput{ProjectID: httpx.ID(project), ViewID: httpx.ID(view)}, file, common)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
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
