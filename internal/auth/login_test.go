package auth

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

func TestSignIn(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.user("ana", "panel_admin = true, change_password_permission = false")
	res := e.mustLogin("ANA", testPassword) // logins are case-insensitive
	if res.FailReason != FailNone || !res.UserAgreedTermsOfUse || res.PlatformMFAEnabled || res.UserMFAEnabled || !res.MFAAuthenticated {
		t.Errorf("result %+v", res)
	}
	if res.LoggedUser == nil || res.LoggedUser.ID != id || res.LoggedUser.Name != "Ana" || res.LoggedUser.Email != "ana@example.com" ||
		res.LoggedUser.Avatar != "data:image/png;base64,AAAA" {
		t.Errorf("logged user %+v", res.LoggedUser)
	}
	if !res.HasPanelAdminPermission || res.IsAdministratorLogged || res.HasChangePasswordPermission {
		t.Errorf("permissions %+v", res)
	}
	var c claims
	if _, _, err := jwt.NewParser().ParseUnverified(res.Token, &c); err != nil {
		t.Fatal(err)
	}
	now := e.clock.Now()
	if c.Subject != "1" && c.Subject == "" || !c.MFA || c.SID == "" ||
		!c.IssuedAt.Equal(now) || !c.ExpiresAt.Equal(now.Add(DefaultTokenTTL)) {
		t.Errorf("claims %+v", c)
	}
	var body map[string]any
	e.do("GET", "/protected", res.Token, nil).want(200).json(&body)
	if body["login"] != "ana" {
		t.Errorf("principal %v", body)
	}
	e.do("GET", "/admin", res.Token, nil).want(200)
	e.do("GET", "/protected", "", nil).want(401)
	if kinds := e.auditKinds("ana"); !contains(kinds, kindSignIn) {
		t.Errorf("audit %v", kinds)
	}
}

func TestWrongPasswordAndUnknownLoginAnswerAlike(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	wrong := e.login("ana", "not-the-password")
	unknown := e.login("nobody", "not-the-password")
	for _, res := range []LoginResult{wrong, unknown} {
		if res.Success || res.FailReason != FailWrongCredentials || res.Token != "" || res.LoggedUser != nil {
			t.Errorf("result %+v", res)
		}
	}
	if wrong != unknown || wrong.Message != "Login ou senha inválidos." {
		t.Errorf("answers differ: %+v / %+v", wrong, unknown)
	}
	e.lang = "en"
	if res := e.login("nobody", "x"); res.Message != "Invalid login or password." {
		t.Errorf("english message %q", res.Message)
	}
	if !contains(e.auditKinds("nobody"), kindSignInFailure) || !contains(e.auditKinds("ana"), kindSignInFailure) {
		t.Error("failures not audited")
	}
}

func TestMissingFieldsAre400(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana"}).want(400)
	if r.message() != "Obrigatório" {
		t.Errorf("message %q", r.message())
	}
}

func TestEncryptMeansBase64Password(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	r := e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana",
		Password: base64.StdEncoding.EncodeToString([]byte(testPassword)), Encrypt: true}).want(200)
	if res := decodeLoginResult(t, r.Body.String()); !res.Success {
		t.Errorf("encrypted password refused: %+v", res)
	}
	e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: "%%%", Encrypt: true}).want(400)
}

