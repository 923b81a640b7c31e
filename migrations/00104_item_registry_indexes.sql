-- +goose Up
-- Lists read the typed tables (docs/item-tables.md), which hold their own
-- indexes of a type's order, numbers and statuses; the registry keeps what
-- crosses types (ids, projects, parents, responsibles, search).
DROP INDEX item_component_created;
DROP INDEX item_component_number;
DROP INDEX item_by_status;

-- +goose Down
CREATE INDEX item_by_status ON item (status_id);
CREATE INDEX item_component_number ON item (component_id, number DESC) WHERE deleted_at IS NULL;
CREATE INDEX item_component_created ON item (component_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
