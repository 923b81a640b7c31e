package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// FailReason says why a sign-in failed (the login result's failReason).
type FailReason int

const (
	FailNone             FailReason = 0
	FailWrongCredentials FailReason = 1 // unknown login or wrong password: one answer for both
	FailPasswordExpired  FailReason = 2 // right password, but it must be changed first
	FailLocked           FailReason = 3 // too many failures: wait or locked for a while
	FailInactive         FailReason = 4 // right password of an inactive user
	FailMFACode          FailReason = 5 // wrong, used or expired second-factor code
	FailMFAExhausted     FailReason = 6 // fifth wrong code: the pending sign-in is over
	FailRecaptcha        FailReason = 7 // the reCAPTCHA did not verify
)

// Brute-force policy.
const (
	rateLimitPerMinute = 10               // default of sign-in, reset and MFA calls per client address (TRAMITA_SIGNIN_RATE_LIMIT)
	failureWindow      = 15 * time.Minute // failures further apart start counting anew
	delayAfter         = 5                // from the 5th failure of a login the next attempt waits 1, 2, 4, 8, 16 s
	lockAfter          = 10               // the 10th failure of a login locks it for lockDuration
	addressLockAfter   = 30               // failures from one address, any logins
	lockDuration       = 15 * time.Minute
	mfaMaxFailures     = 5
)

const (
	scopeLogin   = "login"
	scopeAddress = "address"
	scopeReset   = "reset"
	scopeMFA     = "mfa" // wrong second-factor codes, by user id
)

// LoginInput is the body of POST /users/authenticate.
type LoginInput struct {
	UserName       string `json:"UserName"`
	Password       string `json:"Password"`
	RecaptchaToken string `json:"recaptchaToken"`
	// Encrypt true means Password is base64 of its UTF-8 text. It is a
	// transport encoding for clients that want one, not protection: TLS
	// protects the password.
	Encrypt bool `json:"encrypt"`
}

// LoggedUser is the signed-in user as the web app shows them.
type LoggedUser struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Email  string `json:"email"`
	Avatar string `json:"avatar"`
}

// LoginResult answers authenticate (as base64 of its JSON), registerUserMFA
// and validateMFA (as JSON).
type LoginResult struct {
	Success                     bool        `json:"success"`
	FailReason                  FailReason  `json:"failReason"`
	Message                     string      `json:"message"`
	UserAgreedTermsOfUse        bool        `json:"userAgreedTermsOfUse"`
	Token                       string      `json:"token"`
	LoggedUser                  *LoggedUser `json:"loggedUser"`
	PlatformMFAEnabled          bool        `json:"platformMFAEnabled"`
	UserMFAEnabled              bool        `json:"userMFAEnabled"`
	MFAAuthenticated            bool        `json:"mfaAuthenticated"`
	HasPanelAdminPermission     bool        `json:"hasPanelAdminPermission"`
	IsAdministratorLogged       bool        `json:"isAdministratorLogged"`
	HasChangePasswordPermission bool        `json:"hasChangePasswordPermission"`
}

func failed(ctx context.Context, reason FailReason, key string, args ...any) LoginResult {
	return LoginResult{FailReason: reason, Message: i18n.T(i18n.From(ctx), key, args...)}
}

func succeeded(u user, st settings, token string, mfaDone, termsAgreed bool) LoginResult {
	return LoginResult{
		Success: true, UserAgreedTermsOfUse: termsAgreed, Token: token,
		LoggedUser:         &LoggedUser{ID: u.ID, Name: u.Name, Email: u.Email, Avatar: u.Avatar},
		PlatformMFAEnabled: st.EnableMFA, UserMFAEnabled: u.MFAEnabled, MFAAuthenticated: mfaDone,
		HasPanelAdminPermission: u.PanelAdmin, IsAdministratorLogged: u.Administrator,
		HasChangePasswordPermission: u.ChangePasswordPermission,
	}
}

