package auth

import (
	_ "embed"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/httpx"
)

// Password length bounds. The upper bound only keeps hashing cheap; any
// passphrase a person types fits.
const (
	MinPasswordLength = 8
	MaxPasswordLength = 128
)

// commonPasswords holds leaked passwords and the patterns people type (words,
// names and football clubs with 123, @123, years...) in English and Brazilian
// Portuguese, of 8 characters or more: shorter ones fail the length rule.
//
//go:embed commonpasswords.txt
var commonPasswordsText string

// The set is built on first use from the embedded list; it never changes.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 12000)
	for _, line := range strings.Split(commonPasswordsText, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			set[strings.ToLower(line)] = struct{}{}
		}
	}
	return set
})

// IsCommonPassword reports whether p is on the shipped list.
func IsCommonPassword(p string) bool {
	_, ok := commonPasswords()[strings.ToLower(p)]
	return ok
}

// PasswordProblem applies the password policy to a password set outside
// the web app (the first administrator's, the admin command's): "" when it
// passes, else what is wrong, in English, for an operator's terminal.
func PasswordProblem(login, password string) string {
	switch {
	case utf8.RuneCountInString(password) < MinPasswordLength:
		return "must have at least 8 characters"
	case utf8.RuneCountInString(password) > MaxPasswordLength:
		return "must have at most 128 characters"
	case strings.EqualFold(strings.TrimSpace(password), strings.TrimSpace(login)):
		return "must not be the login"
	case IsCommonPassword(password):
		return "is too common, easy to guess: choose another"
	}
	return ""
}

// checkNewPassword applies the password policy to a new password and its
// confirmation. old is the current password when the caller knows it.
func checkNewPassword(login, old, newPassword, confirm string) error {
	var v httpx.Validation
	switch {
	case newPassword == "":
		v.Add("newPassword", "error.required")
	case utf8.RuneCountInString(newPassword) < MinPasswordLength:
		v.Add("newPassword", "auth.passwordTooShort", "min", MinPasswordLength)
	case utf8.RuneCountInString(newPassword) > MaxPasswordLength:
		v.Add("newPassword", "auth.passwordTooLong", "max", MaxPasswordLength)
	case strings.EqualFold(strings.TrimSpace(newPassword), strings.TrimSpace(login)):
		v.Add("newPassword", "auth.passwordIsLogin")
	case IsCommonPassword(newPassword):
		v.Add("newPassword", "auth.passwordTooCommon")
	case old != "" && newPassword == old:
		v.Add("newPassword", "auth.passwordSameAsOld")
	}
	if confirm == "" {
		v.Add("confirmPassword", "error.required")
	} else if confirm != newPassword {
		v.Add("confirmPassword", "auth.passwordsDontMatch")
	}
	return v.Err()
}
