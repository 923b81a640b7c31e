-- +goose Up
-- deleteItem writes a last version of each item it deletes, so the history
-- says who deleted it and when.
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known
    CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action', 'predecessors', 'delete'));

-- +goose Down
DELETE FROM item_version WHERE operation = 'delete';
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known
    CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action', 'predecessors'));