// Authenticate signs a user in. Failures are a LoginResult with success
// false; only a bad request (400) and the rate limit (429) are errors.
func (s *Service) Authenticate(ctx context.Context, in LoginInput, c Client) (LoginResult, error) {
	if err := s.limit(ctx, c.Address); err != nil {
		return LoginResult{}, err
	}
	password := in.Password
	if in.Encrypt {
		b, err := base64.StdEncoding.DecodeString(password)
		if err != nil {
			return LoginResult{}, httpx.Invalid("Password", "auth.badEncoding")
		}
		password = string(b)
	}
	login := strings.TrimSpace(in.UserName)
	var v httpx.Validation
	if login == "" {
		v.Add("UserName", "error.required")
	}
	if password == "" {
		v.Add("Password", "error.required")
	}
	if err := v.Err(); err != nil {
		return LoginResult{}, err
	}
	st, err := s.store.settings(ctx)
	if err != nil {
		return LoginResult{}, err
	}
	if st.EnableRecaptcha && !s.recaptchaOK(ctx, st.RecaptchaSecret, in.RecaptchaToken, c.Address) {
		if err := s.audit(ctx, s.store.db, kindRecaptcha, 0, login, c, nil); err != nil {
			return LoginResult{}, err
		}
		return failed(ctx, FailRecaptcha, "auth.recaptchaFailed"), nil
	}
	if r, err := s.gate(ctx, login, c); err != nil || r != nil {
		if err != nil {
			return LoginResult{}, err
		}
		return failed(ctx, FailLocked, r.key, r.args...), nil
	}
	cred, err := s.verify(ctx, login, password)
	if err != nil {
		return LoginResult{}, err
	}
	if !cred.ok {
		return s.wrongCredentials(ctx, login, cred, c)
	}
	u := cred.user
	if err := s.store.clearThrottle(ctx, scopeLogin, loginKey(login)); err != nil {
		return LoginResult{}, err
	}
	if !u.Active {
		if err := s.audit(ctx, s.store.db, kindSignInInactive, u.ID, u.Login, c, nil); err != nil {
			return LoginResult{}, err
		}
		return failed(ctx, FailInactive, "auth.inactive"), nil
	}
	now := s.now()
	if u.MustChangePassword || passwordExpired(u, st, now) {
		if err := s.audit(ctx, s.store.db, kindSignInMustChg, u.ID, u.Login, c, nil); err != nil {
			return LoginResult{}, err
		}
		return failed(ctx, FailPasswordExpired, "auth.passwordExpired"), nil
	}
	termsAgreed := true
	if st.RequireTermsOfUse {
		terms, err := s.store.currentTerms(ctx)
		if err != nil {
			return LoginResult{}, err
		}
		if termsAgreed, err = s.store.acceptedTerms(ctx, u.ID, terms.ID); err != nil {
			return LoginResult{}, err
		}
	}
	mfaDone := !st.EnableMFA
	var token string
	err = s.store.tx(ctx, func(tx *Store) error {
		end := now.Add(s.opts.SessionLifetime)
		sid, err := tx.createSession(ctx, u.ID, now, end, c.Address, c.UserAgent, mfaDone, !termsAgreed)
		if err != nil {
			return err
		}
		if token, err = s.issueToken(u.ID, sid, mfaDone, now, end); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kindSignIn, u.ID, u.Login, c, map[string]any{
			"session": sid, "mfaPending": !mfaDone, "termsPending": !termsAgreed})
	})
	if err != nil {
		return LoginResult{}, err
	}
	return succeeded(u, st, token, mfaDone, termsAgreed), nil
}

func passwordExpired(u user, st settings, now time.Time) bool {
	return st.PasswordMaxAgeDays > 0 && u.PasswordChangedAt != nil &&
		now.After(u.PasswordChangedAt.AddDate(0, 0, st.PasswordMaxAgeDays))
}

func loginKey(login string) string { return strings.ToLower(strings.TrimSpace(login)) }

// Whom an IPv6 address stands for: one subscriber gets a /64 (or a /56) to
// rotate through, so rates count per /64 and address locks per /56.
const (
	ipv6RateBits = 64
	ipv6LockBits = 56
)

// addressKey is address, or the IPv6 prefix of bits holding it.
func addressKey(address string, bits int) string {
	a, err := netip.ParseAddr(address)
	if err != nil || !a.Is6() || a.Is4In6() {
		return address
	}
	p, err := a.Prefix(bits)
	if err != nil {
		return address
	}
	return p.String()
}

// limit answers 429 past Options.RateLimitPerMinute calls from the address.
func (s *Service) limit(ctx context.Context, address string) error {
	n, err := s.store.hit(ctx, addressKey(address, ipv6RateBits), s.now())
	if err != nil {
		return err
	}
	if n > s.opts.RateLimitPerMinute {
		return httpx.Fail(http.StatusTooManyRequests, "error.tooManyRequests")
	}
	return nil
}

// refusal is why an attempt was refused before its password was checked.
type refusal struct {
	key  string
	args []any
}

// gate refuses an attempt, without checking the password, while the login
// or the address is locked or must still wait after its last failure.
func (s *Service) gate(ctx context.Context, login string, c Client) (*refusal, error) {
	now := s.now()
	for _, k := range [][2]string{{scopeLogin, loginKey(login)}, {scopeAddress, addressKey(c.Address, ipv6LockBits)}} {
		t, err := s.store.throttle(ctx, k[0], k[1])
		if err != nil {
			return nil, err
		}
		var r *refusal
		switch {
		case t.LockedUntil != nil && now.Before(*t.LockedUntil):
			r = &refusal{"auth.locked", []any{"minutes", int(math.Ceil(t.LockedUntil.Sub(now).Minutes()))}}
		case t.NextAttemptAt != nil && now.Before(*t.NextAttemptAt):
			r = &refusal{"auth.wait", []any{"seconds", int(math.Ceil(t.NextAttemptAt.Sub(now).Seconds()))}}
		default:
			continue
		}
		if err := s.audit(ctx, s.store.db, kindSignInRefused, 0, login, c, map[string]any{"scope": k[0]}); err != nil {
			return nil, err
		}
		return r, nil
	}
	return nil, nil
}

