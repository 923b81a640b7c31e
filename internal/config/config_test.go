package config

import (
	"errors"
	"flag"
	"io"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:8080" || cfg.LogFormat != "text" || cfg.DatabaseURL != "" || cfg.PublicURL != "http://127.0.0.1:8080" {
		t.Errorf("unexpected defaults: %+v", cfg)
	}
	if cfg.MetricsAddr != "127.0.0.1:9090" || cfg.StatementTimeout != time.Minute || cfg.IdleInTransactionTimeout != time.Minute {
		t.Errorf("metrics and database defaults: %q %v %v", cfg.MetricsAddr, cfg.StatementTimeout, cfg.IdleInTransactionTimeout)
	}
	if !filepath.IsAbs(cfg.DataDir) || filepath.Base(cfg.DataDir) != "data" {
		t.Errorf("data dir %q should be ./data made absolute", cfg.DataDir)
	}
}

func TestFlagWinsOverEnvironment(t *testing.T) {
	cfg, err := Load("serve", []string{"--addr", "127.0.0.1:9000"}, env(map[string]string{"TRAMITA_ADDR": "127.0.0.1:7000"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:9000" {
		t.Errorf("addr = %q", cfg.Addr)
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		env     map[string]string
		wantVar string
	}{
		{"addr without port", map[string]string{"TRAMITA_ADDR": "localhost"}, "TRAMITA_ADDR"},
		{"addr port out of range", map[string]string{"TRAMITA_ADDR": "127.0.0.1:70000"}, "TRAMITA_ADDR"},
		{"addr bad host", map[string]string{"TRAMITA_ADDR": "exa mple:80"}, "TRAMITA_ADDR"},
		{"metrics addr", map[string]string{"TRAMITA_METRICS_ADDR": "9090"}, "TRAMITA_METRICS_ADDR"},
		{"metrics on the application's address", map[string]string{"TRAMITA_ADDR": "0.0.0.0:8080", "TRAMITA_METRICS_ADDR": "0.0.0.0:8080"}, "TRAMITA_METRICS_ADDR"},
		{"statement timeout", map[string]string{"TRAMITA_DB_STATEMENT_TIMEOUT": "60"}, "TRAMITA_DB_STATEMENT_TIMEOUT"},
		{"statement timeout too short", map[string]string{"TRAMITA_DB_STATEMENT_TIMEOUT": "10ms"}, "TRAMITA_DB_STATEMENT_TIMEOUT"},
		{"idle in transaction timeout", map[string]string{"TRAMITA_DB_IDLE_IN_TRANSACTION_TIMEOUT": "-1s"}, "TRAMITA_DB_IDLE_IN_TRANSACTION_TIMEOUT"},
		{"log format", map[string]string{"TRAMITA_LOG_FORMAT": "xml"}, "TRAMITA_LOG_FORMAT"},
		{"demo", map[string]string{"TRAMITA_DEMO": "maybe"}, "TRAMITA_DEMO"},
		{"s3 without endpoint", map[string]string{"TRAMITA_STORAGE": "s3"}, "TRAMITA_S3_ENDPOINT"},
		{"s3 bad bucket", map[string]string{"TRAMITA_STORAGE": "s3", "TRAMITA_S3_ENDPOINT": "http://minio:9000", "TRAMITA_S3_BUCKET": "Tramita_Files"}, "TRAMITA_S3_BUCKET"},
		{"s3 without keys", map[string]string{"TRAMITA_STORAGE": "s3", "TRAMITA_S3_ENDPOINT": "http://minio:9000", "TRAMITA_S3_BUCKET": "tramita"}, "TRAMITA_S3_ACCESS_KEY"},
		{"unknown storage", map[string]string{"TRAMITA_STORAGE": "ftp"}, "TRAMITA_STORAGE"},
		{"file size", map[string]string{"TRAMITA_FILE_MAX_SIZE": "lots"}, "TRAMITA_FILE_MAX_SIZE"},
		{"file size too big", map[string]string{"TRAMITA_FILE_MAX_SIZE": "2GB"}, "TRAMITA_FILE_MAX_SIZE"},
		{"file count", map[string]string{"TRAMITA_FILE_MAX_COUNT": "0"}, "TRAMITA_FILE_MAX_COUNT"},
		{"log level", map[string]string{"TRAMITA_LOG_LEVEL": "loud"}, "TRAMITA_LOG_LEVEL"},
		{"database url", map[string]string{"DATABASE_URL": "postgres://a:b@host:notaport/db"}, "DATABASE_URL"},
		{"short admin password", map[string]string{"TRAMITA_ADMIN_PASSWORD": "short"}, "TRAMITA_ADMIN_PASSWORD"},
		{"common admin password", map[string]string{"TRAMITA_ADMIN_PASSWORD": "senha123"}, "TRAMITA_ADMIN_PASSWORD"},
		{"short demo password", map[string]string{"TRAMITA_DEMO_PASSWORD": "maria1"}, "TRAMITA_DEMO_PASSWORD"},
		{"common demo password", map[string]string{"TRAMITA_DEMO_PASSWORD": "senha123"}, "TRAMITA_DEMO_PASSWORD"},
		{"short jwt secret", map[string]string{"TRAMITA_JWT_SECRET": "short"}, "TRAMITA_JWT_SECRET"},
		{"short secret key", map[string]string{"TRAMITA_SECRET_KEY": "short"}, "TRAMITA_SECRET_KEY"},
		{"token ttl", map[string]string{"TRAMITA_TOKEN_TTL": "soon"}, "TRAMITA_TOKEN_TTL"},
		{"token ttl too short", map[string]string{"TRAMITA_TOKEN_TTL": "10s"}, "TRAMITA_TOKEN_TTL"},
		{"session shorter than token", map[string]string{"TRAMITA_SESSION_LIFETIME": "30m"}, "TRAMITA_SESSION_LIFETIME"},
		{"trusted proxies", map[string]string{"TRAMITA_TRUSTED_PROXIES": "10.0.0.0/8, proxy.local"}, "TRAMITA_TRUSTED_PROXIES"},
		{"recaptcha url", map[string]string{"TRAMITA_RECAPTCHA_VERIFY_URL": "ftp://x"}, "TRAMITA_RECAPTCHA_VERIFY_URL"},
		{"public url not http", map[string]string{"TRAMITA_PUBLIC_URL": "tramita.example.com"}, "TRAMITA_PUBLIC_URL"},
		{"public url with a query", map[string]string{"TRAMITA_PUBLIC_URL": "https://tramita.example.com/?a=1"}, "TRAMITA_PUBLIC_URL"},
		{"zip lookup url without {zip}", map[string]string{"TRAMITA_ZIP_LOOKUP_URL": "https://viacep.com.br/ws/json/"}, "TRAMITA_ZIP_LOOKUP_URL"},
		{"zip lookup url not http", map[string]string{"TRAMITA_ZIP_LOOKUP_URL": "file:///{zip}"}, "TRAMITA_ZIP_LOOKUP_URL"},
		{"data dir is a file", map[string]string{"TRAMITA_DATA_DIR": file}, "TRAMITA_DATA_DIR"},
		{"pg bin without postgres", map[string]string{"TRAMITA_PG_BIN": t.TempDir()}, "TRAMITA_PG_BIN"},
		{"push allow loopback", map[string]string{"TRAMITA_PUSH_ALLOW_LOOPBACK": "sometimes"}, "TRAMITA_PUSH_ALLOW_LOOPBACK"},
		{"push hosts with a scheme", map[string]string{"TRAMITA_PUSH_HOSTS": "fcm.googleapis.com, https://push.example"}, "TRAMITA_PUSH_HOSTS"},
		{"push hosts with a port", map[string]string{"TRAMITA_PUSH_HOSTS": "push.example:8443"}, "TRAMITA_PUSH_HOSTS"},
		{"push hosts, an address", map[string]string{"TRAMITA_PUSH_HOSTS": "127.0.0.1"}, "TRAMITA_PUSH_HOSTS"},
		{"push hosts, a bare wildcard", map[string]string{"TRAMITA_PUSH_HOSTS": "*"}, "TRAMITA_PUSH_HOSTS"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load("serve", nil, env(tt.env), io.Discard)
			var cerr *Error
			if !errors.As(err, &cerr) {
				t.Fatalf("want *Error, got %v", err)
			}
			if cerr.Var != tt.wantVar || !strings.HasPrefix(err.Error(), tt.wantVar+": ") || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q should be one line naming %s", err, tt.wantVar)
			}
		})
	}
}

