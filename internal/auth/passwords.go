package auth

import (
	"context"
	"net/http"
	"strings"

	"github.com/tramita/tramita/internal/httpx"
)

// ChangePasswordInput is the body of POST /users/changePassword.
type ChangePasswordInput struct {
	OldPassword     string `json:"oldPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// ChangeExpiredPasswordInput is the body of POST /users/changeExpiredPassword.
type ChangeExpiredPasswordInput struct {
	Login           string `json:"login"`
	OldPassword     string `json:"oldPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// ChangePassword changes the signed-in user's password. The user's other
// sessions end; this one goes on.
func (s *Service) ChangePassword(ctx context.Context, p Principal, in ChangePasswordInput, c Client) error {
	if !p.ChangePasswordPermission {
		return httpx.Forbidden()
	}
	if err := s.limit(ctx, c.Address); err != nil {
		return err
	}
	var v httpx.Validation
	requirePasswords(&v, in.OldPassword, in.NewPassword, in.ConfirmPassword, p.Login)
	if err := v.Err(); err != nil {
		return err
	}
	if r, err := s.gate(ctx, p.Login, c); err != nil || r != nil {
		if err != nil {
			return err
		}
		return httpx.Fail(http.StatusTooManyRequests, r.key, r.args...)
	}
	u, found, err := s.store.userByID(ctx, p.UserID)
	if err != nil {
		return err
	}
	ok := false
	if found && u.PasswordHash != "" {
		if ok, err = VerifyPassword(u.PasswordHash, in.OldPassword); err != nil {
			return err
		}
	}
	if !ok {
		if _, err := s.countFailure(ctx, p.Login, c); err != nil {
			return err
		}
		if err := s.audit(ctx, s.store.db, kindPasswordFailure, p.UserID, p.Login, c, nil); err != nil {
			return err
		}
		return httpx.Invalid("oldPassword", "auth.wrongOldPassword")
	}
	return s.setPassword(ctx, u, in.NewPassword, p.SessionID, c, map[string]any{"by": "user"}, nil)
}

// ChangeExpiredPassword changes a password due before sign-in (forced or
// expired). It is checked like a sign-in, rate limit and
// locks included, and ends every session of the user.
func (s *Service) ChangeExpiredPassword(ctx context.Context, in ChangeExpiredPasswordInput, c Client) error {
	if err := s.limit(ctx, c.Address); err != nil {
		return err
	}
	login := strings.TrimSpace(in.Login)
	var v httpx.Validation
	if login == "" {
		v.Add("login", "error.required")
	}
	requirePasswords(&v, in.OldPassword, in.NewPassword, in.ConfirmPassword, login)
	if err := v.Err(); err != nil {
		return err
	}
	if r, err := s.gate(ctx, login, c); err != nil || r != nil {
		if err != nil {
			return err
		}
		return httpx.Fail(http.StatusTooManyRequests, r.key, r.args...)
	}
	cred, err := s.verify(ctx, login, in.OldPassword)
	if err != nil {
		return err
	}
	if !cred.ok {
		if _, err := s.wrongCredentials(ctx, login, cred, c); err != nil {
			return err
		}
		return httpx.Fail(http.StatusBadRequest, "auth.wrongCredentials")
	}
	u := cred.user
	if err := s.store.clearThrottle(ctx, scopeLogin, loginKey(login)); err != nil {
		return err
	}
	if !u.Active {
		return httpx.Fail(http.StatusForbidden, "auth.inactive")
	}
	st, err := s.store.settings(ctx)
	if err != nil {
		return err
	}
	if !u.MustChangePassword && !passwordExpired(u, st, s.now()) {
		return httpx.Fail(http.StatusConflict, "auth.passwordChangeNotRequired")
	}
	return s.setPassword(ctx, u, in.NewPassword, "", c, map[string]any{"by": "user", "expired": true}, nil)
}

// requirePasswords checks presence and the policy before any password is
// verified: a refusal here tells nothing about the account.
func requirePasswords(v *httpx.Validation, old, newPassword, confirm, login string) {
	if old == "" {
		v.Add("oldPassword", "error.required")
	}
	if e, ok := httpx.AsError(checkNewPassword(login, old, newPassword, confirm)); ok {
		for _, f := range e.Validations {
			v.Add(f.Field, f.Key, f.Args...)
		}
	}
}

// setPassword stores a new password and ends the user's sessions but
// keepSession; first, when given, runs before in the same transaction and
// may refuse the change.
func (s *Service) setPassword(ctx context.Context, u user, password, keepSession string, c Client, detail map[string]any,
	first func(tx *Store) error) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	now := s.now()
	return s.store.tx(ctx, func(tx *Store) error {
		if first != nil {
			if err := first(tx); err != nil {
				return err
			}
		}
		if err := tx.setPassword(ctx, u.ID, hash, now); err != nil {
			return err
		}
		if err := tx.revokeUserSessions(ctx, u.ID, now, keepSession); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kindPasswordChanged, u.ID, u.Login, c, detail)
	})
}

// Logout ends the caller's session; its tokens stop working at once.
func (s *Service) Logout(ctx context.Context, p Principal, c Client) error {
	if err := s.store.revokeSession(ctx, p.SessionID, s.now()); err != nil {
		return err
	}
	return s.audit(ctx, s.store.db, kindSignOut, p.UserID, p.Login, c, map[string]any{"session": p.SessionID})
}

// RenewToken gives a complete session a fresh token, never past the
// session's absolute end.
func (s *Service) RenewToken(_ context.Context, p Principal) (string, error) {
	if !p.Complete() {
		return "", httpx.Unauthorized()
	}
	return s.issueToken(p.UserID, p.SessionID, true, s.now(), p.sessionExpires)
}
