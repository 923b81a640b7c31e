package main

import (
	"strings"
	"testing"
)

func runWith(args []string, env map[string]string) (int, string, string) {
	var out, errOut strings.Builder
	code := run(args, func(k string) string { return env[k] }, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestBadConfigurationExitsWithTwoAndOneLine(t *testing.T) {
	code, _, stderr := runWith([]string{"serve"}, map[string]string{"TRAMITA_LOG_FORMAT": "xml"})
	if code != 2 {
		t.Errorf("exit %d", code)
	}
	if strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "TRAMITA_LOG_FORMAT") {
		t.Errorf("stderr %q", stderr)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"nonsense"}, {"migrate"}, {"migrate", "sideways"}, {"admin"}, {"admin", "maintenance", "maybe"}} {
		if code, _, _ := runWith(args, nil); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestServeHelpDocumentsEveryVariable(t *testing.T) {
	code, _, stderr := runWith([]string{"serve", "--help"}, nil)
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	for _, v := range []string{"TRAMITA_ADDR", "TRAMITA_DATA_DIR", "DATABASE_URL", "TRAMITA_ADMIN_PASSWORD", "TRAMITA_LOG_FORMAT", "TRAMITA_PG_BIN"} {
		if !strings.Contains(stderr, v) {
			t.Errorf("help lacks %s", v)
		}
	}
}

func TestVersion(t *testing.T) {
	if code, out, _ := runWith([]string{"version"}, nil); code != 0 || !strings.HasPrefix(out, "tramita ") {
		t.Errorf("%d %q", code, out)
	}
}
