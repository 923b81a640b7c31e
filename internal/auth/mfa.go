package auth

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/tramita/tramita/internal/httpx"
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

// mfaFailure counts a wrong code on the pending sign-in; the fifth ends it.
func (s *Service) mfaFailure(ctx context.Context, p Principal, c Client) (LoginResult, error) {
	n, err := s.store.addMFAFailure(ctx, p.SessionID)
	if err != nil {
		return LoginResult{}, err
	}
	if err := s.audit(ctx, s.store.db, kindMFAFailure, p.UserID, p.Login, c, map[string]any{"session": p.SessionID, "failures": n}); err != nil {
		return LoginResult{}, err
	}
	if n < mfaMaxFailures {
		return failed(ctx, FailMFACode, "auth.mfaWrongCode"), nil
	}
	if err := s.store.revokeSession(ctx, p.SessionID, s.now()); err != nil {
		return LoginResult{}, err
	}
	if err := s.audit(ctx, s.store.db, kindMFAExhausted, p.UserID, p.Login, c, map[string]any{"session": p.SessionID}); err != nil {
		return LoginResult{}, err
	}
	return failed(ctx, FailMFAExhausted, "auth.mfaTooManyAttempts"), nil
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
