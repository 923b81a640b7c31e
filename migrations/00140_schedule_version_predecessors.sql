-- +goose Up
-- The predecessors each version of an item had move from a column of
-- item_version (00059) to a table of the schedule module keyed by the
-- version: the item core keeps no module's data. Only versions of items
-- with predecessors get a row; no row means none.
CREATE TABLE item_version_predecessors (
    version_id   bigint PRIMARY KEY REFERENCES item_version (id) ON DELETE CASCADE,
    predecessors jsonb NOT NULL
);
INSERT INTO item_version_predecessors (version_id, predecessors)
    SELECT id, predecessors FROM item_version WHERE predecessors <> '[]';

DROP TRIGGER item_version_predecessors ON item_version;
DROP FUNCTION item_version_predecessors();
ALTER TABLE item_version DROP COLUMN predecessors;

-- The snapshot is still taken by a trigger, so every writer of versions
-- (forms, imports, workflow) keeps it without knowing of predecessors.
-- +goose StatementBegin
CREATE FUNCTION item_version_predecessors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO item_version_predecessors (version_id, predecessors)
    SELECT NEW.id, jsonb_agg(jsonb_build_object('id', p.predecessor_id, 'type', p.dependency_type, 'lag', p.lag_days)
        ORDER BY p.predecessor_id)
    FROM item_predecessor p WHERE p.item_id = NEW.item_id
    HAVING count(*) > 0;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER item_version_predecessors AFTER INSERT ON item_version
    FOR EACH ROW EXECUTE FUNCTION item_version_predecessors();

-- +goose Down
DROP TRIGGER item_version_predecessors ON item_version;
DROP FUNCTION item_version_predecessors();
ALTER TABLE item_version ADD COLUMN predecessors jsonb NOT NULL DEFAULT '[]';
UPDATE item_version v SET predecessors = s.predecessors FROM item_version_predecessors s WHERE s.version_id = v.id;
DROP TABLE item_version_predecessors;
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
