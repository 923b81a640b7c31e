package auth

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/mail"
)

// MFAData answers getMFAData: the QR code (PNG data URL, 250x250) and the
// secret for typing by hand.
type MFAData struct {
	QRCode string `json:"qrcode"`
	Code   string `json:"code"`
}

// MFAData starts an enrolment, keeping a new secret encrypted on the session
// until registerUserMFA proves the app has it. A user with a second factor
// cannot enrol another: a stolen password must not replace it.
func (s *Service) MFAData(ctx context.Context, p Principal) (MFAData, error) {
	u, found, err := s.store.userByID(ctx, p.UserID)
	if err != nil {
		return MFAData{}, err
	}
	if !found {
		return MFAData{}, httpx.Unauthorized()
	}
	if u.MFAEnabled {
		return MFAData{}, httpx.Fail(http.StatusConflict, "auth.mfaAlreadyEnrolled")
	}
	st, err := s.store.settings(ctx)
	if err != nil {
		return MFAData{}, err
	}
	issuer := strings.TrimSpace(st.Brand)
	if issuer == "" {
		issuer = "Tramita"
	}
	key := newTOTPKey()
	if err := s.store.setEnrolSecret(ctx, p.SessionID, s.sealer.seal(key, "session:"+p.SessionID)); err != nil {
		return MFAData{}, err
	}
	qr, err := qrDataURL(otpauthURI(issuer, u.Login, key))
	if err != nil {
		return MFAData{}, err
	}
	return MFAData{QRCode: qr, Code: base32NoPad.EncodeToString(key)}, nil
}

// RegisterMFA finishes an enrolment with a code from the app and settles the
// session's second factor.
func (s *Service) RegisterMFA(ctx context.Context, p Principal, code string, c Client) (LoginResult, error) {
	if err := s.limit(ctx, c.Address); err != nil {
		return LoginResult{}, err
	}
	sess, u, ok, err := s.store.liveSession(ctx, p.SessionID, s.now())
	if err != nil {
		return LoginResult{}, err
	}
	if !ok {
		return LoginResult{}, httpx.Unauthorized()
	}
	if u.MFAEnabled {
		return LoginResult{}, httpx.Fail(http.StatusConflict, "auth.mfaAlreadyEnrolled")
	}
	if sess.MFAEnrolSecret == nil {
		return LoginResult{}, httpx.Fail(http.StatusBadRequest, "auth.mfaNoPendingSecret")
	}
	if refused, err := s.mfaGate(ctx, p, c); err != nil || refused != nil {
		return deref(refused), err
	}
	key, err := s.sealer.open(sess.MFAEnrolSecret, "session:"+sess.ID)
	if err != nil {
		return LoginResult{}, err
	}
	step, matched := matchTOTP(key, strings.TrimSpace(code), s.now(), 0)
	if !matched {
		return s.mfaFailure(ctx, p, c)
	}
	return s.settleMFA(ctx, p, u, c, kindMFAEnrolled, func(tx *Store) error {
		return tx.enrolMFA(ctx, u.ID, s.sealer.seal(key, userBinding(u.ID)), step)
	})
}

// ValidateMFA checks a code of an enrolled user. A code is accepted once:
// the step it belongs to is stored, and codes of that step or earlier ones
// are refused afterwards.
func (s *Service) ValidateMFA(ctx context.Context, p Principal, code string, c Client) (LoginResult, error) {
	if err := s.limit(ctx, c.Address); err != nil {
		return LoginResult{}, err
	}
	u, found, err := s.store.userByID(ctx, p.UserID)
	if err != nil {
		return LoginResult{}, err
	}
	if !found {
		return LoginResult{}, httpx.Unauthorized()
	}
	if !u.MFAEnabled || u.MFASecret == nil {
		return LoginResult{}, httpx.Fail(http.StatusConflict, "auth.mfaNotEnrolled")
	}
	if refused, err := s.mfaGate(ctx, p, c); err != nil || refused != nil {
		return deref(refused), err
	}
	key, err := s.sealer.open(u.MFASecret, userBinding(u.ID))
	if err != nil {
		return LoginResult{}, err
	}
	step, matched := matchTOTP(key, strings.TrimSpace(code), s.now(), u.MFALastStep)
	if matched {
		if matched, err = s.store.useMFAStep(ctx, u.ID, step); err != nil {
			return LoginResult{}, err
		}
	}
	if !matched {
		return s.mfaFailure(ctx, p, c)
	}
	return s.settleMFA(ctx, p, u, c, kindMFAValidated, nil)
}

