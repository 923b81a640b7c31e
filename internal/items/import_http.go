package items

import (
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/tramita/tramita/internal/httpx"
)

// ImportsHandler serves the Excel import under /genericItem; importExcel's
// upload takes a multipart body (UploadPaths).
type ImportsHandler struct {
	imports     *Imports
	currentUser CurrentUser
}

// NewImportsHandler returns the handler; imports may be nil in route listings.
func NewImportsHandler(imports *Imports, currentUser CurrentUser) *ImportsHandler {
	return &ImportsHandler{imports: imports, currentUser: currentUser}
}

// Routes mounts the calls.
func (h *ImportsHandler) Routes(r chi.Router) {
	r.Post("/genericItem/importExcel", h.importExcel)
	r.Get("/genericItem/getImportStatus", h.importStatus)
}

func (h *ImportsHandler) caller(w http.ResponseWriter, r *http.Request) (Caller, bool) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
	}
	return c, ok
}

// ConfirmImportInput is importExcel's JSON body: write a previewed import.
type ConfirmImportInput struct {
	ImportID httpx.ID `json:"importId"`
	Confirm  bool     `json:"confirm"`
}

// importExcel takes a spreadsheet (multipart: componentId, projectId, then
// file) and answers its preview, or a JSON {importId, confirm} and queues it.
func (h *ImportsHandler) importExcel(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		var in ConfirmImportInput
		if err := httpx.Decode(r, &in); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if in.ImportID == 0 || !in.Confirm {
			httpx.WriteError(w, r, httpx.Invalid("importId", "import.idRequired"))
			return
		}
		out, err := h.imports.Confirm(ctx, c, int64(in.ImportID))
		httpx.Answer(w, r, out, err)
		return
	}
	extendDeadlines(w)
	body, err := multipartReader(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	for {
		part, err := body.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if part.FileName() == "" {
			if err := body.field(part); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
			continue
		}
		var in ImportInput
		get := func(names ...string) string {
			for _, n := range names {
				if v := body.fields[n]; v != "" {
					return v
				}
				if v := r.URL.Query().Get(n); v != "" {
					return v
				}
			}
			return ""
		}
		if in.ComponentID, err = parseID("componentId", get("componentId", "componentID", "component")); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		if in.ProjectID, err = parseID("projectId", get("projectId", "projectID")); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out, err := h.imports.Preview(ctx, c, in, part.FileName(), part)
		httpx.Answer(w, r, out, err)
		return
	}
	httpx.WriteError(w, r, httpx.Invalid("file", "files.none"))
}

func (h *ImportsHandler) importStatus(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	id, err := httpx.QueryID(r, "importId", "importID", "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.imports.Status(r.Context(), c, id)
	httpx.Answer(w, r, out, err)
}
