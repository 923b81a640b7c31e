-- +goose Up
-- Typed item tables (docs/item-tables.md): the registry item is where an
-- item's system fields are written; this trigger mirrors every insert and
-- every change of them into the type's table, so a write by hand reaches the
-- lists too. Values are written by the item core only (items/table.Write).

-- +goose StatementBegin
CREATE FUNCTION item_typed_system() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t regclass := to_regclass('item_t' || NEW.component_id);
BEGIN
    IF t IS NULL THEN
        RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
        EXECUTE format('INSERT INTO %s (id, component_id, number, title, project_id, parent_id, status_id, responsible_id,
                creator_id, created_at, modifier_id, modified_at, version, reason, has_attachment, has_digital_content, deleted_at)
            SELECT ($1).id, ($1).component_id, ($1).number, ($1).title, ($1).project_id, ($1).parent_id, ($1).status_id,
                ($1).responsible_id, ($1).creator_id, ($1).created_at, ($1).modifier_id, ($1).modified_at, ($1).version,
                ($1).reason, ($1).has_attachment, ($1).has_digital_content, ($1).deleted_at
            ON CONFLICT (id) DO NOTHING', t) USING NEW;
    ELSE
        EXECUTE format('UPDATE %s SET number = ($1).number, title = ($1).title, project_id = ($1).project_id,
                parent_id = ($1).parent_id, status_id = ($1).status_id, responsible_id = ($1).responsible_id,
                creator_id = ($1).creator_id, created_at = ($1).created_at, modifier_id = ($1).modifier_id,
                modified_at = ($1).modified_at, version = ($1).version, reason = ($1).reason,
                has_attachment = ($1).has_attachment, has_digital_content = ($1).has_digital_content,
                deleted_at = ($1).deleted_at
            WHERE id = ($1).id', t) USING NEW;
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER item_typed_system AFTER INSERT OR UPDATE OF number, title, project_id, parent_id, status_id,
    responsible_id, creator_id, created_at, modifier_id, modified_at, version, reason, has_attachment,
    has_digital_content, deleted_at ON item
    FOR EACH ROW EXECUTE FUNCTION item_typed_system();

-- +goose Down
DROP TRIGGER item_typed_system ON item;
DROP FUNCTION item_typed_system();
