package messages

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
)

// The push client checks the address it connects to, after the name is
// resolved: a name that resolves to a local address when the push is sent
// (DNS rebinding) is not contacted, whatever the endpoint's check said when
// it was registered. An HTTP proxy of the environment is dialled, local or
// not: through it the proxy connects.
func TestPushClientRefusesLocalAddressesWhenDialling(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
	}))
	srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	noProxy := func(*http.Request) (*url.URL, error) { return nil, nil }

	strict := newPushClient(false, noProxy)
	for _, target := range []string{srv.URL, "http://localhost:" + port, "http://[::ffff:127.0.0.1]:" + port, "http://0.0.0.0:" + port,
		"http://[::ffff:7f00:1]:" + port, "http://[64:ff9b::7f00:1]:" + port, "http://[2002:7f00:1::1]:" + port, "http://10.255.255.1:" + port} {
		resp, err := strict.Post(target+"/push", "application/octet-stream", strings.NewReader("x"))
		if err == nil {
			resp.Body.Close()
		}
		if !errors.Is(err, errLocalAddress) {
			t.Errorf("%s: %v", target, err)
		}
	}
	if n := conns.Load(); n != 0 {
		t.Fatalf("%d connections to a local address", n)
	}

	proxied := newPushClient(false, func(*http.Request) (*url.URL, error) { return url.Parse(srv.URL) })
	resp, err := proxied.Post("http://203.0.113.7/push", "application/octet-stream", strings.NewReader("x"))
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("through a local proxy: %v", err)
	}
	resp.Body.Close()
	// Through the proxy, a name of a local address is refused here: the
	// proxy would connect to it.
	before := conns.Load()
	for _, target := range []string{"http://localhost/push", "http://10.1.2.3/push", "http://[::1]:8080/push"} {
		resp, err = proxied.Post(target, "application/octet-stream", strings.NewReader("x"))
		if err == nil {
			resp.Body.Close()
		}
		if !errors.Is(err, errLocalAddress) {
			t.Errorf("%s through the proxy: %v", target, err)
		}
	}
	if n := conns.Load(); n != before {
		t.Fatalf("the proxy was asked for a local address (%d connections)", n-before)
	}

	loose := newPushClient(true, noProxy)
	resp, err = loose.Post(srv.URL+"/push", "application/octet-stream", strings.NewReader("x"))
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("allowed for tests: %v", err)
	}
	resp.Body.Close()
}
