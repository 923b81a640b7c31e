// Package auth signs people in: passwords, tokens, sessions, MFA, terms of use
// and password reset.
package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"

	"github.com/tramita/tramita/internal/httpx"
)

// Argon2id parameters: the OWASP recommendation (m=19 MiB, t=2, p=1).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// hashing bounds the argon2id computations running at once: each takes
// 19 MiB and a core for tens of milliseconds, and a flood of sign-ins must
// not take the memory and CPU everyone else needs.
var hashing = make(chan struct{}, max(2, runtime.NumCPU()))

// hashQueueWait is how long a password check waits for a free slot before
// the caller is told to come back (503).
var hashQueueWait = 2 * time.Second

// errHashingBusy answers a password check that found every slot taken.
var errHashingBusy = httpx.Fail(http.StatusServiceUnavailable, "error.unavailable")

// argonKey runs argon2id under the process-wide bound.
func argonKey(password, salt []byte, t, m uint32, p uint8, n uint32) ([]byte, error) {
	select {
	case hashing <- struct{}{}:
	default:
		wait := time.NewTimer(hashQueueWait)
		defer wait.Stop()
		select {
		case hashing <- struct{}{}:
		case <-wait.C:
			return nil, errHashingBusy
		}
	}
	defer func() { <-hashing }()
	return argon2.IDKey(password, salt, t, m, p, n), nil
}

// HashPassword returns the argon2id PHC string of password.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	key, err := argonKey([]byte(password), salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// ErrBadHash means a stored hash is not an argon2id PHC string we can read.
var ErrBadHash = errors.New("password hash is not argon2id")

// VerifyPassword reports whether password matches the PHC string. It reads
// the parameters from the hash, so older hashes keep working when the
// parameters above change.
func VerifyPassword(phc, password string) (bool, error) {
	parts := strings.Split(phc, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, ErrBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, ErrBadHash
	}
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 {
		return false, ErrBadHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, ErrBadHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, ErrBadHash
	}
	got, err := argonKey([]byte(password), salt, t, m, p, uint32(len(want)))
	if err != nil {
		return false, err
	}
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// RandomPassword returns a password of n characters from an alphabet without
// look-alike characters, for generated administrator and reset passwords.
func RandomPassword(n int) string {
	const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	// Rejection sampling keeps every character equally likely.
	limit := byte(256 - 256%len(alphabet))
	out := make([]byte, 0, n)
	buf := make([]byte, n)
	for len(out) < n {
		if _, err := rand.Read(buf); err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		for _, c := range buf {
			if c < limit && len(out) < n {
				out = append(out, alphabet[int(c)%len(alphabet)])
			}
		}
	}
	return string(out)
}
