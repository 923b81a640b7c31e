package httpx

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const (
	// maxFieldBytes caps a plain (non-file) field of an upload.
	maxFieldBytes = 1 << 10
	// maxParts caps the parts of one upload body.
	maxParts = 200
	// uploadTime replaces the server's read and write timeouts for an upload:
	// those are meant for JSON calls, not for 100 MB on a slow line.
	uploadTime = 15 * time.Minute
)

// Multipart reads an upload's parts in order: plain fields are kept, files
// are handed on as they stream in, so fields must come before the files.
type Multipart struct {
	r      *http.Request
	mr     *multipart.Reader
	fields map[string]string
	parts  int
}

// OpenMultipart opens a multipart/form-data body and gives the call
// uploadTime. Any other body is a 415, read first so one over the limit is
// a 413 as for every call.
func OpenMultipart(w http.ResponseWriter, r *http.Request) (*Multipart, error) {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(uploadTime))
	_ = rc.SetWriteDeadline(time.Now().Add(uploadTime))
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			return nil, ReadError(err)
		}
		return nil, Fail(http.StatusUnsupportedMediaType, "error.notMultipart")
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, Fail(http.StatusBadRequest, "error.notMultipart")
	}
	return &Multipart{r: r, mr: mr, fields: map[string]string{}}, nil
}

// NextFile keeps the plain fields up to the next file and returns that file;
// io.EOF when the body ends.
func (m *Multipart) NextFile() (*multipart.Part, error) {
	for {
		m.parts++
		if m.parts > maxParts {
			return nil, Fail(http.StatusBadRequest, "error.notMultipart")
		}
		p, err := m.mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return nil, ReadError(err)
			}
			return nil, &Error{Status: http.StatusBadRequest, Key: "error.notMultipart", Cause: err}
		}
		if p.FileName() != "" {
			return p, nil
		}
		if err := m.field(p); err != nil {
			return nil, err
		}
	}
}

// field keeps a plain field; one over maxFieldBytes is refused.
func (m *Multipart) field(p *multipart.Part) error {
	v, err := io.ReadAll(io.LimitReader(p, maxFieldBytes+1))
	if err != nil {
		return ReadError(err)
	}
	name := p.FormName()
	if len(v) > maxFieldBytes {
		return Invalid(name, "error.fieldTooLong", "field", name)
	}
	if strings.ContainsRune(string(v), 0) {
		return Invalid(name, "error.nulCharacter", "field", name)
	}
	m.fields[name] = strings.TrimSpace(string(v))
	return nil
}

// Value is the first of names sent, each looked up in the fields read so far
// and then in the address.
func (m *Multipart) Value(names ...string) string {
	for _, n := range names {
		if v := m.fields[n]; v != "" {
			return v
		}
		if v := m.r.URL.Query().Get(n); v != "" {
			return v
		}
	}
	return ""
}

// ID reads an optional id as Value finds it (the error names the first of
// names): a number, or an object with id, as the spec's client may send it.
func (m *Multipart) ID(names ...string) (int64, error) {
	field := names[0]
	v := strings.TrimSpace(m.Value(names...))
	if v == "" {
		return 0, nil
	}
	if strings.HasPrefix(v, "{") {
		var id ID
		if err := id.UnmarshalJSON([]byte(v)); err != nil {
			return 0, Invalid(field, "error.idInvalid", "field", field)
		}
		return int64(id), nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id < 0 {
		return 0, Invalid(field, "error.idInvalid", "field", field)
	}
	return id, nil
}

// ReadError answers a failed read of an upload's body: over the limit is a
// 413, a broken body a 400; any other error (the storage's) is returned as is.
func ReadError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &Error{Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Args: []any{"limit", HumanSize(tooBig.Limit)}}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &Error{Status: http.StatusBadRequest, Key: "error.notMultipart", Cause: err}
	}
	return err
}
