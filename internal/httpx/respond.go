package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/tramita/tramita/internal/i18n"
)

// DetailMarker separates the user-facing part of a Message from a detail the
// web app writes to the browser console only (spec section 8).
const DetailMarker = "##DETAILEDERROR##"

// ErrorBody is the error envelope of every failed call.
type ErrorBody struct {
	Message     string           `json:"Message"`
	Validations []ValidationBody `json:"Validations,omitempty"`
}

// ValidationBody is one invalid field in ErrorBody.
type ValidationBody struct {
	Field   string `json:"Field"`
	Message string `json:"Message"`
}

// JSONAppender is a value that writes its own JSON, valid, compact and
// HTML-escaped as encoding/json would. WriteJSON sends it as is, sparing the
// rescan and copy encoding/json makes of a Marshaler's output (big lists).
type JSONAppender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// jsonBuffers are the buffers WriteJSON writes a JSONAppender into, kept
// from answer to answer (a page of 50 rows is about 40 KB); one larger than
// maxPooledJSON is left to the collector.
var jsonBuffers = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledJSON = 256 << 10

// WriteJSON answers v as JSON with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if a, ok := v.(JSONAppender); ok {
		buf := jsonBuffers.Get().(*[]byte)
		b, err := a.AppendJSON((*buf)[:0])
		if err == nil {
			b = append(b, '\n')
			w.WriteHeader(status)
			// Write does not keep b (http.ResponseWriter's contract).
			_, _ = w.Write(b)
			*buf = nil
			if cap(b) <= maxPooledJSON {
				*buf = b[:0]
			}
		}
		jsonBuffers.Put(buf)
		if err == nil {
			return
		}
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteError answers err. The detail after the marker is only the request id:
// enough for support to find the log line, nothing about our internals.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	ctx := r.Context()
	lang := i18n.From(ctx)
	rid := RequestID(ctx)
	appErr, ok := AsError(err)
	if !ok {
		if errors.Is(err, context.Canceled) && ctx.Err() != nil {
			// The caller went away; nobody reads the answer.
			return
		}
		if databaseUnavailable(err) {
			Logger(ctx).Warn("request failed: database unavailable", "error", err)
			appErr = &Error{Status: http.StatusServiceUnavailable, Key: "error.unavailable"}
		} else {
			Logger(ctx).Error("request failed", "error", err)
			appErr = &Error{Status: http.StatusInternalServerError, Key: "error.internal"}
		}
	} else if appErr.Status >= 500 {
		Logger(ctx).Error("request failed", "error", err)
	}
	body := ErrorBody{Message: i18n.T(lang, appErr.Key, appErr.Args...) + DetailMarker + "request " + rid}
	for _, f := range appErr.Validations {
		body.Validations = append(body.Validations, ValidationBody{Field: f.Field, Message: i18n.T(lang, f.Key, f.Args...)})
	}
	switch appErr.Status {
	case http.StatusTooManyRequests:
		w.Header().Set("Retry-After", "60")
	case http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "5")
	}
	WriteJSON(w, appErr.Status, body)
}

// Decode reads the JSON body into v. Unknown fields are ignored: the web
// client sends whole objects and may carry more than a call reads.
func Decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json") && mt != "text/plain") {
			return Fail(http.StatusUnsupportedMediaType, "error.unsupportedMedia")
		}
	}
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if dec.More() {
		return Fail(http.StatusBadRequest, "error.badJSON")
	}
	return rejectNULText(v)
}

func decodeError(err error) error {
	var tooBig *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return &Error{Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Args: []any{"limit", humanBytes(tooBig.Limit)}}
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "body"
		}
		return &Error{Status: http.StatusBadRequest, Key: "error.badJSONField", Args: []any{"field", field},
			Validations: []FieldError{{Field: field, Key: "error.badJSONField", Args: []any{"field", field}}}}
	case errors.Is(err, io.EOF):
		return Fail(http.StatusBadRequest, "error.badJSON")
	default:
		return &Error{Status: http.StatusBadRequest, Key: "error.badJSON", Cause: err}
	}
}

// Logger returns the request's logger (with its request id), or the default.
func Logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
