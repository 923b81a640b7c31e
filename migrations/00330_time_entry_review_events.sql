-- +goose Up
-- The item's history shows a week sent for approval and the review of its
-- hours, besides their adding, changing and removing.
ALTER TABLE item_time_entry_event DROP CONSTRAINT item_time_entry_event_operation;
ALTER TABLE item_time_entry_event ADD CONSTRAINT item_time_entry_event_operation
    CHECK (operation IN ('add', 'edit', 'delete', 'submit', 'approve', 'reject'));

-- +goose Down
DELETE FROM item_time_entry_event WHERE operation IN ('submit', 'approve', 'reject');
ALTER TABLE item_time_entry_event DROP CONSTRAINT item_time_entry_event_operation;
ALTER TABLE item_time_entry_event ADD CONSTRAINT item_time_entry_event_operation
    CHECK (operation IN ('add', 'edit', 'delete'));
