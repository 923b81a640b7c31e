-- +goose Up
-- A move on the calendar writes its own kind of version, so the history says
-- the dates were changed there (internal/calendar). The list keeps every kind
-- of the ranges before it (schedule's 00142).
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known
    CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action', 'predecessors', 'delete', 'schedule', 'calendar'));

-- +goose Down
UPDATE item_version SET operation = 'field' WHERE operation = 'calendar';
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known
    CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action', 'predecessors', 'delete', 'schedule'));
