package database

import (
	"io/fs"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/pressly/goose/v3"
)

// NewMigratorFS exposes newMigrator to the external tests.
func NewMigratorFS(pool *pgxpool.Pool, fsys fs.FS, opts ...goose.ProviderOption) (*Migrator, error) {
	return newMigrator(pool, fsys, "", opts...)
}
