package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/hkdf"
)

// sealer encrypts small secrets at rest (the MFA keys) with AES-256-GCM.
// The key is derived from the server secret; the associated data binds a
// ciphertext to its row, so a secret copied to another user does not open.
type sealer struct{ aead cipher.AEAD }

func newSealer(serverSecret []byte) (*sealer, error) {
	key := make([]byte, 32)
	if _, err := io.ReadFull(hkdf.New(sha256.New, serverSecret, nil, []byte("tramita mfa secret v1")), key); err != nil {
		return nil, fmt.Errorf("derive key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &sealer{aead: aead}, nil
}

// seal returns nonce || ciphertext.
func (s *sealer) seal(plain []byte, bind string) []byte {
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+len(plain)+s.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return s.aead.Seal(nonce, nonce, plain, []byte(bind))
}

var errSealed = errors.New("secret does not open with the server key (was TRAMITA_SECRET_KEY changed?)")

func (s *sealer) open(sealed []byte, bind string) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errSealed
	}
	plain, err := s.aead.Open(nil, sealed[:n], sealed[n:], []byte(bind))
	if err != nil {
		return nil, errSealed
	}
	return plain, nil
}

// SealSecret encrypts a small secret of another module (the mail server's
// password) with the server key; bind names the row it belongs to.
func (s *Service) SealSecret(plain []byte, bind string) []byte { return s.sealer.seal(plain, bind) }

// OpenSecret decrypts what SealSecret sealed with the same bind.
func (s *Service) OpenSecret(sealed []byte, bind string) ([]byte, error) {
	return s.sealer.open(sealed, bind)
}