func userBinding(id int64) string { return "user:" + strconv.FormatInt(id, 10) }

// settleMFA marks the session's second factor done and answers a login
// result with a token that says so.
func (s *Service) settleMFA(ctx context.Context, p Principal, u user, c Client, kind string, also func(*Store) error) (LoginResult, error) {
	st, err := s.store.settings(ctx)
	if err != nil {
		return LoginResult{}, err
	}
	now := s.now()
	var token string
	err = s.store.tx(ctx, func(tx *Store) error {
		if also != nil {
			if err := also(tx); err != nil {
				return err
			}
		}
		if err := tx.completeMFA(ctx, p.SessionID); err != nil {
			return err
		}
		if err := tx.clearThrottle(ctx, scopeMFA, strconv.FormatInt(u.ID, 10)); err != nil {
			return err
		}
		var err error
		if token, err = s.issueToken(u.ID, p.SessionID, true, now, p.sessionExpires); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kind, u.ID, u.Login, c, map[string]any{"session": p.SessionID})
	})
	if err != nil {
		return LoginResult{}, err
	}
	u.MFAEnabled = true
	return succeeded(u, st, token, true, !p.TermsPending), nil
}

// mfaFailure counts a wrong code on the pending sign-in (the fifth ends it)
// and for the user across sign-ins, which a right password does not reset:
// from the fifth the next code waits, the tenth locks codes for a while.
func (s *Service) mfaFailure(ctx context.Context, p Principal, c Client) (LoginResult, error) {
	n, err := s.store.addMFAFailure(ctx, p.SessionID)
	if err != nil {
		return LoginResult{}, err
	}
	now := s.now()
	key := strconv.FormatInt(p.UserID, 10)
	m, err := s.store.addFailure(ctx, scopeMFA, key, now, failureWindow)
	if err != nil {
		return LoginResult{}, err
	}
	if err := s.audit(ctx, s.store.db, kindMFAFailure, p.UserID, p.Login, c,
		map[string]any{"session": p.SessionID, "failures": n, "userFailures": m}); err != nil {
		return LoginResult{}, err
	}
	if m == 1 || m == lockAfter {
		s.mailMFAFailure(ctx, p.UserID, m == lockAfter)
	}
	switch {
	case m >= lockAfter:
		until := now.Add(lockDuration)
		if err := s.store.delay(ctx, scopeMFA, key, nil, &until); err != nil {
			return LoginResult{}, err
		}
		if m == lockAfter {
			if err := s.audit(ctx, s.store.db, kindMFALocked, p.UserID, p.Login, c, map[string]any{"until": until}); err != nil {
				return LoginResult{}, err
			}
		}
	case m >= delayAfter:
		next := now.Add(time.Duration(1<<(m-delayAfter)) * time.Second)
		if err := s.store.delay(ctx, scopeMFA, key, &next, nil); err != nil {
			return LoginResult{}, err
		}
	}
	if n < mfaMaxFailures && m < lockAfter {
		return failed(ctx, FailMFACode, "auth.mfaWrongCode"), nil
	}
	if err := s.store.revokeSession(ctx, p.SessionID, now); err != nil {
		return LoginResult{}, err
	}
	if err := s.audit(ctx, s.store.db, kindMFAExhausted, p.UserID, p.Login, c, map[string]any{"session": p.SessionID}); err != nil {
		return LoginResult{}, err
	}
	if m >= lockAfter {
		return failed(ctx, FailLocked, "auth.mfaLocked", "minutes", int(lockDuration.Minutes())), nil
	}
	return failed(ctx, FailMFAExhausted, "auth.mfaTooManyAttempts"), nil
}