func TestLockAfterTenFailuresThenUnlock(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	for i := 1; i <= lockAfter; i++ {
		res := e.login("ana", "wrong")
		want := FailWrongCredentials
		if i == lockAfter {
			want = FailLocked
		}
		if res.FailReason != want {
			t.Fatalf("failure %d: %+v", i, res)
		}
		if i >= delayAfter && i < lockAfter {
			// Progressive delay: right away, even the right password waits.
			if res := e.login("ana", testPassword); res.FailReason != FailLocked || !strings.Contains(res.Message, "Aguarde") {
				t.Fatalf("after failure %d: %+v", i, res)
			}
		}
		e.clock.Advance(20 * time.Second)
	}
	res := e.login("ana", testPassword)
	if res.Success || res.FailReason != FailLocked || !strings.Contains(res.Message, "bloqueado") {
		t.Fatalf("locked account let in: %+v", res)
	}
	// The lock is per login text: an unknown login locks alike, so a lock
	// tells nothing about existence.
	for i := 0; i < lockAfter; i++ {
		e.addr = "192.0.2.99"
		e.login("ghost", "wrong")
		e.clock.Advance(20 * time.Second)
	}
	if res := e.login("ghost", "wrong"); res.FailReason != FailLocked {
		t.Errorf("unknown login not locked: %+v", res)
	}
	e.addr = "192.0.2.10"
	e.clock.Advance(lockDuration)
	e.mustLogin("ana", testPassword)
	if !contains(e.auditKinds("ana"), kindSignInLocked) || !contains(e.auditKinds("ana"), kindSignInRefused) {
		t.Errorf("audit %v", e.auditKinds("ana"))
	}
	// Success clears the count: nine more failures do not lock.
	for i := 1; i < lockAfter; i++ {
		e.login("ana", "wrong")
		e.clock.Advance(20 * time.Second)
	}
	e.mustLogin("ana", testPassword)
}

func TestAddressLock(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	// Spraying: one try per login, many logins, from one address.
	for i := 0; i < addressLockAfter; i++ {
		e.login("user"+string(rune('a'+i%26))+string(rune('a'+i/26)), "wrong")
		e.clock.Advance(7 * time.Second)
	}
	if res := e.login("ana", testPassword); res.FailReason != FailLocked {
		t.Fatalf("address not locked: %+v", res)
	}
	e.addr = "192.0.2.11"
	e.mustLogin("ana", testPassword)
}

func TestRateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	for i := 0; i < rateLimitPerMinute; i++ {
		e.do("POST", "/users/authenticate", "", LoginInput{UserName: "u" + string(rune('a'+i)), Password: "x"}).want(200)
	}
	r := e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: "x"}).want(429)
	if r.message() != "Muitas tentativas. Aguarde um minuto e tente novamente." || r.Header().Get("Retry-After") == "" {
		t.Errorf("message %q", r.message())
	}
	e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": "ana"}).want(429)
	e.addr = "192.0.2.11"
	e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: "x"}).want(200)
	e.addr = "192.0.2.10"
	e.clock.Advance(time.Minute)
	e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: "x"}).want(200)
}

// TRAMITA_SIGNIN_RATE_LIMIT: an office behind one address raises the limit.
func TestRateLimitIsConfigurable(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(o *Options) { o.RateLimitPerMinute = 3 })
	for i := 0; i < 3; i++ {
		e.do("POST", "/users/authenticate", "", LoginInput{UserName: "u" + string(rune('a'+i)), Password: "x"}).want(200)
	}
	e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: "x"}).want(429)
}

func TestInactiveUser(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "active = false")
	if res := e.login("ana", "wrong"); res.FailReason != FailWrongCredentials {
		t.Errorf("wrong password of an inactive user must look like any wrong password: %+v", res)
	}
	if res := e.login("ana", testPassword); res.Success || res.FailReason != FailInactive || res.Token != "" {
		t.Errorf("inactive user: %+v", res)
	}
}

func TestRecaptcha(t *testing.T) {
	t.Parallel()
	var gotSecret, gotRemote string
	verifier := newRecaptchaVerifier(t, &gotSecret, &gotRemote)
	e := newEnv(t, func(o *Options) { o.RecaptchaVerifyURL = verifier })
	e.user("ana", "")
	e.setting("enableRecaptcha", true)
	e.setting("recaptchaSecret", "s3cret")
	login := func(token string) LoginResult {
		r := e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: testPassword, RecaptchaToken: token}).want(200)
		return decodeLoginResult(t, r.Body.String())
	}
	if res := login("good"); !res.Success {
		t.Errorf("good token refused: %+v", res)
	}
	if gotSecret != "s3cret" || gotRemote != "192.0.2.10" {
		t.Errorf("verifier got secret %q remoteip %q", gotSecret, gotRemote)
	}
	for _, tok := range []string{"bad", ""} {
		if res := login(tok); res.Success || res.FailReason != FailRecaptcha {
			t.Errorf("token %q: %+v", tok, res)
		}
	}
	e.setting("recaptchaSecret", "")
	if res := login("good"); res.FailReason != FailRecaptcha {
		t.Errorf("without a secret the check must fail closed: %+v", res)
	}
}

