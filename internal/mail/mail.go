// Package mail sends e-mail through the platform's SMTP server, whose
// settings live in the database (table mail_server). Sending is synchronous:
// the caller waits for the server to take the message, however slow it is.
package mail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// TLSMode is how the connection to the mail server is protected.
type TLSMode string

const (
	// TLSNone sends in the clear. net/smtp then refuses to send a password
	// unless the server is on this machine.
	TLSNone TLSMode = "none"
	// TLSStartTLS connects in the clear and upgrades with STARTTLS (port 587);
	// a server that does not offer it is an error, never a silent downgrade.
	TLSStartTLS TLSMode = "starttls"
	// TLSImplicit speaks TLS from the first byte (port 465).
	TLSImplicit TLSMode = "tls"
)

// Settings are the outgoing mail server's.
type Settings struct {
	Host     string
	Port     int
	Username string
	Password string
	// From is the sender address, optionally with a name: "Tramita <no-reply@example.com>".
	From string
	TLS  TLSMode
}

// Configured reports whether mail can be sent at all.
func (s Settings) Configured() bool { return s.Host != "" && s.From != "" && s.Port > 0 }

// Message is a plain-text e-mail to one recipient.
type Message struct {
	To      string
	Subject string
	Text    string
}

// ErrNotConfigured means the platform has no mail server.
var ErrNotConfigured = errors.New("mail: no mail server is configured")

// defaultTimeout bounds a whole delivery when ctx has no deadline.
const defaultTimeout = 30 * time.Second

// Deliver sends m through the server of st. tlsConfig may be nil; tests pass
// one that trusts their own certificate.
func Deliver(ctx context.Context, st Settings, tlsConfig *tls.Config, m Message, now time.Time) error {
	if !st.Configured() {
		return ErrNotConfigured
	}
	from, err := netmail.ParseAddress(st.From)
	if err != nil {
		return fmt.Errorf("mail: sender %q: %w", st.From, err)
	}
	to, err := netmail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("mail: recipient %q: %w", m.To, err)
	}
	body, err := compose(from, to, m, now)
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	c, err := dial(ctx, st, tlsConfig)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := send(c, st, from.Address, to.Address, body); err != nil {
		return err
	}
	return c.Quit()
}

func dial(ctx context.Context, st Settings, tlsConfig *tls.Config) (*smtp.Client, error) {
	addr := net.JoinHostPort(st.Host, strconv.Itoa(st.Port))
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if tlsConfig != nil {
		cfg = tlsConfig.Clone()
	}
	cfg.ServerName = st.Host
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mail: connect to %s: %w", addr, err)
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	if st.TLS == TLSImplicit {
		tc := tls.Client(conn, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("mail: TLS with %s: %w", addr, err)
		}
		conn = tc
	}
	c, err := smtp.NewClient(conn, st.Host)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("mail: greeting of %s: %w", addr, err)
	}
	if st.TLS == TLSStartTLS {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			c.Close()
			return nil, fmt.Errorf("mail: %s does not offer STARTTLS", addr)
		}
		if err := c.StartTLS(cfg); err != nil {
			c.Close()
			return nil, fmt.Errorf("mail: STARTTLS with %s: %w", addr, err)
		}
	}
	return c, nil
}

func send(c *smtp.Client, st Settings, from, to string, body []byte) error {
	if st.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", st.Username, st.Password, st.Host)); err != nil {
			return fmt.Errorf("mail: authenticate as %s: %w", st.Username, err)
		}
	}
	if err := c.Mail(from); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to); err != nil {
		return fmt.Errorf("mail: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("mail: write message: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: message refused: %w", err)
	}
	return nil
}

// compose builds the RFC 5322 message: UTF-8 text, quoted-printable, the
// subject encoded per RFC 2047. Addresses went through ParseAddress, so no
// header can be injected through them.
func compose(from, to *netmail.Address, m Message, now time.Time) ([]byte, error) {
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, errors.New("mail: subject has a line break")
	}
	var id [12]byte
	_, _ = rand.Read(id[:])
	domain := "tramita.local"
	if at := strings.LastIndexByte(from.Address, '@'); at >= 0 {
		domain = from.Address[at+1:]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\n", from.String())
	fmt.Fprintf(&b, "To: %s\r\n", to.String())
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id[:]), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	text := strings.ReplaceAll(strings.ReplaceAll(m.Text, "\r\n", "\n"), "\n", "\r\n")
	if _, err := qp.Write([]byte(text)); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	b.WriteString("\r\n")
	return []byte(b.String()), nil
}
