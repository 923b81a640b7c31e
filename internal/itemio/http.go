package itemio

import (
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// UploadPaths are the calls whose multipart bodies get the upload body
// limit (internal/server adds them to the item files' own).
var UploadPaths = []string{"/api/genericItem/importExcel"}

// Handler serves the Excel import and exports under /genericItem;
// importExcel's upload takes a multipart body (UploadPaths).
type Handler struct {
	svc         *Service
	currentUser items.CurrentUser
}

// NewHandler returns the handler; svc may be nil in route listings.
func NewHandler(svc *Service, currentUser items.CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/genericItem/importExcel", h.importExcel)
	r.Get("/genericItem/getImportStatus", httpx.Serve(h.currentUser, h.importStatus))
	r.Post("/genericItem/exportExcel", h.export(false))
	r.Post("/genericItem/exportFullListToExcel", h.export(true))
}

// ConfirmImportInput is importExcel's JSON body: write a previewed import.
type ConfirmImportInput struct {
	ImportID httpx.ID `json:"importId"`
	Confirm  bool     `json:"confirm"`
}

// importExcel takes a spreadsheet (multipart: componentId, projectId, then
// file) and answers its preview, or a JSON {importId, confirm} and queues it.
func (h *Handler) importExcel(w http.ResponseWriter, r *http.Request) {
	httpx.Serve(h.currentUser, func(r *http.Request, c items.Caller) (*ImportStatus, error) {
		ctx := r.Context()
		mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if mt != "multipart/form-data" {
			var in ConfirmImportInput
			if err := httpx.Decode(r, &in); err != nil {
				return nil, err
			}
			if in.ImportID == 0 || !in.Confirm {
				return nil, httpx.Invalid("importId", "import.idRequired")
			}
			return h.svc.Confirm(ctx, c, int64(in.ImportID))
		}
		body, err := httpx.OpenMultipart(w, r)
		if err != nil {
			return nil, err
		}
		part, err := body.NextFile()
		if errors.Is(err, io.EOF) {
			return nil, httpx.Invalid("file", "files.none")
		}
		if err != nil {
			return nil, err
		}
		var in ImportInput
		if in.ComponentID, err = body.ID("componentId", "componentID", "component"); err != nil {
			return nil, err
		}
		if in.ProjectID, err = body.ID("projectId", "projectID"); err != nil {
			return nil, err
		}
		return h.svc.Preview(ctx, c, in, part.FileName(), part)
	})(w, r)
}

func (h *Handler) importStatus(r *http.Request, c items.Caller) (*ImportStatus, error) {
	id, err := httpx.QueryID(r, "importId", "importID", "id")
	if err != nil {
		return nil, err
	}
	return h.svc.Status(r.Context(), c, id)
}

// export answers the list as an xlsx file (not JSON, hence no httpx.Handle).
func (h *Handler) export(full bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.currentUser(r.Context())
		if !ok {
			httpx.WriteError(w, r, httpx.Unauthorized())
			return
		}
		var in ExportInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		// Each export holds a connection and a file being built until written.
		release, err := h.svc.exportTurn(c.UserID)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		defer release()
		wb, err := h.svc.Export(r.Context(), c, in, full)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
		w.Header().Set("Content-Disposition", wb.ContentDisposition())
		w.Header().Set("Cache-Control", "no-store")
		if _, err := wb.WriteTo(w); err != nil {
			httpx.Logger(r.Context()).Warn("export interrupted", "error", err)
		}
	}
}
