package server

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/testkit"
)

// The metrics are for the operator's Prometheus: the application's address
// answers 404 for /metrics, and TRAMITA_METRICS_ADDR serves them.
func TestMetricsAreServedOnTheirOwnAddressOnly(t *testing.T) {
	dbURL := testkit.DatabaseURL(t)
	metricsAddr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc := make(chan string, 1)
	served := make(chan error, 1)
	go func() {
		served <- Serve(ctx, Options{
			Config: config.Config{Addr: "127.0.0.1:0", MetricsAddr: metricsAddr, DatabaseURL: dbURL,
				TokenTTL: time.Hour, SessionLifetime: 8 * time.Hour, LogFormat: "text", LogLevel: "error"},
			Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
			Version: "test",
			Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		}, func(addr string) { addrc <- addr })
	}()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a
	case err := <-served:
		t.Fatal(err)
	}
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Error(err)
		}
	}()

	if res := get(t, base+"/api/health"); res.StatusCode != 200 {
		t.Fatalf("health %d", res.StatusCode)
	}
	res := get(t, base+"/metrics")
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 404 || strings.Contains(string(b), "tramita_") {
		t.Errorf("the application's address answers /metrics with %d:\n%.500s", res.StatusCode, b)
	}
	res = get(t, "http://"+metricsAddr+"/metrics")
	b, _ = io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(b), `tramita_http_requests_total{method="GET",route="/api/health",status="200"} 1`) {
		t.Errorf("the metrics address answers %d:\n%.2000s", res.StatusCode, b)
	}
	if res := get(t, "http://"+metricsAddr+"/api/health"); res.StatusCode != 404 {
		t.Errorf("the metrics address serves the application too: %d", res.StatusCode)
	}
}

// freeAddr is a loopback address nobody listens on at the moment.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}
