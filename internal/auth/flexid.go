package auth

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
)

// flexibleID reads an id sent as a number or as a numeric string; the web
// app keeps ids as it got them, and forms turn them into text.
type flexibleID int64

func (f *flexibleID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*f = 0
		return nil
	}
	var s string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if s == "" {
			*f = 0
			return nil
		}
	} else {
		s = string(b)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return &json.UnmarshalTypeError{Value: "string " + strconv.Quote(s), Type: reflect.TypeFor[int64]()}
	}
	*f = flexibleID(n)
	return nil
}
