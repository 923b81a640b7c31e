package testkit

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/tramita/tramita/internal/database"
)

// tempDirPattern names the servers' temporary data directories.
const tempDirPattern = "tramita-testpg-"

// Server is an embedded PostgreSQL for a test run, in a temporary directory
// removed by Stop.
type Server struct {
	*database.Embedded
	Dir string
}

// StartServer starts an embedded PostgreSQL in a new temporary directory,
// installing the binaries first when the repository has none yet (a fresh
// clone), so `go test ./...` works with nothing but Go and npm.
func StartServer(ctx context.Context, log *slog.Logger) (*Server, error) {
	binDir, err := BinDir(ctx)
	if err != nil {
		return nil, err
	}
	removeAbandonedDirs(log)
	dir, err := os.MkdirTemp("", tempDirPattern)
	if err != nil {
		return nil, fmt.Errorf("testkit: %w", err)
	}
	emb, err := database.StartEmbedded(ctx, database.EmbeddedConfig{
		BinDir:  binDir,
		DataDir: dir,
		Logger:  log,
		// Parallel packages and parallel tests each open pools on a shared server.
		Settings: map[string]string{"max_connections": "300"},
	})
	if err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("testkit: %w", err)
	}
	return &Server{Embedded: emb, Dir: dir}, nil
}

// Stop stops the server and removes its directory.
func (s *Server) Stop() error {
	err := s.Embedded.Stop()
	if rmErr := os.RemoveAll(s.Dir); rmErr != nil && err == nil {
		err = fmt.Errorf("testkit: remove %s: %w", s.Dir, rmErr)
	}
	return err
}

// BinDir finds the PostgreSQL binaries: TRAMITA_PG_BIN when set, else the
// repository's tools/postgres, which scripts/install-postgres.sh fills when
// empty (under a file lock: parallel test processes may all get here).
func BinDir(ctx context.Context) (string, error) {
	if explicit := os.Getenv("TRAMITA_PG_BIN"); explicit != "" {
		return database.FindBinDir(explicit)
	}
	root := RepoRoot()
	dir := database.ToolsBinDir(root)
	if dir == "" {
		return database.FindBinDir("") // unsupported platform: its error says so
	}
	if found, err := database.FindBinDir(dir); err == nil {
		return found, nil
	}
	if err := os.MkdirAll(filepath.Join(root, "tools"), 0o755); err != nil {
		return "", fmt.Errorf("testkit: %w", err)
	}
	unlock, err := lockFile(filepath.Join(root, "tools", ".install-postgres.lock"))
	if err != nil {
		return "", fmt.Errorf("testkit: %w", err)
	}
	defer unlock()
	if found, err := database.FindBinDir(dir); err == nil {
		return found, nil // another test process installed them meanwhile
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(root, "scripts", "install-postgres.sh"))
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("testkit: PostgreSQL binaries missing and scripts/install-postgres.sh failed: %w", err)
	}
	return database.FindBinDir(dir)
}

// removeAbandonedDirs deletes the directories of servers whose test process
// died without Stop. A live server holds tramita.lock; the age check spares a
// directory whose new server has not taken the lock yet.
func removeAbandonedDirs(log *slog.Logger) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), tempDirPattern+"*"))
	for _, dir := range dirs {
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() || time.Since(st.ModTime()) < 10*time.Minute {
			continue
		}
		lockPath := filepath.Join(dir, "tramita.lock")
		if _, err := os.Stat(lockPath); errors.Is(err, os.ErrNotExist) {
			continue
		}
		unlock, err := tryLockFile(lockPath)
		if err != nil {
			continue // in use
		}
		unlock()
		if err := os.RemoveAll(dir); err == nil {
			log.Debug("removed an abandoned test server directory", "dir", dir)
		}
	}
}
