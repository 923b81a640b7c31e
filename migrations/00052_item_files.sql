-- +goose Up
-- Files of items (docs/items.md, "Files, links and Excel import"). The bytes
-- live in the file storage under storage_key, a key the server made; name is
-- the client's file name, shown and offered on download only. An item has
-- any number of attachments (capped by TRAMITA_FILE_MAX_COUNT) and at most
-- one digital content (the file chooser's file). item.has_attachment and
-- item.has_digital_content follow these rows, written in the same
-- transaction.
CREATE TABLE item_file (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    item_id      bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    kind         text NOT NULL DEFAULT 'attachment',
    name         text NOT NULL,
    content_type text NOT NULL,
    size         bigint NOT NULL,
    sha256       text NOT NULL,
    storage_key  text NOT NULL,
    uploaded_by  bigint REFERENCES app_user (id) ON DELETE SET NULL,
    uploaded_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT item_file_kind_known CHECK (kind IN ('attachment', 'content')),
    CONSTRAINT item_file_key_unique UNIQUE (storage_key),
    CONSTRAINT item_file_name_not_blank CHECK (btrim(name) <> '')
);
CREATE INDEX item_file_by_item ON item_file (item_id, kind, id);
CREATE UNIQUE INDEX item_file_one_content ON item_file (item_id) WHERE kind = 'content';

-- +goose Down
DROP TABLE item_file;
