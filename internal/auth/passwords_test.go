package auth

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/mail"
)

const newPassword = "Outra-Senha-Boa-1"

func TestMustChangePasswordFlow(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "must_change_password = true")
	res := e.login("ana", testPassword)
	if res.Success || res.FailReason != FailPasswordExpired || res.Token != "" {
		t.Fatalf("must-change sign-in %+v", res)
	}
	change := func(in ChangeExpiredPasswordInput) resp {
		return e.do("POST", "/users/changeExpiredPassword", "", in)
	}
	tests := []struct {
		name   string
		in     ChangeExpiredPasswordInput
		status int
		msg    string
	}{
		{"confirmation differs", ChangeExpiredPasswordInput{"ana", testPassword, newPassword, newPassword + "x"}, 400, "As senhas não são iguais"},
		{"missing login", ChangeExpiredPasswordInput{"", testPassword, newPassword, newPassword}, 400, "Obrigatório"},
		{"common password", ChangeExpiredPasswordInput{"ana", testPassword, "senha@123", "senha@123"}, 400, "Esta senha é muito comum. Escolha outra."},
		{"wrong old password", ChangeExpiredPasswordInput{"ana", "wrong-password", newPassword, newPassword}, 400, "Login ou senha inválidos."},
		{"unknown login", ChangeExpiredPasswordInput{"nobody", "wrong-password", newPassword, newPassword}, 400, "Login ou senha inválidos."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := change(tt.in).want(tt.status).message(); got != tt.msg {
				t.Errorf("message %q", got)
			}
		})
	}
	e.clock.Advance(time.Minute)
	var body map[string]string
	change(ChangeExpiredPasswordInput{"ana", testPassword, newPassword, newPassword}).want(200).json(&body)
	if body["Message"] != "Senha alterada com sucesso" {
		t.Errorf("answer %v", body)
	}
	e.mustLogin("ana", newPassword)
	// Nothing to change any more: the call is refused.
	change(ChangeExpiredPasswordInput{"ana", newPassword, "Terceira-Senha-9", "Terceira-Senha-9"}).want(409)
	if !contains(e.auditKinds("ana"), kindPasswordChanged) || !contains(e.auditKinds("ana"), kindSignInMustChg) {
		t.Errorf("audit %v", e.auditKinds("ana"))
	}
}

func TestChangePassword(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.user("bia", "change_password_permission = false")
	tok := e.mustLogin("ana", testPassword).Token
	r := e.do("POST", "/users/changePassword", tok, ChangePasswordInput{"wrong", newPassword, newPassword}).want(400)
	if r.message() != "A senha atual não confere." {
		t.Errorf("message %q", r.message())
	}
	r = e.do("POST", "/users/changePassword", tok, ChangePasswordInput{testPassword, "curta", "curta"}).want(400)
	if r.message() != "A senha deve ter pelo menos 8 caracteres." {
		t.Errorf("message %q", r.message())
	}
	e.do("POST", "/users/changePassword", tok, ChangePasswordInput{testPassword, "ana", "ana"}).want(400)
	e.do("POST", "/users/changePassword", tok, ChangePasswordInput{testPassword, newPassword, newPassword}).want(200)
	bia := e.mustLogin("bia", testPassword).Token
	e.do("POST", "/users/changePassword", bia, ChangePasswordInput{testPassword, newPassword, newPassword}).want(403)
}

// mailedPassword reads the temporary password from the last mail to to.
func (e *env) mailedPassword(to string) string {
	e.t.Helper()
	msgs := e.smtp.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if len(msgs[i].To) == 1 && msgs[i].To[0] == to {
			m := regexp.MustCompile(`(?m)^Senha temporária: (\S+)$`).FindStringSubmatch(msgs[i].Text)
			if m == nil {
				e.t.Fatalf("no password in %q", msgs[i].Text)
			}
			return m[1]
		}
	}
	e.t.Fatalf("no mail to %s", to)
	return ""
}