func TestPasswordMaxAge(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.setting("passwordMaxAgeDays", 30)
	e.mustLogin("ana", testPassword)
	e.clock.Advance(31 * 24 * time.Hour)
	if res := e.login("ana", testPassword); res.FailReason != FailPasswordExpired {
		t.Errorf("expired password: %+v", res)
	}
	e.setting("passwordMaxAgeDays", 0)
	e.mustLogin("ana", testPassword)
}

func TestStaleThrottleRowsArePruned(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.login("ghost", "wrong")
	e.clock.Advance(failureWindow + time.Minute)
	e.addr = "192.0.2.77"
	e.login("other", "wrong")
	var rows []string
	r, err := e.db.Query(t.Context(), `SELECT scope || ':' || key FROM auth_throttle ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		var s string
		_ = r.Scan(&s)
		rows = append(rows, s)
	}
	if strings.Join(rows, ",") != "address:192.0.2.77,login:other" {
		t.Errorf("throttle rows %v", rows)
	}
	var windows int
	_ = e.db.QueryRow(t.Context(), `SELECT count(*) FROM auth_rate`).Scan(&windows)
	if windows != 1 {
		t.Errorf("%d rate windows kept", windows)
	}
}

// One subscriber rotates through the addresses of its IPv6 prefix: the rate
// counts per /64, the address lock per /56.
func TestIPv6AddressesOfOnePrefixShareTheLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(o *Options) { o.RateLimitPerMinute = 3 })
	for i := 1; i <= 3; i++ {
		e.addr = fmt.Sprintf("[2001:db8:1:2::%x]", i)
		e.do("POST", "/users/authenticate", "", LoginInput{UserName: "u" + string(rune('a'+i)), Password: "x"}).want(200)
	}
	e.addr = "[2001:db8:1:2:ffff::9]"
	e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: "x"}).want(429)
	e.addr = "[2001:db8:1:3::1]" // another /64
	e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: "x"}).want(200)

	f := newEnv(t)
	f.user("ana", "")
	for i := 0; i < addressLockAfter; i++ {
		f.addr = fmt.Sprintf("[2001:db8:1:%x::1]", i) // every try from another /64 of one /56
		f.login("user"+string(rune('a'+i%26))+string(rune('a'+i/26)), "wrong")
		f.clock.Advance(7 * time.Second)
	}
	f.addr = "[2001:db8:1:ff::7]"
	if res := f.login("ana", testPassword); res.FailReason != FailLocked {
		t.Fatalf("the /56 is not locked: %+v", res)
	}
	f.addr = "[2001:db8:2::1]"
	f.mustLogin("ana", testPassword)
}

// A flood of password checks waits for a slot, then is told to come back
// (503 with a message) instead of taking every core and its memory. Not
// parallel: it takes every slot of the process.
func TestPasswordChecksAreBoundedProcessWide(t *testing.T) {
	e := newEnv(t)
	e.user("ana", "")
	defer func(d time.Duration) { hashQueueWait = d }(hashQueueWait)
	hashQueueWait = 50 * time.Millisecond
	for range cap(hashing) {
		hashing <- struct{}{}
	}
	r := e.do("POST", "/users/authenticate", "", LoginInput{UserName: "ana", Password: testPassword}).want(503)
	if r.message() != "Serviço indisponível no momento. Tente novamente em instantes." {
		t.Errorf("message %q", r.message())
	}
	for range cap(hashing) {
		<-hashing
	}
	e.mustLogin("ana", testPassword)
}
