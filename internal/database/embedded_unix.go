//go:build unix

package database

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// lockDataDir flocks DataDir/tramita.lock for the returned file's life, so a
// second tramita on the directory stops clearly; the kernel drops it however
// the process dies, and close-on-exec keeps it from postgres.
func lockDataDir(dir string) (*os.File, error) {
	path := filepath.Join(dir, "tramita.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("embedded postgres: open lock file: %w", err)
	}
	if err := flockSoon(f); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			holder := "unknown"
			if b, rerr := os.ReadFile(path); rerr == nil && len(bytes.TrimSpace(b)) > 0 {
				holder = string(bytes.TrimSpace(b))
			}
			return nil, &dataDirInUseError{dir: dir, pid: holder}
		}
		return nil, fmt.Errorf("embedded postgres: lock %s: %w", path, err)
	}
	// The pid is only for the message above; the flock is the lock.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return f, nil
}

// lockWait is how long lockDataDir waits for a lock held elsewhere. A
// process this one forks keeps a copy of the lock's descriptor until it
// execs, so a lock just released (a restart) can look held for a moment.
const lockWait = 2 * time.Second

// flockSoon takes f's exclusive flock, trying again for lockWait while it
// is held; then EWOULDBLOCK.
func flockSoon(f *os.File) error {
	deadline := time.Now().Add(lockWait)
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// dataDirInUseError says who holds the data directory; errors.Is matches
// ErrDataDirInUse.
type dataDirInUseError struct{ dir, pid string }

func (e *dataDirInUseError) Error() string {
	return fmt.Sprintf("data directory %s is in use by another tramita process (pid %s)", e.dir, e.pid)
}

func (e *dataDirInUseError) Is(target error) bool { return target == ErrDataDirInUse }

// osUser is the unprivileged account PostgreSQL runs as when we are root.
type osUser struct {
	name     string
	uid, gid uint32
}

// serverUser picks the account to run PostgreSQL as: nil when we are not
// root (it runs as us), else "postgres" when it exists, else "nobody".
func serverUser() (*osUser, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 != nil || err2 != nil || uid == 0 {
			continue
		}
		return &osUser{name: name, uid: uint32(uid), gid: uint32(gid)}, nil
	}
	return nil, errors.New("embedded postgres: running as root, and there is no postgres or nobody user to run PostgreSQL as (it refuses to run as root); create a postgres user or run tramita as a non-root user")
}

// credential drops root's supplementary groups too.
func (u *osUser) credential() *syscall.Credential {
	return &syscall.Credential{Uid: u.uid, Gid: u.gid, Groups: []uint32{}}
}

// run runs a short command as u and returns its combined output on failure.
func (u *osUser) run(ctx context.Context, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = postgresEnv()
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: u.credential()}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%w: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// serverDir is where PostgreSQL's own files go (the cluster, the socket
// directory, a copy of the binaries): DataDir when u can reach it, else a
// directory of this data directory's own under movedBase. Root's home is
// 0700, so a clone under /root starts this way; the move is kept for good.
func (u *osUser) serverDir(ctx context.Context, dataDir, movedBase string, log *slog.Logger) (string, error) {
	moved := filepath.Join(movedBase, dataDirKey(dataDir))
	if _, err := os.Stat(filepath.Join(moved, "postgres")); err == nil {
		return moved, nil
	}
	reachErr := u.reach(ctx, dataDir)
	if reachErr == nil {
		return dataDir, nil
	}
	unreachable := fmt.Errorf("embedded postgres: tramita runs as root, so PostgreSQL runs as user %s (uid %d), and that user cannot reach the data directory %s (%v); "+
		"use a data directory whose parents it can traverse (for example under /var/lib or /srv, not under /root), run tramita as a non-root user, or set DATABASE_URL",
		u.name, u.uid, dataDir, reachErr)
	// A cluster already here is the data: never start an empty one elsewhere.
	if _, err := os.Stat(filepath.Join(dataDir, "postgres")); err == nil {
		return "", unreachable
	}
	if err := os.MkdirAll(moved, 0o751); err != nil {
		return "", fmt.Errorf("%w; and %s could not be made: %v", unreachable, moved, err)
	}
	for _, dir := range []string{movedBase, moved} {
		if err := os.Chmod(dir, 0o751); err != nil {
			return "", fmt.Errorf("%w; and %s could not be made: %v", unreachable, moved, err)
		}
	}
	if err := u.reach(ctx, moved); err != nil {
		return "", fmt.Errorf("%w; nor can it reach %s (%v)", unreachable, moved, err)
	}
	note := fmt.Sprintf("PostgreSQL's files for this data directory are in %s: tramita ran as root, and user %s cannot reach this directory.\n"+
		"Back them up with it; they belong to no other data directory.\n", moved, u.name)
	if err := os.WriteFile(filepath.Join(dataDir, "postgres.location"), []byte(note), 0o644); err != nil {
		return "", fmt.Errorf("embedded postgres: %w", err)
	}
	log.Warn("user "+u.name+" cannot reach the data directory, so PostgreSQL's files go to "+moved+" (noted in postgres.location); back it up with the data directory",
		"user", u.name, "data_dir", dataDir, "postgres_dir", moved)
	return moved, nil
}