// wrongCredentials counts a failure for the login and the address, delays
// or locks as the policy says, and answers. The answer is the same whether
// the login exists: counting is by login text.
func (s *Service) wrongCredentials(ctx context.Context, login string, cred credentials, c Client) (LoginResult, error) {
	locked, err := s.countFailure(ctx, login, c)
	if err != nil {
		return LoginResult{}, err
	}
	if err := s.audit(ctx, s.store.db, kindSignInFailure, cred.user.ID, login, c, nil); err != nil {
		return LoginResult{}, err
	}
	if locked {
		return failed(ctx, FailLocked, "auth.locked", "minutes", int(lockDuration.Minutes())), nil
	}
	return failed(ctx, FailWrongCredentials, "auth.wrongCredentials"), nil
}

// countFailure reports whether this failure locked the login.
func (s *Service) countFailure(ctx context.Context, login string, c Client) (bool, error) {
	now := s.now()
	key := loginKey(login)
	n, err := s.store.addFailure(ctx, scopeLogin, key, now, failureWindow)
	if err != nil {
		return false, err
	}
	locked := false
	switch {
	case n >= lockAfter:
		until := now.Add(lockDuration)
		if err := s.store.delay(ctx, scopeLogin, key, nil, &until); err != nil {
			return false, err
		}
		locked = n == lockAfter
		if locked {
			if err := s.audit(ctx, s.store.db, kindSignInLocked, 0, login, c, map[string]any{"scope": scopeLogin, "until": until}); err != nil {
				return false, err
			}
		}
	case n >= delayAfter:
		next := now.Add(time.Duration(1<<(n-delayAfter)) * time.Second)
		if err := s.store.delay(ctx, scopeLogin, key, &next, nil); err != nil {
			return false, err
		}
	}
	addr := addressKey(c.Address, ipv6LockBits)
	m, err := s.store.addFailure(ctx, scopeAddress, addr, now, failureWindow)
	if err != nil {
		return false, err
	}
	if m >= addressLockAfter {
		until := now.Add(lockDuration)
		if err := s.store.delay(ctx, scopeAddress, addr, nil, &until); err != nil {
			return false, err
		}
		if m == addressLockAfter {
			if err := s.audit(ctx, s.store.db, kindSignInLocked, 0, login, c, map[string]any{"scope": scopeAddress, "until": until}); err != nil {
				return false, err
			}
		}
	}
	return locked, nil
}

// credentials is what checking a login and password found.
type credentials struct {
	user  user
	found bool
	ok    bool // the password is the user's password
}

// verify checks password against the user's, running one argon2id
// verification whether or not the login exists (a dummy hash standing in for
// a missing one), so its time does not tell.
func (s *Service) verify(ctx context.Context, login, password string) (credentials, error) {
	u, found, err := s.store.userByLogin(ctx, login)
	if err != nil {
		return credentials{}, err
	}
	hash := s.dummyHash
	hasPassword := found && u.PasswordHash != ""
	if hasPassword {
		hash = u.PasswordHash
	}
	ok, err := VerifyPassword(hash, password)
	if err != nil {
		return credentials{}, fmt.Errorf("user %d: %w", u.ID, err)
	}
	return credentials{user: u, found: found, ok: hasPassword && ok}, nil
}

// recaptchaOK asks the verifier about token. Any trouble (no secret, the
// verifier down, a bad answer) fails closed and is logged.
func (s *Service) recaptchaOK(ctx context.Context, secret, token, address string) bool {
	if token == "" {
		return false
	}
	log := httpx.Logger(ctx)
	if secret == "" {
		log.Error("recaptcha is enabled but recaptchaSecret is empty")
		return false
	}
	form := url.Values{"secret": {secret}, "response": {token}, "remoteip": {address}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.opts.RecaptchaVerifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		log.Error("recaptcha request", "error", err)
		return false
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := s.opts.HTTPClient.Do(req)
	if err != nil {
		log.Warn("recaptcha verifier unreachable", "error", err)
		return false
	}
	defer resp.Body.Close()
	var out struct {
		Success    bool     `json:"success"`
		ErrorCodes []string `json:"error-codes"`
	}
	if resp.StatusCode != http.StatusOK {
		log.Warn("recaptcha verifier answered", "status", resp.StatusCode)
		return false
	}
	if err := json.NewDecoder(http.MaxBytesReader(nil, resp.Body, 1<<16)).Decode(&out); err != nil {
		log.Warn("recaptcha verifier answer", "error", err)
		return false
	}
	if !out.Success && len(out.ErrorCodes) > 0 {
		log.Info("recaptcha refused", "codes", out.ErrorCodes)
	}
	return out.Success
}
