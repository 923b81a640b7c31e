-- +goose Up
-- Excel imports (importExcel): the file is kept in the file storage, checked
-- row by row (the preview), then written in one transaction by a background
-- job that reports its progress here.
CREATE TABLE item_import (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    project_id   bigint REFERENCES project (id) ON DELETE CASCADE,
    user_id      bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    file_name    text NOT NULL,
    storage_key  text NOT NULL,
    state        text NOT NULL DEFAULT 'previewed',
    total_rows   integer NOT NULL DEFAULT 0,
    done_rows    integer NOT NULL DEFAULT 0,
    error_count  integer NOT NULL DEFAULT 0,
    errors       jsonb NOT NULL DEFAULT '[]',
    columns      jsonb NOT NULL DEFAULT '[]',
    message      text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    CONSTRAINT item_import_state_known CHECK (state IN ('previewed', 'queued', 'running', 'done', 'failed'))
);
CREATE INDEX item_import_by_user ON item_import (user_id, created_at DESC);

-- +goose Down
DROP TABLE item_import;
