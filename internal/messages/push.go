package messages

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/jobs"
)

// PushJobKind is the job that pushes one message to one device. The server
// registers Push.HandleJob for it on its jobs.Worker.
const PushJobKind = "message.push"

type pushJob struct {
	MessageID int64 `json:"messageId"`
	DeviceID  int64 `json:"deviceId"`
}

// Device is a browser's push subscription, as createDevice sends it.
type Device struct {
	DeviceName   string `json:"deviceName"`
	PushEndpoint string `json:"pushEndpoint"`
	PushP256DH   string `json:"pushP256DH"`
	PushAuth     string `json:"pushAuth"`
}

// Limits of push devices.
const (
	maxDevicesPerUser = 20
	maxDeviceName     = 200
	maxEndpointLength = 2048
	// pushTTL is how long a push service keeps a push for an offline browser.
	pushTTL = 24 * 60 * 60
	// maxPushText keeps the encrypted push within the 4 KB a push service takes.
	maxPushText = 1000
)

// PushNotification is the JSON a service worker receives in a push: the
// message's title and text, its id, and the page to open on a click.
type PushNotification struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	ID    int64  `json:"id"`
	URL   string `json:"url"`
}

// Push registers browsers for web push and pushes new messages to them.
type Push struct {
	store      *Store
	client     *http.Client
	log        *slog.Logger
	allowLocal bool
	hosts      []string

	mu    sync.Mutex
	vapid *vapidKeys // loaded, or created, on first use
}

// PushOptions configure NewPush.
type PushOptions struct {
	// AllowLoopback accepts endpoints on a loopback host (localhost, 127/8,
	// ::1), over http or https on any port, and lets pushes connect to local
	// addresses, for tests only: otherwise a signed-in user could make the
	// job worker POST to local services.
	AllowLoopback bool
	// Hosts are the push services an endpoint may name: a host, or "*.domain"
	// for any name under domain; none, DefaultPushHosts.
	Hosts []string
}

// DefaultPushHosts are the browsers' push services: Chrome, Edge's Chromium
// builds and Opera (FCM), Firefox (Mozilla autopush), Edge on Windows (WNS)
// and Safari (APNs, web.push.apple.com).
var DefaultPushHosts = []string{"fcm.googleapis.com", "updates.push.services.mozilla.com", "*.notify.windows.com", "*.push.apple.com"}

// NewPush returns the push side of messages. Pushes go out with a 30-second
// timeout, follow no redirect, and (without AllowLoopback) connect to no
// local address, whatever the endpoint's name resolves to when it is sent.
func NewPush(store *Store, log *slog.Logger, opts PushOptions) *Push {
	hosts := DefaultPushHosts
	if len(opts.Hosts) > 0 {
		hosts = make([]string, len(opts.Hosts))
		for i, h := range opts.Hosts {
			hosts[i] = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(h), "."))
		}
	}
	return &Push{store: store, log: log, allowLocal: opts.AllowLoopback, hosts: hosts,
		client: newPushClient(opts.AllowLoopback, http.ProxyFromEnvironment)}
}

// hostRefused is an endpoint on no allowed push service, or on another port.
type hostRefused struct{ host string }

func (e *hostRefused) Error() string {
	return "push endpoint " + e.host + " is not on an allowed push service (https, port 443)"
}

// errLocalAddress refuses a push to this machine or its link.
var errLocalAddress = errors.New("push endpoint is a local address")

// localAddress reports an address that is no push service on the internet
// and may reach inside: this host, private networks, link-local (a cloud's
// metadata). IPv4 inside IPv6 is judged as itself; Teredo hides it: refused.
func localAddress(a netip.Addr) bool {
	a = a.Unmap()
	if a.Is6() {
		b := a.As16()
		switch {
		case a.IsLoopback() || a.IsUnspecified():
			return true
		case [12]byte(b[:12]) == [12]byte{}, // ::a.b.c.d
			[12]byte(b[:12]) == [12]byte{0, 0x64, 0xff, 0x9b}: // 64:ff9b::a.b.c.d
			return localAddress(netip.AddrFrom4([4]byte(b[12:])))
		case b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && b[4] == 0 && b[5] == 1: // 64:ff9b:1::/48
			return true
		case b[0] == 0x20 && b[1] == 0x02: // 2002:a.b.c.d::/48
			return localAddress(netip.AddrFrom4([4]byte(b[2:6])))
		case b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0: // Teredo
			return true
		}
	}
	if a.Is4() {
		b := a.As4()
		// 0/8 reaches this host; 240/4 is reserved; 100.64/10 is shared space.
		if b[0] == 0 || b[0] >= 240 || (b[0] == 100 && b[1]&0xc0 == 64) {
			return true
		}
	}
	return a.IsLoopback() || a.IsUnspecified() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsPrivate()
}

