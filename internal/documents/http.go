package documents

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// Handler serves the file calls under /genericItem. The upload call (UploadPaths) takes multipart bodies up to
// FileLimits.UploadBodyLimit; internal/server gives it that limit.
type Handler struct {
	files       *Files
	currentUser items.CurrentUser
	confirm     PasswordConfirm
	clientOf    func(*http.Request) SignClient
	repository  RepositoryUploads
}

// RepositorySession is an upload into a project's repository
// (internal/repositories): files checked and stored as they arrive, rows
// written by Commit, everything removed by Abort.
type RepositorySession interface {
	Add(ctx context.Context, name string, r io.Reader) error
	Commit(ctx context.Context) (any, error)
	Abort(ctx context.Context)
}

// RepositoryUploads starts an upload into a folder of a project's
// repository (folder 0: the top).
type RepositoryUploads func(ctx context.Context, c items.Caller, project, folder int64) (RepositorySession, error)

// SetRepositoryUploads makes uploadFiles honour projectId and folder when no
// itemId is sent: the files go to that folder of the project's repository.
func (h *Handler) SetRepositoryUploads(begin RepositoryUploads) { h.repository = begin }

// NewHandler returns the handler.
func NewHandler(files *Files, currentUser items.CurrentUser) *Handler {
	return &Handler{files: files, currentUser: currentUser}
}

// SetPasswordConfirm gives signFileAttachment its password check
// (internal/server wires internal/auth's ConfirmPassword). Without one the
// call answers 503.
func (h *Handler) SetPasswordConfirm(confirm PasswordConfirm) { h.confirm = confirm }

// SetClientOf tells the handler the caller's address and browser as the
// server knows them (trusted proxies), for the stamp's audit event.
func (h *Handler) SetClientOf(clientOf func(*http.Request) SignClient) { h.clientOf = clientOf }

// Routes mounts the calls.
func (h *Handler) Routes(r chi.Router) {
	r.Post("/genericItem/uploadFiles", h.uploadFiles)
	r.Get("/genericItem/loadAttachments", httpx.Serve(h.currentUser, h.loadAttachments))
	r.Get("/genericItem/getAttachmentLink", httpx.Serve(h.currentUser, h.link(false)))
	r.Post("/genericItem/getFileLink", httpx.Serve(h.currentUser, h.link(true)))
	r.Get("/genericItem/getImageName", httpx.Serve(h.currentUser, h.link(false)))
	r.Get("/genericItem/downloadFile", h.download(false))
	r.Post("/genericItem/downloadFile", h.download(true))
	r.Post("/genericItem/deleteAttachment", httpx.Serve(h.currentUser, h.deleteAttachment))
	r.Post("/genericItem/signFileAttachment", httpx.Serve(h.currentUser, h.signFileAttachment))
	r.Post("/genericItem/stampFileAttachment", httpx.Serve(h.currentUser, h.stampFileAttachment))
	r.Get("/genericItem/loadFileSignatures", httpx.Serve(h.currentUser, h.loadFileSignatures))
	r.Get("/genericItem/downloadSignatureProtocol", h.downloadSignatureProtocol)
	r.Get("/genericItem/downloadFileVersion", h.downloadFileVersion)
}

