package httpx

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
)

// ID is an id as the web app sends it: a number, a numeric string or an
// object with an id ({"id": 12}); null and "" are 0. The app keeps ids as it
// got them, and forms turn them into text. A negative id is refused.
type ID int64

func (id *ID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*id = 0
		return nil
	}
	switch b[0] {
	case '{':
		var o struct {
			ID ID `json:"id"`
		}
		if err := json.Unmarshal(b, &o); err != nil {
			return err
		}
		*id = o.ID
		return nil
	case '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if s == "" {
			*id = 0
			return nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return &json.UnmarshalTypeError{Value: "string " + s, Type: reflect.TypeFor[int64]()}
		}
		*id = ID(n)
		return nil
	}
	var n int64
	if err := json.Unmarshal(b, &n); err != nil || n < 0 {
		return &json.UnmarshalTypeError{Value: "number " + string(b), Type: reflect.TypeFor[int64]()}
	}
	*id = ID(n)
	return nil
}

// IDs turns a list of ids into int64s.
func IDs(list []ID) []int64 {
	out := make([]int64, len(list))
	for i, id := range list {
		out[i] = int64(id)
	}
	return out
}
