package database

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFindBinDirErrors(t *testing.T) {
	t.Parallel()
	empty := t.TempDir()

	if _, err := FindBinDir(filepath.Join(empty, "missing")); !errors.Is(err, ErrBinariesNotFound) {
		t.Errorf("explicit missing dir: %v", err)
	}
	if _, err := FindBinDir(empty); !errors.Is(err, ErrBinariesNotFound) || !strings.Contains(err.Error(), "postgres") {
		t.Errorf("explicit dir without binaries: %v", err)
	}
	notExec := t.TempDir()
	for _, name := range []string{"postgres", "initdb"} {
		if err := os.WriteFile(filepath.Join(notExec, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := FindBinDir(notExec); !errors.Is(err, ErrBinariesNotFound) || !strings.Contains(err.Error(), "not an executable") {
		t.Errorf("dir with non-executable files: %v", err)
	}

	if npmPlatform() == "" {
		t.Skip("no @embedded-postgres package for this platform")
	}
	_, err := findBinDirIn([]string{empty, filepath.Join(empty, "bin")})
	if !errors.Is(err, ErrBinariesNotFound) {
		t.Fatalf("search without tools/postgres: %v", err)
	}
	for _, want := range []string{"make build", "TRAMITA_PG_BIN", ToolsBinDir(empty)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestFindBinDirFindsTools(t *testing.T) {
	t.Parallel()
	if npmPlatform() == "" {
		t.Skip("no @embedded-postgres package for this platform")
	}
	repo := t.TempDir()
	bin := ToolsBinDir(repo)
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"postgres", "initdb", "pg_ctl"} {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// As for bin/tramita started elsewhere: the executable's dir, then its parent.
	got, err := findBinDirIn([]string{t.TempDir(), filepath.Join(repo, "bin"), repo})
	if err != nil || got != bin {
		t.Errorf("found %q, %v; want %q", got, err, bin)
	}
	if got, err := FindBinDir(bin); err != nil || got != bin {
		t.Errorf("explicit: %q, %v", got, err)
	}
}
