// Package storage keeps uploaded files. The server makes every key (never a
// client's path); a file is written whole or not at all. Local keeps them in
// a folder under the data directory; S3 in an S3-compatible bucket.
package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"time"
)

// Store keeps files by key.
type Store interface {
	// Put writes r under key, at most max bytes: a larger file is
	// ErrTooLarge and leaves nothing behind, as does any write error.
	Put(ctx context.Context, key string, r io.Reader, max int64) (int64, error)
	// Open reads the file of key; ErrNotFound when there is none.
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	// Delete removes the file of key; a missing file is not an error.
	Delete(ctx context.Context, key string) error
}

var (
	// ErrTooLarge: the file passed the size limit given to Put.
	ErrTooLarge = errors.New("storage: file too large")
	// ErrNotFound: no file has the key.
	ErrNotFound = errors.New("storage: file not found")
	// ErrBadKey: a key the server did not make (NewKey).
	ErrBadKey = errors.New("storage: bad key")
	// ErrNoSpace: the storage is full (the disk, a quota, the bucket): the
	// file was not kept, and nothing of it is left behind.
	ErrNoSpace = errors.New("storage: no space left")
)

// full marks err as ErrNoSpace when it is the system's "no space" or "quota
// exceeded", so callers can tell the user instead of failing with a 500.
func full(err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return fmt.Errorf("%w: %w", ErrNoSpace, err)
	}
	return err
}

// keyPattern is what NewKey makes: a prefix, the month and 32 hex digits.
var keyPattern = regexp.MustCompile(`^[a-z]{1,20}/[0-9]{4}/[0-9]{2}/[0-9a-f]{32}$`)

// NewKey makes a fresh key under prefix (lower-case letters: "items",
// "imports"), spread by month so no folder grows without bound.
func NewKey(prefix string, now time.Time) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s/%s/%s", prefix, now.UTC().Format("2006/01"), hex.EncodeToString(b[:]))
}

// ValidKey reports whether key is one NewKey could have made.
func ValidKey(key string) bool { return keyPattern.MatchString(key) }

// tempFile is what Local writes through; tests put a failing one in.
type tempFile interface {
	io.Writer
	Sync() error
	Close() error
	Name() string
}

// Local keeps files in a folder. It is created on the first write, so a
// server that never stores a file leaves no trace.
type Local struct {
	root       string
	createTemp func(dir, pattern string) (tempFile, error)
}

// NewLocal returns the store of the folder root.
func NewLocal(root string) *Local {
	return &Local{root: root, createTemp: func(dir, pattern string) (tempFile, error) { return os.CreateTemp(dir, pattern) }}
}

func (l *Local) path(key string) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadKey
	}
	return filepath.Join(l.root, filepath.FromSlash(key)), nil
}

// Put writes to a temporary file beside the target, syncs it and renames it
// into place, so a reader never sees half a file; on any failure the
// temporary file is removed.
func (l *Local) Put(ctx context.Context, key string, r io.Reader, max int64) (n int64, err error) {
	target, err := l.path(key)
	if err != nil {
		return 0, err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return 0, full(fmt.Errorf("storage: %w", err))
	}
	f, err := l.createTemp(dir, ".upload-*")
	if err != nil {
		return 0, full(fmt.Errorf("storage: %w", err))
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	n, err = io.Copy(f, io.LimitReader(readerWithContext{ctx, r}, max+1))
	if err != nil {
		return n, full(fmt.Errorf("storage: write: %w", err))
	}
	if n > max {
		return n, ErrTooLarge
	}
	if err = f.Sync(); err != nil {
		return n, full(fmt.Errorf("storage: sync: %w", err))
	}
	if err = f.Close(); err != nil {
		return n, full(fmt.Errorf("storage: close: %w", err))
	}
	if err = os.Rename(f.Name(), target); err != nil {
		return n, fmt.Errorf("storage: rename: %w", err)
	}
	return n, nil
}

// Open reads the file of key.
func (l *Local) Open(_ context.Context, key string) (io.ReadCloser, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	return f, nil
}

// Delete removes the file of key.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("storage: %w", err)
	}
	return nil
}

// readerWithContext stops a copy when ctx ends (the client went away).
type readerWithContext struct {
	ctx context.Context
	r   io.Reader
}

func (r readerWithContext) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	return r.r.Read(p)
}
