package messages_test

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/messages"
)

// browser is a push subscription as a browser holds it: the private key and
// auth secret never leave it; the server gets the public parts.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t *testing.T) browser {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return browser{key: key, auth: auth}
}

func (b browser) device(endpoint string) messages.Device {
	return messages.Device{
		DeviceName:   "Linux - Tramita - Google Inc.",
		PushEndpoint: endpoint,
		PushP256DH:   base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes()),
		PushAuth:     base64.RawURLEncoding.EncodeToString(b.auth),
	}
}

// decrypt opens an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) the
// way the browser does.
func (b browser) decrypt(t *testing.T, body []byte) []byte {
	t.Helper()
	if len(body) < 21 {
		t.Fatalf("body of %d bytes", len(body))
	}
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	serverKey, ciphertext := body[21:21+idLen], body[21+idLen:]
	if len(ciphertext) > int(rs) {
		t.Fatalf("more than one record (%d bytes, record size %d)", len(ciphertext), rs)
	}
	serverPub, err := ecdh.P256().NewPublicKey(serverKey)
	if err != nil {
		t.Fatalf("key id is not the server's P-256 key: %v", err)
	}
	shared, err := b.key.ECDH(serverPub)
	if err != nil {
		t.Fatal(err)
	}
	info := "WebPush: info\x00" + string(b.key.PublicKey().Bytes()) + string(serverKey)
	ikm, err := hkdf.Key(sha256.New, shared, b.auth, info, 32)
	if err != nil {
		t.Fatal(err)
	}
	cek, _ := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	plain, err := gcm.Open(nil, nonce, ciphertext, nil)
	if err != nil {
		t.Fatalf("decrypt: %v", err)
	}
	end := len(plain) - 1
	for end >= 0 && plain[end] == 0 {
		end--
	}
	if end < 0 || plain[end] != 2 {
		t.Fatal("no last-record delimiter")
	}
	return plain[:end]
}

type pushRequest struct {
	path   string
	header http.Header
	body   []byte
}

// pushService stands in for a browser vendor's push service: it records the
// pushes and answers each path with the statuses queued for it (201 when
// none is left).
type pushService struct {
	*httptest.Server
	mu       sync.Mutex
	statuses map[string][]int
	got      chan pushRequest
	conns    atomic.Int32 // connections opened to it
}

func newPushService(t *testing.T) *pushService {
	p := &pushService{statuses: map[string][]int{}, got: make(chan pushRequest, 20)}
	p.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.got <- pushRequest{path: r.URL.Path, header: r.Header.Clone(), body: body}
		p.mu.Lock()
		status := http.StatusCreated
		if q := p.statuses[r.URL.Path]; len(q) > 0 {
			status, p.statuses[r.URL.Path] = q[0], q[1:]
		}
		p.mu.Unlock()
		w.WriteHeader(status)
	}))
	p.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			p.conns.Add(1)
		}
	}
	p.Start()
	t.Cleanup(p.Close)
	return p
}

func (p *pushService) answer(path string, statuses ...int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.statuses[path] = statuses
}

func (p *pushService) next(t *testing.T) pushRequest {
	t.Helper()
	select {
	case r := <-p.got:
		return r
	case <-time.After(10 * time.Second):
		t.Fatal("no push arrived")
		return pushRequest{}
	}
}

