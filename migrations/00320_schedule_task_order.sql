-- +goose Up
-- Where a task stands among its siblings in the work breakdown, once indent
-- or outdent has placed it; tasks without a row keep the order they were
-- created in (their id), so the key of a task is coalesce(sort_key, id).
CREATE TABLE schedule_task_order (
    item_id  bigint PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE,
    sort_key numeric NOT NULL
);

-- +goose Down
DROP TABLE schedule_task_order;
