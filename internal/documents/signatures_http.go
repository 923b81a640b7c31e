package documents

import (
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// SetPasswordConfirm gives signFileAttachment its password check
// (internal/server wires internal/auth's ConfirmPassword). Without one the
// call answers 503.
func (h *FilesHandler) SetPasswordConfirm(confirm PasswordConfirm) { h.confirm = confirm }

// SetClientOf tells the handler the caller's address and browser as the
// server knows them (trusted proxies), for the stamp's audit event.
func (h *FilesHandler) SetClientOf(clientOf func(*http.Request) SignClient) { h.clientOf = clientOf }

// signRoutes mounts the signature and stamp calls.
func (h *FilesHandler) signRoutes(r chi.Router) {
	r.Post("/genericItem/signFileAttachment", h.signFileAttachment)
	r.Post("/genericItem/stampFileAttachment", h.stampFileAttachment)
	r.Get("/genericItem/loadFileSignatures", h.loadFileSignatures)
	r.Get("/genericItem/downloadSignatureProtocol", h.downloadSignatureProtocol)
	r.Get("/genericItem/downloadFileVersion", h.downloadFileVersion)
}

func (h *FilesHandler) signFileAttachment(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	var in SignInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var confirm func(string) (SignClient, error)
	if h.confirm != nil {
		confirm = func(password string) (SignClient, error) { return h.confirm(r, c.UserID, password) }
	}
	out, err := h.files.Sign(r.Context(), c, in, confirm)
	httpx.Answer(w, r, out, err)
}

func (h *FilesHandler) stampFileAttachment(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	var in StampInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var client SignClient
	if h.clientOf != nil {
		client = h.clientOf(r)
	}
	out, err := h.files.Stamp(r.Context(), c, in, client)
	httpx.Answer(w, r, out, err)
}

func (h *FilesHandler) loadFileSignatures(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	item, comp, err := items.QueryItem(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	files, err := h.files.LoadSignatures(r.Context(), c, item, comp)
	httpx.Answer(w, r, map[string]any{"files": files}, err)
}

func (h *FilesHandler) downloadSignatureProtocol(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	id, err := httpx.QueryID(r, "signatureId", "signatureID", "id")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	name, pdf, err := h.files.Protocol(r.Context(), c, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/pdf")
	hd.Set("Content-Disposition", storage.ContentDisposition("attachment", name))
	hd.Set("Content-Length", strconv.Itoa(len(pdf)))
	hd.Set("Cache-Control", "private, no-store")
	_, _ = w.Write(pdf)
}

func (h *FilesHandler) downloadFileVersion(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	id, err := httpx.QueryID(r, "fileId", "fileID")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	version, err := httpx.QueryID(r, "version")
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if id == 0 || version == 0 {
		httpx.WriteError(w, r, httpx.Invalid("fileId", "error.idInvalid", "field", "fileId"))
		return
	}
	a, rc, err := h.files.OpenVersion(r.Context(), c, id, version)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	defer rc.Close()
	hd := w.Header()
	hd.Set("Content-Type", a.ContentType)
	hd.Set("Content-Disposition", storage.ContentDisposition("attachment", a.Name))
	hd.Set("Content-Length", strconv.FormatInt(a.Size, 10))
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("ETag", `"`+a.SHA256+`"`)
	if _, err := io.Copy(w, rc); err != nil {
		httpx.Logger(r.Context()).Warn("download interrupted", "file", a.ID, "version", version, "error", err)
	}
}
