// Package database opens the PostgreSQL pool, runs the migrations and, when no
// DATABASE_URL is configured, launches the embedded PostgreSQL server.
package database

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Timeouts bound what one session of the pool may hold: a statement that
// runs longer is cancelled, a session idle inside a transaction longer is
// ended, so neither keeps locks and a connection for good. Zero: no limit.
type Timeouts struct {
	Statement         time.Duration
	IdleInTransaction time.Duration
}

// defaultTimeout is both timeouts of Open, the configuration's default too.
const defaultTimeout = time.Minute

// Open connects a pool to url with both timeouts at one minute and waits
// until the database answers.
func Open(ctx context.Context, url string) (*pgxpool.Pool, error) {
	return OpenWithTimeouts(ctx, url, Timeouts{Statement: defaultTimeout, IdleInTransaction: defaultTimeout})
}

// OpenWithTimeouts is Open with the session timeouts given.
func OpenWithTimeouts(ctx context.Context, url string, t Timeouts) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database: parse url: %w", err)
	}
	if cfg.MaxConns < 8 {
		cfg.MaxConns = 8
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	// Sent in the startup packet, so every connection has them from its
	// first statement, whatever the database's or role's defaults say.
	cfg.ConnConfig.RuntimeParams["statement_timeout"] = milliseconds(t.Statement)
	cfg.ConnConfig.RuntimeParams["idle_in_transaction_session_timeout"] = milliseconds(t.IdleInTransaction)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("database: open: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := pool.Ping(pingCtx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database: ping: %w", err)
	}
	return pool, nil
}

func milliseconds(d time.Duration) string {
	return strconv.FormatInt(d.Milliseconds(), 10)
}
