package documents

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// FilesHandler serves the file calls under /genericItem. The upload calls (UploadPaths) take multipart bodies up to
// FileLimits.UploadBodyLimit; internal/server gives them that limit.
type FilesHandler struct {
	files       *Files
	currentUser items.CurrentUser
	confirm     PasswordConfirm
	clientOf    func(*http.Request) SignClient
}

// NewFilesHandler returns the handler.
func NewFilesHandler(files *Files, currentUser items.CurrentUser) *FilesHandler {
	return &FilesHandler{files: files, currentUser: currentUser}
}

// Routes mounts the calls.
func (h *FilesHandler) Routes(r chi.Router) {
	r.Post("/genericItem/uploadFiles", h.uploadFiles)
	r.Get("/genericItem/loadAttachments", h.loadAttachments)
	r.Get("/genericItem/getAttachmentLink", h.link(false))
	r.Post("/genericItem/getFileLink", h.link(true))
	r.Get("/genericItem/getImageName", h.link(false))
	r.Get("/genericItem/downloadFile", h.download(false))
	r.Post("/genericItem/downloadFile", h.download(true))
	r.Post("/genericItem/deleteAttachment", h.deleteAttachment)
	h.signRoutes(r)
}

func (h *FilesHandler) caller(w http.ResponseWriter, r *http.Request) (items.Caller, bool) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
	}
	return c, ok
}

// FileInput is the body of getFileLink, downloadFile and deleteAttachment.
type FileInput struct {
	FileID          httpx.ID `json:"fileId"`
	FileComponentID httpx.ID `json:"fileComponentId"`
	Blob            bool     `json:"blob"`
}

// fileID reads the file from the address (GET) or the body (POST).
func fileID(r *http.Request, body bool) (int64, error) {
	if !body {
		return httpx.QueryID(r, "fileId", "fileID", "id")
	}
	var in FileInput
	if err := httpx.Decode(r, &in); err != nil {
		return 0, err
	}
	return int64(in.FileID), nil
}

func (h *FilesHandler) loadAttachments(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	// tableName is the legacy client's; the item names its type.
	item, comp, err := items.QueryItem(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.files.LoadAttachments(r.Context(), c, item, comp)
	httpx.Answer(w, r, out, err)
}

func (h *FilesHandler) link(body bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.caller(w, r)
		if !ok {
			return
		}
		id, err := fileID(r, body)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		out, err := h.files.Link(r.Context(), c, id)
		httpx.Answer(w, r, out, err)
	}
}

func (h *FilesHandler) download(body bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.currentUser(r.Context())
		if !ok && !body {
			var err error
			if c, ok, err = h.files.signedCaller(r.Context(), r); err != nil {
				httpx.WriteError(w, r, err)
				return
			}
		}
		if !ok {
			httpx.WriteError(w, r, httpx.Unauthorized())
			return
		}
		id, err := fileID(r, body)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		a, rc, err := h.files.Download(r.Context(), c, id)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		defer rc.Close()
		disposition := "attachment"
		if a.IsImage && r.URL.Query().Get("inline") == "true" {
			disposition = "inline"
		}
		hd := w.Header()
		hd.Set("Content-Type", a.ContentType)
		hd.Set("Content-Disposition", storage.ContentDisposition(disposition, a.Name))
		hd.Set("Content-Length", strconv.FormatInt(a.Size, 10))
		hd.Set("Cache-Control", "private, no-store")
		hd.Set("ETag", `"`+a.SHA256+`"`)
		if _, err := io.Copy(w, rc); err != nil {
			httpx.Logger(r.Context()).Warn("download interrupted", "file", a.ID, "error", err)
		}
	}
}

func (h *FilesHandler) deleteAttachment(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	id, err := fileID(r, true)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	err = h.files.DeleteAttachment(r.Context(), c, id)
	httpx.Answer(w, r, map[string]any{"success": err == nil, "Message": httpxText(r.Context(), "files.deleted")}, err)
}