func TestHelpListsEveryVariable(t *testing.T) {
	var out strings.Builder
	_, err := Load("serve", []string{"--help"}, env(nil), &out)
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("want ErrHelp, got %v", err)
	}
	for _, v := range variables {
		if !strings.Contains(out.String(), v.env) {
			t.Errorf("help does not mention %s", v.env)
		}
	}
	for _, flag := range []string{"-admin-password", "-demo-password"} {
		if strings.Contains(out.String(), flag) {
			t.Errorf("%s must not be a flag: a password would show in the process list", flag)
		}
	}
}

// The demo user's password is read from the environment only, whole.
func TestDemoPassword(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil || cfg.DemoPassword != "" {
		t.Fatalf("default %q %v", cfg.DemoPassword, err)
	}
	cfg, err = Load("serve", nil, env(map[string]string{"TRAMITA_DEMO_PASSWORD": " Ipê-Amarelo-27 "}), io.Discard)
	if err != nil || cfg.DemoPassword != " Ipê-Amarelo-27 " {
		t.Fatalf("set %q %v", cfg.DemoPassword, err)
	}
	if _, err := Load("serve", []string{"--demo-password", "Ipê-Amarelo-27"}, env(nil), io.Discard); err == nil {
		t.Error("a --demo-password flag was accepted")
	}
}

