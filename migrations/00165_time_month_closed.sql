-- +goose Up
-- Month closing (issue 17, docs/timesheets.md "Month closing"): a row says
-- that a person's month is closed, by whom and when. While it exists no
-- entry of that person on a day of that month is added, changed or deleted.
-- Reopening deletes the row; the audit log keeps both (timesheets.monthClosed,
-- timesheets.monthReopened with the reason).
CREATE TABLE time_month_closed (
    user_id   bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    month     date NOT NULL,
    closed_by bigint REFERENCES app_user (id) ON DELETE SET NULL,
    closed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, month),
    CONSTRAINT time_month_closed_first_day CHECK (extract(day FROM month) = 1)
);
-- The month list reads one month for everybody.
CREATE INDEX time_month_closed_month ON time_month_closed (month);

-- +goose Down
DROP TABLE time_month_closed;
