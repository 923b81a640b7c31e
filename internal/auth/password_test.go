package auth

import (
	"strings"
	"testing"
)

func TestHashAndVerify(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("unexpected PHC string %q", h)
	}
	if ok, err := VerifyPassword(h, "correct horse battery"); err != nil || !ok {
		t.Errorf("right password refused: %v %v", ok, err)
	}
	if ok, _ := VerifyPassword(h, "wrong"); ok {
		t.Error("wrong password accepted")
	}
	h2, _ := HashPassword("correct horse battery")
	if h == h2 {
		t.Error("two hashes of one password must differ (salt)")
	}
}

func TestVerifyRejectsForeignHashes(t *testing.T) {
	for _, h := range []string{"", "plain", "$2a$10$abcdefghijklmnopqrstuv", "$argon2id$v=19$m=x,t=2,p=1$a$b"} {
		if _, err := VerifyPassword(h, "x"); err == nil {
			t.Errorf("hash %q should be refused", h)
		}
	}
}

func TestRandomPassword(t *testing.T) {
	p := RandomPassword(16)
	if len(p) != 16 || p == RandomPassword(16) {
		t.Errorf("bad random password %q", p)
	}
}