// newPushClient sends pushes. Unless allowLocal, its dialer refuses local
// addresses after resolving, so a name made local by DNS rebinding is not
// contacted either. The environment's proxy is the operator's and may be local.
func newPushClient(allowLocal bool, proxy func(*http.Request) (*url.URL, error)) *http.Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.Proxy = proxy
	direct := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	guarded := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || localAddress(ap.Addr()) {
				return fmt.Errorf("%w: %s", errLocalAddress, address)
			}
			return nil
		}}
	// Through a proxy it is the proxy that connects, so the endpoint's name is
	// resolved here first and refused when local; how the proxy resolves it later
	// is the operator's to restrict.
	transport.Proxy = func(req *http.Request) (*url.URL, error) {
		u, err := proxy(req)
		if err != nil || u == nil || allowLocal {
			return u, err
		}
		host := req.URL.Hostname()
		addrs, err := net.DefaultResolver.LookupNetIP(req.Context(), "ip", host)
		if err != nil {
			return nil, fmt.Errorf("push endpoint %s: %w", host, err)
		}
		for _, a := range addrs {
			if localAddress(a) {
				return nil, fmt.Errorf("%w: %s is %s", errLocalAddress, host, a)
			}
		}
		return u, nil
	}
	proxies := map[string]bool{}
	for _, scheme := range []string{"https", "http"} {
		if u, err := proxy(&http.Request{URL: &url.URL{Scheme: scheme, Host: "push.invalid"}}); err == nil && u != nil {
			port := u.Port()
			if port == "" {
				port = map[string]string{"https": "443", "socks5": "1080"}[u.Scheme]
			}
			if port == "" {
				port = "80"
			}
			proxies[net.JoinHostPort(u.Hostname(), port)] = true
		}
	}
	transport.DialContext = func(ctx context.Context, network, address string) (net.Conn, error) {
		if allowLocal || proxies[address] {
			return direct.DialContext(ctx, network, address)
		}
		return guarded.DialContext(ctx, network, address)
	}
	return &http.Client{
		Transport:     transport,
		Timeout:       30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// vapidKeys identify this installation to the push services (RFC 8292). They
// are made on first use and kept in a secret platform setting, so every
// instance signs with the same pair and subscriptions survive restarts.
type vapidKeys struct {
	PublicKey  string `json:"publicKey"`
	PrivateKey string `json:"privateKey"`
	// Subject is the contact the push services may use: an e-mail address
	// or an https URL.
	Subject string `json:"subject"`
}

// vapidSubject is the contact given until an administrator sets one.
const vapidSubject = "postmaster@localhost"

// PublicKey returns the VAPID public key (base64url, uncompressed P-256
// point) that browsers subscribe with.
func (p *Push) PublicKey(ctx context.Context) (string, error) {
	k, err := p.keys(ctx)
	if err != nil {
		return "", err
	}
	return k.PublicKey, nil
}

// EnsureKeys creates the VAPID keys when there are none yet; the server
// calls it at start so the first browser does not wait for it.
func (p *Push) EnsureKeys(ctx context.Context) error {
	_, err := p.keys(ctx)
	return err
}

func (p *Push) keys(ctx context.Context) (*vapidKeys, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.vapid != nil {
		return p.vapid, nil
	}
	priv, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("vapid keys: %w", err)
	}
	fresh := vapidKeys{
		PublicKey:  base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()),
		PrivateKey: base64.RawURLEncoding.EncodeToString(priv.Bytes()),
		Subject:    vapidSubject,
	}
	k, err := p.store.VAPIDKeys(ctx, fresh)
	if err != nil {
		return nil, err
	}
	p.vapid = &k
	return p.vapid, nil
}

// CreateDevice registers (or moves to the caller) a browser's subscription.
func (p *Push) CreateDevice(ctx context.Context, c Caller, d Device) error {
	var v httpx.Validation
	var refused *hostRefused
	if err := p.validEndpoint(d.PushEndpoint); errors.As(err, &refused) {
		v.Add("pushEndpoint", "portal.pushHostRefused", "host", refused.host)
	} else if err != nil {
		v.Add("pushEndpoint", "portal.pushEndpointInvalid")
	}
	p256dh, err := decodeKey(d.PushP256DH)
	if err == nil {
		_, err = ecdh.P256().NewPublicKey(p256dh)
	}
	if err != nil {
		v.Add("pushP256DH", "portal.pushKeyInvalid")
	}
	if auth, err := decodeKey(d.PushAuth); err != nil || len(auth) != 16 {
		v.Add("pushAuth", "portal.pushKeyInvalid")
	}
	if err := v.Err(); err != nil {
		return err
	}
	name := strings.TrimSpace(d.DeviceName)
	if utf8.RuneCountInString(name) > maxDeviceName {
		name = string([]rune(name)[:maxDeviceName])
	}
	auth, _ := decodeKey(d.PushAuth)
	return p.store.SaveDevice(ctx, c.UserID, name, d.PushEndpoint,
		base64.RawURLEncoding.EncodeToString(p256dh), base64.RawURLEncoding.EncodeToString(auth), maxDevicesPerUser)
}

