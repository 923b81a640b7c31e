-- +goose Up
-- Time entries (the timesheets form control, docs/items.md): the hours a user
-- worked on an item on one day. minutes is what counts; start and end are
-- kept for users whose timesheet type records them (code 2), and then
-- minutes is their difference. The 24 hours a day bound is checked by the
-- service per user across items, hence the (user, day) index.
CREATE TABLE item_time_entry (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    item_id     bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    user_id     bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    work_date   date NOT NULL,
    minutes     integer NOT NULL,
    start_time  time,
    end_time    time,
    description text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    modified_at timestamptz NOT NULL DEFAULT now(),
    modifier_id bigint REFERENCES app_user (id) ON DELETE SET NULL,
    CONSTRAINT item_time_entry_minutes CHECK (minutes > 0 AND minutes <= 1440),
    CONSTRAINT item_time_entry_span CHECK ((start_time IS NULL) = (end_time IS NULL) AND (start_time IS NULL OR start_time < end_time)),
    CONSTRAINT item_time_entry_description CHECK (char_length(description) <= 500)
);
CREATE INDEX item_time_entry_by_item ON item_time_entry (item_id, work_date DESC, id DESC);
CREATE INDEX item_time_entry_by_user_day ON item_time_entry (user_id, work_date);

-- What the item's history shows of its time entries: who added, changed or
-- removed one, and the entry as it then was. Kept apart from item_version,
-- so recording hours neither makes a new version of the item nor makes an
-- open form's save stale.
CREATE TABLE item_time_entry_event (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    item_id     bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    actor_id    bigint REFERENCES app_user (id) ON DELETE SET NULL,
    owner_id    bigint REFERENCES app_user (id) ON DELETE SET NULL,
    operation   text NOT NULL,
    work_date   date NOT NULL,
    minutes     integer NOT NULL,
    description text NOT NULL DEFAULT '',
    at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT item_time_entry_event_operation CHECK (operation IN ('add', 'edit', 'delete'))
);
CREATE INDEX item_time_entry_event_by_item ON item_time_entry_event (item_id, at);

-- +goose Down
DROP TABLE item_time_entry_event;
DROP TABLE item_time_entry;