// reach makes dir traversable by u (search only, not listing) and checks
// that u can get there: every directory above must let u through, which we
// do not change behind the operator's back.
func (u *osUser) reach(ctx context.Context, dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if st.Mode().Perm()&0o001 == 0 {
		if err := os.Chmod(dir, st.Mode().Perm()|0o001); err != nil {
			return err
		}
	}
	return u.run(ctx, "/bin/sh", "-c", `cd -- "$1"`, "sh", dir)
}

// dataDirKey names a data directory's moved PostgreSQL files: a hash of its
// real path, so two data directories never share a cluster.
func dataDirKey(dataDir string) string {
	if real, err := filepath.EvalSymlinks(dataDir); err == nil {
		dataDir = real
	}
	sum := sha256.Sum256([]byte(dataDir))
	return hex.EncodeToString(sum[:8])
}

// own gives the cluster to u when it belongs to someone else (a data
// directory first used without root, or restored from a backup).
func (u *osUser) own(clusterDir string) error {
	st, err := os.Stat(clusterDir)
	if err != nil {
		return fmt.Errorf("embedded postgres: %w", err)
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && sys.Uid == u.uid {
		return nil
	}
	err = filepath.WalkDir(clusterDir, func(path string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(path, int(u.uid), int(u.gid))
	})
	if err != nil {
		return fmt.Errorf("embedded postgres: give %s to %s: %w", clusterDir, u.name, err)
	}
	return nil
}

// reachableBinDir returns binDir when u can run its binaries, else (a
// repository under /root, mode 0700) a copy of the package's bin, lib and
// share in serverDir/pgbin, made once per binary version.
func (u *osUser) reachableBinDir(ctx context.Context, binDir, serverDir string, log *slog.Logger) (string, error) {
	postgres := filepath.Join(binDir, "postgres")
	if err := u.run(ctx, postgres, "--version"); err == nil {
		return binDir, nil
	}
	src := filepath.Dir(binDir)
	st, err := os.Stat(postgres)
	if err != nil {
		return "", fmt.Errorf("embedded postgres: %w", err)
	}
	stamp := fmt.Sprintf("%s\n%d\n%d\n", binDir, st.Size(), st.ModTime().UnixNano())
	dst := filepath.Join(serverDir, "pgbin")
	if old, err := os.ReadFile(filepath.Join(dst, ".source")); err != nil || string(old) != stamp {
		log.Info("user cannot reach the PostgreSQL binaries; copying them into the data directory", "user", u.name, "from", src, "to", dst)
		tmp := dst + ".tmp"
		if err := os.RemoveAll(tmp); err != nil {
			return "", fmt.Errorf("embedded postgres: %w", err)
		}
		for _, sub := range []string{"bin", "lib", "share"} {
			if err := copyTree(filepath.Join(src, sub), filepath.Join(tmp, sub)); err != nil {
				return "", fmt.Errorf("embedded postgres: copy binaries for user %s: %w", u.name, err)
			}
		}
		if err := os.WriteFile(filepath.Join(tmp, ".source"), []byte(stamp), 0o644); err != nil {
			return "", fmt.Errorf("embedded postgres: %w", err)
		}
		if err := os.RemoveAll(dst); err != nil {
			return "", fmt.Errorf("embedded postgres: %w", err)
		}
		if err := os.Rename(tmp, dst); err != nil {
			return "", fmt.Errorf("embedded postgres: %w", err)
		}
	}
	copied := filepath.Join(dst, "bin")
	if err := u.run(ctx, filepath.Join(copied, "postgres"), "--version"); err != nil {
		return "", fmt.Errorf("embedded postgres: user %s cannot run %s even from the copy in %s: %w", u.name, postgres, copied, err)
	}
	return copied, nil
}

// copyTree copies a directory of regular files and symlinks, readable by
// everyone (the static libraries are left out: nothing runs them).
func copyTree(src, dst string) error {
	// The tree itself may be reached through a symlink; copy what it points at.
	src, err := filepath.EvalSymlinks(src)
	if err != nil {
		return err
	}
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
			return os.Chmod(target, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case strings.HasSuffix(path, ".a"):
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if info.Mode().Perm()&0o111 != 0 {
			mode = 0o755
		}
		return copyFile(path, target, mode)
	})
}

func copyFile(src, dst string, mode os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chmod(dst, mode)
}

// procInfo is what we can tell about the process a postmaster.pid names.
type procInfo struct {
	alive    bool   // running (a zombie is not)
	postgres bool   // its command is postgres
	cwd      string // its working directory, "" when unknown
}
