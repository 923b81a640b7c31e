package httpx

import (
	"net/http"
	"reflect"
	"strings"
)

// PostgreSQL text cannot hold NUL, and a value with one would fail deep in a
// query as a 500, so input is checked once, at the edge: Decode refuses such
// bodies, RejectNUL such paths and queries.

// nulField names the first string field of v holding a NUL character, or ""
// when there is none. Map keys count as strings too.
func nulField(v reflect.Value, path string) (string, bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "", false
		}
		return nulField(v.Elem(), path)
	case reflect.String:
		if strings.ContainsRune(v.String(), 0) {
			return path, true
		}
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name := f.Name
			if tag, _, _ := strings.Cut(f.Tag.Get("json"), ","); tag != "" && tag != "-" {
				name = tag
			}
			if field, bad := nulField(v.Field(i), join(path, name)); bad {
				return field, true
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return "", false // []byte and json.RawMessage: raw bytes, not text
		}
		for i := range v.Len() {
			if field, bad := nulField(v.Index(i), path); bad {
				return field, true
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if field, bad := nulField(iter.Key(), path); bad {
				return field, true
			}
			if field, bad := nulField(iter.Value(), join(path, iter.Key().String())); bad {
				return field, true
			}
		}
	}
	return "", false
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// rejectNULText answers 400 naming the field when a decoded value holds a NUL character.
func rejectNULText(v any) error {
	field, bad := nulField(reflect.ValueOf(v), "")
	if !bad {
		return nil
	}
	if field == "" {
		field = "body"
	}
	return &Error{Status: http.StatusBadRequest, Key: "error.nulCharacter", Args: []any{"field", field},
		Validations: []FieldError{{Field: field, Key: "error.nulCharacter", Args: []any{"field", field}}}}
}

// CheckText is Decode's NUL check for a value decoded another way (a JSON
// field of a multipart upload).
func CheckText(v any) error { return rejectNULText(v) }

// RejectNUL answers 400 for an address whose path or query holds a NUL character.
func RejectNUL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.ContainsRune(r.URL.Path, 0) || strings.ContainsRune(r.URL.RawQuery, 0) ||
			strings.Contains(strings.ToLower(r.URL.RawQuery), "%00") || strings.Contains(strings.ToLower(r.URL.RawPath), "%00") {
			WriteError(w, r, &Error{Status: http.StatusBadRequest, Key: "error.nulCharacter", Args: []any{"field", "address"}})
			return
		}
		next.ServeHTTP(w, r)
	})
}
