package documents

import (
	"context"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
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

func langOf(ctx context.Context) string { return string(i18n.From(ctx)) }

func i18nT(lang, key string, args ...any) string { return i18n.T(i18n.Lang(lang), key, args...) }
