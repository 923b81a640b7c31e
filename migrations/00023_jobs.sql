-- +goose Up
-- Background work any instance may run (web push now; mail and exports
-- later). A worker claims a due job by setting locked_until (a lease) under
-- FOR UPDATE SKIP LOCKED, runs it outside any transaction, then deletes it or
-- schedules the retry. A job whose worker died is claimed again once its lease
-- ends. Jobs that used every attempt stay as 'failed' for inspection.
CREATE TABLE job (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind         text NOT NULL,
    payload      jsonb NOT NULL DEFAULT '{}',
    state        text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
    run_at       timestamptz NOT NULL DEFAULT now(),
    attempts     integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL DEFAULT 8 CHECK (max_attempts > 0),
    locked_until timestamptz,
    last_error   text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_due ON job (run_at, id) WHERE state = 'pending';

-- +goose Down
DROP TABLE job;
