package auth

import (
	"bytes"
	"context"
	"net/http"

	"github.com/tramita/tramita/internal/httpx"
)

// maxBrowserInfo bounds what is kept of the browser description.
const maxBrowserInfo = 1000

// TermsOfUse returns the current version of the terms of use.
func (s *Service) TermsOfUse(ctx context.Context) (Terms, error) {
	return s.store.currentTerms(ctx)
}

// AcceptTermsInput is the body of POST /users/acceptTermsOfUse.
type AcceptTermsInput struct {
	Accept bool `json:"accept"`
	// UserID, when given, must be the caller's own id.
	UserID      httpx.ID `json:"userId"`
	BrowserInfo string   `json:"browserInfo"`
}

// AcceptTerms records the caller's answer to the current terms. Accepting
// frees the session of its terms debt; declining ends the session and
// answers the message the spec gives for it.
func (s *Service) AcceptTerms(ctx context.Context, p Principal, in AcceptTermsInput, c Client) (int, error) {
	if in.UserID != 0 && int64(in.UserID) != p.UserID {
		return 0, httpx.Forbidden()
	}
	now := s.now()
	if !in.Accept {
		err := s.store.tx(ctx, func(tx *Store) error {
			if err := tx.revokeSession(ctx, p.SessionID, now); err != nil {
				return err
			}
			return s.audit(ctx, tx.db, kindTermsDeclined, p.UserID, p.Login, c, nil)
		})
		if err != nil {
			return 0, err
		}
		return 0, httpx.Fail(http.StatusBadRequest, "auth.termsRequired")
	}
	info := in.BrowserInfo
	if r := []rune(info); len(r) > maxBrowserInfo {
		info = string(r[:maxBrowserInfo])
	}
	var version int
	err := s.store.tx(ctx, func(tx *Store) error {
		terms, err := tx.currentTerms(ctx)
		if err != nil {
			return err
		}
		version = terms.Version
		if err := tx.acceptTerms(ctx, p.UserID, terms.ID, now, c.Address, info); err != nil {
			return err
		}
		if err := tx.clearTermsPending(ctx, p.SessionID); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kindTermsAccepted, p.UserID, p.Login, c, map[string]any{"version": terms.Version})
	})
	return version, err
}

// PublishTerms makes pdf the new current version of the terms of use; with
// requireTermsOfUse on, everybody accepts it at the next sign-in.
func (s *Service) PublishTerms(ctx context.Context, actor Principal, fileName string, pdf []byte, c Client) (int, error) {
	if !actor.Complete() {
		return 0, httpx.Unauthorized()
	}
	if !actor.Admin() {
		return 0, httpx.Forbidden()
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		return 0, httpx.Invalid("file", "auth.termsNotPDF")
	}
	var version int
	err := s.store.tx(ctx, func(tx *Store) error {
		var err error
		if version, err = tx.addTerms(ctx, fileName, pdf, s.now()); err != nil {
			return err
		}
		return s.audit(ctx, tx.db, kindTermsPublished, actor.UserID, actor.Login, c, map[string]any{"version": version})
	})
	return version, err
}
