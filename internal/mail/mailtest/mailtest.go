// Package mailtest runs an SMTP server inside a test process and keeps what
// it receives, so a test reads the mail a user would get.
package mailtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/tramita/tramita/internal/mail"
)

// The credentials the server accepts.
const (
	Username = "tramita"
	Password = "mail-secret"
)

// Message is a received e-mail.
type Message struct {
	From    string
	To      []string
	Subject string
	// Text is the decoded body.
	Text string
	Raw  []byte
}

// Server is a running test SMTP server.
type Server struct {
	mode    mail.TLSMode
	port    int
	tlsConf *tls.Config
	pool    *x509.CertPool

	mu   sync.Mutex
	msgs []Message
}

// Start runs a server speaking mode (none, starttls or tls) on 127.0.0.1,
// requiring AUTH PLAIN with Username and Password, until the test ends.
func Start(t testing.TB, mode mail.TLSMode) *Server {
	t.Helper()
	cert, pool := selfSigned(t)
	s := &Server{mode: mode, pool: pool, tlsConf: &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.port = ln.Addr().(*net.TCPAddr).Port
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{srv: s}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.ErrorLog = testLogger{t}
	// AUTH over a plain connection is allowed only because the server is on
	// the loopback, as net/smtp's client also demands.
	srv.AllowInsecureAuth = mode == mail.TLSNone
	switch mode {
	case mail.TLSStartTLS:
		srv.TLSConfig = s.tlsConf
	case mail.TLSImplicit:
		ln = tls.NewListener(ln, s.tlsConf)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// Settings are the mail settings that reach this server.
func (s *Server) Settings() mail.Settings {
	return mail.Settings{Host: "127.0.0.1", Port: s.port, Username: Username, Password: Password,
		From: "Tramita <no-reply@tramita.test>", TLS: s.mode}
}

// ClientTLS trusts the server's certificate.
func (s *Server) ClientTLS() *tls.Config {
	return &tls.Config{RootCAs: s.pool, MinVersion: tls.VersionTLS12}
}

// Messages returns what was received so far, oldest first.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

type session struct {
	srv    *Server
	authed bool
	from   string
	to     []string
}

func (ss *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != Username || pass != Password {
			return errors.New("invalid credentials")
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if !ss.authed {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := Message{From: ss.from, To: ss.to, Raw: raw}
	if parsed, err := netmail.ReadMessage(strings.NewReader(string(raw))); err == nil {
		var dec mime.WordDecoder
		m.Subject, _ = dec.DecodeHeader(parsed.Header.Get("Subject"))
		body := parsed.Body
		if strings.EqualFold(parsed.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
			body = quotedprintable.NewReader(body)
		}
		text, _ := io.ReadAll(body)
		m.Text = strings.ReplaceAll(string(text), "\r\n", "\n")
	}
	ss.srv.mu.Lock()
	ss.srv.msgs = append(ss.srv.msgs, m)
	ss.srv.mu.Unlock()
	return nil
}

func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }

func selfSigned(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

type testLogger struct{ t testing.TB }

func (l testLogger) Printf(format string, v ...any) { l.t.Logf("smtp server: "+format, v...) }
func (l testLogger) Println(v ...any)               { l.t.Log(append([]any{"smtp server:"}, v...)...) }
