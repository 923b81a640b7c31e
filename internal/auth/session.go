package auth

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Principal is the signed-in caller, as the middleware found it.
type Principal struct {
	UserID                   int64
	Login                    string
	Name                     string
	SessionID                string
	PanelAdmin               bool
	Administrator            bool
	ChangePasswordPermission bool
	// MFAComplete is false while the session owes the second factor.
	MFAComplete bool
	// TermsPending is true while the session owes the terms of use.
	TermsPending bool
	Language     i18n.Lang

	sessionExpires time.Time
}

// Complete reports whether the session owes nothing: it opens every call.
func (p Principal) Complete() bool { return p.MFAComplete && !p.TermsPending }

// Admin reports whether the caller may administer (spec section 6).
func (p Principal) Admin() bool { return p.PanelAdmin || p.Administrator }

type principalKey struct{}

// PrincipalFrom returns the caller found by Middleware, if any. A principal
// may be incomplete (see Complete); RequireUser lets only complete ones in.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// WithPrincipal returns ctx carrying p; for tests of other modules.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// Middleware puts the Principal of a valid bearer token and session in the
// request's context. A missing or bad token passes on (public calls stay public,
// a stale token must not break the login page); RequireUser answers 401.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := PrincipalFrom(r.Context()); ok {
			next.ServeHTTP(w, r)
			return
		}
		raw := bearer(r)
		if raw == "" {
			next.ServeHTTP(w, r)
			return
		}
		p, err := s.principal(r.Context(), raw)
		if errors.Is(err, errBadToken) {
			next.ServeHTTP(w, r)
			return
		}
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), p)))
	})
}

// RequireUser answers 401 unless the caller has a complete session: a token
// that still owes the second factor or the terms of use is refused.
func RequireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := PrincipalFrom(r.Context()); !ok || !p.Complete() {
			httpx.WriteError(w, r, httpx.Unauthorized())
			return
		}
		next.ServeHTTP(w, r)
	})
}

// RequireAdmin answers 401 without a complete session and 403 unless the
// caller has the panel-admin or the administrator permission.
func RequireAdmin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := PrincipalFrom(r.Context())
		switch {
		case !ok || !p.Complete():
			httpx.WriteError(w, r, httpx.Unauthorized())
		case !p.Admin():
			httpx.WriteError(w, r, httpx.Forbidden())
		default:
			next.ServeHTTP(w, r)
		}
	})
}

func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "Bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

const tokenIssuer = "tramita"

// claims are the token's: sub (user id), sid (session), iat, exp, and mfa,
// true when the second factor was settled (or not required) at issue.
type claims struct {
	jwt.RegisteredClaims
	SID string `json:"sid"`
	MFA bool   `json:"mfa"`
}

// issueToken signs a token for a session, never past the session's end.
func (s *Service) issueToken(userID int64, sid string, mfa bool, now, sessionEnd time.Time) (string, error) {
	ttl := s.opts.TokenTTL
	if !mfa {
		ttl = min(ttl, pendingTokenTTL)
	}
	exp := now.Add(ttl)
	if exp.After(sessionEnd) {
		exp = sessionEnd
	}
	c := claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    tokenIssuer,
			Subject:   strconv.FormatInt(userID, 10),
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(exp),
		},
		SID: sid,
		MFA: mfa,
	}
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.jwtKey)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return tok, nil
}

// errBadToken covers every token that does not open a session: malformed,
// forged, expired, or naming a revoked or expired session or an inactive user.
var errBadToken = errors.New("token does not open a live session")

func (s *Service) principal(ctx context.Context, raw string) (Principal, error) {
	now := s.now()
	vt, ok := s.tokens.get(raw)
	if !ok {
		var c claims
		_, err := jwt.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return s.jwtKey, nil },
			jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
			jwt.WithIssuer(tokenIssuer), jwt.WithExpirationRequired(), jwt.WithIssuedAt(),
			jwt.WithTimeFunc(func() time.Time { return now }))
		if err != nil {
			return Principal{}, errBadToken
		}
		uid, err := strconv.ParseInt(c.Subject, 10, 64)
		if err != nil || !isUUID(c.SID) {
			return Principal{}, errBadToken
		}
		vt = verifiedToken{userID: uid, sid: c.SID, mfa: c.MFA, exp: c.ExpiresAt.Time}
		if c.IssuedAt != nil {
			vt.iat = c.IssuedAt.Time
		}
		if c.NotBefore != nil {
			vt.nbf = c.NotBefore.Time
		}
		s.tokens.put(raw, vt)
	}
	// Checked on every request, a kept token included (tokencache.go).
	if !vt.live(now) {
		return Principal{}, errBadToken
	}
	sess, u, ok, err := s.store.liveSession(ctx, vt.sid, now)
	if err != nil {
		return Principal{}, err
	}
	if !ok || u.ID != vt.userID {
		return Principal{}, errBadToken
	}
	return Principal{
		UserID: u.ID, Login: u.Login, Name: u.Name, SessionID: sess.ID,
		PanelAdmin: u.PanelAdmin, Administrator: u.Administrator, ChangePasswordPermission: u.ChangePasswordPermission,
		MFAComplete: vt.mfa && sess.MFAComplete, TermsPending: sess.TermsPending,
		Language: i18n.Parse(u.Language), sessionExpires: sess.ExpiresAt,
	}, nil
}

// ClientAddress is the caller's IP address: the connection's, or, when the
// connection comes from a trusted proxy, the nearest address in
// X-Forwarded-For that is not a trusted proxy itself.
func ClientAddress(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr = addr.Unmap()
	if !isTrusted(addr, trusted) {
		return addr.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		hop = hop.Unmap()
		if !isTrusted(hop, trusted) {
			return hop.String()
		}
		addr = hop
	}
	return addr.String()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// isUUID checks the textual form 8-4-4-4-12 of hexadecimal digits.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, r := range s {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if r != '-' {
				return false
			}
		case !strings.ContainsRune("0123456789abcdefABCDEF", r):
			return false
		}
	}
	return true
}
