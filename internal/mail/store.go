package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store reads and writes the mail server settings (table mail_server).
type Store struct {
	db     *pgxpool.Pool
	cipher Cipher
}

// Cipher encrypts the password at rest; *auth.Service is one.
type Cipher interface {
	SealSecret(plain []byte, bind string) []byte
	OpenSecret(sealed []byte, bind string) ([]byte, error)
}

// passwordBinding ties the sealed password to its row.
const passwordBinding = "mail_server:1:password"

// SetCipher makes the store keep the password encrypted. Call it before the
// store is used: the server key is known only once the auth module started.
func (s *Store) SetCipher(c Cipher) { s.cipher = c }

// NewStore returns a store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// Settings returns the saved settings; zero Settings when none were saved.
func (s *Store) Settings(ctx context.Context) (Settings, error) {
	var st Settings
	var mode string
	var sealed []byte
	err := s.db.QueryRow(ctx, `SELECT host, port, username, password, password_sealed, from_address, tls_mode FROM mail_server WHERE id = 1`).
		Scan(&st.Host, &st.Port, &st.Username, &st.Password, &sealed, &st.From, &mode)
	if errors.Is(err, pgx.ErrNoRows) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("mail settings: %w", err)
	}
	st.TLS = TLSMode(mode)
	if sealed != nil {
		if s.cipher == nil {
			return Settings{}, errors.New("mail settings: the password is encrypted and no key is set")
		}
		plain, err := s.cipher.OpenSecret(sealed, passwordBinding)
		if err != nil {
			return Settings{}, fmt.Errorf("mail settings: %w", err)
		}
		st.Password = string(plain)
	}
	return st, nil
}

// Save replaces the settings.
func (s *Store) Save(ctx context.Context, st Settings) error {
	if st.TLS == "" {
		st.TLS = TLSStartTLS
	}
	clear, sealed := st.Password, []byte(nil)
	if s.cipher != nil && st.Password != "" {
		clear, sealed = "", s.cipher.SealSecret([]byte(st.Password), passwordBinding)
	}
	_, err := s.db.Exec(ctx, `
		INSERT INTO mail_server (id, host, port, username, password, password_sealed, from_address, tls_mode, updated_at)
		VALUES (1, $1, $2, $3, $4, $5, $6, $7, now())
		ON CONFLICT (id) DO UPDATE SET host = $1, port = $2, username = $3, password = $4, password_sealed = $5,
			from_address = $6, tls_mode = $7, updated_at = now()`,
		st.Host, st.Port, st.Username, clear, sealed, st.From, string(st.TLS))
	if err != nil {
		return fmt.Errorf("save mail settings: %w", err)
	}
	return nil
}

// Sender sends through the settings saved in the database, read anew for
// each message so a change on the administration screen applies at once.
type Sender struct {
	store *Store
	// TLSConfig, when set, is the base of every TLS connection (tests trust
	// their own certificate with it).
	TLSConfig *tls.Config
	// Now stamps the Date header.
	Now func() time.Time
}

// NewSender returns a sender over the saved settings.
func NewSender(store *Store) *Sender { return &Sender{store: store, Now: time.Now} }

// Configured reports whether a mail server is saved.
func (s *Sender) Configured(ctx context.Context) (bool, error) {
	st, err := s.store.Settings(ctx)
	if err != nil {
		return false, err
	}
	return st.Configured(), nil
}

// Send delivers m; ErrNotConfigured when no mail server is saved.
func (s *Sender) Send(ctx context.Context, m Message) error {
	st, err := s.store.Settings(ctx)
	if err != nil {
		return err
	}
	return Deliver(ctx, st, s.TLSConfig, m, s.Now())
}
