// Package httpx holds what every HTTP handler shares: JSON in and out, the
// error envelope {"Message": ...} of the spec, and the middleware chain.
package httpx

import (
	"errors"
	"fmt"
	"net/http"
)

// Error is an application error. Services return it; WriteError turns it into
// a status code and a Message translated into the caller's language. Anything
// that is not an *Error is a bug and is answered 500 with a generic message.
type Error struct {
	Status int
	// Key is the i18n key of the message shown to the user.
	Key  string
	Args []any
	// Validations names the fields at fault, each with its own message.
	Validations []FieldError
	// Cause is logged, never shown.
	Cause error
}

// FieldError is one invalid field of a request.
type FieldError struct {
	Field string
	Key   string
	Args  []any
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%d %s", e.Status, e.Key)
	for _, v := range e.Validations {
		s += fmt.Sprintf(" [%s: %s]", v.Field, v.Key)
	}
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Cause }

// Is makes errors.Is(err, httpx.ErrNotFound) true for any not-found error,
// whatever its message key.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Key == "" && t.Status == e.Status
}

// Sentinels for errors.Is; they carry no message key on purpose.
var (
	ErrNotFound     = &Error{Status: http.StatusNotFound}
	ErrForbidden    = &Error{Status: http.StatusForbidden}
	ErrUnauthorized = &Error{Status: http.StatusUnauthorized}
	ErrInvalid      = &Error{Status: http.StatusBadRequest}
	ErrConflict     = &Error{Status: http.StatusConflict}
)

// NotFound answers 404. Not-found and not-allowed reads answer alike so ids
// cannot be probed: services use NotFound for records the caller may not see.
func NotFound() *Error { return &Error{Status: http.StatusNotFound, Key: "error.notFound"} }

// Forbidden answers 403 for an operation the caller may not run.
func Forbidden() *Error { return &Error{Status: http.StatusForbidden, Key: "error.forbidden"} }

// Unauthorized answers 401; the web app then clears the session and goes to login.
func Unauthorized() *Error { return &Error{Status: http.StatusUnauthorized, Key: "error.unauthorized"} }

// Invalid answers 400 naming one field; the message is the field's own.
func Invalid(field, key string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Key: key, Args: args,
		Validations: []FieldError{{Field: field, Key: key, Args: args}}}
}

// Fail answers status with a message key; for business rules that are not
// about one field (a conflict, a refused state change).
func Fail(status int, key string, args ...any) *Error {
	return &Error{Status: status, Key: key, Args: args}
}

// Validation collects field errors and answers them all at once.
type Validation struct{ fields []FieldError }

// Add records an invalid field.
func (v *Validation) Add(field, key string, args ...any) {
	v.fields = append(v.fields, FieldError{Field: field, Key: key, Args: args})
}

// Err returns nil when every field was valid. With one error the message is
// that field's; with several, a general one and the list in Validations.
func (v *Validation) Err() error {
	switch len(v.fields) {
	case 0:
		return nil
	case 1:
		f := v.fields[0]
		return &Error{Status: http.StatusBadRequest, Key: f.Key, Args: f.Args, Validations: v.fields}
	}
	return &Error{Status: http.StatusBadRequest, Key: "error.invalid", Validations: v.fields}
}

// AsError returns the *Error in err's chain, if any.
func AsError(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) && e.Key != "" {
		return e, true
	}
	return nil, false
}
