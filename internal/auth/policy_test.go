package auth

import (
	"errors"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
)

func TestPasswordPolicy(t *testing.T) {
	tests := []struct {
		name, login, old, pw, confirm string
		wantField, wantKey            string
	}{
		{"good", "ana", "", "Vento-Norte-42", "Vento-Norte-42", "", ""},
		{"good passphrase", "ana", "", "a cidade acorda cedo", "a cidade acorda cedo", "", ""},
		{"empty", "ana", "", "", "", "newPassword", "error.required"},
		{"short", "ana", "", "Ab3$xyz", "Ab3$xyz", "newPassword", "auth.passwordTooShort"},
		{"eight is enough", "ana", "", "Zq8#mWp2", "Zq8#mWp2", "", ""},
		{"long", "ana", "", strings.Repeat("x", 129), strings.Repeat("x", 129), "newPassword", "auth.passwordTooLong"},
		{"128 is allowed", "ana", "", strings.Repeat("xy", 64), strings.Repeat("xy", 64), "", ""},
		{"is the login", "ana.souza", "", "Ana.Souza", "Ana.Souza", "newPassword", "auth.passwordIsLogin"},
		{"common", "ana", "", "password123", "password123", "newPassword", "auth.passwordTooCommon"},
		{"common any case", "ana", "", "SENHA@123", "SENHA@123", "newPassword", "auth.passwordTooCommon"},
		{"common portuguese", "ana", "", "flamengo2024", "flamengo2024", "newPassword", "auth.passwordTooCommon"},
		{"same as old", "ana", "Vento-Norte-42", "Vento-Norte-42", "Vento-Norte-42", "newPassword", "auth.passwordSameAsOld"},
		{"confirmation differs", "ana", "", "Vento-Norte-42", "Vento-Norte-43", "confirmPassword", "auth.passwordsDontMatch"},
		{"confirmation missing", "ana", "", "Vento-Norte-42", "", "confirmPassword", "error.required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkNewPassword(tt.login, tt.old, tt.pw, tt.confirm)
			if tt.wantKey == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *httpx.Error
			if !errors.As(err, &e) || len(e.Validations) == 0 || e.Validations[0].Field != tt.wantField || e.Validations[0].Key != tt.wantKey {
				t.Fatalf("got %v, want %s %s", err, tt.wantField, tt.wantKey)
			}
		})
	}
}

func TestCommonListIsLoaded(t *testing.T) {
	if n := len(commonPasswords()); n < 5000 {
		t.Errorf("only %d common passwords", n)
	}
	for _, p := range []string{"12345678", "qwerty123", "iloveyou", "corinthians", "Brasil@123", "P@ssw0rd"} {
		if !IsCommonPassword(p) {
			t.Errorf("%q should be common", p)
		}
	}
}
