package auth

import (
	"sync"
	"time"
)

// tokenCache keeps verified tokens by their text: a text's signature and claims
// never change, so checking them per request is waste. Expiry is still compared
// and the session and user read every time, so revocation takes effect at once.
type tokenCache struct {
	mu sync.Mutex
	m  map[string]verifiedToken
}

// verifiedToken is what principal needs of a token that passed the parser.
type verifiedToken struct {
	userID        int64
	sid           string
	mfa           bool
	iat, nbf, exp time.Time // zero when the token has none (exp it must have)
}

// tokenCacheMax bounds the kept tokens; past it the cache starts over.
const tokenCacheMax = 10_000

func (c *tokenCache) get(raw string) (verifiedToken, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[raw]
	return v, ok
}

func (c *tokenCache) put(raw string, v verifiedToken) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= tokenCacheMax {
		c.m = map[string]verifiedToken{}
	}
	c.m[raw] = v
}

// live reports whether now is within the token's time claims, as the
// parser checks them (exp after now, iat and nbf not after now).
func (v verifiedToken) live(now time.Time) bool {
	return now.Before(v.exp) && !now.Before(v.iat) && !now.Before(v.nbf)
}
