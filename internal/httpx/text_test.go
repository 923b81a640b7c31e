package httpx

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestDecodeRefusesNULInAnyStringAndNamesTheField(t *testing.T) {
	type inner struct {
		Tags []string `json:"tags"`
	}
	type body struct {
		Name  string            `json:"name"`
		Inner *inner            `json:"inner"`
		Extra map[string]any    `json:"extra"`
		Raw   json.RawMessage   `json:"raw"`
		Attrs map[string]string `json:"attrs"`
	}
	cases := map[string]string{
		`{"name":"a\u0000b"}`:                 "name",
		`{"inner":{"tags":["ok","x\u0000"]}}`: "inner.tags",
		`{"extra":{"k":["\u0000"]}}`:          "extra.k",
		`{"attrs":{"a\u0000":"v"}}`:           "attrs",
	}
	for in, field := range cases {
		var v body
		err := Decode(httptest.NewRequest("POST", "/", strings.NewReader(in)), &v)
		var e *Error
		if !errors.As(err, &e) || e.Status != http.StatusBadRequest || e.Key != "error.nulCharacter" || len(e.Validations) != 1 || e.Validations[0].Field != field {
			t.Errorf("%s: %#v, want 400 naming %s", in, err, field)
		}
	}
	// Raw JSON is not text yet, and ordinary control characters are fine.
	var v body
	if err := Decode(httptest.NewRequest("POST", "/", strings.NewReader(`{"name":"tab\tand\u0001","raw":"\u0000"}`)), &v); err != nil {
		t.Errorf("ordinary input refused: %v", err)
	}
}

func TestRejectNULRefusesAddressesHoldingIt(t *testing.T) {
	h := RejectNUL(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	for target, want := range map[string]int{
		"/api/x?name=abc":    http.StatusNoContent,
		"/api/x?name=a%00b":  http.StatusBadRequest,
		"/api/x/a%00b":       http.StatusBadRequest,
		"/api/x?name=100%25": http.StatusNoContent,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if rec.Code != want {
			t.Errorf("%s: %d, want %d", target, rec.Code, want)
		}
	}
}