// mfaGate refuses a code without checking it while the user's second
// factor is locked or must still wait after the last wrong code.
func (s *Service) mfaGate(ctx context.Context, p Principal, c Client) (*LoginResult, error) {
	t, err := s.store.throttle(ctx, scopeMFA, strconv.FormatInt(p.UserID, 10))
	if err != nil {
		return nil, err
	}
	now := s.now()
	var res LoginResult
	switch {
	case t.LockedUntil != nil && now.Before(*t.LockedUntil):
		res = failed(ctx, FailLocked, "auth.mfaLocked", "minutes", int(math.Ceil(t.LockedUntil.Sub(now).Minutes())))
	case t.NextAttemptAt != nil && now.Before(*t.NextAttemptAt):
		res = failed(ctx, FailMFACode, "auth.wait", "seconds", int(math.Ceil(t.NextAttemptAt.Sub(now).Seconds())))
	default:
		return nil, nil
	}
	if err := s.audit(ctx, s.store.db, kindMFARefused, p.UserID, p.Login, c, map[string]any{"session": p.SessionID}); err != nil {
		return nil, err
	}
	return &res, nil
}

func deref(r *LoginResult) LoginResult {
	if r == nil {
		return LoginResult{}
	}
	return *r
}

// mailMFAFailure tells the user that their password was used and a code
// failed: at the first wrong code of a while, and when codes get locked.
// Without a mail server, or when sending fails, the audit log keeps it.
func (s *Service) mailMFAFailure(ctx context.Context, userID int64, locked bool) {
	if ok, err := s.opts.Mailer.Configured(ctx); err != nil || !ok {
		return
	}
	u, found, err := s.store.userByID(ctx, userID)
	if err != nil || !found || u.Email == "" {
		return
	}
	st, err := s.store.settings(ctx)
	if err != nil {
		return
	}
	brand := strings.TrimSpace(st.Brand)
	if brand == "" {
		brand = "Tramita"
	}
	lang := i18n.Parse(u.Language)
	body := "auth.mail.mfaFailureBody"
	if locked {
		body = "auth.mail.mfaLockedBody"
	}
	msg := mail.Message{To: u.Email, Subject: i18n.T(lang, "auth.mail.mfaFailureSubject", "brand", brand),
		Text: i18n.T(lang, body, "name", u.Name, "brand", brand, "login", u.Login, "minutes", int(lockDuration.Minutes()))}
	if err := s.opts.Mailer.Send(ctx, msg); err != nil {
		httpx.Logger(ctx).Error("second factor failure mail", "user", u.ID, "error", err)
	}
}

// ResetMFA removes a user's second factor and ends the user's sessions; at
// the next sign-in (with platform MFA on) the user enrols again. Only an
// administrator may do it.
func (s *Service) ResetMFA(ctx context.Context, actor Principal, userID int64, c Client) error {
	if !actor.Complete() {
		return httpx.Unauthorized()
	}
	if !actor.Admin() {
		return httpx.Forbidden()
	}
	return s.store.tx(ctx, func(tx *Store) error {
		u, found, err := tx.userByID(ctx, userID)
		if err != nil {
			return err
		}
		if !found {
			return httpx.NotFound()
		}
		if _, err := tx.resetMFA(ctx, userID); err != nil {
			return err
		}
		if err := tx.revokeUserSessions(ctx, userID, s.now(), ""); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kindMFAReset, userID, u.Login, c, map[string]any{"by": actor.UserID})
	})
}
