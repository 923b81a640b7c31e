package auth

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/i18n"
)

// code is what an authenticator app with secret shows at the clock's time.
func (e *env) code(secret string) string {
	e.t.Helper()
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(secret)
	if err != nil {
		e.t.Fatal(err)
	}
	return totpCode(key, totpStep(e.clock.Now()), 6)
}

func (e *env) mfaCall(path, token, code string) LoginResult {
	e.t.Helper()
	var res LoginResult
	e.do("POST", path, token, map[string]any{"logonresult": map[string]string{"token": token}, "userCode": code}).want(200).json(&res)
	return res
}

// enrol signs ana in with platform MFA on and enrols her; it returns the
// secret and the complete token.
func (e *env) enrol(login string) (string, string) {
	e.t.Helper()
	pre := e.mustLogin(login, testPassword)
	var d MFAData
	e.do("GET", "/users/getMFAData", pre.Token, nil).want(200).json(&d)
	res := e.mfaCall("/users/registerUserMFA", pre.Token, e.code(d.Code))
	if !res.Success {
		e.t.Fatalf("enrolment failed: %+v", res)
	}
	return d.Code, res.Token
}

func TestMFAEnrolmentThenValidation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.setting("enableMFA", true)

	pre := e.mustLogin("ana", testPassword)
	if !pre.PlatformMFAEnabled || pre.UserMFAEnabled || pre.MFAAuthenticated {
		t.Fatalf("pre-MFA result %+v", pre)
	}
	// A pre-MFA token opens only the MFA calls (and logout).
	e.do("GET", "/protected", pre.Token, nil).want(401)
	e.do("GET", "/users/renewToken", pre.Token, nil).want(401)
	e.do("POST", "/users/changePassword", pre.Token, ChangePasswordInput{OldPassword: testPassword, NewPassword: "Outra-Senha-Boa-1", ConfirmPassword: "Outra-Senha-Boa-1"}).want(401)

	var d MFAData
	e.do("GET", "/users/getMFAData", pre.Token, nil).want(200).json(&d)
	if !strings.HasPrefix(d.QRCode, "data:image/png;base64,") || len(d.Code) != 32 {
		t.Fatalf("mfa data %+v", d)
	}
	if res := e.mfaCall("/users/registerUserMFA", pre.Token, "000000"); res.Success || res.FailReason != FailMFACode || res.Message != "Código inválido." {
		t.Fatalf("wrong code accepted: %+v", res)
	}
	res := e.mfaCall("/users/registerUserMFA", pre.Token, e.code(d.Code))
	if !res.Success || !res.MFAAuthenticated || !res.UserMFAEnabled || !res.PlatformMFAEnabled || res.Token == pre.Token {
		t.Fatalf("enrolment %+v", res)
	}
	e.do("GET", "/protected", res.Token, nil).want(200)
	e.do("GET", "/protected", pre.Token, nil).want(401) // the old token stays limited
	var sealed []byte
	if err := e.db.QueryRow(t.Context(), `SELECT mfa_secret FROM app_user WHERE login = 'ana'`).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(sealed), d.Code) || len(sealed) < 20 {
		t.Error("the secret is not encrypted at rest")
	}

	// Next sign-in: enrolled users validate, and cannot enrol again.
	e.clock.Advance(time.Minute)
	pre = e.mustLogin("ana", testPassword)
	if !pre.UserMFAEnabled || pre.MFAAuthenticated {
		t.Fatalf("second sign-in %+v", pre)
	}
	e.do("GET", "/users/getMFAData", pre.Token, nil).want(409)
	// The enrolment code's step is used: the same code is refused.
	code := e.code(d.Code)
	e.clock.Advance(-time.Minute)
	stale := e.code(d.Code)
	e.clock.Advance(time.Minute)
	if res := e.mfaCall("/users/validateMFA", pre.Token, stale); res.Success {
		t.Fatal("a code two steps old was accepted")
	}
	res = e.mfaCall("/users/validateMFA", pre.Token, code)
	if !res.Success || !res.MFAAuthenticated {
		t.Fatalf("validation %+v", res)
	}
	e.do("GET", "/protected", res.Token, nil).want(200)

	// Replay: the same code on another pending sign-in is refused.
	pre = e.mustLogin("ana", testPassword)
	if res := e.mfaCall("/users/validateMFA", pre.Token, code); res.Success || res.FailReason != FailMFACode {
		t.Fatalf("replayed code accepted: %+v", res)
	}
	e.clock.Advance(totpPeriod * time.Second)
	if res := e.mfaCall("/users/validateMFA", pre.Token, e.code(d.Code)); !res.Success {
		t.Fatalf("next code refused: %+v", res)
	}
	kinds := e.auditKinds("ana")
	for _, k := range []string{kindMFAEnrolled, kindMFAValidated, kindMFAFailure} {
		if !contains(kinds, k) {
			t.Errorf("audit lacks %s: %v", k, kinds)
		}
	}
}

func TestValidateMFAWithTheLogonResultOnly(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.setting("enableMFA", true)
	secret, _ := e.enrol("ana")
	e.clock.Advance(time.Minute)
	pre := e.login("ana", testPassword)
	raw, _ := json.Marshal(pre)
	body := map[string]any{"logonresult": base64.StdEncoding.EncodeToString(raw), "userCode": e.code(secret)}
	var res LoginResult
	e.do("POST", "/users/validateMFA", "", body).want(200).json(&res)
	if !res.Success {
		t.Fatalf("validation through logonresult: %+v", res)
	}
	e.do("POST", "/users/validateMFA", "", map[string]any{"logonresult": "garbage", "userCode": "123456"}).want(401)
}

func TestFiveWrongCodesEndThePendingSignIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.setting("enableMFA", true)
	secret, _ := e.enrol("ana")
	e.clock.Advance(time.Minute)
	pre := e.mustLogin("ana", testPassword)
	for i := 1; i <= mfaMaxFailures; i++ {
		res := e.mfaCall("/users/validateMFA", pre.Token, "000000")
		want := FailMFACode
		if i == mfaMaxFailures {
			want = FailMFAExhausted
		}
		if res.Success || res.FailReason != want {
			t.Fatalf("wrong code %d: %+v", i, res)
		}
	}
	e.do("POST", "/users/validateMFA", pre.Token, map[string]any{"userCode": e.code(secret)}).want(401)
	if !contains(e.auditKinds("ana"), kindMFAExhausted) {
		t.Error("not audited")
	}
	// A new sign-in starts a new count.
	e.clock.Advance(time.Minute)
	pre = e.mustLogin("ana", testPassword)
	if res := e.mfaCall("/users/validateMFA", pre.Token, e.code(secret)); !res.Success {
		t.Fatalf("%+v", res)
	}
}

func TestAdminResetsMFA(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.user("ana", "")
	e.user("boss", "administrator = true")
	e.setting("enableMFA", true)
	_, anaToken := e.enrol("ana")
	bossSecret, bossToken := e.enrol("boss")
	_ = bossSecret
	boss, _ := e.svc.principal(t.Context(), bossToken)
	ana, _ := e.svc.principal(t.Context(), anaToken)
	if err := e.svc.ResetMFA(t.Context(), ana, id, Client{}); err == nil {
		t.Fatal("a user without administration reset an MFA")
	}
	if err := e.svc.ResetMFA(t.Context(), boss, id, Client{Address: "192.0.2.1"}); err != nil {
		t.Fatal(err)
	}
	e.do("GET", "/protected", anaToken, nil).want(401)
	e.clock.Advance(time.Minute)
	pre := e.mustLogin("ana", testPassword)
	if pre.UserMFAEnabled {
		t.Fatal("MFA still enabled after reset")
	}
	e.do("GET", "/users/getMFAData", pre.Token, nil).want(200)
	if !contains(e.auditKinds("ana"), kindMFAReset) {
		t.Error("not audited")
	}
}

// A correct password starts a new pending sign-in, but not a new count of
// wrong codes: the user's failures add up, wait, then lock, and the user is
// told by mail that the password was used.
func TestWrongCodesCountPerUserAcrossSignIns(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.setting("enableMFA", true)
	secret, _ := e.enrol("ana")
	var last LoginResult
	wrong := 0
	for signIn := 1; signIn <= 3 && last.FailReason != FailLocked; signIn++ {
		e.clock.Advance(time.Minute)
		pre := e.mustLogin("ana", testPassword)
		for i := 0; i < mfaMaxFailures && last.FailReason != FailLocked; i++ {
			e.clock.Advance(20 * time.Second) // past any wait between codes
			if last = e.mfaCall("/users/validateMFA", pre.Token, "000000"); last.Success {
				t.Fatalf("a wrong code passed: %+v", last)
			}
			wrong++
		}
	}
	if wrong != lockAfter || last.FailReason != FailLocked || last.Message != i18n.T(i18n.PtBR, "auth.mfaLocked", "minutes", 15) {
		t.Fatalf("after %d wrong codes: %+v", wrong, last)
	}
	// Locked: the right code of a new sign-in is refused without a check.
	e.clock.Advance(time.Minute)
	pre := e.mustLogin("ana", testPassword)
	if res := e.mfaCall("/users/validateMFA", pre.Token, e.code(secret)); res.Success || res.FailReason != FailLocked {
		t.Fatalf("locked, right code: %+v", res)
	}
	kinds := e.auditKinds("ana")
	if !contains(kinds, kindMFALocked) || !contains(kinds, kindMFARefused) {
		t.Errorf("audit: %v", kinds)
	}
	var mails []string
	for _, m := range e.smtp.Messages() {
		if strings.Contains(m.Subject, "Tentativa de acesso") {
			mails = append(mails, m.Text)
		}
	}
	if len(mails) != 2 || !strings.Contains(mails[0], "errou o código") || !strings.Contains(mails[1], "bloqueada por 15 minutos") {
		t.Fatalf("mails: %q", mails)
	}
	// After the lock, the right code passes and clears the count.
	e.clock.Advance(16 * time.Minute)
	pre = e.mustLogin("ana", testPassword)
	if res := e.mfaCall("/users/validateMFA", pre.Token, e.code(secret)); !res.Success {
		t.Fatalf("after the lock: %+v", res)
	}
}

// From the fifth wrong code of a user the next one must wait, whatever the
// sign-in.
func TestWrongCodesMakeTheNextWait(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.setting("enableMFA", true)
	secret, _ := e.enrol("ana")
	e.clock.Advance(time.Minute)
	pre := e.mustLogin("ana", testPassword)
	for range mfaMaxFailures {
		e.mfaCall("/users/validateMFA", pre.Token, "000000")
	}
	pre = e.mustLogin("ana", testPassword)
	if res := e.mfaCall("/users/validateMFA", pre.Token, e.code(secret)); res.Success || res.Message != i18n.T(i18n.PtBR, "auth.wait", "seconds", 1) {
		t.Fatalf("right away: %+v", res)
	}
	e.clock.Advance(2 * time.Second)
	if res := e.mfaCall("/users/validateMFA", pre.Token, e.code(secret)); !res.Success {
		t.Fatalf("after the wait: %+v", res)
	}
}
