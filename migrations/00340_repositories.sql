-- +goose Up
-- Document repositories (docs/documents.md, "Repositories"): one per
-- project, a folder tree, files in folders with immutable versions and a
-- check-out lock. Rights come from the project's roles.
CREATE TABLE repository_folder (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    -- null: a folder at the top of the project's repository.
    parent_id  bigint REFERENCES repository_folder (id),
    name       text NOT NULL,
    created_by bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT repository_folder_name CHECK (btrim(name) <> '' AND name !~ '[/\\[:cntrl:]]')
);
CREATE UNIQUE INDEX repository_folder_unique_name
    ON repository_folder (project_id, coalesce(parent_id, 0), lower(name));
CREATE INDEX repository_folder_parent ON repository_folder (parent_id);

CREATE TABLE repository_file (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    -- null: a file at the top of the project's repository.
    folder_id  bigint REFERENCES repository_folder (id),
    name       text NOT NULL,
    -- the newest version's number; its row is in repository_file_version.
    version    integer NOT NULL DEFAULT 1,
    locked_by  bigint REFERENCES app_user (id) ON DELETE SET NULL,
    locked_at  timestamptz,
    created_by bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT repository_file_name CHECK (btrim(name) <> '' AND name !~ '[/\\[:cntrl:]]')
);
CREATE UNIQUE INDEX repository_file_unique_name
    ON repository_file (project_id, coalesce(folder_id, 0), lower(name));
CREATE INDEX repository_file_folder ON repository_file (folder_id, lower(name));

-- Versions are never changed once written; restoring one writes a new
-- version pointing at the same bytes, so a storage key may appear twice.
CREATE TABLE repository_file_version (
    file_id      bigint NOT NULL REFERENCES repository_file (id) ON DELETE CASCADE,
    version      integer NOT NULL,
    content_type text NOT NULL,
    size         bigint NOT NULL,
    sha256       text NOT NULL,
    storage_key  text NOT NULL,
    comment      text NOT NULL DEFAULT '',
    -- the version this one restored, when it is a restore.
    restored_from integer,
    created_by   bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at   timestamptz NOT NULL,
    PRIMARY KEY (file_id, version)
);
CREATE INDEX repository_file_version_key ON repository_file_version (storage_key);

-- +goose Down
DROP TABLE repository_file_version;
DROP TABLE repository_file;
DROP TABLE repository_folder;
