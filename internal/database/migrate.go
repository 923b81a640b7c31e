package database

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/tramita/tramita/migrations"
)

// Migrator applies the embedded migrations. Every instance that starts takes a
// PostgreSQL session advisory lock first, so several instances starting at once
// apply each migration exactly once.
type Migrator struct {
	provider *goose.Provider
	closeDB  io.Closer
}

// NewMigrator prepares a migrator on pool's database.
func NewMigrator(pool *pgxpool.Pool) (*Migrator, error) {
	return newMigrator(pool, migrations.FS, goose.DialectPostgres, goose.WithGoMigrations(typedItemStorage))
}

// newMigrator is NewMigrator over any set of migration files; tests give it
// their own files and a goose store of their own (dialect "" then).
func newMigrator(pool *pgxpool.Pool, fsys fs.FS, dialect goose.Dialect, opts ...goose.ProviderOption) (*Migrator, error) {
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return nil, fmt.Errorf("migrate: locker: %w", err)
	}
	// Its own connections, not the pool's: a migration may rewrite a big table,
	// so it runs with no statement or idle timeout, whatever the pool, the
	// database or the role sets.
	cc := pool.Config().ConnConfig
	cc.RuntimeParams["statement_timeout"] = "0"
	cc.RuntimeParams["idle_in_transaction_session_timeout"] = "0"
	db := stdlib.OpenDB(*cc)
	// Modules number their migrations in ranges of their own, so a release may
	// bring one below an installation's latest; goose calls that missing, but it
	// is right to apply, as a module's migrations never depend on a later range.
	opts = append([]goose.ProviderOption{goose.WithSessionLocker(locker), goose.WithAllowOutofOrder(true)}, opts...)
	provider, err := goose.NewProvider(dialect, db, fsys, opts...)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return &Migrator{provider: provider, closeDB: db}, nil
}

// Close releases the migrator's connections.
func (m *Migrator) Close() error { return m.closeDB.Close() }

// Up applies every pending migration.
func (m *Migrator) Up(ctx context.Context, log *slog.Logger) error {
	results, err := m.provider.Up(ctx)
	if err != nil {
		return fmt.Errorf("migrate up: %w", err)
	}
	for _, r := range results {
		log.Info("migration applied", "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
	}
	return nil
}

// Down rolls back the most recent migration.
func (m *Migrator) Down(ctx context.Context) (int64, error) {
	r, err := m.provider.Down(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrate down: %w", err)
	}
	return r.Source.Version, nil
}

// MigrationStatus is one migration and whether it is applied.
type MigrationStatus struct {
	Version int64
	File    string
	Applied bool
}

// Status lists every known migration.
func (m *Migrator) Status(ctx context.Context) ([]MigrationStatus, error) {
	st, err := m.provider.Status(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate status: %w", err)
	}
	out := make([]MigrationStatus, 0, len(st))
	for _, s := range st {
		out = append(out, MigrationStatus{Version: s.Source.Version, File: s.Source.Path, Applied: s.State == goose.StateApplied})
	}
	return out, nil
}

// Migrate applies every pending migration on pool's database; the common
// case at start.
func Migrate(ctx context.Context, pool *pgxpool.Pool, log *slog.Logger) error {
	m, err := NewMigrator(pool)
	if err != nil {
		return err
	}
	defer m.Close()
	return m.Up(ctx, log)
}