func (h *Handler) caller(w http.ResponseWriter, r *http.Request) (items.Caller, bool) {
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

func (h *Handler) loadAttachments(r *http.Request, c items.Caller) (*AttachmentList, error) {
	// tableName is the legacy client's; the item names its type.
	item, comp, err := items.QueryItem(r)
	if err != nil {
		return nil, err
	}
	return h.files.LoadAttachments(r.Context(), c, item, comp)
}

func (h *Handler) link(body bool) func(*http.Request, items.Caller) (*FileLink, error) {
	return func(r *http.Request, c items.Caller) (*FileLink, error) {
		id, err := fileID(r, body)
		if err != nil {
			return nil, err
		}
		return h.files.Link(r.Context(), c, id)
	}
}

func (h *Handler) download(body bool) http.HandlerFunc {
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

func (h *Handler) deleteAttachment(r *http.Request, c items.Caller) (map[string]any, error) {
	id, err := fileID(r, true)
	if err != nil {
		return nil, err
	}
	err = h.files.DeleteAttachment(r.Context(), c, id)
	return map[string]any{"success": err == nil, "Message": httpxText(r.Context(), "files.deleted")}, err
}

// UploadResult is the answer of uploadFiles.
type UploadResult struct {
	Message string       `json:"Message"`
	Files   []Attachment `json:"files"`
}

// uploadFiles receives files as they stream in, each checked and stored
// before the next; rows are written only when all arrived, and on any
// failure every stored file is removed.
func (h *Handler) uploadFiles(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	body, err := httpx.OpenMultipart(w, r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	var session *uploadSession
	var repo RepositorySession
	fail := func(err error) {
		if session != nil {
			session.abort(ctx)
		}
		if repo != nil {
			repo.Abort(ctx)
		}
		httpx.WriteError(w, r, err)
	}
	for {
		part, err := body.NextFile()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fail(err)
			return
		}
		if session == nil && repo == nil && h.toRepository(body) {
			if repo, err = h.beginRepository(ctx, c, body); err != nil {
				repo = nil
				fail(err)
				return
			}
		}
		if repo != nil {
			if err := repo.Add(ctx, part.FileName(), part); err != nil {
				fail(err)
				return
			}
			continue
		}
		if session == nil {
			target, err := uploadTarget(body)
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
	if repo != nil {
		out, err := repo.Commit(ctx)
		if err != nil {
			fail(err)
			return
		}
		httpx.Answer(w, r, out, nil)
		return
	}
	if session == nil && h.toRepository(body) {
		if _, err := h.beginRepository(ctx, c, body); err != nil {
			fail(err)
			return
		}
		fail(httpx.Invalid("files", "files.none"))
		return
	}
	if session == nil {
		if _, err := uploadTarget(body); err != nil {
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

// toRepository tells an upload into a project's repository: projectId sent
// and no itemId (an item's files are its own, wherever it lives).
func (h *Handler) toRepository(body *httpx.Multipart) bool {
	return h.repository != nil && body.Value("itemId", "itemID") == "" && body.Value("projectId", "projectID") != ""
}

func (h *Handler) beginRepository(ctx context.Context, c items.Caller, body *httpx.Multipart) (RepositorySession, error) {
	project, err := body.ID("projectId", "projectID")
	if err != nil {
		return nil, err
	}
	folder, err := body.ID("folder", "folderId", "folderID")
	if err != nil {
		return nil, err
	}
	return h.repository(ctx, c, project, folder)
}

// uploadTarget reads the item of an upload from the fields sent before the
// files or from the address.
func uploadTarget(body *httpx.Multipart) (UploadTarget, error) {
	var t UploadTarget
	var err error
	if t.ItemID, err = body.ID("itemId", "itemID"); err != nil {
		return t, err
	}
	if t.ItemID == 0 {
		return t, httpx.Invalid("itemId", "files.itemRequired")
	}
	if t.ComponentID, err = body.ID("component", "componentId", "componentID"); err != nil {
		return t, err
	}
	t.Kind = body.Value("kind")
	return t, nil
}

func (h *Handler) signFileAttachment(r *http.Request, c items.Caller) (*SignResult, error) {
	var in SignInput
	if err := httpx.Decode(r, &in); err != nil {
		return nil, err
	}
	var confirm func(string) (SignClient, error)
	if h.confirm != nil {
		confirm = func(password string) (SignClient, error) { return h.confirm(r, c.UserID, password) }
	}
	return h.files.Sign(r.Context(), c, in, confirm)
}

func (h *Handler) stampFileAttachment(r *http.Request, c items.Caller) (*StampResult, error) {
	var in StampInput
	if err := httpx.Decode(r, &in); err != nil {
		return nil, err
	}
	var client SignClient
	if h.clientOf != nil {
		client = h.clientOf(r)
	}
	return h.files.Stamp(r.Context(), c, in, client)
}

func (h *Handler) loadFileSignatures(r *http.Request, c items.Caller) (map[string]any, error) {
	item, comp, err := items.QueryItem(r)
	if err != nil {
		return nil, err
	}
	files, err := h.files.LoadSignatures(r.Context(), c, item, comp)
	return map[string]any{"files": files}, err
}

func (h *Handler) downloadSignatureProtocol(w http.ResponseWriter, r *http.Request) {
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

func (h *Handler) downloadFileVersion(w http.ResponseWriter, r *http.Request) {
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
