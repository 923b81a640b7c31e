package database_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pressly/goose/v3"
	gooseDB "github.com/pressly/goose/v3/database"

	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/testkit"
)

// The server's sessions are bounded: a runaway statement is cancelled and a
// transaction left open is ended, so neither holds locks and a connection for
// good; migrations, which may rewrite big tables, are not bounded.
func TestPoolTimeoutsBoundSessionsButNotMigrations(t *testing.T) {
	url := testkit.DatabaseURL(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pool, err := database.OpenWithTimeouts(ctx, url, database.Timeouts{Statement: 300 * time.Millisecond, IdleInTransaction: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	t.Run("a long statement is cancelled", func(t *testing.T) {
		_, err := pool.Exec(ctx, `SELECT pg_sleep(3)`)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "57014" || !strings.Contains(pgErr.Message, "statement timeout") {
			t.Fatalf("pg_sleep(3) under a 300 ms statement timeout: %v, want 57014 canceling statement due to statement timeout", err)
		}
	})

	t.Run("a session idle in a transaction is ended", func(t *testing.T) {
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = tx.Rollback(ctx) }()
		var pid int
		if err := tx.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1500 * time.Millisecond)
		if _, err := tx.Exec(ctx, `SELECT 1`); err == nil {
			t.Fatal("the transaction idle for 1.5 s under a 300 ms timeout still answers")
		}
		var alive bool
		if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)`, pid).Scan(&alive); err != nil {
			t.Fatal(err)
		}
		if alive {
			t.Errorf("session %d is still there", pid)
		}
	})

	t.Run("migrations have no timeout", func(t *testing.T) {
		store, err := gooseDB.NewStore(gooseDB.DialectPostgres, "goose_timeout_test")
		if err != nil {
			t.Fatal(err)
		}
		slow := fstest.MapFS{"00001_slow.sql": {Data: []byte("-- +goose Up\nSELECT pg_sleep(1);\nCREATE TABLE slow_done (id int);\n")}}
		idle := goose.NewGoMigration(2, &goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `CREATE TABLE idle_done (id int)`); err != nil {
				return err
			}
			time.Sleep(time.Second) // idle inside the migration's transaction
			_, err := tx.ExecContext(ctx, `INSERT INTO idle_done VALUES (1)`)
			return err
		}}, nil)
		m, err := database.NewMigratorFS(pool, slow, goose.WithStore(store), goose.WithGoMigrations(idle))
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		if err := m.Up(ctx, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
			t.Fatalf("migrations under a pool with 300 ms timeouts: %v", err)
		}
		var n int
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM slow_done, idle_done`).Scan(&n); err != nil {
			t.Fatal(err)
		}
	})
}
