-- +goose Up
-- A kanban column is a status's items in the board's order, newest first by
-- default: with created_at after status_id a column's first page is read off
-- the index (a board of 1M items sorted every readable row for each column's
-- first 500). New typed tables get it from internal/items/table.
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname ~ '^item_t[0-9]+$'
  LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I', t || '_status');
    EXECUTE format('CREATE INDEX %I ON %I (status_id, created_at DESC, id DESC) WHERE deleted_at IS NULL', t || '_status', t);
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
    EXECUTE format('DROP INDEX IF EXISTS %I', t || '_status');
    EXECUTE format('CREATE INDEX %I ON %I (status_id, id) WHERE deleted_at IS NULL', t || '_status', t);
  END LOOP;
END $$;
-- +goose StatementEnd
