package auth

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"strings"
	"testing"
	"time"
)

// The SHA-1 vectors of RFC 6238, appendix B (8 digits), and their last 6.
func TestTOTPMatchesRFC6238(t *testing.T) {
	key := []byte("12345678901234567890")
	for _, v := range []struct {
		unix int64
		want string
	}{
		{59, "94287082"}, {1111111109, "07081804"}, {1111111111, "14050471"},
		{1234567890, "89005924"}, {2000000000, "69279037"}, {20000000000, "65353130"},
	} {
		step := totpStep(time.Unix(v.unix, 0))
		if got := totpCode(key, step, 8); got != v.want {
			t.Errorf("t=%d: %s, want %s", v.unix, got, v.want)
		}
		if got := totpCode(key, step, 6); got != v.want[2:] {
			t.Errorf("t=%d six digits: %s", v.unix, got)
		}
	}
}

func TestMatchTOTPWindowAndReplay(t *testing.T) {
	key := newTOTPKey()
	now := time.Unix(1_700_000_000, 0)
	cur := totpStep(now)
	for d := int64(-2); d <= 2; d++ {
		code := totpCode(key, cur+d, 6)
		step, ok := matchTOTP(key, code, now, 0)
		want := d >= -1 && d <= 1
		if ok != want || (ok && step != cur+d) {
			t.Errorf("offset %d: ok=%v step=%d", d, ok, step)
		}
	}
	code := totpCode(key, cur, 6)
	if _, ok := matchTOTP(key, code, now, cur); ok {
		t.Error("a code of a used step was accepted")
	}
	if _, ok := matchTOTP(key, totpCode(key, cur-1, 6), now, cur); ok {
		t.Error("a code older than the used step was accepted")
	}
	if _, ok := matchTOTP(key, "12345", now, 0); ok {
		t.Error("five digits accepted")
	}
}

func TestQRCodeIs250PNG(t *testing.T) {
	uri := otpauthURI("Tramita", "ana@x", newTOTPKey())
	if !strings.HasPrefix(uri, "otpauth://totp/Tramita:ana@x?") || !strings.Contains(uri, "issuer=Tramita") {
		t.Errorf("uri %q", uri)
	}
	data, err := qrDataURL(uri)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(data, "data:image/png;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 250 || b.Dy() != 250 {
		t.Errorf("size %v", b)
	}
}

func TestSealer(t *testing.T) {
	s, err := newSealer([]byte("server secret"))
	if err != nil {
		t.Fatal(err)
	}
	sealed := s.seal([]byte("totp key"), "user:1")
	if got, err := s.open(sealed, "user:1"); err != nil || string(got) != "totp key" {
		t.Fatalf("open: %q %v", got, err)
	}
	if _, err := s.open(sealed, "user:2"); err == nil {
		t.Error("a secret opened for another user")
	}
	other, _ := newSealer([]byte("another secret"))
	if _, err := other.open(sealed, "user:1"); err == nil {
		t.Error("a secret opened with another key")
	}
	if bytes.Equal(sealed, s.seal([]byte("totp key"), "user:1")) {
		t.Error("two seals must differ (nonce)")
	}
}