func TestAuthSettings(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.TokenTTL != time.Hour || cfg.SessionLifetime != 12*time.Hour || cfg.TrustedProxies != nil ||
		cfg.RecaptchaVerifyURL != "https://www.google.com/recaptcha/api/siteverify" || cfg.JWTSecret != "" {
		t.Errorf("defaults %+v", cfg)
	}
	cfg, err = Load("serve", []string{"--token-ttl", "30m"}, env(map[string]string{
		"TRAMITA_SESSION_LIFETIME": "8h",
		"TRAMITA_TRUSTED_PROXIES":  "10.0.0.0/8, 192.0.2.7,::1",
		"TRAMITA_JWT_SECRET":       strings.Repeat("j", 32),
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32"), netip.MustParsePrefix("::1/128")}
	if cfg.TokenTTL != 30*time.Minute || cfg.SessionLifetime != 8*time.Hour || !slices.Equal(cfg.TrustedProxies, want) {
		t.Errorf("parsed %v %v %v", cfg.TokenTTL, cfg.SessionLifetime, cfg.TrustedProxies)
	}
}

func TestFileSettings(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Storage != "local" || cfg.FileMaxSize != 25<<20 || cfg.FileMaxCount != 20 {
		t.Errorf("defaults: %q %d %d", cfg.Storage, cfg.FileMaxSize, cfg.FileMaxCount)
	}
	cfg, err = Load("serve", nil, env(map[string]string{"TRAMITA_STORAGE": "s3", "TRAMITA_S3_ENDPOINT": "http://minio:9000",
		"TRAMITA_S3_BUCKET": "tramita", "TRAMITA_S3_ACCESS_KEY": "id", "TRAMITA_S3_SECRET_KEY": "secret"}), io.Discard)
	if err != nil || cfg.Storage != "s3" || cfg.S3.Region != "us-east-1" || cfg.S3.Bucket != "tramita" || cfg.S3.SecretKey != "secret" {
		t.Errorf("s3: %+v %v", cfg.S3, err)
	}
	cfg, err = Load("serve", []string{"--file-max-size", "512KB"}, env(map[string]string{"TRAMITA_FILE_MAX_COUNT": "3"}), io.Discard)
	if err != nil || cfg.FileMaxSize != 512<<10 || cfg.FileMaxCount != 3 {
		t.Errorf("set: %d %d %v", cfg.FileMaxSize, cfg.FileMaxCount, err)
	}
}

func TestSignInRateLimit(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil || cfg.SignInRateLimit != 10 {
		t.Fatalf("default %d %v", cfg.SignInRateLimit, err)
	}
	cfg, err = Load("serve", nil, env(map[string]string{"TRAMITA_SIGNIN_RATE_LIMIT": "600"}), io.Discard)
	if err != nil || cfg.SignInRateLimit != 600 {
		t.Fatalf("set %d %v", cfg.SignInRateLimit, err)
	}
	for _, bad := range []string{"0", "-1", "many", "100001"} {
		if _, err := Load("serve", nil, env(map[string]string{"TRAMITA_SIGNIN_RATE_LIMIT": bad}), io.Discard); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// Web push to local addresses is off unless a test turns it on, and only
// from the environment.
func TestPushAllowLoopback(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil || cfg.PushAllowLoopback {
		t.Fatalf("default %v %v", cfg.PushAllowLoopback, err)
	}
	cfg, err = Load("serve", nil, env(map[string]string{"TRAMITA_PUSH_ALLOW_LOOPBACK": "true"}), io.Discard)
	if err != nil || !cfg.PushAllowLoopback {
		t.Fatalf("set %v %v", cfg.PushAllowLoopback, err)
	}
	if _, err := Load("serve", []string{"--push-allow-loopback"}, env(nil), io.Discard); err == nil {
		t.Error("a flag turned it on")
	}
}

func TestMetricsOffAndNoDatabaseTimeouts(t *testing.T) {
	cfg, err := Load("serve", []string{"--db-statement-timeout", "0"}, env(map[string]string{
		"TRAMITA_METRICS_ADDR": "off", "TRAMITA_DB_IDLE_IN_TRANSACTION_TIMEOUT": "5m",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MetricsAddr != "" || cfg.StatementTimeout != 0 || cfg.IdleInTransactionTimeout != 5*time.Minute {
		t.Errorf("got %q %v %v", cfg.MetricsAddr, cfg.StatementTimeout, cfg.IdleInTransactionTimeout)
	}
}

// The push services' hosts: none given leaves the choice to internal/messages
// (the browsers' services); a list is read lower-case, without trailing dots.
func TestPushHosts(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil || cfg.PushHosts != nil {
		t.Fatalf("default %q %v", cfg.PushHosts, err)
	}
	cfg, err = Load("serve", nil, env(map[string]string{"TRAMITA_PUSH_HOSTS": " Push.Example., *.corp.example ,"}), io.Discard)
	if err != nil || strings.Join(cfg.PushHosts, ",") != "push.example,*.corp.example" {
		t.Fatalf("set %q %v", cfg.PushHosts, err)
	}
}
