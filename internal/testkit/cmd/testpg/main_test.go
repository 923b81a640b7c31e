package main

import "testing"

func TestRunPassesURLAndExitCode(t *testing.T) {
	code := run([]string{"--", "sh", "-c", `case "$TRAMITA_TEST_DATABASE_URL" in postgres://*) exit 3;; *) exit 1;; esac`})
	if code != 3 {
		t.Errorf("exit code %d, want 3 (the child's, with TRAMITA_TEST_DATABASE_URL set)", code)
	}
	if code := run(nil); code != 2 {
		t.Errorf("no command: exit code %d, want 2", code)
	}
}
