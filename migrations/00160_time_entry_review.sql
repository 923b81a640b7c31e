-- +goose Up
-- Approval of time entries (issue 17, docs/timesheets.md "Approval"): an
-- entry is a draft until its owner submits the week; a manager of the
-- item's project approves it (then nobody changes it) or rejects it with a
-- reason (its owner fixes it, which makes it a draft again). Month closing
-- refuses a month while any of its entries is submitted, hence the partial
-- index on the waiting ones.
ALTER TABLE item_time_entry
    ADD COLUMN state        text NOT NULL DEFAULT 'draft',
    ADD COLUMN submitted_at timestamptz,
    ADD COLUMN reviewer_id  bigint REFERENCES app_user (id) ON DELETE SET NULL,
    ADD COLUMN reviewed_at  timestamptz,
    ADD COLUMN review_note  text NOT NULL DEFAULT '',
    ADD CONSTRAINT item_time_entry_state CHECK (state IN ('draft', 'submitted', 'approved', 'rejected')),
    ADD CONSTRAINT item_time_entry_review_note CHECK (char_length(review_note) <= 500);
CREATE INDEX item_time_entry_waiting ON item_time_entry (work_date, user_id) WHERE state = 'submitted';

-- +goose Down
DROP INDEX item_time_entry_waiting;
ALTER TABLE item_time_entry
    DROP CONSTRAINT item_time_entry_review_note,
    DROP CONSTRAINT item_time_entry_state,
    DROP COLUMN review_note,
    DROP COLUMN reviewed_at,
    DROP COLUMN reviewer_id,
    DROP COLUMN submitted_at,
    DROP COLUMN state;