// validEndpoint accepts an https URL on port 443 of an allowed push service
// (p.hosts); allowLocal (tests) accepts a loopback host too, over http or
// https on any port, for a stand-in push service.
func (p *Push) validEndpoint(raw string) error {
	if len(raw) > maxEndpointLength {
		return errors.New("too long")
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.Fragment != "" {
		return errors.New("not an absolute URL")
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	addr, addrErr := netip.ParseAddr(host)
	local := host == "localhost" || strings.HasSuffix(host, ".localhost") || (addrErr == nil && localAddress(addr)) ||
		(addrErr != nil && numericHost(host))
	loopback := host == "localhost" || (addrErr == nil && addr.Unmap().IsLoopback())
	switch {
	case p.allowLocal && loopback && (u.Scheme == "https" || u.Scheme == "http"):
		return nil
	case local:
		return errLocalAddress
	case u.Scheme != "https":
		return errors.New("not https")
	case (u.Port() != "" && u.Port() != "443") || addrErr == nil || !allowedHost(p.hosts, host):
		return &hostRefused{host: u.Host}
	}
	return nil
}

// allowedHost: host is one of hosts, or under the domain of a "*.domain".
func allowedHost(hosts []string, host string) bool {
	for _, h := range hosts {
		if domain, wild := strings.CutPrefix(h, "*."); wild {
			if strings.HasSuffix(host, "."+domain) {
				return true
			}
		} else if h == host {
			return true
		}
	}
	return false
}

// numericHost: a host whose last label is a number (2130706433, 0x7f.1,
// 0177.0.0.1, 127.1): no name of the internet, but an address in the
// shorthand forms some resolvers read (inet_aton), which may be local.
func numericHost(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	if strings.HasPrefix(last, "0x") {
		return true
	}
	return strings.Trim(last, "0123456789") == ""
}

// decodeKey reads a subscription key as browsers give it: base64url, with or
// without padding (standard base64 is accepted too, as webpush-go does).
func decodeKey(s string) ([]byte, error) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	if b, err := base64.RawURLEncoding.DecodeString(s); err == nil {
		return b, nil
	}
	return base64.RawStdEncoding.DecodeString(s)
}

// HandleJob pushes one message to one device. A device the push service no
// longer knows (404, 410) is removed; a refusal that retrying cannot fix is
// not retried; anything else is, by the job queue.
func (p *Push) HandleJob(ctx context.Context, j jobs.Job) error {
	var pj pushJob
	if err := json.Unmarshal(j.Payload, &pj); err != nil {
		return jobs.Permanent(fmt.Errorf("push job payload: %w", err))
	}
	t, ok, err := p.store.PushTarget(ctx, pj.MessageID, pj.DeviceID)
	if err != nil || !ok {
		// Not ok: the message was deleted, or the device removed or moved to
		// another user, since the push was queued. Nothing to send.
		return err
	}
	// Checked again when sending: a device registered before the check, with
	// TRAMITA_PUSH_ALLOW_LOOPBACK on, or on a host no longer allowed.
	if err := p.validEndpoint(t.Endpoint); err != nil {
		p.log.Warn("messages: push endpoint refused", "device", pj.DeviceID, "error", err)
		return jobs.Permanent(fmt.Errorf("push to device %d: %w", pj.DeviceID, err))
	}
	keys, err := p.keys(ctx)
	if err != nil {
		return err
	}
	text := t.Message.MessageText
	if utf8.RuneCountInString(text) > maxPushText {
		text = string([]rune(text)[:maxPushText-1]) + "…"
	}
	payload, err := json.Marshal(PushNotification{Title: t.Message.Title, Body: text, ID: t.Message.ID, URL: "/app"})
	if err != nil {
		return jobs.Permanent(err)
	}
	resp, err := webpush.SendNotificationWithContext(ctx, payload,
		&webpush.Subscription{Endpoint: t.Endpoint, Keys: webpush.Keys{P256dh: t.P256DH, Auth: t.Auth}},
		&webpush.Options{
			HTTPClient:      p.client,
			Subscriber:      keys.Subject,
			VAPIDPublicKey:  keys.PublicKey,
			VAPIDPrivateKey: keys.PrivateKey,
			TTL:             pushTTL,
			Urgency:         webpush.UrgencyNormal,
		})
	if errors.Is(err, errLocalAddress) {
		p.log.Warn("messages: push endpoint resolves to a local address, not contacted", "device", pj.DeviceID, "error", err)
		return jobs.Permanent(fmt.Errorf("push to device %d: %w", pj.DeviceID, err))
	}
	if err != nil {
		return fmt.Errorf("push to device %d: %w", pj.DeviceID, err)
	}
	defer resp.Body.Close()
	detail, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	switch code := resp.StatusCode; {
	case code >= 200 && code < 300:
		return nil
	case code == http.StatusNotFound || code == http.StatusGone:
		p.log.Info("messages: push subscription expired, device removed", "device", pj.DeviceID, "status", code)
		return p.store.DeleteDevice(ctx, pj.DeviceID)
	case code == http.StatusTooManyRequests || code >= 500:
		return fmt.Errorf("push to device %d: status %d: %s", pj.DeviceID, code, detail)
	default:
		return jobs.Permanent(fmt.Errorf("push to device %d refused: status %d: %s", pj.DeviceID, code, detail))
	}
}
