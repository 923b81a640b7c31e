-- +goose Up
-- The key that signs short-lived file links (downloadFile?...&signature=),
-- made once by the first instance that needs it and shared by all.
CREATE TABLE file_link_key (
    id  smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    key bytea NOT NULL CHECK (length(key) = 32)
);

-- +goose Down
DROP TABLE file_link_key;
