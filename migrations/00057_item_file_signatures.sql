-- +goose Up
-- Signatures and stamps of item files (docs/items.md, "Signatures and
-- stamps"). item_file holds a file's current version; a stamp makes a new
-- version and the one it replaces moves to item_file_version, bytes kept.
ALTER TABLE item_file
    ADD COLUMN version    integer NOT NULL DEFAULT 1,
    ADD COLUMN stamped_at timestamptz,
    ADD COLUMN stamped_by bigint REFERENCES app_user (id) ON DELETE SET NULL,
    ADD COLUMN stamp_code text;

CREATE TABLE item_file_version (
    file_id      bigint NOT NULL REFERENCES item_file (id) ON DELETE CASCADE,
    version      integer NOT NULL,
    content_type text NOT NULL,
    size         bigint NOT NULL,
    sha256       text NOT NULL,
    storage_key  text NOT NULL UNIQUE,
    created_by   bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL,
    PRIMARY KEY (file_id, version)
);

-- One signature per signer and version of a file. signer_name and
-- signer_login are kept as they were when signing; sha256 is the digest of
-- the bytes read from the storage at that moment; protocol is the text of
-- the signature protocol rendered from the template then (null: no template
-- was configured, the signature stands without a protocol).
CREATE TABLE item_file_signature (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    file_id        bigint NOT NULL REFERENCES item_file (id) ON DELETE CASCADE,
    version        integer NOT NULL,
    sha256         text NOT NULL,
    signer_id      bigint REFERENCES app_user (id) ON DELETE SET NULL,
    signer_name    text NOT NULL,
    signer_login   text NOT NULL,
    signed_at      timestamptz NOT NULL,
    latitude       double precision CHECK (latitude BETWEEN -90 AND 90),
    longitude      double precision CHECK (longitude BETWEEN -180 AND 180),
    client_address text NOT NULL DEFAULT '',
    user_agent     text NOT NULL DEFAULT '',
    code           text NOT NULL UNIQUE,
    protocol       text,
    CONSTRAINT item_file_signature_once UNIQUE (file_id, version, signer_id),
    CONSTRAINT item_file_signature_location CHECK ((latitude IS NULL) = (longitude IS NULL))
);
CREATE INDEX item_file_signature_by_file ON item_file_signature (file_id, version, id);

-- The signature protocol's template (empty: not configured). Secret only in
-- the sense that the public settings call does not need it.
INSERT INTO platform_setting (key, value, secret) VALUES ('signatureProtocolTemplate', '""', true)
    ON CONFLICT (key) DO NOTHING;

-- +goose Down
DELETE FROM platform_setting WHERE key = 'signatureProtocolTemplate';
DROP TABLE item_file_signature;
DROP TABLE item_file_version;
ALTER TABLE item_file DROP COLUMN stamp_code, DROP COLUMN stamped_by, DROP COLUMN stamped_at, DROP COLUMN version;
