-- +goose Up
-- Which worker holds a job's lease: the worker's owner id, whose PostgreSQL
-- advisory lock (class jobs.OwnerLockClass) it keeps while it lives. A lease
-- held by an owner whose lock is free belongs to a worker that died (kill -9,
-- out of memory, power loss): any worker hands such a job back at once,
-- marked interrupted, instead of waiting for the lease to end
-- (internal/jobs, docs/robustness.md).
ALTER TABLE job ADD COLUMN locked_by integer;

-- +goose Down
ALTER TABLE job DROP COLUMN locked_by;
