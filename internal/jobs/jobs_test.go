package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newWorker(db *pgxpool.Pool) *jobs.Worker {
	w := jobs.NewWorker(db, quiet())
	w.Poll = 10 * time.Millisecond
	w.Backoff = func(int) time.Duration { return 0 }
	return w
}

type jobRow struct {
	state     string
	attempts  int
	lastError string
}

func jobState(t *testing.T, db *pgxpool.Pool) []jobRow {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT state, attempts, last_error FROM job ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []jobRow
	for rows.Next() {
		var r jobRow
		if err := rows.Scan(&r.state, &r.attempts, &r.lastError); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// drain runs due jobs of kind until none is left due.
func drain(t *testing.T, w *jobs.Worker, kind string) {
	t.Helper()
	for range 100 {
		ran, err := w.RunOne(context.Background(), []string{kind})
		if err != nil {
			t.Fatal(err)
		}
		if !ran {
			return
		}
	}
	t.Fatal("jobs never ran out")
}

func TestRetriesUntilSuccessThenDeletes(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	w := newWorker(db)
	var payloads []string
	var attempts []int
	w.Handle("flaky", func(ctx context.Context, j jobs.Job) error {
		payloads = append(payloads, string(j.Payload))
		attempts = append(attempts, j.Attempt)
		if j.Attempt < 3 {
			return errors.New("push service busy")
		}
		return nil
	})
	if err := jobs.Enqueue(ctx, db, "flaky", map[string]int{"messageId": 7}, jobs.Options{}); err != nil {
		t.Fatal(err)
	}
	drain(t, w, "flaky")
	if len(attempts) != 3 || attempts[2] != 3 || payloads[0] != `{"messageId": 7}` {
		t.Errorf("attempts %v payloads %v", attempts, payloads)
	}
	if rows := jobState(t, db); len(rows) != 0 {
		t.Errorf("a finished job is kept: %+v", rows)
	}
}

func TestBackoffDelaysTheRetry(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	w := newWorker(db)
	w.Backoff = func(attempt int) time.Duration { return time.Hour }
	runs := 0
	w.Handle("slow", func(context.Context, jobs.Job) error { runs++; return errors.New("down") })
	if err := jobs.Enqueue(ctx, db, "slow", nil, jobs.Options{}); err != nil {
		t.Fatal(err)
	}
	drain(t, w, "slow")
	if runs != 1 {
		t.Fatalf("runs %d: a retry must wait for its backoff", runs)
	}
	var wait time.Duration
	if err := db.QueryRow(ctx, `SELECT run_at - now() FROM job`).Scan(&wait); err != nil {
		t.Fatal(err)
	}
	if wait < 59*time.Minute {
		t.Errorf("next run in %v", wait)
	}
	if rows := jobState(t, db); rows[0].state != "pending" || rows[0].lastError != "down" {
		t.Errorf("job %+v", rows[0])
	}
}

func TestFailedAfterMaxAttemptsOrPermanentError(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	w := newWorker(db)
	runs := map[string]int{}
	w.Handle("broken", func(context.Context, jobs.Job) error { runs["broken"]++; return errors.New("always") })
	w.Handle("bad", func(context.Context, jobs.Job) error { runs["bad"]++; return jobs.Permanent(errors.New("malformed")) })
	w.Handle("panics", func(context.Context, jobs.Job) error { runs["panics"]++; panic("boom") })
	for _, k := range []string{"broken", "bad", "panics"} {
		if err := jobs.Enqueue(ctx, db, k, nil, jobs.Options{MaxAttempts: 3}); err != nil {
			t.Fatal(err)
		}
		drain(t, w, k)
	}
	if runs["broken"] != 3 || runs["bad"] != 1 || runs["panics"] != 3 {
		t.Errorf("runs %v", runs)
	}
	rows := jobState(t, db)
	want := []jobRow{{"failed", 3, "always"}, {"failed", 1, "malformed"}, {"failed", 3, "panic: boom"}}
	if len(rows) != 3 || rows[0] != want[0] || rows[1] != want[1] || rows[2] != want[2] {
		t.Errorf("jobs %+v", rows)
	}
}

func TestDelayedJobWaits(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	w := newWorker(db)
	w.Handle("later", func(context.Context, jobs.Job) error { t.Error("ran before its time"); return nil })
	if err := jobs.Enqueue(ctx, db, "later", nil, jobs.Options{RunAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	drain(t, w, "later")
}

func TestExpiredLeaseIsClaimedAgain(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	w := newWorker(db)
	w.Lease = 200 * time.Millisecond
	var attempts []int
	w.Handle("stuck", func(ctx context.Context, j jobs.Job) error {
		attempts = append(attempts, j.Attempt)
		return nil
	})
	if err := jobs.Enqueue(ctx, db, "stuck", nil, jobs.Options{}); err != nil {
		t.Fatal(err)
	}
	// A worker that died after claiming: the lease is taken, nothing finishes.
	if _, err := db.Exec(ctx, `UPDATE job SET attempts = 1, locked_until = now() + interval '150 milliseconds'`); err != nil {
		t.Fatal(err)
	}
	drain(t, w, "stuck")
	if len(attempts) != 0 {
		t.Fatal("a leased job was claimed")
	}
	time.Sleep(200 * time.Millisecond)
	drain(t, w, "stuck")
	if len(attempts) != 1 || attempts[0] != 2 {
		t.Errorf("attempts %v", attempts)
	}
}

func TestWorkersShareJobsWithoutRunningOneTwice(t *testing.T) {
	db := testkit.NewDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const n = 40
	var mu sync.Mutex
	seen := map[int64]int{}
	done := make(chan struct{})
	handler := func(ctx context.Context, j jobs.Job) error {
		mu.Lock()
		defer mu.Unlock()
		seen[j.ID]++
		if len(seen) == n {
			close(done)
		}
		return nil
	}
	for range n {
		if err := jobs.Enqueue(ctx, db, "count", nil, jobs.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for range 2 { // two instances of the server
		w := newWorker(db)
		w.Handle("count", handler)
		wg.Go(func() { _ = w.Run(ctx) })
	}
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("jobs not run")
	}
	cancel()
	wg.Wait()
	for id, c := range seen {
		if c != 1 {
			t.Errorf("job %d ran %d times", id, c)
		}
	}
	if rows := jobState(t, db); len(rows) != 0 {
		t.Errorf("%d jobs left", len(rows))
	}
}

func TestRunStopsWithItsContext(t *testing.T) {
	db := testkit.NewDB(t)
	w := newWorker(db)
	w.Handle("x", func(context.Context, jobs.Job) error { return nil })
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- w.Run(ctx) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// A worker killed mid-run leaves its jobs leased. The next worker hands
// back, at once, the jobs of owners whose lock is free, marked Interrupted;
// it leaves alone the jobs of a worker that is alive (the test holds that
// owner's lock), and its own runs carry its owner id, whose lock it holds.
func TestJobsOfADeadWorkerAreHandedBackAtOnceMarkedInterrupted(t *testing.T) {
	db := testkit.NewDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const dead, alive = 4141, 4242
	live, err := db.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Release()
	if _, err := live.Exec(ctx, `SELECT pg_advisory_lock($1, $2)`, jobs.OwnerLockClass, alive); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_, _ = live.Exec(context.Background(), `SELECT pg_advisory_unlock($1, $2)`, jobs.OwnerLockClass, alive)
	}()
	for n := 1; n <= 3; n++ {
		if err := jobs.Enqueue(ctx, db, "work", map[string]int{"n": n}, jobs.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	// Job 1 was running in a worker that died; job 2 runs in a live one.
	// Both leases would last an hour.
	for n, owner := range map[int]int{1: dead, 2: alive} {
		if _, err := db.Exec(ctx, `UPDATE job SET attempts = 1, locked_by = $2, locked_until = now() + interval '1 hour'
			WHERE (payload->>'n')::int = $1`, n, owner); err != nil {
			t.Fatal(err)
		}
	}
	type run struct {
		attempt     int
		interrupted bool
		ownerLocked bool
	}
	var mu sync.Mutex
	runs := map[string]run{}
	ran := make(chan struct{}, 10)
	w := newWorker(db)
	w.Handle("work", func(ctx context.Context, j jobs.Job) error {
		var locked bool
		err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM job j JOIN pg_locks l ON l.locktype = 'advisory'
				AND l.classid = $2 AND l.objid = j.locked_by AND l.objsubid = 2 AND l.granted
			WHERE j.id = $1)`, j.ID, jobs.OwnerLockClass).Scan(&locked)
		if err != nil {
			return err
		}
		mu.Lock()
		runs[string(j.Payload)] = run{j.Attempt, j.Interrupted, locked}
		mu.Unlock()
		ran <- struct{}{}
		return nil
	})
	errc := make(chan error, 1)
	go func() { errc <- w.Run(ctx) }()
	for range 2 {
		select {
		case <-ran:
		case <-time.After(30 * time.Second):
			t.Fatalf("jobs not run: %v", runs)
		}
	}
	mu.Lock()
	got := runs
	mu.Unlock()
	if r, ok := got[`{"n": 1}`]; !ok || !r.interrupted || r.attempt != 2 || !r.ownerLocked {
		t.Errorf("the dead worker's job: %+v (ran %v), want an interrupted second attempt under a held owner lock", r, ok)
	}
	if r, ok := got[`{"n": 3}`]; !ok || r.interrupted || r.attempt != 1 || !r.ownerLocked {
		t.Errorf("the fresh job: %+v (ran %v)", r, ok)
	}
	if _, ok := got[`{"n": 2}`]; ok {
		t.Error("the live worker's job was taken from it")
	}
	var owner, attempts int
	if err := db.QueryRow(ctx, `SELECT locked_by, attempts FROM job WHERE locked_until > now() + interval '50 minutes'`).Scan(&owner, &attempts); err != nil || owner != alive || attempts != 1 {
		t.Errorf("the live worker's job: owner %d, attempts %d (%v)", owner, attempts, err)
	}
	cancel()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// A worker whose lock connection is cut (the database restarted, a network
// cut) takes the same owner id again, since the jobs it runs carry it.
func TestWorkerTakesItsOwnerLockAgainAfterLosingItsConnection(t *testing.T) {
	db := testkit.NewDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := newWorker(db)
	w.Watch = 20 * time.Millisecond
	w.Handle("x", func(context.Context, jobs.Job) error { return nil })
	errc := make(chan error, 1)
	go func() { errc <- w.Run(ctx) }()
	holder := func() (owner int64, pid int32, ok bool) {
		err := db.QueryRow(ctx, `SELECT l.objid::bigint, l.pid FROM pg_locks l
			WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objsubid = 2 AND l.granted
			  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`, jobs.OwnerLockClass).Scan(&owner, &pid)
		return owner, pid, err == nil
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s", what)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	var owner int64
	var pid int32
	waitFor("the owner lock", func() bool { var ok bool; owner, pid, ok = holder(); return ok })
	if _, err := db.Exec(ctx, `SELECT pg_terminate_backend($1)`, pid); err != nil {
		t.Fatal(err)
	}
	waitFor("the same owner lock on a new connection", func() bool {
		again, newPid, ok := holder()
		return ok && again == owner && newPid != pid
	})
	cancel()
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	waitFor("the owner lock to go with Run", func() bool { _, _, ok := holder(); return !ok })
}
