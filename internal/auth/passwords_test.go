package auth

import (
	"testing"
	"time"
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
