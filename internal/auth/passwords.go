package auth

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/mail"
)

// Reset policy.
const (
	resetValidity     = time.Hour
	resetMailInterval = 5 * time.Minute // at most one reset mail per login in this time
	resetPasswordLen  = 12
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
	return s.setPassword(ctx, u, in.NewPassword, p.SessionID, c, map[string]any{"by": "user"})
}

// ChangeExpiredPassword changes a password due before sign-in (forced, expired,
// or a reset's temporary one). It is checked like a sign-in, rate limit and
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
	if !cred.ok() {
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
	if !cred.resetOK && !u.MustChangePassword && !passwordExpired(u, st, s.now()) {
		return httpx.Fail(http.StatusConflict, "auth.passwordChangeNotRequired")
	}
	return s.setPassword(ctx, u, in.NewPassword, "", c, map[string]any{"by": "user", "expired": true, "reset": cred.resetOK})
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

func (s *Service) setPassword(ctx context.Context, u user, password, keepSession string, c Client, detail map[string]any) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	now := s.now()
	return s.store.tx(ctx, func(tx *Store) error {
		if err := tx.setPassword(ctx, u.ID, hash, now); err != nil {
			return err
		}
		if err := tx.revokeUserSessions(ctx, u.ID, now, keepSession); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kindPasswordChanged, u.ID, u.Login, c, detail)
	})
}

// ResetPassword mails a temporary password, valid for an hour. The current one
// keeps working until changed, so a reset asked by someone else locks nobody
// out; the answer never tells whether the login exists or has an address.
func (s *Service) ResetPassword(ctx context.Context, login string, c Client) (string, error) {
	if err := s.limit(ctx, c.Address); err != nil {
		return "", err
	}
	login = strings.TrimSpace(login)
	if login == "" {
		return "", httpx.Invalid("UserName", "error.required")
	}
	configured, err := s.opts.Mailer.Configured(ctx)
	if err != nil {
		return "", err
	}
	if !configured {
		return "", httpx.Fail(http.StatusServiceUnavailable, "auth.mailNotConfigured")
	}
	answer := i18n.T(i18n.From(ctx), "auth.resetSent")
	now := s.now()
	key := loginKey(login)
	t, err := s.store.throttle(ctx, scopeReset, key)
	if err != nil {
		return "", err
	}
	if t.NextAttemptAt != nil && now.Before(*t.NextAttemptAt) {
		return answer, s.audit(ctx, s.store.db, kindResetRequested, 0, login, c, map[string]any{"sent": false, "throttled": true})
	}
	next := now.Add(resetMailInterval)
	if err := s.store.delay(ctx, scopeReset, key, &next, nil); err != nil {
		return "", err
	}
	u, found, err := s.store.userByLogin(ctx, login)
	if err != nil {
		return "", err
	}
	password := RandomPassword(resetPasswordLen)
	// Hashed even when nothing will be sent, so both paths cost the same.
	hash, err := HashPassword(password)
	if err != nil {
		return "", err
	}
	if !found || !u.Active || u.Email == "" {
		var uid int64
		if found {
			uid = u.ID
		}
		return answer, s.audit(ctx, s.store.db, kindResetRequested, uid, login, c, map[string]any{"sent": false})
	}
	if err := s.store.setResetPassword(ctx, u.ID, hash, now.Add(resetValidity)); err != nil {
		return "", err
	}
	st, err := s.store.settings(ctx)
	if err != nil {
		return "", err
	}
	brand := strings.TrimSpace(st.Brand)
	if brand == "" {
		brand = "Tramita"
	}
	lang := i18n.Parse(u.Language)
	msg := mail.Message{
		To:      u.Email,
		Subject: i18n.T(lang, "auth.mail.resetSubject", "brand", brand),
		Text:    i18n.T(lang, "auth.mail.resetBody", "name", u.Name, "brand", brand, "login", u.Login, "password", password),
	}
	if u.Name != "" && !strings.ContainsAny(u.Name, "<>\"\r\n") {
		msg.To = u.Name + " <" + u.Email + ">"
	}
	if err := s.opts.Mailer.Send(ctx, msg); err != nil {
		// The caller gets the usual answer: a different one would tell that
		// the login exists. The operator finds the failure in the log and
		// the audit log.
		httpx.Logger(ctx).Error("reset password mail", "user", u.ID, "error", err)
		return answer, s.audit(ctx, s.store.db, kindResetMailFailed, u.ID, u.Login, c, nil)
	}
	return answer, s.audit(ctx, s.store.db, kindResetRequested, u.ID, u.Login, c, map[string]any{"sent": true})
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