// UploadResult is the answer of uploadFiles.
type UploadResult struct {
	Message string       `json:"Message"`
	Files   []Attachment `json:"files"`
}

// multipartReader opens a multipart/form-data body; any other is a 415
// (read first, so a body over the limit is a 413 as for every call).
func multipartReader(r *http.Request) (*multipartBody, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			return nil, readError(err)
		}
		return nil, httpx.Fail(http.StatusUnsupportedMediaType, "files.notMultipart")
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, httpx.Fail(http.StatusBadRequest, "files.notMultipart")
	}
	return &multipartBody{mr: mr, fields: map[string]string{}}, nil
}

// uploadFiles receives files as they stream in, each checked and stored
// before the next; rows are written only when all arrived, and on any
// failure every stored file is removed.
func (h *FilesHandler) uploadFiles(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	extendDeadlines(w)
	body, err := multipartReader(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var session *uploadSession
	fail := func(err error) {
		if session != nil {
			session.abort(ctx)
		}
		httpx.WriteError(w, r, err)
	}
	for {
		part, err := body.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fail(err)
			return
		}
		if part.FileName() == "" {
			if err := body.field(part); err != nil {
				fail(err)
				return
			}
			continue
		}
		if session == nil {
			target, err := uploadTarget(r, body.fields)
			if err != nil {
				fail(err)
				return
			}
			if session, err = h.files.begin(ctx, c, target); err != nil {
				fail(err)
				return
			}
		}
		if err := session.add(ctx, part.FileName(), part); err != nil {
			fail(err)
			return
		}
	}
	if session == nil {
		if _, err := uploadTarget(r, body.fields); err != nil {
			fail(err)
			return
		}
		fail(httpx.Invalid("files", "files.none"))
		return
	}
	files, err := session.commit(ctx)
	if err != nil {
		fail(err)
		return
	}
	httpx.Answer(w, r, UploadResult{Message: httpxText(ctx, "files.uploaded", "count", len(files)), Files: files}, nil)
}

// uploadTime is how long an upload call may take to arrive and be answered:
// the server's own timeouts (60 s to read a request, 120 s to answer) are
// meant for JSON calls, not for 100 MB on a slow line.
const uploadTime = 15 * time.Minute

// extendDeadlines gives an upload call uploadTime (where the server allows it).
func extendDeadlines(w http.ResponseWriter) {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(uploadTime))
	_ = rc.SetWriteDeadline(time.Now().Add(uploadTime))
}

// uploadTarget reads the item of an upload from the fields or the address.
func uploadTarget(r *http.Request, fields map[string]string) (UploadTarget, error) {
	get := func(names ...string) string {
		for _, n := range names {
			if v := fields[n]; v != "" {
				return v
			}
			if v := r.URL.Query().Get(n); v != "" {
				return v
			}
		}
		return ""
	}
	var t UploadTarget
	var err error
	if t.ItemID, err = parseID("itemId", get("itemId", "itemID")); err != nil {
		return t, err
	}
	if t.ItemID == 0 {
		return t, httpx.Invalid("itemId", "files.itemRequired")
	}
	if t.ComponentID, err = parseID("component", get("component", "componentId", "componentID")); err != nil {
		return t, err
	}
	t.Kind = get("kind")
	return t, nil
}

// parseID reads an id field of a multipart body: a number, or an object
// with id (the spec's client may send the component as JSON).
func parseID(field, v string) (int64, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, nil
	}
	if strings.HasPrefix(v, "{") {
		var id httpx.ID
		if err := id.UnmarshalJSON([]byte(v)); err != nil {
			return 0, httpx.Invalid(field, "error.idInvalid", "field", field)
		}
		return int64(id), nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id < 0 {
		return 0, httpx.Invalid(field, "error.idInvalid", "field", field)
	}
	return id, nil
}

func httpxText(ctx context.Context, key string, args ...any) string {
	return i18nT(langOf(ctx), key, args...)
}
