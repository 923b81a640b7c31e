// Package jobs is a small job queue in PostgreSQL: modules enqueue work in the
// transaction of the change that causes it, and a Worker in any instance runs
// it, retrying with backoff. Delivery is at least once, so a handler must
// tolerate running twice (its worker may die before marking it done). A
// worker that dies mid-run is noticed through its owner lock and its jobs
// handed back at once, marked Interrupted; the lease is the last resort.
package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Execer is what Enqueue needs: a pool, a connection or a transaction.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Options tune one job; the zero value runs it now with the default attempts.
type Options struct {
	// RunAt delays the first run; zero means now.
	RunAt time.Time
	// MaxAttempts caps the runs; zero means DefaultMaxAttempts.
	MaxAttempts int
}

// DefaultMaxAttempts is how many times a job runs before it is left failed.
const DefaultMaxAttempts = 8

// Enqueue adds a job of kind with payload (marshalled to JSON). Pass the
// transaction of the change that causes the job, so both land or neither.
func Enqueue(ctx context.Context, db Execer, kind string, payload any, opts Options) error {
	if kind == "" {
		return errors.New("jobs: enqueue without kind")
	}
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", kind, err)
	}
	attempts := opts.MaxAttempts
	if attempts <= 0 {
		attempts = DefaultMaxAttempts
	}
	var runAt *time.Time
	if !opts.RunAt.IsZero() {
		runAt = &opts.RunAt
	}
	if _, err := db.Exec(ctx, `
		INSERT INTO job (kind, payload, run_at, max_attempts) VALUES ($1, $2, coalesce($3, now()), $4)`,
		kind, b, runAt, attempts); err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", kind, err)
	}
	return nil
}

// permanentError marks a failure that retrying cannot fix.
type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// Permanent wraps err so the job is not retried: it is left failed at once.
func Permanent(err error) error { return permanentError{err: err} }

func isPermanent(err error) bool {
	var p permanentError
	return errors.As(err, &p)
}
