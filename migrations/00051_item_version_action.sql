-- +goose Up
-- A workflow action that moves an item (and may change its fields through a
-- rule) writes a version too; history names it apart from an edit.
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action'));

-- +goose Down
ALTER TABLE item_version DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import'));
