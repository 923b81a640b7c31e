package httpx

import (
	"context"
	"net/http"
	"strconv"
)

// Handle serves a call that decodes a JSON body, runs and answers JSON: the
// preamble every handler shared. who names the signed-in caller (each module
// has its caller type); nobody signed in is a 401, no body a 400.
func Handle[C, In, Out any](who func(context.Context) (C, bool), run func(ctx context.Context, c C, in In) (Out, error)) http.HandlerFunc {
	return handle(who, run, false)
}

// HandleOptional is Handle for calls whose body may be left out: they run on
// In's zero value (a picker opened with nothing typed sends none).
func HandleOptional[C, In, Out any](who func(context.Context) (C, bool), run func(ctx context.Context, c C, in In) (Out, error)) http.HandlerFunc {
	return handle(who, run, true)
}

func handle[C, In, Out any](who func(context.Context) (C, bool), run func(ctx context.Context, c C, in In) (Out, error), optional bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := who(r.Context())
		if !ok {
			WriteError(w, r, Unauthorized())
			return
		}
		var in In
		if !optional || r.ContentLength != 0 {
			if err := Decode(r, &in); err != nil {
				WriteError(w, r, err)
				return
			}
		}
		out, err := run(r.Context(), c, in)
		Answer(w, r, out, err)
	}
}

// Serve is Handle for calls that read their input from the request itself
// (the address, a form, a file).
func Serve[C, Out any](who func(context.Context) (C, bool), run func(r *http.Request, c C) (Out, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := who(r.Context())
		if !ok {
			WriteError(w, r, Unauthorized())
			return
		}
		out, err := run(r, c)
		Answer(w, r, out, err)
	}
}

// Answer writes err, or v as JSON that no cache keeps.
func Answer(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	WriteJSON(w, http.StatusOK, v)
}

// QueryID reads an optional id parameter, the first of names present (the
// error names the first); a malformed one is a 400, an absent one 0.
func QueryID(r *http.Request, names ...string) (int64, error) {
	for _, n := range names {
		if v := r.URL.Query().Get(n); v != "" {
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil || id < 0 {
				return 0, Invalid(names[0], "error.idInvalid", "field", names[0])
			}
			return id, nil
		}
	}
	return 0, nil
}
