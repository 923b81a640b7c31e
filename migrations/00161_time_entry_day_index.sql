-- +goose Up
-- The team list (docs/timesheets.md, "Approval and team timesheets") reads
-- every entry of a period on the items of some projects: by day first.
CREATE INDEX item_time_entry_day ON item_time_entry (work_date, item_id);

-- +goose Down
DROP INDEX item_time_entry_day;
