package storage

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func files(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestLocalWritesReadsAndDeletes(t *testing.T) {
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	s := NewLocal(root)
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Fatal("the folder exists before any write")
	}
	key := NewKey("items", time.Date(2025, 3, 4, 0, 0, 0, 0, time.UTC))
	if !strings.HasPrefix(key, "items/2025/03/") || !ValidKey(key) {
		t.Fatalf("key %q", key)
	}
	n, err := s.Put(ctx, key, strings.NewReader("hello"), 10)
	if err != nil || n != 5 {
		t.Fatalf("put: %d %v", n, err)
	}
	rc, err := s.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "hello" {
		t.Fatalf("read %q", b)
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Open(ctx, key); !errors.Is(err, ErrNotFound) {
		t.Fatalf("open after delete: %v", err)
	}
	if err := s.Delete(ctx, key); err != nil {
		t.Fatalf("delete twice: %v", err)
	}
}

func TestLocalRefusesKeysItDidNotMake(t *testing.T) {
	s := NewLocal(t.TempDir())
	for _, key := range []string{"../etc/passwd", "items/2025/03/../../x", "/abs", "items/2025/03/ABC", "", "items\\2025"} {
		if _, err := s.Put(context.Background(), key, strings.NewReader("x"), 10); !errors.Is(err, ErrBadKey) {
			t.Errorf("put %q: %v", key, err)
		}
		if _, err := s.Open(context.Background(), key); !errors.Is(err, ErrBadKey) {
			t.Errorf("open %q: %v", key, err)
		}
	}
}

func TestLocalLeavesNothingOfATooLargeFile(t *testing.T) {
	root := t.TempDir()
	s := NewLocal(root)
	key := NewKey("items", time.Now())
	if _, err := s.Put(context.Background(), key, bytes.NewReader(make([]byte, 11)), 10); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("put: %v", err)
	}
	if f := files(t, root); len(f) != 0 {
		t.Fatalf("left behind: %v", f)
	}
}

// failingFile fails its writes after limit bytes, as a full disk does.
type failingFile struct {
	f     *os.File
	limit int
}

func (f *failingFile) Sync() error  { return f.f.Sync() }
func (f *failingFile) Close() error { return f.f.Close() }
func (f *failingFile) Name() string { return f.f.Name() }

func (f *failingFile) Write(p []byte) (int, error) {
	if len(p) > f.limit {
		n, _ := f.f.Write(p[:f.limit])
		f.limit = 0
		return n, &os.PathError{Op: "write", Path: f.f.Name(), Err: syscall.ENOSPC}
	}
	f.limit -= len(p)
	return f.f.Write(p)
}

func TestLocalLeavesNothingWhenTheDiskFills(t *testing.T) {
	root := t.TempDir()
	s := NewLocal(root)
	s.createTemp = func(dir, pattern string) (tempFile, error) {
		f, err := os.CreateTemp(dir, pattern)
		if err != nil {
			return nil, err
		}
		return &failingFile{f: f, limit: 1000}, nil
	}
	key := NewKey("items", time.Now())
	_, err := s.Put(context.Background(), key, bytes.NewReader(make([]byte, 64<<10)), 1<<20)
	if !errors.Is(err, ErrNoSpace) || !strings.Contains(err.Error(), "no space left") {
		t.Fatalf("put: %v, want ErrNoSpace", err)
	}
	if f := files(t, root); len(f) != 0 {
		t.Fatalf("left behind: %v", f)
	}
	if _, err := s.Open(context.Background(), key); !errors.Is(err, ErrNotFound) {
		t.Fatalf("open: %v", err)
	}
}

func TestLocalStopsWhenTheContextEnds(t *testing.T) {
	root := t.TempDir()
	s := NewLocal(root)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Put(ctx, NewKey("items", time.Now()), strings.NewReader("x"), 10); !errors.Is(err, context.Canceled) {
		t.Fatalf("put: %v", err)
	}
	if f := files(t, root); len(f) != 0 {
		t.Fatalf("left behind: %v", f)
	}
}
