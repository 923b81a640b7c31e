package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// hstsPolicy asks browsers to use HTTPS only for a year; not for
// subdomains, which may be other people's servers.
const hstsPolicy = "max-age=31536000"

// strictTransport sends Strict-Transport-Security when the request came over
// TLS: to this server's own listener, or to a trusted proxy (see
// TRAMITA_TRUSTED_PROXIES) that says so in X-Forwarded-Proto. Anyone else's
// X-Forwarded-Proto is not believed.
func strictTransport(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.TLS != nil || (fromTrustedProxy(r, trusted) && forwardedHTTPS(r)) {
				w.Header().Set("Strict-Transport-Security", hstsPolicy)
			}
			next.ServeHTTP(w, r)
		})
	}
}

func fromTrustedProxy(r *http.Request, trusted []netip.Prefix) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	for _, p := range trusted {
		if p.Contains(addr.Unmap()) {
			return true
		}
	}
	return false
}

// forwardedHTTPS reads the scheme the client used from the first proxy's
// entry of X-Forwarded-Proto.
func forwardedHTTPS(r *http.Request) bool {
	first, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(first), "https")
}
