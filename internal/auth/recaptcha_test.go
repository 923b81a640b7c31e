package auth

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// newRecaptchaVerifier stands in for Google's: the token "good" passes.
func newRecaptchaVerifier(t *testing.T, secret, remote *string) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.ParseForm() != nil {
			http.Error(w, "bad", 400)
			return
		}
		*secret, *remote = r.PostForm.Get("secret"), r.PostForm.Get("remoteip")
		w.Header().Set("Content-Type", "application/json")
		if r.PostForm.Get("response") == "good" {
			_, _ = w.Write([]byte(`{"success": true, "hostname": "localhost"}`))
			return
		}
		_, _ = w.Write([]byte(`{"success": false, "error-codes": ["invalid-input-response"]}`))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
