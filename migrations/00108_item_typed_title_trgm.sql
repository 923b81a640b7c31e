-- +goose Up
-- A grid filter "contains" on Title (title ILIKE '%term%') reads a type's
-- typed table since the lists moved there (00102); only the registry kept a
-- trigram index, so a rare term scanned the whole table twice (page, count).
-- Each typed table gets its own; new ones get it from internal/items/table.
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname ~ '^item_t[0-9]+$'
  LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I USING gin (title gin_trgm_ops) WHERE deleted_at IS NULL',
      t || '_title_trgm', t);
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
    EXECUTE format('DROP INDEX IF EXISTS %I', t || '_title_trgm');
  END LOOP;
END $$;
-- +goose StatementEnd
