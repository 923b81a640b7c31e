package config

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	cfg, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:8080" || cfg.LogFormat != "text" || cfg.DatabaseURL != "" {
		t.Errorf("unexpected defaults: %+v", cfg)
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
		{"log format", map[string]string{"TRAMITA_LOG_FORMAT": "xml"}, "TRAMITA_LOG_FORMAT"},
		{"log level", map[string]string{"TRAMITA_LOG_LEVEL": "loud"}, "TRAMITA_LOG_LEVEL"},
		{"database url", map[string]string{"DATABASE_URL": "postgres://a:b@host:notaport/db"}, "DATABASE_URL"},
		{"short admin password", map[string]string{"TRAMITA_ADMIN_PASSWORD": "short"}, "TRAMITA_ADMIN_PASSWORD"},
		{"data dir is a file", map[string]string{"TRAMITA_DATA_DIR": file}, "TRAMITA_DATA_DIR"},
		{"pg bin without postgres", map[string]string{"TRAMITA_PG_BIN": t.TempDir()}, "TRAMITA_PG_BIN"},
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
	if strings.Contains(out.String(), "-admin-password") {
		t.Error("the admin password must not be a flag")
	}
}
