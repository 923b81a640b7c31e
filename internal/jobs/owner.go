package jobs

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// OwnerLockClass is the first key of the session advisory lock each running
// worker holds, the second its owner id (job.locked_by). In pg_locks a live
// worker is locktype 'advisory', classid OwnerLockClass, objid its id.
const OwnerLockClass = 0x6A6F6273 // "jobs"

// owner is a running worker's id and the connection holding its advisory
// lock, which PostgreSQL frees when the connection ends, however the process
// dies: a lease whose owner's lock is free is a lease nobody will finish.
type owner struct {
	id   int32
	conn *pgx.Conn
}

// claimOwnership connects apart from the pool (the lock must live exactly as
// long as this worker, not as a pooled connection) and takes the lock of a
// fresh random id, trying again while the database cannot be reached.
func (w *Worker) claimOwnership(ctx context.Context) (*owner, error) {
	for {
		o, err := w.tryOwnership(ctx, randomOwnerID())
		if err == nil && o != nil {
			return o, nil
		}
		if err != nil {
			w.log.Warn("jobs: worker lock not taken; retrying", "error", err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(w.Poll):
		}
	}
}

// tryOwnership takes the lock of id on a new connection; nil, nil when
// another worker holds it.
func (w *Worker) tryOwnership(ctx context.Context, id int32) (*owner, error) {
	conn, err := pgx.ConnectConfig(ctx, w.db.Config().ConnConfig)
	if err != nil {
		return nil, fmt.Errorf("jobs: owner connection: %w", err)
	}
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1, $2)`, OwnerLockClass, id).Scan(&got); err != nil || !got {
		_ = conn.Close(context.WithoutCancel(ctx))
		if err != nil {
			return nil, fmt.Errorf("jobs: owner lock: %w", err)
		}
		return nil, nil
	}
	return &owner{id: id, conn: conn}, nil
}

func randomOwnerID() int32 {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return int32(binary.BigEndian.Uint32(b[:])&0x7FFFFFFF) | 1
}

// keep makes sure the owner still holds its lock: after the connection was
// lost (the database restarted) it takes the same id again, since the jobs
// it runs name it. It reports whether the lock is held.
func (w *Worker) keep(ctx context.Context, o *owner) bool {
	if o.conn != nil && o.conn.Ping(ctx) == nil {
		return true
	}
	if o.conn != nil {
		_ = o.conn.Close(context.WithoutCancel(ctx))
		o.conn = nil
	}
	again, err := w.tryOwnership(ctx, o.id)
	if err != nil || again == nil {
		if ctx.Err() == nil {
			w.log.Warn("jobs: worker lock lost; retrying", "owner", o.id, "error", err)
		}
		return false
	}
	o.conn = again.conn
	return true
}

func (o *owner) close() {
	if o.conn != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = o.conn.Close(ctx)
	}
}

// handBack ends now the leases of workers that are gone (owner lock free), so
// the next claim runs their jobs, marked Interrupted. It holds each dead
// owner's lock meanwhile, so no new worker can take its id.
func (w *Worker) handBack(ctx context.Context, o *owner) (int64, error) {
	rows, err := o.conn.Query(ctx, `SELECT DISTINCT locked_by FROM job
		WHERE state = 'pending' AND locked_by IS NOT NULL AND locked_by <> $1 AND locked_until > now()`, o.id)
	if err != nil {
		return 0, fmt.Errorf("jobs: leases: %w", err)
	}
	owners, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return 0, fmt.Errorf("jobs: leases: %w", err)
	}
	var handed int64
	for _, dead := range owners {
		var free bool
		if err := o.conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1, $2)`, OwnerLockClass, dead).Scan(&free); err != nil {
			return handed, fmt.Errorf("jobs: owner %d: %w", dead, err)
		}
		if !free {
			continue // alive
		}
		tag, err := o.conn.Exec(ctx, `UPDATE job SET locked_until = now()
			WHERE state = 'pending' AND locked_by = $1 AND locked_until > now()`, dead)
		_, unlockErr := o.conn.Exec(ctx, `SELECT pg_advisory_unlock($1, $2)`, OwnerLockClass, dead)
		if err = errors.Join(err, unlockErr); err != nil {
			return handed, fmt.Errorf("jobs: hand back the jobs of owner %d: %w", dead, err)
		}
		if tag.RowsAffected() > 0 {
			w.log.Warn("jobs: jobs of a worker that stopped are handed back", "owner", dead, "jobs", tag.RowsAffected())
		}
		handed += tag.RowsAffected()
	}
	return handed, nil
}

// watch keeps the owner lock and hands back the jobs of dead workers: at
// once when the worker starts (the jobs this instance ran before it was
// killed), then every Watch.
func (w *Worker) watch(ctx context.Context, o *owner) {
	for {
		if w.keep(ctx, o) {
			if _, err := w.handBack(ctx, o); err != nil && ctx.Err() == nil {
				w.log.Error("jobs: hand back", "error", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(w.Watch):
		}
	}
}
