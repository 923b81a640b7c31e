// Package testkit holds test helpers: one PostgreSQL server per test run and
// a fresh database per test, cloned from a template the migrations built.
package testkit

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/migrations"
)

// EnvDatabaseURL names an already running server for the tests (an admin URL:
// a superuser connection to any database but the templates). testpg sets it
// so a whole `go test ./...` shares one server.
const EnvDatabaseURL = "TRAMITA_TEST_DATABASE_URL"

// templateLockKey is the advisory lock under which a template is built, so
// test processes sharing a server build it once.
const templateLockKey int64 = 0x7472616d69746101 // "tramita" + 1

// shared is this test process's server and admin pool. Package state is the
// point here: the server lives for the whole test binary run.
var shared struct {
	once     sync.Once
	err      error
	server   *Server // nil when EnvDatabaseURL names the server
	adminURL string
	admin    *pgxpool.Pool

	tmplOnce sync.Once
	tmpl     string
	tmplErr  error
}

// Main runs the package's tests and stops the embedded server afterwards:
//
//	func TestMain(m *testing.M) { testkit.Main(m) }
func Main(m *testing.M) {
	code := m.Run()
	shutdown()
	os.Exit(code)
}

func shutdown() {
	if shared.admin != nil {
		shared.admin.Close()
	}
	if shared.server != nil {
		if err := shared.server.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "testkit:", err)
		}
	}
}

// NewDB returns a pool on a fresh, migrated database of its own, dropped
// when the test ends.
func NewDB(t testing.TB) *pgxpool.Pool {
	t.Helper()
	dbURL := DatabaseURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	pool, err := database.Open(ctx, dbURL)
	if err != nil {
		t.Fatalf("testkit: %v", err)
	}
	t.Cleanup(pool.Close) // runs before the drop registered by DatabaseURL
	return pool
}

// DatabaseURL creates a fresh, migrated database like NewDB and returns its
// URL, for tests that start the whole server. It is dropped (with any
// connections still open) when the test ends.
func DatabaseURL(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	admin, err := adminPool(ctx)
	if err != nil {
		t.Fatalf("testkit: %v", err)
	}
	tmpl, err := template(ctx)
	if err != nil {
		t.Fatalf("testkit: %v", err)
	}
	name := databaseName(t.Name())
	// The template is tiny, so copying its files beats WAL-logging each block.
	sql := fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s STRATEGY FILE_COPY",
		pgx.Identifier{name}.Sanitize(), pgx.Identifier{tmpl}.Sanitize())
	if _, err := admin.Exec(ctx, sql); err != nil {
		t.Fatalf("testkit: create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("testkit: drop database %s: %v", name, err)
		}
	})
	u, err := withDatabase(shared.adminURL, name)
	if err != nil {
		t.Fatalf("testkit: %v", err)
	}
	return u
}

var unsafeName = regexp.MustCompile(`[^a-z0-9]+`)

// databaseName is readable (which test made it) and unique.
func databaseName(test string) string {
	prefix := strings.Trim(unsafeName.ReplaceAllString(strings.ToLower(test), "_"), "_")
	if len(prefix) > 40 {
		prefix = prefix[:40]
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "t_" + prefix + "_" + hex.EncodeToString(b)
}

// withDatabase returns rawURL with its database replaced.
func withDatabase(rawURL, db string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", fmt.Errorf("%s must be a postgres:// URL", EnvDatabaseURL)
	}
	u.Path = "/" + db
	u.RawPath = ""
	return u.String(), nil
}

// adminPool starts (or finds) this process's server on first use.
func adminPool(ctx context.Context) (*pgxpool.Pool, error) {
	shared.once.Do(func() {
		shared.err = func() error {
			shared.adminURL = os.Getenv(EnvDatabaseURL)
			if shared.adminURL == "" {
				srv, err := StartServer(ctx, quietLogger())
				if err != nil {
					return err
				}
				shared.server = srv
				shared.adminURL = srv.URL()
			}
			cfg, err := pgxpool.ParseConfig(shared.adminURL)
			if err != nil {
				return fmt.Errorf("admin url: %w", err)
			}
			cfg.MaxConns = 4
			pool, err := pgxpool.NewWithConfig(ctx, cfg)
			if err != nil {
				return fmt.Errorf("admin pool: %w", err)
			}
			if err := pool.Ping(ctx); err != nil {
				pool.Close()
				return fmt.Errorf("connect to test server: %w", err)
			}
			shared.admin = pool
			return nil
		}()
	})
	return shared.admin, shared.err
}

// template returns a database migrated to the current migrations, built on
// first use. Its name hashes the migrations, so changing one builds a new
// template rather than reusing a stale one on a shared server.
func template(ctx context.Context) (string, error) {
	shared.tmplOnce.Do(func() {
		shared.tmpl, shared.tmplErr = buildTemplate(ctx)
	})
	return shared.tmpl, shared.tmplErr
}

func buildTemplate(ctx context.Context) (string, error) {
	sum, err := migrationsHash()
	if err != nil {
		return "", err
	}
	name := "tramita_template_" + sum[:16]
	conn, err := shared.admin.Acquire(ctx)
	if err != nil {
		return "", fmt.Errorf("template: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", templateLockKey); err != nil {
		return "", fmt.Errorf("template: lock: %w", err)
	}
	defer func() {
		if _, err := conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", templateLockKey); err != nil {
			// Closing the session releases the lock anyway.
			_ = conn.Conn().Close(context.Background())
		}
	}()
	var ready bool
	err = conn.QueryRow(ctx, "SELECT datistemplate FROM pg_database WHERE datname = $1", name).Scan(&ready)
	if err == nil && ready {
		return name, nil
	}
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("template: %w", err)
	}
	// Not there, or left half built by a process that died: build it. It is
	// marked a template only once fully migrated.
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+ident+" WITH (FORCE)"); err != nil {
		return "", fmt.Errorf("template: drop unfinished %s: %w", name, err)
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident+" TEMPLATE template0"); err != nil {
		return "", fmt.Errorf("template: create %s: %w", name, err)
	}
	dbURL, err := withDatabase(shared.adminURL, name)
	if err != nil {
		return "", err
	}
	pool, err := database.Open(ctx, dbURL)
	if err != nil {
		return "", fmt.Errorf("template: %w", err)
	}
	err = database.Migrate(ctx, pool, slog.New(slog.DiscardHandler))
	pool.Close()
	if err != nil {
		return "", fmt.Errorf("template: %w", err)
	}
	// No connections allowed: CREATE DATABASE ... TEMPLATE fails while anyone
	// is connected to the template.
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+ident+" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false"); err != nil {
		return "", fmt.Errorf("template: mark %s: %w", name, err)
	}
	return name, nil
}

// migrationsHash digests every migration's name and content.
func migrationsHash() (string, error) {
	h := sha256.New()
	h.Write([]byte(database.GoMigrations))
	err := fs.WalkDir(migrations.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("hash migrations: %w", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// quietLogger lets the embedded server's warnings through, not its chatter.
func quietLogger() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// RepoRoot is the repository's root directory: the nearest parent of the
// working directory (go test runs in the package's) holding go.mod, or else
// the one above this source file.
func RepoRoot() string {
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return dir
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		root := filepath.Join(filepath.Dir(file), "..", "..")
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			return root
		}
	}
	panic("testkit: cannot find the repository root (no go.mod above the working directory)")
}
