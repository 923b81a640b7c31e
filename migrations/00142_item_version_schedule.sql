-- +goose Up
-- A move on the Gantt writes its own kind of version, so the history says
-- the dates were changed in the schedule (internal/schedule, moveScheduleTask).
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known
    CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action', 'predecessors', 'delete', 'schedule'));

-- +goose Down
UPDATE item_version SET operation = 'field' WHERE operation = 'schedule';
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known
    CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action', 'predecessors', 'delete'));
