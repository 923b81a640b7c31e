-- +goose Up
-- A baseline is a project's schedule as it stood when saved: each task's
-- dates, kept to draw under the bars and measure the slip (docs/schedule.md).
CREATE TABLE schedule_baseline (
    id          bigserial PRIMARY KEY,
    project_id  bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    view_id     bigint NOT NULL REFERENCES item_view (id) ON DELETE CASCADE,
    name        text NOT NULL,
    created_by  bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (project_id, view_id, name)
);

-- A task deleted later leaves the baseline with it: the variance is of the
-- tasks still in the schedule.
CREATE TABLE schedule_baseline_task (
    baseline_id bigint NOT NULL REFERENCES schedule_baseline (id) ON DELETE CASCADE,
    item_id     bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    start       date NOT NULL,
    finish      date NOT NULL,
    duration    integer NOT NULL,
    PRIMARY KEY (baseline_id, item_id)
);
CREATE INDEX schedule_baseline_task_item ON schedule_baseline_task (item_id);

-- +goose Down
DROP TABLE schedule_baseline_task;
DROP TABLE schedule_baseline;
