package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/mail"
)

// Default lifetimes. A token is renewed within its session, never past the
// session's end, so after DefaultSessionLifetime everyone signs in again.
const (
	DefaultTokenTTL        = time.Hour
	DefaultSessionLifetime = 12 * time.Hour
	// pendingTokenTTL bounds a token that still owes the second factor.
	pendingTokenTTL = 10 * time.Minute
)

// DefaultRecaptchaVerifyURL is Google's verification endpoint.
const DefaultRecaptchaVerifyURL = "https://www.google.com/recaptcha/api/siteverify"

// Mailer sends the reset and notice mails; *mail.Sender is one.
type Mailer interface {
	Configured(ctx context.Context) (bool, error)
	Send(ctx context.Context, m mail.Message) error
}

// Options configure the service. Zero values take the defaults.
type Options struct {
	// Now is the clock; tests move it.
	Now    func() time.Time
	Mailer Mailer
	// HTTPClient calls the reCAPTCHA verifier.
	HTTPClient         *http.Client
	RecaptchaVerifyURL string
	// JWTSecret signs tokens (at least 32 bytes); empty uses a secret
	// generated on the first start and kept in the database.
	JWTSecret string
	// SecretKey encrypts MFA secrets; empty uses a generated one kept in the
	// database.
	SecretKey       string
	TokenTTL        time.Duration
	SessionLifetime time.Duration
	// TrustedProxies may set X-Forwarded-For; anyone else's is ignored.
	TrustedProxies []netip.Prefix
	// RateLimitPerMinute caps sign-in, reset and MFA calls per client
	// address; 0 means rateLimitPerMinute.
	RateLimitPerMinute int
	// PublicURL is the address people open the web app at, without a
	// trailing slash; reset links start with it. Never taken from a request:
	// its Host is the caller's to choose, and a link to the caller's host
	// would hand them the token. Empty: DefaultPublicURL.
	PublicURL string
}

// DefaultPublicURL is the address of the default listen address.
const DefaultPublicURL = "http://127.0.0.1:8080"

// Service signs people in and keeps their sessions.
type Service struct {
	store     *Store
	opts      Options
	now       func() time.Time
	jwtKey    []byte
	sealer    *sealer
	dummyHash string
	// tokens keeps the tokens the middleware verified (tokencache.go).
	tokens tokenCache
}

// New prepares the service: it loads (or creates, on the first start) the
// token and encryption secrets and the default terms of use.
func New(ctx context.Context, db *pgxpool.Pool, opts Options) (*Service, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if opts.RecaptchaVerifyURL == "" {
		opts.RecaptchaVerifyURL = DefaultRecaptchaVerifyURL
	}
	if opts.TokenTTL <= 0 {
		opts.TokenTTL = DefaultTokenTTL
	}
	if opts.RateLimitPerMinute <= 0 {
		opts.RateLimitPerMinute = rateLimitPerMinute
	}
	if opts.SessionLifetime <= 0 {
		opts.SessionLifetime = DefaultSessionLifetime
	}
	if opts.PublicURL == "" {
		opts.PublicURL = DefaultPublicURL
	}
	opts.PublicURL = strings.TrimRight(opts.PublicURL, "/")
	if opts.Mailer == nil {
		return nil, errors.New("auth: a mailer is required")
	}
	s := &Service{store: NewStore(db), opts: opts, now: opts.Now}
	jwtSecret := opts.JWTSecret
	if jwtSecret == "" {
		var err error
		if jwtSecret, err = s.store.ensureSecret(ctx, "jwtSecret", randomSecret()); err != nil {
			return nil, err
		}
	}
	if len(jwtSecret) < 32 {
		return nil, errors.New("auth: the token secret must have at least 32 bytes")
	}
	s.jwtKey = []byte(jwtSecret)
	secretKey := opts.SecretKey
	if secretKey == "" {
		var err error
		if secretKey, err = s.store.ensureSecret(ctx, "secretKey", randomSecret()); err != nil {
			return nil, err
		}
	}
	var err error
	if s.sealer, err = newSealer([]byte(secretKey)); err != nil {
		return nil, err
	}
	// A wrong login is checked against this hash, so it costs what a wrong
	// password costs.
	if s.dummyHash, err = HashPassword(RandomPassword(24)); err != nil {
		return nil, err
	}
	if err := s.store.ensureDefaultTerms(ctx, defaultTermsName, defaultTermsPDF); err != nil {
		return nil, err
	}
	return s, nil
}

// randomSecret is 256 random bits, base64.
func randomSecret() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawStdEncoding.EncodeToString(b)
}

// Client is what the service knows of the caller's connection.
type Client struct {
	Address   string
	UserAgent string
}

// ClientOf returns the caller's address (see ClientAddress) and user agent.
func (s *Service) ClientOf(r *http.Request) Client {
	ua := r.UserAgent()
	if len(ua) > 512 {
		ua = ua[:512]
	}
	return Client{Address: ClientAddress(r, s.opts.TrustedProxies), UserAgent: ua}
}

// Sign-in audit kinds.
const (
	kindSignIn          = "signin.success"
	kindSignInFailure   = "signin.failure"
	kindSignInRefused   = "signin.refused" // locked or waiting: the password was not checked
	kindSignInLocked    = "signin.locked"
	kindSignInInactive  = "signin.inactive"
	kindSignInMustChg   = "signin.passwordChangeRequired"
	kindRecaptcha       = "signin.recaptchaFailed"
	kindSignOut         = "signin.logout"
	kindMFAEnrolled     = "mfa.enrolled"
	kindMFAValidated    = "mfa.validated"
	kindMFAFailure      = "mfa.failure"
	kindMFAExhausted    = "mfa.exhausted"
	kindMFALocked       = "mfa.locked"
	kindMFARefused      = "mfa.refused"
	kindMFAReset        = "mfa.reset"
	kindPasswordChanged = "password.changed"
	kindPasswordFailure = "password.changeFailure"
	kindResetRequested  = "password.resetRequested"
	kindResetMailFailed = "password.resetMailFailed"
	kindResetMailed     = "password.resetMailed"
	kindResetNotSent    = "password.resetNotSent" // unknown login, inactive user or no address
	kindTermsAccepted   = "terms.accepted"
	kindTermsDeclined   = "terms.declined"
	kindTermsPublished  = "terms.published"
)

func (s *Service) audit(ctx context.Context, db audit.Execer, kind string, userID int64, login string, c Client, detail map[string]any) error {
	return audit.Record(ctx, db, audit.Event{At: s.now(), UserID: userID, Login: login, Kind: kind, Address: c.Address, Detail: detail})
}