// runWorker runs the job worker as the server does, retrying at once,
// until the test ends or stop is called.
func (f *fixture) runWorker(t *testing.T) (stop func()) {
	w := jobs.NewWorker(f.db, quiet())
	w.Poll = 20 * time.Millisecond
	w.Backoff = func(int) time.Duration { return 0 }
	w.Handle(messages.PushJobKind, f.push.HandleJob)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = w.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

func (f *fixture) vapidKey(t *testing.T, in *instance) []byte {
	t.Helper()
	status, body := f.call(t, in, "GET", "/api/message/getVapidPublicKey", "ana", nil)
	var key string
	if err := json.Unmarshal(body, &key); status != 200 || err != nil {
		t.Fatalf("getVapidPublicKey: %d %s", status, body)
	}
	raw, err := base64.RawURLEncoding.DecodeString(key)
	if err != nil || len(raw) != 65 || raw[0] != 4 {
		t.Fatalf("public key %q is not an uncompressed P-256 point in base64url", key)
	}
	return raw
}

func (f *fixture) register(t *testing.T, in *instance, login string, d messages.Device) {
	t.Helper()
	if status, body := f.call(t, in, "POST", "/api/message/createDevice", login, d); status != 204 {
		t.Fatalf("createDevice: %d %s", status, body)
	}
}

func TestPushArrivesEncryptedForTheSubscriptionAndSignedWithVAPID(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	ps := newPushService(t)
	f.runWorker(t)
	vapid := f.vapidKey(t, in)
	ana, bia := newBrowser(t), newBrowser(t)
	f.register(t, in, "ana", ana.device(ps.URL+"/push/ana"))
	f.register(t, in, "bia", bia.device(ps.URL+"/push/bia"))

	m := f.send(t, "ana", "Tarefa atribuída", "A tarefa 42 — Revisão do contrato — é sua.")
	got := ps.next(t)
	if got.path != "/push/ana" {
		t.Fatalf("pushed to %s", got.path)
	}
	if got.header.Get("Content-Encoding") != "aes128gcm" || got.header.Get("TTL") != "86400" {
		t.Errorf("headers %v", got.header)
	}
	var n messages.PushNotification
	if err := json.Unmarshal(ana.decrypt(t, got.body), &n); err != nil {
		t.Fatal(err)
	}
	if n != (messages.PushNotification{Title: "Tarefa atribuída", Body: "A tarefa 42 — Revisão do contrato — é sua.", ID: m.ID, URL: "/app"}) {
		t.Errorf("notification %+v", n)
	}
	checkVAPID(t, got.header.Get("Authorization"), vapid, ps.URL)

	select {
	case r := <-ps.got:
		t.Errorf("a second push, to %s", r.path)
	case <-time.After(300 * time.Millisecond):
	}
	// The keys are kept: another instance signs with the same pair.
	other := messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{})
	key, err := other.PublicKey(context.Background())
	if err != nil || key != base64.RawURLEncoding.EncodeToString(vapid) {
		t.Errorf("another instance's key %q, %v", key, err)
	}
}

// checkVAPID verifies the RFC 8292 header: the JWT is signed by the VAPID
// key the browsers subscribed with and names the push service's origin.
func checkVAPID(t *testing.T, header string, vapid []byte, origin string) {
	t.Helper()
	rest, ok := strings.CutPrefix(header, "vapid t=")
	jwt, k, ok2 := strings.Cut(rest, ", k=")
	if !ok || !ok2 || k != base64.RawURLEncoding.EncodeToString(vapid) {
		t.Fatalf("authorization %q", header)
	}
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		t.Fatalf("jwt %q", jwt)
	}
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), vapid)
	if err != nil || len(sig) != 64 {
		t.Fatalf("key %v, signature of %d bytes", err, len(sig))
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		t.Fatal("VAPID signature does not verify with the public key")
	}
	payload, _ := base64.RawURLEncoding.DecodeString(parts[1])
	var claims struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(payload, &claims); err != nil {
		t.Fatal(err)
	}
	if claims.Aud != origin || claims.Exp < time.Now().Unix() || !strings.HasPrefix(claims.Sub, "mailto:") {
		t.Errorf("claims %+v", claims)
	}
}

