package auth

import (
	"encoding/base64"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
)

// FuzzLoginPayload feeds arbitrary bodies to the sign-in decoding: the JSON
// decoder, the optional base64 password, and the logon result the MFA calls
// read a token from. Whatever comes in, the answer is a 4xx error or a value,
// never a panic or a server error.
func FuzzLoginPayload(f *testing.F) {
	for _, seed := range []string{
		`{"UserName":"admin","Password":"secret"}`,
		`{"UserName":"admin","Password":"c2VjcmV0","encrypt":true}`,
		`{"UserName":"admin","Password":"***","encrypt":true}`,
		`{"UserName":"a\u0000","Password":"x"}`,
		`{"logonresult":"eyJ0b2tlbiI6ImFiYyJ9","userCode":"123456"}`,
		`{"logonresult":{"token":"abc"},"userCode":"123456"}`,
		`[]`, `"x"`, `{"UserName":1}`, `{`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var in LoginInput
		err := httpx.Decode(httptest.NewRequest("POST", "/api/users/authenticate", strings.NewReader(body)), &in)
		if err != nil {
			var e *httpx.Error
			if !errors.As(err, &e) || e.Status < 400 || e.Status >= 500 {
				t.Fatalf("%q: %v is not a 4xx", body, err)
			}
			return
		}
		if in.Encrypt {
			_, _ = base64.StdEncoding.DecodeString(in.Password)
		}
		var m mfaInput
		if httpx.Decode(httptest.NewRequest("POST", "/api/users/validateMFA", strings.NewReader(body)), &m) == nil {
			_ = tokenOfLogonResult(m.LogonResult)
		}
	})
}
