package admin

import (
	"context"
	"net/http"
	netmail "net/mail"
	"slices"
	"strings"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/mail"
)

// MailServer is the e-mail server page. The password is never answered:
// HasPassword says whether one is kept.
type MailServer struct {
	Host        string `json:"host"`
	Port        int    `json:"port"`
	Security    string `json:"security"`
	Username    string `json:"username"`
	From        string `json:"from"`
	HasPassword bool   `json:"hasPassword"`
}

// SaveMailServerInput is the page's form. An empty Password keeps the one
// kept; ClearPassword removes it.
type SaveMailServerInput struct {
	MailServer
	Password      string `json:"password"`
	ClearPassword bool   `json:"clearPassword"`
}

var securityModes = []string{string(mail.TLSNone), string(mail.TLSStartTLS), string(mail.TLSImplicit)}

func mailServerOf(st mail.Settings) MailServer {
	sec := string(st.TLS)
	if sec == "" {
		sec = string(mail.TLSStartTLS)
	}
	port := st.Port
	if port == 0 {
		port = 587
	}
	return MailServer{Host: st.Host, Port: port, Security: sec, Username: st.Username, From: st.From, HasPassword: st.Password != ""}
}

// MailServer answers the e-mail server settings, without the password.
func (s *Service) MailServer(ctx context.Context, a Actor) (MailServer, error) {
	if err := allow(a); err != nil {
		return MailServer{}, err
	}
	st, err := s.mailConf.Settings(ctx)
	if err != nil {
		return MailServer{}, err
	}
	return mailServerOf(st), nil
}

// SaveMailServer validates and saves the settings; the password is kept
// encrypted by the store and never written to the audit log.
func (s *Service) SaveMailServer(ctx context.Context, a Actor, in SaveMailServerInput) (MailServer, error) {
	if err := allow(a); err != nil {
		return MailServer{}, err
	}
	in.Host = strings.TrimSpace(in.Host)
	in.Username = strings.TrimSpace(in.Username)
	in.From = strings.TrimSpace(in.From)
	var v httpx.Validation
	if in.Host == "" || strings.ContainsAny(in.Host, " /\\@") {
		v.Add("host", "admin.invalidHost")
	}
	if in.Port < 1 || in.Port > 65535 {
		v.Add("port", "admin.invalidPort")
	}
	if !slices.Contains(securityModes, in.Security) {
		v.Add("security", "admin.invalidOption")
	}
	if _, err := netmail.ParseAddress(in.From); err != nil {
		v.Add("from", "portal.invalidEmail")
	}
	if err := v.Err(); err != nil {
		return MailServer{}, err
	}
	before, err := s.mailConf.Settings(ctx)
	if err != nil {
		return MailServer{}, err
	}
	st := mail.Settings{Host: in.Host, Port: in.Port, Username: in.Username, Password: before.Password,
		From: in.From, TLS: mail.TLSMode(in.Security)}
	switch {
	case in.ClearPassword:
		st.Password = ""
	case in.Password != "":
		st.Password = in.Password
	}
	if err := s.mailConf.Save(ctx, st); err != nil {
		return MailServer{}, err
	}
	after := mailServerOf(st)
	detailAfter := map[string]any{"server": after, "passwordChanged": st.Password != before.Password}
	if err := s.record(ctx, s.db, a, "admin.mailServer.updated", "mailServer", 1, mailServerOf(before), detailAfter); err != nil {
		return MailServer{}, err
	}
	return after, nil
}

// SendTestMail sends a test message through the saved settings to to (the
// caller's own address when empty).
func (s *Service) SendTestMail(ctx context.Context, a Actor, to string, lang i18n.Lang) error {
	if err := allow(a); err != nil {
		return err
	}
	to = strings.TrimSpace(to)
	if to == "" {
		if err := s.db.QueryRow(ctx, `SELECT email::text FROM app_user WHERE id = $1`, a.UserID).Scan(&to); err != nil {
			return err
		}
	}
	if !validEmail(to) {
		return httpx.Invalid("to", "portal.invalidEmail")
	}
	ok, err := s.mailer.Configured(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.Fail(http.StatusConflict, "admin.mailNotConfiguredTest")
	}
	err = s.mailer.Send(ctx, mail.Message{To: to, Subject: i18n.T(lang, "admin.testMailSubject"), Text: i18n.T(lang, "admin.testMailText")})
	if err != nil {
		// The server's own words help the administrator fix the settings;
		// they name the mail server, nothing of ours.
		return &httpx.Error{Status: http.StatusBadGateway, Key: "admin.testMailFailed", Args: []any{"error", err.Error()}, Cause: err}
	}
	return s.record(ctx, s.db, a, "admin.mailServer.tested", "mailServer", 1, nil, map[string]any{"to": to})
}
