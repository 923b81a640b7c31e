package apps

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Service answers the application calls.
type Service struct {
	store *Store
	now   func() time.Time

	mu  sync.Mutex
	key []byte // signs script addresses; loaded on first use
}

// NewService returns the applications service.
func NewService(store *Store) *Service { return &Service{store: store, now: time.Now} }

// AllowedApplications returns the applications c may use, names in lang.
func (s *Service) AllowedApplications(ctx context.Context, c Caller, lang i18n.Lang) ([]Application, error) {
	apps, err := s.store.Allowed(ctx, c, lang)
	if err != nil {
		return nil, err
	}
	if apps == nil {
		apps = []Application{}
	}
	return apps, nil
}

// ApplicationMenu returns the menu tree of application id and the application
// itself, or not-found when c may not use it.
func (s *Service) ApplicationMenu(ctx context.Context, c Caller, id int64, lang i18n.Lang) ([]MenuEntry, RuntimeApplication, error) {
	app, entries, ok, err := s.store.RuntimeMenu(ctx, c, id, lang)
	if err != nil {
		return nil, RuntimeApplication{}, err
	}
	if !ok {
		return nil, RuntimeApplication{}, httpx.NotFound()
	}
	if app.HTMLScripts != "" {
		if app.HTMLScriptsURL, err = s.scriptURL(ctx, c.UserID, id, app.HTMLScripts); err != nil {
			return nil, RuntimeApplication{}, err
		}
	}
	return menuTree(entries), app, nil
}

// Script returns the htmlScripts of application id, or not-found when c may
// not use it.
func (s *Service) Script(ctx context.Context, c Caller, id int64) (string, error) {
	script, ok, err := s.store.Script(ctx, c, id)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", httpx.NotFound()
	}
	return script, nil
}

// ScriptGrant is what a signed script address carries: the user it was made
// for, until when it is good, and the signature.
type ScriptGrant struct {
	UserID    int64
	Expires   int64
	Signature string
}

// SignedScript returns application id's htmlScripts for a signed address, as a
// <script src> cannot carry the bearer token. The user's permission is checked
// again as it is now; any failure is not-found, so ids cannot be probed.
func (s *Service) SignedScript(ctx context.Context, id int64, g ScriptGrant) (string, error) {
	if g.Expires < s.now().Unix() {
		return "", httpx.NotFound()
	}
	key, err := s.scriptKey(ctx)
	if err != nil {
		return "", err
	}
	want := scriptSignature(key, id, g.UserID, g.Expires)
	got, err := base64.RawURLEncoding.DecodeString(g.Signature)
	if err != nil || !hmac.Equal(got, want) {
		return "", httpx.NotFound()
	}
	c, ok, err := s.store.ActiveCaller(ctx, g.UserID)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", httpx.NotFound()
	}
	return s.Script(ctx, c, id)
}

// scriptURL is the address of application id's script for user. It stays the
// same for an hour (so the browser may cache it) and is good for one more;
// v changes with the script, so a cached copy is never stale.
func (s *Service) scriptURL(ctx context.Context, userID, id int64, script string) (string, error) {
	key, err := s.scriptKey(ctx)
	if err != nil {
		return "", err
	}
	expires := (s.now().Unix()/3600 + 2) * 3600
	sum := sha256.Sum256([]byte(script))
	q := url.Values{}
	q.Set("u", strconv.FormatInt(userID, 10))
	q.Set("e", strconv.FormatInt(expires, 10))
	q.Set("v", hex.EncodeToString(sum[:6]))
	q.Set("s", base64.RawURLEncoding.EncodeToString(scriptSignature(key, id, userID, expires)))
	return fmt.Sprintf("/api/application/script/%d.js?%s", id, q.Encode()), nil
}

func scriptSignature(key []byte, id, userID, expires int64) []byte {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "application-script|%d|%d|%d", id, userID, expires)
	return m.Sum(nil)
}

func (s *Service) scriptKey(ctx context.Context) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key == nil {
		key, err := s.store.ScriptKey(ctx)
		if err != nil {
			return nil, err
		}
		s.key = key
	}
	return s.key, nil
}
