//go:build unix

package testkit

import (
	"os"
	"syscall"
)

// lockFile waits for an exclusive flock on path.
func lockFile(path string) (func(), error) { return flock(path, syscall.LOCK_EX) }

// tryLockFile takes an exclusive flock on an existing path, or fails at once.
func tryLockFile(path string) (func(), error) { return flock(path, syscall.LOCK_EX|syscall.LOCK_NB) }

func flock(path string, how int) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}
