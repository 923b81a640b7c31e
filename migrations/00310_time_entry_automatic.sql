-- +goose Up
-- Automatic time entries (issue 17, docs/timesheets.md "Automatic entries"):
-- an entry the person's autoTimesheetType made, not typed by them. Such a
-- draft is replaced when its generation runs again; a change by hand makes
-- it an ordinary entry.
ALTER TABLE item_time_entry ADD COLUMN automatic boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE item_time_entry DROP COLUMN automatic;
