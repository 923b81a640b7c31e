package auth

import (
	"context"
	"net/http"

	"github.com/tramita/tramita/internal/httpx"
)

// kindPasswordConfirmFailure is a wrong password re-entered to confirm an
// act (a file signature).
const kindPasswordConfirmFailure = "password.confirmFailure"

// ConfirmPassword checks the signed-in user's password again for an act that
// needs it (signing a file), exactly as a sign-in does, so guessing through it
// locks the login too. Wrong: a 400 on the field password; locked: a 429.
func (s *Service) ConfirmPassword(ctx context.Context, userID int64, password string, c Client) error {
	if err := s.limit(ctx, c.Address); err != nil {
		return err
	}
	if password == "" {
		return httpx.Invalid("password", "error.required")
	}
	u, found, err := s.store.userByID(ctx, userID)
	if err != nil {
		return err
	}
	if !found || !u.Active {
		return httpx.Unauthorized()
	}
	if r, err := s.gate(ctx, u.Login, c); err != nil || r != nil {
		if err != nil {
			return err
		}
		return httpx.Fail(http.StatusTooManyRequests, r.key, r.args...)
	}
	hash := s.dummyHash
	if u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	ok, err := VerifyPassword(hash, password)
	if err != nil {
		return err
	}
	if !ok || u.PasswordHash == "" {
		locked, err := s.countFailure(ctx, u.Login, c)
		if err != nil {
			return err
		}
		if err := s.audit(ctx, s.store.db, kindPasswordConfirmFailure, u.ID, u.Login, c, nil); err != nil {
			return err
		}
		if locked {
			return httpx.Fail(http.StatusTooManyRequests, "auth.locked", "minutes", int(lockDuration.Minutes()))
		}
		return httpx.Invalid("password", "auth.passwordNotConfirmed")
	}
	return s.store.clearThrottle(ctx, scopeLogin, loginKey(u.Login))
}
