package documents

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
)

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
