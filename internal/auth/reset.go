package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/mail"
)

// Reset policy.
const (
	resetValidity     = time.Hour
	resetMailInterval = 5 * time.Minute // at most one reset mail per login in this time
	// resetMailAttempts bounds the tries of a reset mail: a link that
	// arrives much later than asked is of little use.
	resetMailAttempts = 3
)

// ResetMailJobKind is the job that mails a reset link; the server registers
// Service.HandleResetMail for it on its jobs.Worker.
const ResetMailJobKind = "auth.resetMail"

// resetJob is what the reset call hands to the job: the login as typed and
// who asked, never a token (the job table is not a place for secrets).
type resetJob struct {
	Login   string `json:"login"`
	Address string `json:"address"`
}

// ResetPasswordPath is the web page a reset link opens, with ?token=.
const ResetPasswordPath = "/reset-password"

// ResetPassword queues the mail of a one-time link to set a new password.
// The call does the same work whatever the login: the user is looked up by
// the job, so neither the answer nor its time tells whether the login
// exists, is active or has an address. The current password keeps working
// until the link is used, so a reset asked by someone else locks nobody out.
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
		return answer, s.audit(ctx, s.store.db, kindResetRequested, 0, login, c, map[string]any{"throttled": true})
	}
	next := now.Add(resetMailInterval)
	err = s.store.tx(ctx, func(tx *Store) error {
		if err := tx.delay(ctx, scopeReset, key, &next, nil); err != nil {
			return err
		}
		if err := jobs.Enqueue(ctx, tx.db, ResetMailJobKind, resetJob{Login: login, Address: c.Address},
			jobs.Options{MaxAttempts: resetMailAttempts}); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kindResetRequested, 0, login, c, nil)
	})
	if err != nil {
		return "", err
	}
	return answer, nil
}

// HandleResetMail runs a reset request: for an active user with an address
// it makes a new link (replacing a pending one) and mails it in the user's
// language. A failed send is retried with a new link; the link of a send
// that did go out and was repeated (at-least-once delivery) is replaced.
func (s *Service) HandleResetMail(ctx context.Context, j jobs.Job) error {
	var in resetJob
	if err := json.Unmarshal(j.Payload, &in); err != nil {
		return jobs.Permanent(fmt.Errorf("reset job payload: %w", err))
	}
	c := Client{Address: in.Address}
	u, found, err := s.store.userByLogin(ctx, in.Login)
	if err != nil {
		return err
	}
	if !found || !u.Active || u.Email == "" {
		var uid int64
		if found {
			uid = u.ID
		}
		return s.audit(ctx, s.store.db, kindResetNotSent, uid, in.Login, c, nil)
	}
	token := randomToken()
	now := s.now()
	if err := s.store.setResetLink(ctx, u.ID, tokenHash(token), now, now.Add(resetValidity)); err != nil {
		return err
	}
	st, err := s.store.settings(ctx)
	if err != nil {
		return err
	}
	brand := strings.TrimSpace(st.Brand)
	if brand == "" {
		brand = "Tramita"
	}
	lang := i18n.Parse(u.Language)
	link := s.opts.PublicURL + ResetPasswordPath + "?token=" + url.QueryEscape(token)
	msg := mail.Message{
		To:      mailbox(u),
		Subject: i18n.T(lang, "auth.mail.resetSubject", "brand", brand),
		Text:    i18n.T(lang, "auth.mail.resetBody", "name", u.Name, "brand", brand, "login", u.Login, "link", link),
	}
	if err := s.opts.Mailer.Send(ctx, msg); err != nil {
		// The asker had the usual answer already; the operator finds the
		// failure in the log, the audit log and the failed job.
		httpx.Logger(ctx).Error("reset password mail", "user", u.ID, "attempt", j.Attempt, "error", err)
		if aerr := s.audit(ctx, s.store.db, kindResetMailFailed, u.ID, u.Login, c, map[string]any{"attempt": j.Attempt}); aerr != nil {
			return aerr
		}
		return err
	}
	return s.audit(ctx, s.store.db, kindResetMailed, u.ID, u.Login, c, nil)
}

// mailbox is the user's address, with the name when it is safe in a header.
func mailbox(u user) string {
	if u.Name != "" && !strings.ContainsAny(u.Name, "<>\"\r\n") {
		return u.Name + " <" + u.Email + ">"
	}
	return u.Email
}

// ResetByLinkInput is the body of POST /users/resetPasswordByLink.
type ResetByLinkInput struct {
	Token           string `json:"token"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

// ResetPasswordByLink sets a new password with a reset link's token: once,
// within the hour, under the password policy. Every session of the user
// ends and the login's failure count is cleared; the user then signs in.
func (s *Service) ResetPasswordByLink(ctx context.Context, in ResetByLinkInput, c Client) error {
	if err := s.limit(ctx, c.Address); err != nil {
		return err
	}
	token := strings.TrimSpace(in.Token)
	if token == "" {
		return httpx.Invalid("token", "auth.resetLinkInvalid")
	}
	hash := tokenHash(token)
	u, found, err := s.store.resetLinkUser(ctx, hash, s.now())
	if err != nil {
		return err
	}
	if !found || !u.Active {
		return httpx.Invalid("token", "auth.resetLinkInvalid")
	}
	if err := checkNewPassword(u.Login, "", in.NewPassword, in.ConfirmPassword); err != nil {
		return err
	}
	err = s.setPassword(ctx, u, in.NewPassword, "", c, map[string]any{"by": "resetLink"}, func(tx *Store) error {
		used, err := tx.useResetLink(ctx, hash, u.ID, s.now())
		if err == nil && !used {
			err = httpx.Invalid("token", "auth.resetLinkInvalid")
		}
		return err
	})
	if err != nil {
		return err
	}
	return s.store.clearThrottle(ctx, scopeLogin, loginKey(u.Login))
}

// randomToken is 256 random bits, base64url: the secret of a reset link.
func randomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// tokenHash is what the database keeps of a reset token.
func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}
