package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Handler runs one job. Returning an error schedules a retry (or leaves the
// job failed when it is Permanent or the attempts are spent). ctx ends when
// the job's lease does or the worker stops.
type Handler func(ctx context.Context, job Job) error

// Job is a claimed job.
type Job struct {
	ID      int64
	Kind    string
	Payload json.RawMessage
	// Attempt counts from 1 for the first run.
	Attempt     int
	MaxAttempts int
	// Interrupted says the previous run never finished (its worker died or
	// overran its lease); work done in its transaction was rolled back. A handler
	// that cannot safely start again reports the job failed instead.
	Interrupted bool
}

// Worker claims and runs due jobs of the kinds it has handlers for.
type Worker struct {
	db       *pgxpool.Pool
	log      *slog.Logger
	handlers map[string]Handler

	// Concurrency is how many jobs run at once in this instance.
	Concurrency int
	// Poll is how long an idle worker waits before looking for due jobs again.
	Poll time.Duration
	// Lease is how long a claimed job is kept from other workers; a handler
	// running longer is cancelled and the job retried.
	Lease time.Duration
	// Backoff gives the wait before retry number attempt (1 after the first
	// failure).
	Backoff func(attempt int) time.Duration
	// Watch is how often a running worker looks for jobs leased by workers
	// that are gone, to hand them back without waiting for their lease.
	Watch time.Duration

	// ownerID is the owner id of Run (job.locked_by), 0 outside Run.
	ownerID atomic.Int32
}

// NewWorker returns a worker running 4 jobs at once, polling every second, on
// 5-minute leases, backing off from 10 s to 1 h, and handing back dead
// workers' jobs at start and every 30 s. Register handlers before Run.
func NewWorker(db *pgxpool.Pool, log *slog.Logger) *Worker {
	return &Worker{
		db: db, log: log, handlers: map[string]Handler{},
		Concurrency: 4, Poll: time.Second, Lease: 5 * time.Minute, Backoff: ExponentialBackoff, Watch: 30 * time.Second,
	}
}

// ExponentialBackoff waits 10 s, 20 s, 40 s ... up to an hour, with up to 20 %
// jitter so jobs failed together do not retry together.
func ExponentialBackoff(attempt int) time.Duration {
	d := 10 * time.Second
	for i := 1; i < attempt && d < time.Hour; i++ {
		d *= 2
	}
	d = min(d, time.Hour)
	return d + time.Duration(rand.Int64N(int64(d)/5+1))
}

// Handle registers the handler of kind. It must not be called after Run.
func (w *Worker) Handle(kind string, h Handler) { w.handlers[kind] = h }

// Run claims and runs jobs until ctx ends, then waits for those running. It
// first takes an owner lock, so if the process dies its half-done jobs are
// handed back at once by the next or any running worker, not at lease end.
func (w *Worker) Run(ctx context.Context) error {
	if len(w.handlers) == 0 {
		return errors.New("jobs: worker without handlers")
	}
	kinds := make([]string, 0, len(w.handlers))
	for k := range w.handlers {
		kinds = append(kinds, k)
	}
	o, err := w.claimOwnership(ctx)
	if err != nil {
		return nil // stopped before the database answered
	}
	defer o.close()
	w.ownerID.Store(o.id)
	defer w.ownerID.Store(0)
	var wg sync.WaitGroup
	wg.Go(func() { w.watch(ctx, o) })
	for range max(w.Concurrency, 1) {
		wg.Go(func() { w.loop(ctx, kinds) })
	}
	wg.Wait()
	return nil
}

// maxErrorWait bounds the back-off of a loop whose claims fail (the
// database is down): it waits twice as long after each failure, up to this.
const maxErrorWait = 30 * time.Second

func (w *Worker) loop(ctx context.Context, kinds []string) {
	wait := w.Poll
	for ctx.Err() == nil {
		ran, err := w.RunOne(ctx, kinds)
		switch {
		case err != nil && ctx.Err() == nil:
			w.log.Error("jobs: claim", "error", err, "retryIn", wait)
			wait = min(2*wait, maxErrorWait)
		case err == nil:
			wait = w.Poll
			if ran {
				continue
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
	}
}

// RunOne claims one due job of kinds and runs it. It reports whether a job
// was found.
func (w *Worker) RunOne(ctx context.Context, kinds []string) (bool, error) {
	j, ok, err := w.claim(ctx, kinds)
	if err != nil || !ok {
		return false, err
	}
	runCtx, cancel := context.WithTimeout(ctx, w.Lease)
	err = w.run(runCtx, j)
	cancel()
	// The outcome is written even when the worker is stopping, so a finished
	// job is not run again.
	finishCtx, cancelFinish := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancelFinish()
	return true, w.finish(finishCtx, j, err)
}

func (w *Worker) run(ctx context.Context, j Job) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return w.handlers[j.Kind](ctx, j)
}

// claim leases the next due job to this worker. A job that still carries a
// lease was left unfinished (finish always clears it): its run is marked
// Interrupted.
func (w *Worker) claim(ctx context.Context, kinds []string) (Job, bool, error) {
	var j Job
	var owner *int32
	if id := w.ownerID.Load(); id != 0 {
		owner = &id
	}
	err := w.db.QueryRow(ctx, `
		WITH next AS (
			SELECT id, locked_until IS NOT NULL AS interrupted FROM job
			WHERE state = 'pending' AND run_at <= now() AND kind = ANY($2)
			  AND (locked_until IS NULL OR locked_until <= now())
			ORDER BY run_at, id
			LIMIT 1
			FOR UPDATE SKIP LOCKED)
		UPDATE job SET attempts = attempts + 1, locked_until = now() + $1::interval, locked_by = $3
		FROM next WHERE job.id = next.id
		RETURNING job.id, job.kind, job.payload, job.attempts, job.max_attempts, next.interrupted`,
		w.Lease, kinds, owner).Scan(&j.ID, &j.Kind, &j.Payload, &j.Attempt, &j.MaxAttempts, &j.Interrupted)
	if errors.Is(err, pgx.ErrNoRows) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, fmt.Errorf("jobs: claim: %w", err)
	}
	return j, true, nil
}

func (w *Worker) finish(ctx context.Context, j Job, runErr error) error {
	if runErr == nil {
		if _, err := w.db.Exec(ctx, `DELETE FROM job WHERE id = $1`, j.ID); err != nil {
			return fmt.Errorf("jobs: finish %d: %w", j.ID, err)
		}
		return nil
	}
	msg := runErr.Error()
	if len(msg) > 2000 {
		msg = msg[:2000]
	}
	if isPermanent(runErr) || j.Attempt >= j.MaxAttempts {
		w.log.Error("jobs: job failed", "job", j.ID, "kind", j.Kind, "attempt", j.Attempt, "error", runErr)
		_, err := w.db.Exec(ctx, `UPDATE job SET state = 'failed', locked_until = NULL, locked_by = NULL, last_error = $2 WHERE id = $1`, j.ID, msg)
		if err != nil {
			return fmt.Errorf("jobs: finish %d: %w", j.ID, err)
		}
		return nil
	}
	wait := w.Backoff(j.Attempt)
	w.log.Warn("jobs: job will be retried", "job", j.ID, "kind", j.Kind, "attempt", j.Attempt, "in", wait, "error", runErr)
	_, err := w.db.Exec(ctx, `
		UPDATE job SET run_at = now() + $2::interval, locked_until = NULL, locked_by = NULL, last_error = $3 WHERE id = $1`,
		j.ID, wait, msg)
	if err != nil {
		return fmt.Errorf("jobs: finish %d: %w", j.ID, err)
	}
	return nil
}
