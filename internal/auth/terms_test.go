package auth

import (
	"bytes"
	"os"
	"testing"
	"time"
)

func TestTermsOfUse(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.user("ana", "")
	e.setting("requireTermsOfUse", true)

	r := e.do("GET", "/users/getTermsOfUse", "", nil).want(200)
	if r.Header().Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(r.Body.Bytes(), []byte("%PDF-")) {
		t.Fatalf("terms: %q", r.Header().Get("Content-Type"))
	}

	res := e.mustLogin("ana", testPassword)
	if res.UserAgreedTermsOfUse {
		t.Fatal("terms marked agreed before acceptance")
	}
	// The terms-pending token opens only the terms calls.
	e.do("GET", "/protected", res.Token, nil).want(401)
	e.do("GET", "/users/renewToken", res.Token, nil).want(401)
	e.do("GET", "/users/getMFAData", res.Token, nil).want(401)
	e.do("POST", "/users/acceptTermsOfUse", "", map[string]any{"accept": true, "userId": id}).want(401)
	e.do("POST", "/users/acceptTermsOfUse", res.Token, map[string]any{"accept": true, "userId": id + 1}).want(403)
	var acc acceptTermsBody
	e.do("POST", "/users/acceptTermsOfUse", res.Token, map[string]any{"accept": true, "userId": id, "browserInfo": "Chromium 130 / Linux"}).
		want(200).json(&acc)
	if !acc.Accepted || acc.Version != 1 {
		t.Errorf("answer %+v", acc)
	}
	e.do("GET", "/protected", res.Token, nil).want(200)
	var addr, info string
	var at time.Time
	if err := e.db.QueryRow(t.Context(), `SELECT address, browser_info, accepted_at FROM terms_acceptance WHERE user_id = $1`, id).
		Scan(&addr, &info, &at); err != nil {
		t.Fatal(err)
	}
	if addr != "192.0.2.10" || info != "Chromium 130 / Linux" || !at.Equal(e.clock.Now()) {
		t.Errorf("acceptance %q %q %v", addr, info, at)
	}
	if res := e.mustLogin("ana", testPassword); !res.UserAgreedTermsOfUse {
		t.Error("accepted terms asked again")
	}

	// A new version asks again.
	boss := Principal{UserID: e.user("boss", "administrator = true"), Login: "boss", Administrator: true, MFAComplete: true}
	if _, err := e.svc.PublishTerms(t.Context(), Principal{UserID: id, MFAComplete: true}, "v2.pdf", []byte("%PDF-1.4"), Client{}); err == nil {
		t.Error("a user without administration published terms")
	}
	if _, err := e.svc.PublishTerms(t.Context(), boss, "v2.pdf", []byte("not a pdf"), Client{}); err == nil {
		t.Error("a non-PDF was published")
	}
	pdf, err := os.ReadFile("testdata/termos-v2.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := e.svc.PublishTerms(t.Context(), boss, "v2.pdf", pdf, Client{}); err != nil || v != 2 {
		t.Fatalf("publish: %d %v", v, err)
	}
	e.clock.Advance(time.Minute)
	res = e.mustLogin("ana", testPassword)
	if res.UserAgreedTermsOfUse {
		t.Fatal("a new version was not asked")
	}
	if got := e.do("GET", "/users/getTermsOfUse", "", nil).want(200).Body.Bytes(); !bytes.Equal(got, pdf) {
		t.Error("the current terms are not the new version")
	}

	// Declining ends the session with the spec's message.
	msg := e.do("POST", "/users/acceptTermsOfUse", res.Token, map[string]any{"accept": false, "userId": id}).want(400).message()
	if msg != "Para conseguir acessar é obrigatório aceitar o termo de uso" {
		t.Errorf("message %q", msg)
	}
	e.do("POST", "/users/acceptTermsOfUse", res.Token, map[string]any{"accept": true}).want(401)
	kinds := e.auditKinds("ana")
	if !contains(kinds, kindTermsAccepted) || !contains(kinds, kindTermsDeclined) {
		t.Errorf("audit %v", kinds)
	}
}

func TestTermsThenMFA(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.user("ana", "")
	e.setting("requireTermsOfUse", true)
	e.setting("enableMFA", true)
	res := e.mustLogin("ana", testPassword)
	if res.UserAgreedTermsOfUse || res.MFAAuthenticated {
		t.Fatalf("%+v", res)
	}
	// Terms first (the web app's order), with the pre-MFA token.
	e.do("POST", "/users/acceptTermsOfUse", res.Token, map[string]any{"accept": true, "userId": id}).want(200)
	e.do("GET", "/protected", res.Token, nil).want(401)
	var d MFAData
	e.do("GET", "/users/getMFAData", res.Token, nil).want(200).json(&d)
	done := e.mfaCall("/users/registerUserMFA", res.Token, e.code(d.Code))
	if !done.Success || !done.UserAgreedTermsOfUse {
		t.Fatalf("%+v", done)
	}
	e.do("GET", "/protected", done.Token, nil).want(200)
}
