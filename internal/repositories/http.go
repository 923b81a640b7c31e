package repositories

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// UploadPaths are the calls whose multipart bodies get the upload body
// limit (internal/server gives it); uploadFiles is documents'.
var UploadPaths = []string{"/api/repositories/checkIn"}

// Handler serves the repository calls under /repositories.
type Handler struct {
	svc         *Service
	currentUser items.CurrentUser
}

// NewHandler returns the handler.
func NewHandler(svc *Service, currentUser items.CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts the calls.
func (h *Handler) Routes(r chi.Router) {
	who := h.currentUser
	r.Get("/repositories/loadRepositories", httpx.Serve(who, func(r *http.Request, c items.Caller) (map[string]any, error) {
		return h.svc.LoadRepositories(r.Context(), c)
	}))
	r.Get("/repositories/loadTree", httpx.Serve(who, func(r *http.Request, c items.Caller) (*Tree, error) {
		id, err := httpx.QueryID(r, "projectId", "projectID")
		if err != nil {
			return nil, err
		}
		return h.svc.LoadTree(r.Context(), c, ProjectInput{ProjectID: httpx.ID(id)})
	}))
	r.Post("/repositories/createFolder", httpx.Handle(who, h.svc.CreateFolder))
	r.Post("/repositories/renameFolder", httpx.Handle(who, h.svc.RenameFolder))
	r.Post("/repositories/moveFolder", httpx.Handle(who, h.svc.MoveFolder))
	r.Post("/repositories/deleteFolder", httpx.Handle(who, said(h.svc.DeleteFolder, "repositories.folderDeleted")))
	r.Get("/repositories/loadFiles", httpx.Serve(who, h.loadFiles))
	r.Get("/repositories/loadVersions", httpx.Serve(who, func(r *http.Request, c items.Caller) (*VersionList, error) {
		id, err := httpx.QueryID(r, "fileId", "fileID")
		if err != nil {
			return nil, err
		}
		return h.svc.LoadVersions(r.Context(), c, id)
	}))
	r.Post("/repositories/moveFile", httpx.Handle(who, h.svc.MoveFile))
	r.Post("/repositories/lockFile", httpx.Handle(who, h.svc.LockFile))
	r.Post("/repositories/unlockFile", httpx.Handle(who, h.svc.UnlockFile))
	r.Post("/repositories/restoreVersion", httpx.Handle(who, h.svc.RestoreVersion))
	r.Post("/repositories/deleteFile", httpx.Handle(who, said(h.svc.DeleteFile, "repositories.fileDeleted")))
	r.Post("/repositories/checkIn", h.checkIn)
	r.Get("/repositories/downloadFile", h.download)
}

// said adds the Message of key to a call's answer.
func said[In any](run func(context.Context, items.Caller, In) (map[string]any, error), key string) func(context.Context, items.Caller, In) (map[string]any, error) {
	return func(ctx context.Context, c items.Caller, in In) (map[string]any, error) {
		out, err := run(ctx, c, in)
		if err != nil {
			return nil, err
		}
		out["Message"] = i18n.T(i18n.From(ctx), key)
		return out, nil
	}
}

func (h *Handler) loadFiles(r *http.Request, c items.Caller) (*FilePage, error) {
	project, err := httpx.QueryID(r, "projectId", "projectID")
	if err != nil {
		return nil, err
	}
	folder, err := httpx.QueryID(r, "folderId", "folderID", "folder")
	if err != nil {
		return nil, err
	}
	in := FilesInput{ProjectID: project, FolderID: folder}
	for name, to := range map[string]*int{"page": &in.Page, "pageSize": &in.PageSize} {
		if v := r.URL.Query().Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return nil, httpx.Invalid(name, "repositories.pageInvalid", "max", 500)
			}
			*to = n
		}
	}
	return h.svc.LoadFiles(r.Context(), c, in)
}

// checkIn receives one file as a file's next version: the fields fileId and
// comment come before it.
func (h *Handler) checkIn(w http.ResponseWriter, r *http.Request) {
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
	var u *Upload
	begin := func() (*Upload, error) {
		id, err := body.ID("fileId", "fileID")
		if err != nil {
			return nil, err
		}
		if id == 0 {
			return nil, httpx.Invalid("fileId", "error.idInvalid", "field", "fileId")
		}
		return h.svc.BeginCheckIn(r.Context(), c, id, body.Value("comment"))
	}
	out, err := Receive(r.Context(), body, func() (Session, error) {
		var err error
		u, err = begin()
		return u, err
	})
	if err == nil && out == nil {
		if _, err = begin(); err == nil {
			err = httpx.Invalid("files", "files.none")
		}
	}
	httpx.Answer(w, r, out, err)
}

// Session is an upload being received (Upload, or documents' own).
type Session interface {
	Add(ctx context.Context, name string, r io.Reader) error
	Commit(ctx context.Context) (any, error)
	Abort(ctx context.Context)
}

// Receive streams the files of body into the session begin starts at the
// first file (the fields come before the files): all of them are kept, or
// none. No file at all answers nil, nil.
func Receive(ctx context.Context, body *httpx.Multipart, begin func() (Session, error)) (any, error) {
	var s Session
	fail := func(err error) (any, error) {
		if s != nil {
			s.Abort(ctx)
		}
		return nil, err
	}
	for {
		part, err := body.NextFile()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fail(err)
		}
		if s == nil {
			if s, err = begin(); err != nil {
				s = nil
				return fail(err)
			}
		}
		if err := s.Add(ctx, part.FileName(), part); err != nil {
			return fail(err)
		}
	}
	if s == nil {
		return nil, nil
	}
	out, err := s.Commit(ctx)
	if err != nil {
		return fail(err)
	}
	return out, nil
}

func (h *Handler) download(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	id, err := httpx.QueryID(r, "fileId", "fileID")
	if err == nil && id == 0 {
		err = httpx.Invalid("fileId", "error.idInvalid", "field", "fileId")
	}
	var version int64
	if err == nil {
		version, err = httpx.QueryID(r, "version")
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	d, err := h.svc.OpenVersion(r.Context(), c, id, int(version))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	defer d.Body.Close()
	hd := w.Header()
	hd.Set("Content-Type", d.ContentType)
	hd.Set("Content-Disposition", storage.ContentDisposition("attachment", d.Name))
	hd.Set("Content-Length", strconv.FormatInt(d.Size, 10))
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("ETag", `"`+d.SHA256+`"`)
	if _, err := io.Copy(w, d.Body); err != nil {
		httpx.Logger(r.Context()).Warn("download interrupted", "file", id, "version", version, "error", err)
	}
}