func TestResetPasswordByMail(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.user("semmail", "email = ''")
	reset := func(login string) string {
		r := e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": login}).want(200)
		if ct := r.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
			t.Fatalf("content type %q", ct)
		}
		return r.Body.String()
	}
	known := reset("ana")
	if known != reset("nobody") || known != reset("semmail") || !strings.Contains(known, "1 hora") {
		t.Fatalf("answers differ or are wrong: %q", known)
	}
	msgs := e.smtp.Messages()
	if len(msgs) != 1 || msgs[0].To[0] != "ana@example.com" || msgs[0].Subject != "Sua senha temporária do Tramita" {
		t.Fatalf("mails %+v", msgs)
	}
	temp := e.mailedPassword("ana@example.com")

	// The current password still works until the temporary one is used,
	// and signing in with it makes the reset moot; so ask again later.
	e.clock.Advance(resetMailInterval)
	reset("ana")
	temp2 := e.mailedPassword("ana@example.com")
	if temp2 == temp {
		t.Fatal("the same temporary password twice")
	}
	if res := e.login("ana", temp); res.Success || res.FailReason != FailWrongCredentials {
		t.Errorf("a replaced temporary password worked: %+v", res)
	}
	if res := e.login("ana", temp2); res.FailReason != FailPasswordExpired {
		t.Fatalf("temporary password sign-in: %+v", res)
	}
	e.do("POST", "/users/changeExpiredPassword", "", ChangeExpiredPasswordInput{"ana", temp2, newPassword, newPassword}).want(200)
	e.mustLogin("ana", newPassword)
	// Used once: it opens nothing any more.
	if res := e.login("ana", temp2); res.Success || res.FailReason != FailWrongCredentials {
		t.Errorf("temporary password reused: %+v", res)
	}
	e.do("POST", "/users/changeExpiredPassword", "", ChangeExpiredPasswordInput{"ana", temp2, "Terceira-Senha-9", "Terceira-Senha-9"}).want(400)

	// Expiry after an hour.
	e.clock.Advance(resetMailInterval)
	reset("ana")
	temp3 := e.mailedPassword("ana@example.com")
	e.clock.Advance(resetValidity + time.Second)
	if res := e.login("ana", temp3); res.Success || res.FailReason != FailWrongCredentials {
		t.Errorf("expired temporary password: %+v", res)
	}
	e.mustLogin("ana", newPassword)
	if !contains(e.auditKinds("ana"), kindResetRequested) {
		t.Error("not audited")
	}
}

func TestResetPasswordLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "language = 'en'")
	e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": "ana"}).want(200)
	e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": "ana"}).want(200)
	msgs := e.smtp.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d mails: a login gets one reset mail per %v", len(msgs), resetMailInterval)
	}
	if msgs[0].Subject != "Your temporary Tramita password" || !strings.Contains(msgs[0].Text, "Temporary password: ") {
		t.Errorf("mail not in the user's language: %q", msgs[0].Subject)
	}
	if r := e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": ""}).want(400); r.message() != "Obrigatório" {
		t.Errorf("message %q", r.message())
	}
	e.exec(`DELETE FROM mail_server`)
	e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": "ana"}).want(503)
}

type failingMailer struct{}

func (failingMailer) Configured(context.Context) (bool, error) { return true, nil }
func (failingMailer) Send(context.Context, mail.Message) error { return errors.New("smtp down") }

func TestResetMailFailureAnswersAlike(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(o *Options) { o.Mailer = failingMailer{} })
	e.user("ana", "")
	a := e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": "ana"}).want(200).Body.String()
	b := e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": "nobody"}).want(200).Body.String()
	if a != b {
		t.Errorf("%q / %q", a, b)
	}
	if !contains(e.auditKinds("ana"), kindResetMailFailed) {
		t.Error("failure not audited")
	}
}
