package auth

import (
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

func TestRevokedSessionsAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.user("ana", "")
	t.Run("logout", func(t *testing.T) {
		tok := e.mustLogin("ana", testPassword).Token
		e.do("POST", "/users/logout", tok, nil).want(204)
		e.do("GET", "/protected", tok, nil).want(401)
		e.do("POST", "/users/logout", tok, nil).want(204)
		if !contains(e.auditKinds("ana"), kindSignOut) {
			t.Error("not audited")
		}
	})
	t.Run("password change ends the other sessions", func(t *testing.T) {
		e.clock.Advance(time.Minute)
		other := e.mustLogin("ana", testPassword).Token
		mine := e.mustLogin("ana", testPassword).Token
		r := e.do("POST", "/users/changePassword", mine, ChangePasswordInput{OldPassword: testPassword,
			NewPassword: "Outra-Senha-Boa-1", ConfirmPassword: "Outra-Senha-Boa-1"}).want(200)
		var body map[string]string
		r.json(&body)
		if body["Message"] != "Senha alterada com sucesso" {
			t.Errorf("answer %v", body)
		}
		e.do("GET", "/protected", other, nil).want(401)
		e.do("GET", "/protected", mine, nil).want(200)
		if res := e.login("ana", testPassword); res.Success {
			t.Error("the old password still works")
		}
		e.mustLogin("ana", "Outra-Senha-Boa-1")
		e.exec(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, id, mustHash(t, testPassword))
	})
	t.Run("disabled user", func(t *testing.T) {
		e.clock.Advance(time.Minute)
		tok := e.mustLogin("ana", testPassword).Token
		e.exec(`UPDATE app_user SET active = false WHERE id = $1`, id)
		e.do("GET", "/protected", tok, nil).want(401)
		e.exec(`UPDATE app_user SET active = true WHERE id = $1`, id)
	})
}

func mustHash(t *testing.T, p string) string {
	h, err := HashPassword(p)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestRenewTokenWithinTheSessionLifetime(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(o *Options) { o.TokenTTL = time.Hour; o.SessionLifetime = 3 * time.Hour })
	e.user("ana", "")
	start := e.clock.Now()
	tok := e.mustLogin("ana", testPassword).Token
	renew := func(tok string) string {
		var b tokenBody
		e.do("GET", "/users/renewToken", tok, nil).want(200).json(&b)
		return b.Token
	}
	e.clock.Advance(50 * time.Minute)
	tok2 := renew(tok)
	if exp := expiry(t, tok2); !exp.Equal(e.clock.Now().Add(time.Hour)) {
		t.Errorf("renewed expiry %v", exp)
	}
	e.clock.Advance(20 * time.Minute)
	e.do("GET", "/protected", tok, nil).want(401) // the first token expired
	e.do("GET", "/protected", tok2, nil).want(200)
	e.clock.Advance(30 * time.Minute) // 1h40 into the session
	tok3 := renew(tok2)
	e.clock.Advance(50 * time.Minute) // 2h30
	tok4 := renew(tok3)
	if exp := expiry(t, tok4); !exp.Equal(start.Add(3 * time.Hour)) {
		t.Errorf("a renewal went past the session's end: %v", exp)
	}
	e.clock.Advance(31 * time.Minute)
	e.do("GET", "/protected", tok4, nil).want(401)
	e.do("GET", "/users/renewToken", tok4, nil).want(401)
}

func expiry(t *testing.T, tok string) time.Time {
	t.Helper()
	var c claims
	if _, _, err := jwt.NewParser().ParseUnverified(tok, &c); err != nil {
		t.Fatal(err)
	}
	return c.ExpiresAt.Time
}

func TestForgedTokensAreRefused(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	id := e.user("ana", "")
	res := e.mustLogin("ana", testPassword)
	var c claims
	if _, _, err := jwt.NewParser().ParseUnverified(res.Token, &c); err != nil {
		t.Fatal(err)
	}
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, c).SignedString(jwt.UnsafeAllowNoneSignatureType)
	otherKey, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(strings.Repeat("k", 32)))
	other := c
	other.Subject = strconv.FormatInt(id+1, 10)
	wrongUser, _ := e.svc.issueToken(id+1, c.SID, true, e.clock.Now(), e.clock.Now().Add(time.Hour))
	for name, tok := range map[string]string{
		"alg none": none, "other key": otherKey, "garbage": "a.b.c", "tampered": res.Token[:len(res.Token)-2] + "xx",
		"subject of another user": wrongUser,
	} {
		t.Run(name, func(t *testing.T) { e.do("GET", "/protected", tok, nil).want(401) })
	}
	e.do("GET", "/admin", res.Token, nil).want(403)
}

func TestClientAddress(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	tests := []struct {
		name, remote, xff string
		trusted           []netip.Prefix
		want              string
	}{
		{"direct", "203.0.113.5:1234", "", nil, "203.0.113.5"},
		{"forged header from the internet", "203.0.113.5:1234", "1.2.3.4", trusted, "203.0.113.5"},
		{"through the proxy", "10.0.0.2:1234", "198.51.100.7", trusted, "198.51.100.7"},
		{"client spoofs a hop in front", "10.0.0.2:1234", "6.6.6.6, 198.51.100.7", trusted, "198.51.100.7"},
		{"two trusted hops", "10.0.0.2:1234", "198.51.100.7, 10.0.0.9", trusted, "198.51.100.7"},
		{"no proxies configured", "10.0.0.2:1234", "198.51.100.7", nil, "10.0.0.2"},
		{"ipv6", "[2001:db8::1]:443", "", nil, "2001:db8::1"},
		{"mapped ipv4", "[::ffff:203.0.113.5]:80", "", nil, "203.0.113.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			if tt.xff != "" {
				r.Header.Set("X-Forwarded-For", tt.xff)
			}
			if got := ClientAddress(r, tt.trusted); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// The middleware keeps the tokens it verified (tokencache.go); a kept token
// is still refused once it expires, and its session, once revoked, at once.
func TestKeptTokensStillExpireAndEndWithTheirSession(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(o *Options) { o.TokenTTL = time.Hour; o.SessionLifetime = 3 * time.Hour })
	e.user("ana", "")
	tok := e.mustLogin("ana", testPassword).Token
	e.do("GET", "/protected", tok, nil).want(200)
	if _, ok := e.svc.tokens.get(tok); !ok {
		t.Fatal("the verified token is not kept")
	}
	e.clock.Advance(59 * time.Minute)
	e.do("GET", "/protected", tok, nil).want(200)
	e.clock.Advance(time.Minute) // exactly its expiry: no longer valid
	e.do("GET", "/protected", tok, nil).want(401)

	other := e.mustLogin("ana", testPassword).Token
	e.do("GET", "/protected", other, nil).want(200)
	e.do("POST", "/users/logout", other, nil).want(204)
	e.do("GET", "/protected", other, nil).want(401)
	// A kept text that was tampered with is another text: parsed, refused.
	e.do("GET", "/protected", other[:len(other)-2]+"xx", nil).want(401)
}