func deviceCount(t *testing.T, f *fixture, login string) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(context.Background(), `SELECT count(*) FROM push_device WHERE user_id = $1`, f.user[login]).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// waitJobs waits until no job is pending and returns the failed ones' count.
func waitJobs(t *testing.T, f *fixture) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var pending, failed int
		if err := f.db.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE state = 'pending'),
			count(*) FILTER (WHERE state = 'failed') FROM job`).Scan(&pending, &failed); err != nil {
			t.Fatal(err)
		}
		if pending == 0 {
			return failed
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("jobs still pending")
	return 0
}

func TestGoneSubscriptionIsRemoved(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	ps := newPushService(t)
	f.runWorker(t)
	f.register(t, in, "ana", newBrowser(t).device(ps.URL+"/gone"))
	f.register(t, in, "ana", newBrowser(t).device(ps.URL+"/unknown"))
	f.register(t, in, "ana", newBrowser(t).device(ps.URL+"/alive"))
	ps.answer("/gone", http.StatusGone)
	ps.answer("/unknown", http.StatusNotFound)
	f.send(t, "ana", "Olá", "")
	for range 3 {
		ps.next(t)
	}
	if failed := waitJobs(t, f); failed != 0 {
		t.Errorf("%d failed jobs", failed)
	}
	var endpoints []string
	rows, _ := f.db.Query(context.Background(), `SELECT endpoint FROM push_device`)
	for rows.Next() {
		var e string
		_ = rows.Scan(&e)
		endpoints = append(endpoints, strings.TrimPrefix(e, ps.URL))
	}
	if len(endpoints) != 1 || endpoints[0] != "/alive" {
		t.Errorf("devices left %v", endpoints)
	}
}

func TestPushRetriesWhileThePushServiceFails(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	ps := newPushService(t)
	f.runWorker(t)
	b := newBrowser(t)
	f.register(t, in, "ana", b.device(ps.URL+"/busy"))
	f.register(t, in, "bia", newBrowser(t).device(ps.URL+"/refuses"))
	ps.answer("/busy", http.StatusServiceUnavailable, http.StatusTooManyRequests)
	ps.answer("/refuses", http.StatusForbidden)

	f.send(t, "ana", "Persistente", "terceira vez")
	var last pushRequest
	for range 3 {
		last = ps.next(t)
	}
	var n messages.PushNotification
	if err := json.Unmarshal(b.decrypt(t, last.body), &n); err != nil || n.Body != "terceira vez" {
		t.Errorf("third attempt %+v %v", n, err)
	}
	if failed := waitJobs(t, f); failed != 0 {
		t.Errorf("%d failed jobs", failed)
	}

	// A refusal that retrying cannot fix is tried once and kept as failed;
	// the device stays (only 404 and 410 mean it is gone).
	f.send(t, "bia", "Recusada", "")
	ps.next(t)
	if failed := waitJobs(t, f); failed != 1 {
		t.Errorf("%d failed jobs, want 1", failed)
	}
	if deviceCount(t, f, "bia") != 1 {
		t.Error("device removed after a 403")
	}
}

func TestPushOfAMessageDeletedMeanwhileIsDropped(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	ps := newPushService(t)
	f.register(t, in, "ana", newBrowser(t).device(ps.URL+"/a"))
	m := f.send(t, "ana", "Apagada", "")
	if status, _ := f.call(t, in, "POST", "/api/message/delete", "ana", m); status != 204 {
		t.Fatal(status)
	}
	f.runWorker(t)
	if failed := waitJobs(t, f); failed != 0 {
		t.Errorf("%d failed", failed)
	}
	select {
	case r := <-ps.got:
		t.Errorf("pushed a deleted message to %s", r.path)
	default:
	}
}

func TestCreateDeviceValidates(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	b := newBrowser(t)
	good := b.device("https://fcm.googleapis.com/fcm/send/abc")
	padded := good
	padded.PushP256DH = base64.URLEncoding.EncodeToString(b.key.PublicKey().Bytes())
	padded.PushAuth = base64.StdEncoding.EncodeToString(b.auth)
	notOnCurve := append([]byte{4}, bytes.Repeat([]byte{1}, 64)...)
	tests := []struct {
		name  string
		edit  func(d *messages.Device)
		field string
	}{
		{"https endpoint", func(d *messages.Device) {}, ""},
		{"padded and standard base64 keys", func(d *messages.Device) { *d = padded }, ""},
		{"http on loopback, allowed for tests", func(d *messages.Device) { d.PushEndpoint = "http://127.0.0.1:9/push" }, ""},
		{"http elsewhere", func(d *messages.Device) { d.PushEndpoint = "http://push.example.com/x" }, "pushEndpoint"},
		{"http to a push service", func(d *messages.Device) { d.PushEndpoint = "http://fcm.googleapis.com/fcm/send/abc" }, "pushEndpoint"},
		{"another host", func(d *messages.Device) { d.PushEndpoint = "https://evil.example:8443/" }, "pushEndpoint"},
		{"relative", func(d *messages.Device) { d.PushEndpoint = "/push" }, "pushEndpoint"},
		{"other scheme", func(d *messages.Device) { d.PushEndpoint = "ftp://push.example.com/x" }, "pushEndpoint"},
		{"with credentials", func(d *messages.Device) { d.PushEndpoint = "https://u:p@push.example.com/x" }, "pushEndpoint"},
		{"too long", func(d *messages.Device) { d.PushEndpoint = "https://push.example.com/" + strings.Repeat("x", 2100) }, "pushEndpoint"},
		{"short key", func(d *messages.Device) {
			d.PushP256DH = base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes()[:33])
		}, "pushP256DH"},
		{"key off the curve", func(d *messages.Device) { d.PushP256DH = base64.RawURLEncoding.EncodeToString(notOnCurve) }, "pushP256DH"},
		{"key not base64", func(d *messages.Device) { d.PushP256DH = "***" }, "pushP256DH"},
		{"auth of 8 bytes", func(d *messages.Device) { d.PushAuth = base64.RawURLEncoding.EncodeToString(b.auth[:8]) }, "pushAuth"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := good
			tt.edit(&d)
			status, body := f.call(t, in, "POST", "/api/message/createDevice", "ana", d)
			if tt.field == "" {
				if status != 204 {
					t.Fatalf("%d %s", status, body)
				}
				return
			}
			var e httpx.ErrorBody
			_ = json.Unmarshal(body, &e)
			if status != 400 || len(e.Validations) != 1 || e.Validations[0].Field != tt.field {
				t.Errorf("%d %s", status, body)
			}
		})
	}
	if status, _ := f.call(t, in, "POST", "/api/message/createDevice", "", good); status != 401 {
		t.Errorf("nobody: %d", status)
	}
}

func TestDeviceBelongsToWhoeverRegisteredItLast(t *testing.T) {
	f := newFixture(t)
	in := f.start(t)
	d := newBrowser(t).device("https://fcm.googleapis.com/fcm/send/shared-browser")
	f.register(t, in, "ana", d)
	f.register(t, in, "ana", d)
	if deviceCount(t, f, "ana") != 1 {
		t.Fatal("registering twice made two devices")
	}
	f.register(t, in, "bia", d)
	if deviceCount(t, f, "ana") != 0 || deviceCount(t, f, "bia") != 1 {
		t.Error("the browser did not move to bia")
	}
	for i := range 25 {
		f.register(t, in, "ana", newBrowser(t).device("https://fcm.googleapis.com/fcm/send/"+string(rune('a'+i))))
	}
	if n := deviceCount(t, f, "ana"); n != 20 {
		t.Errorf("%d devices kept, want 20", n)
	}
	var newest int
	if err := f.db.QueryRow(context.Background(), `SELECT count(*) FROM push_device WHERE endpoint = 'https://fcm.googleapis.com/fcm/send/y'`).Scan(&newest); err != nil || newest != 1 {
		t.Error("the newest device was dropped")
	}
}

// Without TRAMITA_PUSH_ALLOW_LOOPBACK an endpoint on this machine or its
// link is refused, with a Message in the caller's language: the job worker
// would POST to it.
func TestLocalEndpointsAreRefused(t *testing.T) {
	f := newFixture(t)
	f.push = messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{})
	in := f.start(t)
	b := newBrowser(t)
	for _, endpoint := range []string{
		"http://127.0.0.1:9/push", "http://localhost:9/push", "http://[::1]:9/push", "http://push.example.com/x",
		"https://127.0.0.1/push", "https://127.9.8.7:8443/push", "https://localhost/push", "https://LocalHost./push",
		"https://push.localhost/x", "https://[::1]/push", "https://[::ffff:127.0.0.1]/push", "https://0.0.0.0/push",
		"https://0.1.2.3/push", "https://[::]/push", "https://169.254.169.254/latest/meta-data", "https://[fe80::1%25eth0]/x",
		"https://224.0.0.1/x",
		// Private networks, and IPv4 addresses in IPv6 or numeric shorthand.
		"https://10.0.0.5/push", "https://172.16.5.4/x", "https://192.168.0.1/x", "https://100.64.0.1/x", "https://[fd00::1]/x",
		"https://255.255.255.255/x", "https://[::127.0.0.1]/x", "https://[::ffff:a00:5]/x", "https://[64:ff9b::7f00:1]/x",
		"https://[64:ff9b::a9fe:a9fe]/x", "https://[2002:7f00:1::1]/x", "https://[2002:c0a8:1::1]/x",
		"https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x", "https://2130706433/push", "https://0x7f.1/push",
		"https://0177.0.0.1/push", "https://127.1/push", "https://0x7f000001./push",
	} {
		for lang, want := range map[string]string{
			"en":    "The notification address must be the https URL of a push service, not a local address.",
			"pt-BR": "O endereço de notificação deve ser uma URL https de um serviço de notificações, não um endereço local.",
		} {
			req := f.request(t, in, "POST", "/api/message/createDevice", "ana", b.device(endpoint))
			req.Header.Set("Accept-Language", lang)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var e httpx.ErrorBody
			_ = json.NewDecoder(resp.Body).Decode(&e)
			resp.Body.Close()
			if resp.StatusCode != 400 || len(e.Validations) != 1 || e.Validations[0].Field != "pushEndpoint" || e.Validations[0].Message != want {
				t.Errorf("%s (%s): %d %+v", endpoint, lang, resp.StatusCode, e)
			}
		}
	}
	if deviceCount(t, f, "ana") != 0 {
		t.Error("a local endpoint was stored")
	}
}

// Only the push services' hosts are accepted, https on port 443: by default
// the browsers' (FCM, Mozilla, WNS, Apple), else those the server is given.
// Anything else is refused with a Message naming the host.
func TestOnlyAllowedPushServicesAreAccepted(t *testing.T) {
	f := newFixture(t)
	f.push = messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{})
	in := f.start(t)
	b := newBrowser(t)
	for _, endpoint := range []string{"https://fcm.googleapis.com/fcm/send/abc", "https://fcm.googleapis.com:443/wp/abc",
		"https://updates.push.services.mozilla.com/wpush/v2/abc", "https://wns2-par02p.notify.windows.com/w/?token=abc",
		"https://web.push.apple.com/abc", "https://FCM.googleapis.com./fcm/send/dot"} {
		f.register(t, in, "ana", b.device(endpoint))
	}
	refused := func(endpoint, lang string) string {
		t.Helper()
		req := f.request(t, in, "POST", "/api/message/createDevice", "ana", b.device(endpoint))
		req.Header.Set("Accept-Language", lang)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var e httpx.ErrorBody
		_ = json.NewDecoder(resp.Body).Decode(&e)
		if resp.StatusCode != 400 || len(e.Validations) != 1 || e.Validations[0].Field != "pushEndpoint" {
			t.Errorf("%s: %d %+v", endpoint, resp.StatusCode, e)
		}
		msg, _, _ := strings.Cut(e.Message, httpx.DetailMarker)
		return msg
	}
	for endpoint, host := range map[string]string{
		"https://evil.example:8443/": "evil.example:8443", "https://evil.example/x": "evil.example",
		"https://fcm.googleapis.com:8443/fcm/send/abc": "fcm.googleapis.com:8443", "https://fcm.googleapis.com.evil.example/x": "fcm.googleapis.com.evil.example",
		"https://evilnotify.windows.com/w": "evilnotify.windows.com", "https://notify.windows.com/w": "notify.windows.com",
		"https://push.apple.com.evil.example/x": "push.apple.com.evil.example", "https://203.0.113.7/push": "203.0.113.7",
		"https://[2001:db8::7]/push": "[2001:db8::7]",
	} {
		if got, want := refused(endpoint, "en"), "The notification address "+host+" is not on a push service this server accepts (https, port 443)."; got != want {
			t.Errorf("%s: %q, want %q", endpoint, got, want)
		}
	}
	if got := refused("https://evil.example:8443/", "pt-BR"); got != "O endereço de notificação evil.example:8443 não é de um serviço de notificações aceito por este servidor (https, porta 443)." {
		t.Errorf("pt-BR: %q", got)
	}
	if got := refused("http://fcm.googleapis.com/fcm/send/abc", "en"); got != "The notification address must be the https URL of a push service, not a local address." {
		t.Errorf("http: %q", got)
	}
	if n := deviceCount(t, f, "ana"); n != 6 {
		t.Errorf("%d devices, want the 6 allowed", n)
	}

	// An installation names its own list (TRAMITA_PUSH_HOSTS).
	f.push = messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{Hosts: []string{"push.example", "*.corp.example."}})
	in = f.start(t)
	f.register(t, in, "bia", b.device("https://push.example/x"))
	f.register(t, in, "bia", b.device("https://a.b.corp.example/x"))
	refused("https://fcm.googleapis.com/fcm/send/abc", "en")
	refused("https://corp.example/x", "en")
}

// A device stored on a host the server no longer allows is not pushed to:
// the sender checks the endpoint again, and the job fails for good.
func TestPushToAHostNoLongerAllowedFailsForGood(t *testing.T) {
	f := newFixture(t)
	f.push = messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{Hosts: []string{"push.example"}})
	in := f.start(t)
	f.register(t, in, "ana", newBrowser(t).device("https://push.example/x"))
	f.push = messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{})
	f.runWorker(t)
	f.send(t, "ana", "Olá", "")
	if failed := waitJobs(t, f); failed != 1 {
		t.Errorf("%d failed jobs, want 1", failed)
	}
	var lastError string
	if err := f.db.QueryRow(context.Background(), `SELECT last_error FROM job WHERE state = 'failed'`).Scan(&lastError); err != nil ||
		!strings.Contains(lastError, "push endpoint push.example is not on an allowed push service") {
		t.Errorf("last error %q: %v", lastError, err)
	}
}

// A device stored with a local endpoint (before the check, or while the
// setting was on) is not contacted: its push fails for good, and the push
// service stand-in on 127.0.0.1 sees no connection.
func TestStoredLocalEndpointIsNotContacted(t *testing.T) {
	f := newFixture(t) // allows loopback: registers the devices
	in := f.start(t)
	ps := newPushService(t)
	_, port, _ := net.SplitHostPort(ps.Listener.Addr().String())
	f.register(t, in, "ana", newBrowser(t).device(ps.URL+"/loopback"))
	f.register(t, in, "ana", newBrowser(t).device("https://localhost:"+port+"/by-name"))
	f.register(t, in, "bia", newBrowser(t).device(ps.URL+"/bia"))
	f.push = messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{})
	stop := f.runWorker(t)
	f.send(t, "ana", "Olá", "")
	if failed := waitJobs(t, f); failed != 2 {
		t.Errorf("%d failed jobs, want 2", failed)
	}
	if n := ps.conns.Load(); n != 0 {
		t.Errorf("%d connections to the local push service", n)
	}
	select {
	case r := <-ps.got:
		t.Errorf("pushed to %s", r.path)
	default:
	}
	if deviceCount(t, f, "ana") != 2 {
		t.Error("devices removed")
	}

	// The same with the setting on: the push arrives.
	stop()
	f.push = messages.NewPush(messages.NewStore(f.db), quiet(), messages.PushOptions{AllowLoopback: true})
	f.runWorker(t)
	f.send(t, "bia", "Olá", "")
	if got := ps.next(t); got.path != "/bia" {
		t.Errorf("pushed to %s", got.path)
	}
}
