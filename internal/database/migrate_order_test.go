package database_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"testing/fstest"

	"github.com/pressly/goose/v3"
	gooseDB "github.com/pressly/goose/v3/database"

	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/testkit"
)

// A release may bring a module's migration numbered below one already applied
// (each module has its own range); it must be applied, not refused.
func TestMigrationBelowTheLastAppliedIsApplied(t *testing.T) {
	pool := testkit.NewDB(t)
	ctx := context.Background()
	store, err := gooseDB.NewStore(gooseDB.DialectPostgres, "goose_order_test")
	if err != nil {
		t.Fatal(err)
	}
	file := func(sql string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("-- +goose Up\n" + sql + "\n")}
	}
	first := fstest.MapFS{
		"00001_a.sql": file("CREATE TABLE order_a (id int);"),
		"00080_c.sql": file("CREATE TABLE order_c (id int);"),
	}
	second := fstest.MapFS{
		"00001_a.sql": first["00001_a.sql"],
		"00033_b.sql": file("CREATE TABLE order_b (id int);"),
		"00080_c.sql": first["00080_c.sql"],
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for i, fsys := range []fstest.MapFS{first, second} {
		m, err := database.NewMigratorFS(pool, fsys, goose.WithStore(store))
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Up(ctx, log); err != nil {
			t.Fatalf("release %d: %v", i+1, err)
		}
		m.Close()
	}
	var exists bool
	if err := pool.QueryRow(ctx, `SELECT to_regclass('order_b') IS NOT NULL`).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	if !exists {
		t.Fatal("the migration 00033 was not applied")
	}
}
