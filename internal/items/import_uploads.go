package items

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/storage"
)

// The Excel import's share of the upload plumbing it had with the item
// files, which moved to internal/documents: the import keeps its
// spreadsheets in the same store under the same file size limit and reads
// its multipart body alike. This file leaves with the import (itemio).

// FileLimits are the upload limits the import keeps to (documents.FileLimits).
type FileLimits struct {
	// MaxSize caps one file, in bytes.
	MaxSize int64
	// MaxCount caps the attachments of one item (not the import's).
	MaxCount int
}

// Files is where the import keeps its spreadsheets.
type Files struct {
	svc    *Service
	store  storage.Store
	limits FileLimits
}

// NewFiles returns the import's file store; limits as documents has them.
func NewFiles(svc *Service, store storage.Store, limits FileLimits) *Files {
	return &Files{svc: svc, store: store, limits: limits}
}

// removeBlobs deletes stored bytes no row names any more. A failure leaves
// an unreachable file behind (logged), never a row without its bytes.
func (f *Files) removeBlobs(ctx context.Context, keys ...string) {
	ctx = context.WithoutCancel(ctx)
	for _, k := range keys {
		if err := f.store.Delete(ctx, k); err != nil {
			httpx.Logger(ctx).Warn("files: stored file left behind", "key", k, "error", err)
		}
	}
}

// readError turns a failed read of the request body into its answer: an
// oversized body is 413, a broken one 400; anything else (the storage) is
// the server's.
func readError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Args: []any{"limit", humanSize(tooBig.Limit)}}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &httpx.Error{Status: http.StatusBadRequest, Key: "files.notMultipart", Cause: err}
	}
	if errors.Is(err, storage.ErrNoSpace) {
		return &httpx.Error{Status: http.StatusInsufficientStorage, Key: "storage.noSpace", Cause: err}
	}
	return err
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

// maxFieldBytes caps a plain (non-file) field of an upload.
const maxFieldBytes = 1 << 10

// maxParts caps the parts of one upload body.
const maxParts = 200

// multipartBody reads an upload's parts: fields into a map, files handed on.
type multipartBody struct {
	mr     *multipart.Reader
	fields map[string]string
	parts  int
}

func (b *multipartBody) next() (*multipart.Part, error) {
	b.parts++
	if b.parts > maxParts {
		return nil, httpx.Fail(http.StatusBadRequest, "files.notMultipart")
	}
	p, err := b.mr.NextPart()
	if errors.Is(err, io.EOF) {
		return nil, io.EOF
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, readError(err)
		}
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "files.notMultipart", Cause: err}
	}
	return p, nil
}

// field keeps a plain field; a field over maxFieldBytes is refused.
func (b *multipartBody) field(p *multipart.Part) error {
	v, err := io.ReadAll(io.LimitReader(p, maxFieldBytes+1))
	if err != nil {
		return readError(err)
	}
	name := p.FormName()
	if len(v) > maxFieldBytes {
		return httpx.Invalid(name, "files.fieldTooLong", "field", name)
	}
	if strings.ContainsRune(string(v), 0) {
		return httpx.Invalid(name, "error.nulCharacter", "field", name)
	}
	b.fields[name] = strings.TrimSpace(string(v))
	return nil
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
