-- +goose Up
-- Forms, saving and history (docs/items.md). Every version gets an id the
-- history calls name (getAttributeChanges compares two of them) and says how
-- it was written. item.modified_at only moves forward, one millisecond at
-- least per save, so modificationDateTicks names one version of an item.
ALTER TABLE item_version
    ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY,
    ADD COLUMN operation text NOT NULL DEFAULT 'save',
    ADD CONSTRAINT item_version_id_unique UNIQUE (id),
    ADD CONSTRAINT item_version_operation_known CHECK (operation IN ('create', 'save', 'field', 'bulk', 'import'));

-- +goose Down
ALTER TABLE item_version DROP COLUMN operation, DROP COLUMN id;
