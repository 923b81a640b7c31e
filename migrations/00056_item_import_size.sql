-- +goose Up
-- The size of the spreadsheet an Excel import keeps in the file storage, so
-- the plan's storage usage counts it while the file is kept (states
-- previewed, queued and running; done and failed imports have removed it).
-- Imports from before this column record 0: their size is not in the
-- database, and their files go within the hour (previews) or with the job.
ALTER TABLE item_import ADD COLUMN file_size bigint NOT NULL DEFAULT 0,
    ADD CONSTRAINT item_import_file_size_positive CHECK (file_size >= 0);

-- +goose Down
ALTER TABLE item_import DROP COLUMN file_size;
