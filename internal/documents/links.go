package documents

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/tramita/tramita/internal/items"
)

// FileLinkLifetime is how long a signed file link opens its file.
const FileLinkLifetime = time.Hour

// linkSigner signs file links with file_link_key's key, so a link opens
// without the Authorization header (an <img src>, a new tab), for its user
// only, who must still be able to read the item when it is opened.
type linkSigner struct {
	store *Store
	now   func() time.Time
	mu    sync.Mutex
	key   []byte
}

func (s *linkSigner) secret(ctx context.Context) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key != nil {
		return s.key, nil
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	key, err := s.store.linkKey(ctx, fresh)
	if err != nil {
		return nil, err
	}
	s.key = key
	return key, nil
}

func linkMAC(key []byte, file, user, expires int64) string {
	m := hmac.New(sha256.New, key)
	fmt.Fprintf(m, "file:%d:user:%d:expires:%d", file, user, expires)
	return hex.EncodeToString(m.Sum(nil))
}

// sign answers the address of a file for user, valid FileLinkLifetime.
func (s *linkSigner) sign(ctx context.Context, file, user int64) (string, error) {
	key, err := s.secret(ctx)
	if err != nil {
		return "", err
	}
	expires := s.now().Add(FileLinkLifetime).Unix()
	q := url.Values{}
	q.Set("fileId", strconv.FormatInt(file, 10))
	q.Set("user", strconv.FormatInt(user, 10))
	q.Set("expires", strconv.FormatInt(expires, 10))
	q.Set("signature", linkMAC(key, file, user, expires))
	return "/api/genericItem/downloadFile?" + q.Encode(), nil
}

// verify reads a signed address: the user it was made for, when the
// signature holds and has not expired.
func (s *linkSigner) verify(ctx context.Context, r *http.Request) (int64, bool, error) {
	q := r.URL.Query()
	sig := q.Get("signature")
	if sig == "" {
		return 0, false, nil
	}
	file, err1 := strconv.ParseInt(q.Get("fileId"), 10, 64)
	user, err2 := strconv.ParseInt(q.Get("user"), 10, 64)
	expires, err3 := strconv.ParseInt(q.Get("expires"), 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || s.now().Unix() > expires {
		return 0, false, nil
	}
	key, err := s.secret(ctx)
	if err != nil {
		return 0, false, err
	}
	if subtle.ConstantTimeCompare([]byte(sig), []byte(linkMAC(key, file, user, expires))) != 1 {
		return 0, false, nil
	}
	return user, true, nil
}

// signedCaller is the user of a valid signed link, with their current
// panel-administrator right; an inactive user opens nothing.
func (f *Files) signedCaller(ctx context.Context, r *http.Request) (items.Caller, bool, error) {
	user, ok, err := f.links.verify(ctx, r)
	if err != nil || !ok {
		return items.Caller{}, false, err
	}
	active, panelAdmin := f.store.activeUser(ctx, user)
	if !active {
		return items.Caller{}, false, nil
	}
	return items.Caller{UserID: user, PanelAdmin: panelAdmin}, true, nil
}
