package auth

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Handler serves the authentication calls of spec section 7.
type Handler struct{ svc *Service }

// NewHandler returns the handler of svc.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes mounts the calls (under /api). They run behind the service's
// Middleware whether or not the router already applies it.
func (h *Handler) Routes(r chi.Router) {
	r.Group(func(r chi.Router) {
		r.Use(h.svc.Middleware, noStore)
		r.Post("/users/authenticate", h.authenticate)
		r.Post("/users/resetPassword", h.resetPassword)
		r.Post("/users/resetPasswordByLink", h.resetPasswordByLink)
		r.Post("/users/changeExpiredPassword", h.changeExpiredPassword)
		r.Get("/users/getTermsOfUse", h.getTermsOfUse)
		r.Post("/users/logout", h.logout)
		r.With(requireSession(true, true)).Post("/users/acceptTermsOfUse", h.acceptTermsOfUse)
		r.With(requireSession(true, false)).Get("/users/getMFAData", h.getMFAData)
		r.Post("/users/registerUserMFA", h.registerUserMFA)
		r.Post("/users/validateMFA", h.validateMFA)
		r.With(RequireUser).Get("/users/renewToken", h.renewToken)
		r.With(RequireUser).Post("/users/changePassword", h.changePassword)
	})
}

func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}

// requireSession lets in a live session that may still owe the second
// factor (mfaPending) or the terms of use (termsPending).
func requireSession(mfaPending, termsPending bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p, ok := PrincipalFrom(r.Context())
			if !ok || (!p.MFAComplete && !mfaPending) || (p.TermsPending && !termsPending) {
				httpx.WriteError(w, r, httpx.Unauthorized())
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// authenticate answers base64 of the login result's JSON, as text/plain
// (spec section 7).
func (h *Handler) authenticate(w http.ResponseWriter, r *http.Request) {
	var in LoginInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	res, err := h.svc.Authenticate(r.Context(), in, h.svc.ClientOf(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	b, err := json.Marshal(res)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(base64.StdEncoding.EncodeToString(b)))
}

type resetInput struct {
	UserName string `json:"UserName"`
}

// resetPassword answers the text the reset page shows, as text/plain.
func (h *Handler) resetPassword(w http.ResponseWriter, r *http.Request) {
	var in resetInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	text, err := h.svc.ResetPassword(r.Context(), in.UserName, h.svc.ClientOf(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(text))
}

// messageBody is the answer of calls whose success is a sentence.
type messageBody struct {
	Message string `json:"Message"`
}

func (h *Handler) changePassword(w http.ResponseWriter, r *http.Request) {
	var in ChangePasswordInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, _ := PrincipalFrom(r.Context())
	if err := h.svc.ChangePassword(r.Context(), p, in, h.svc.ClientOf(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeMessage(w, r, "auth.passwordChanged")
}

func (h *Handler) resetPasswordByLink(w http.ResponseWriter, r *http.Request) {
	var in ResetByLinkInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.svc.ResetPasswordByLink(r.Context(), in, h.svc.ClientOf(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeMessage(w, r, "auth.passwordChanged")
}

func (h *Handler) changeExpiredPassword(w http.ResponseWriter, r *http.Request) {
	var in ChangeExpiredPasswordInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if err := h.svc.ChangeExpiredPassword(r.Context(), in, h.svc.ClientOf(r)); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	writeMessage(w, r, "auth.passwordChanged")
}

func writeMessage(w http.ResponseWriter, r *http.Request, key string) {
	httpx.WriteJSON(w, http.StatusOK, messageBody{Message: i18n.T(i18n.From(r.Context()), key)})
}

func (h *Handler) getTermsOfUse(w http.ResponseWriter, r *http.Request) {
	t, err := h.svc.TermsOfUse(r.Context())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Length", strconv.Itoa(len(t.PDF)))
	w.Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename=%q`, t.FileName))
	w.Header().Set("X-Terms-Version", strconv.Itoa(t.Version))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(t.PDF)
}

type acceptTermsBody struct {
	Accepted bool `json:"accepted"`
	Version  int  `json:"version"`
}

func (h *Handler) acceptTermsOfUse(w http.ResponseWriter, r *http.Request) {
	var in AcceptTermsInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, _ := PrincipalFrom(r.Context())
	v, err := h.svc.AcceptTerms(r.Context(), p, in, h.svc.ClientOf(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, acceptTermsBody{Accepted: true, Version: v})
}

func (h *Handler) getMFAData(w http.ResponseWriter, r *http.Request) {
	p, _ := PrincipalFrom(r.Context())
	d, err := h.svc.MFAData(r.Context(), p)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, d)
}

// mfaInput is the body of registerUserMFA and validateMFA. The web app sends
// logonresult as the object, its base64 text or just its token; only the
// token is read, and only when the request has no Authorization header.
type mfaInput struct {
	LogonResult json.RawMessage `json:"logonresult"`
	UserCode    string          `json:"userCode"`
}

func (h *Handler) registerUserMFA(w http.ResponseWriter, r *http.Request) {
	h.mfa(w, r, h.svc.RegisterMFA)
}

func (h *Handler) validateMFA(w http.ResponseWriter, r *http.Request) {
	h.mfa(w, r, h.svc.ValidateMFA)
}

func (h *Handler) mfa(w http.ResponseWriter, r *http.Request,
	call func(context.Context, Principal, string, Client) (LoginResult, error)) {
	var in mfaInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	p, ok := PrincipalFrom(r.Context())
	if !ok && bearer(r) == "" {
		if tok := tokenOfLogonResult(in.LogonResult); tok != "" {
			var err error
			if p, err = h.svc.principal(r.Context(), tok); err == nil {
				ok = true
			} else if err != errBadToken {
				httpx.WriteError(w, r, err)
				return
			}
		}
	}
	if !ok || p.TermsPending {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	if len(in.UserCode) == 0 {
		httpx.WriteError(w, r, httpx.Invalid("userCode", "error.required"))
		return
	}
	res, err := call(r.Context(), p, in.UserCode, h.svc.ClientOf(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, res)
}

// tokenOfLogonResult finds the token in what the web app sent as logonresult.
func tokenOfLogonResult(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	var obj struct {
		Token string `json:"token"`
	}
	if len(raw) > 0 && raw[0] == '{' {
		if json.Unmarshal(raw, &obj) == nil {
			return obj.Token
		}
		return ""
	}
	var text string
	if json.Unmarshal(raw, &text) != nil || text == "" {
		return ""
	}
	if b, err := base64.StdEncoding.DecodeString(text); err == nil && json.Unmarshal(b, &obj) == nil {
		return obj.Token
	}
	if strings.Count(text, ".") == 2 {
		return text
	}
	return ""
}

type tokenBody struct {
	Token string `json:"token"`
}

func (h *Handler) renewToken(w http.ResponseWriter, r *http.Request) {
	p, _ := PrincipalFrom(r.Context())
	tok, err := h.svc.RenewToken(r.Context(), p)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, tokenBody{Token: tok})
}

// logout ends the session of the token, if it names a live one, and answers
// 204 either way: signing out always succeeds from the caller's side.
func (h *Handler) logout(w http.ResponseWriter, r *http.Request) {
	if p, ok := PrincipalFrom(r.Context()); ok {
		if err := h.svc.Logout(r.Context(), p, h.svc.ClientOf(r)); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
