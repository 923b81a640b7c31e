-- +goose Up
-- Reports of applications (docs/reports.md): the package's definition kept
-- whole in spec, its item type a column so a retired type hides its reports.
CREATE TABLE report (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint NOT NULL REFERENCES application (id) ON DELETE CASCADE,
    key            text NOT NULL,
    name           jsonb NOT NULL,
    component_id   bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    spec           jsonb NOT NULL DEFAULT '{}',
    sort_order     integer NOT NULL DEFAULT 0,
    retired_at     timestamptz,
    CONSTRAINT report_key_unique UNIQUE (application_id, key),
    CONSTRAINT report_name_translated CHECK (jsonb_typeof(name) = 'object' AND name ? 'pt-BR')
);
CREATE INDEX report_by_component ON report (component_id);

-- +goose Down
DROP TABLE report;
