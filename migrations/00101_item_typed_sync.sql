-- +goose Up
-- Typed item tables (docs/item-tables.md): while the registry item still
-- holds the attributes, every write of an item is copied into its type's
-- table, when the type has one (the server builds them at start and at
-- package import). Deleting an item from the registry cascades.

-- +goose StatementBegin
CREATE FUNCTION item_typed_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t regclass := to_regclass('item_t' || NEW.component_id);
    cols jsonb;
BEGIN
    IF t IS NULL THEN
        RETURN NULL;
    END IF;
    -- A value its column cannot hold (written to the registry by hand, or of
    -- an attribute without a column yet) stays in the registry only.
    SELECT coalesce(jsonb_object_agg(c.attname, NEW.attributes -> a.key), '{}') INTO cols
        FROM attribute a JOIN pg_attribute c ON c.attrelid = t AND c.attname = 'a' || a.id AND NOT c.attisdropped
        WHERE a.component_id = NEW.component_id AND NEW.attributes ? a.key
          AND pg_input_is_valid(NEW.attributes ->> a.key, format_type(c.atttypid, c.atttypmod));
    cols := (to_jsonb(NEW) - 'attributes' - 'search') || cols;
    IF TG_OP = 'UPDATE' THEN
        EXECUTE format('DELETE FROM %s WHERE id = $1', t) USING NEW.id;
    END IF;
    EXECUTE format('INSERT INTO %s SELECT * FROM jsonb_populate_record(NULL::%s, $1)', t, t) USING cols;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER item_typed_sync AFTER INSERT OR UPDATE ON item
    FOR EACH ROW EXECUTE FUNCTION item_typed_sync();

-- +goose Down
DROP TRIGGER item_typed_sync ON item;
DROP FUNCTION item_typed_sync();
-- +goose StatementBegin
DO $$
DECLARE r record;
BEGIN
    FOR r IN SELECT c.relname FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ '^item_t[0-9]+$' LOOP
        EXECUTE format('DROP TABLE %I', r.relname);
    END LOOP;
END $$;
-- +goose StatementEnd
