package testkit_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestNewDBIsIsolatedAndMigrated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b := testkit.NewDB(t), testkit.NewDB(t)

	var nameA, nameB string
	if err := a.QueryRow(ctx, "SELECT current_database()").Scan(&nameA); err != nil {
		t.Fatal(err)
	}
	if err := b.QueryRow(ctx, "SELECT current_database()").Scan(&nameB); err != nil {
		t.Fatal(err)
	}
	if nameA == nameB {
		t.Fatalf("both pools use %s", nameA)
	}
	// Migrated: goose's table is there in both.
	for _, pool := range []interface {
		QueryRow(context.Context, string, ...any) pgx.Row
	}{a, b} {
		var applied int
		if err := pool.QueryRow(ctx, "SELECT count(*) FROM goose_db_version WHERE version_id > 0").Scan(&applied); err != nil || applied == 0 {
			t.Fatalf("template not migrated: %d, %v", applied, err)
		}
	}
	if _, err := a.Exec(ctx, "CREATE TABLE only_in_a (v int)"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Exec(ctx, "SELECT * FROM only_in_a"); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("a table of A seen from B: %v", err)
	}
}

func TestDatabaseURLIsDroppedAfterTheTest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var dbURL string
	t.Run("inner", func(t *testing.T) {
		dbURL = testkit.DatabaseURL(t)
		conn, err := pgx.Connect(ctx, dbURL)
		if err != nil {
			t.Fatal(err)
		}
		// Left open on purpose: the drop must not wait for it.
		_ = conn
	})
	_, err := pgx.Connect(ctx, dbURL)
	var pgErr interface{ SQLState() string }
	if err == nil || !errors.As(err, &pgErr) || pgErr.SQLState() != "3D000" {
		t.Fatalf("database still there after its test: %v", err)
	}
}

func TestRepoRoot(t *testing.T) {
	t.Parallel()
	root := testkit.RepoRoot()
	if strings.HasSuffix(root, "testkit") {
		t.Errorf("RepoRoot = %s", root)
	}
	if _, err := testkit.BinDir(context.Background()); err != nil {
		t.Errorf("BinDir: %v", err)
	}
}
