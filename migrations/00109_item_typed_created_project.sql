-- +goose Up
-- A plain member's deep page by offset walks a typed table's created index
-- and tests each entry's project against the caller's roles: with project_id
-- in the index the walk stays index-only (it read the heap of every skipped
-- row, 105 ms at page 2,000 of 1M items). New typed tables get it from
-- internal/items/table.
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname ~ '^item_t[0-9]+$'
  LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I', t || '_created');
    EXECUTE format('CREATE INDEX %I ON %I (created_at DESC, id DESC) INCLUDE (project_id) WHERE deleted_at IS NULL',
      t || '_created', t);
  END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname ~ '^item_t[0-9]+$'
  LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I', t || '_created');
    EXECUTE format('CREATE INDEX %I ON %I (created_at DESC, id DESC) WHERE deleted_at IS NULL', t || '_created', t);
  END LOOP;
END $$;
-- +goose StatementEnd
