package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"net/url"
	"time"

	qrcode "github.com/skip2/go-qrcode"
)

// TOTP as RFC 6238 with the parameters every authenticator app supports:
// HMAC-SHA1, 6 digits, 30-second steps; one step either side is accepted
// for clock drift.
const (
	totpDigits  = 6
	totpPeriod  = 30
	totpSkew    = 1
	totpKeySize = 20 // 160 bits, as RFC 4226 recommends
	qrSize      = 250
)

var base32NoPad = base32.StdEncoding.WithPadding(base32.NoPadding)

func newTOTPKey() []byte {
	k := make([]byte, totpKeySize)
	if _, err := rand.Read(k); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return k
}

// totpStep is the time step that holds t.
func totpStep(t time.Time) int64 { return t.Unix() / totpPeriod }

// totpCode is the RFC 4226 HOTP value of key at counter step.
func totpCode(key []byte, step int64, digits int) string {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(step))
	mac := hmac.New(sha1.New, key)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	mod := uint32(1)
	for range digits {
		mod *= 10
	}
	return fmt.Sprintf("%0*d", digits, bin%mod)
}

// matchTOTP returns the step whose code is code, looking one step either
// side of now, and only at steps after lastStep so a used code (or an older
// one) is never accepted again.
func matchTOTP(key []byte, code string, now time.Time, lastStep int64) (int64, bool) {
	if len(code) != totpDigits {
		return 0, false
	}
	cur := totpStep(now)
	for s := cur - totpSkew; s <= cur+totpSkew; s++ {
		if s <= lastStep {
			continue
		}
		if subtle.ConstantTimeCompare([]byte(totpCode(key, s, totpDigits)), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// otpauthURI is the key-URI an authenticator app reads from the QR code.
func otpauthURI(issuer, account string, key []byte) string {
	label := url.PathEscape(issuer + ":" + account)
	q := url.Values{}
	q.Set("secret", base32NoPad.EncodeToString(key))
	q.Set("issuer", issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", fmt.Sprint(totpDigits))
	q.Set("period", fmt.Sprint(totpPeriod))
	return "otpauth://totp/" + label + "?" + q.Encode()
}

// qrDataURL draws uri as a 250x250 PNG data URL.
func qrDataURL(uri string) (string, error) {
	png, err := qrcode.Encode(uri, qrcode.Medium, qrSize)
	if err != nil {
		return "", fmt.Errorf("qr code: %w", err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png), nil
}
