-- +goose Up
-- Predecessors (the predecessors form control, docs/items.md): item_id
-- depends on predecessor_id, as in a project schedule. The type says which
-- ends are tied (FS finish-to-start, SS, FF, SF) and the lag how many days
-- after (or, negative, before) the tie the item may go.
CREATE TABLE item_predecessor (
    item_id         bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    predecessor_id  bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    dependency_type text NOT NULL DEFAULT 'FS',
    lag_days        integer NOT NULL DEFAULT 0,
    created_by      bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (item_id, predecessor_id),
    CONSTRAINT item_predecessor_not_self CHECK (item_id <> predecessor_id),
    CONSTRAINT item_predecessor_type_known CHECK (dependency_type IN ('FS', 'SS', 'FF', 'SF')),
    CONSTRAINT item_predecessor_lag_bounded CHECK (lag_days BETWEEN -3650 AND 3650)
);
-- The successors of an item (cycle checks walk this way too).
CREATE INDEX item_predecessor_successors ON item_predecessor (predecessor_id, item_id);

-- Every version of an item keeps its predecessors as they were, so history
-- shows a change of them like a change of a field. A trigger takes the
-- snapshot, so every writer of versions (forms, imports, workflow) keeps it
-- without knowing about predecessors.
ALTER TABLE item_version ADD COLUMN predecessors jsonb NOT NULL DEFAULT '[]',
    DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action', 'predecessors'));

-- +goose StatementBegin
CREATE FUNCTION item_version_predecessors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.predecessors := coalesce((SELECT jsonb_agg(jsonb_build_object('id', p.predecessor_id, 'type', p.dependency_type, 'lag', p.lag_days)
        ORDER BY p.predecessor_id) FROM item_predecessor p WHERE p.item_id = NEW.item_id), '[]');
    RETURN NEW;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER item_version_predecessors BEFORE INSERT ON item_version
    FOR EACH ROW EXECUTE FUNCTION item_version_predecessors();

-- +goose Down
DROP TRIGGER item_version_predecessors ON item_version;
DROP FUNCTION item_version_predecessors();
DELETE FROM item_version WHERE operation = 'predecessors';
ALTER TABLE item_version DROP COLUMN predecessors,
    DROP CONSTRAINT item_version_operation_known,
    ADD CONSTRAINT item_version_operation_known CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import', 'action'));
DROP TABLE item_predecessor;

