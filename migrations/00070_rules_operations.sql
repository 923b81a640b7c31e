-- +goose Up
-- Named business rules of item types, the rule a form runs on save, and the
-- operations of applications (docs/workflow.md, "Form rules" and
-- "Operations"). Like the other definitions, rows carry the package's key and
-- are retired, never deleted, when a re-import no longer names them.

-- A rule of a type; forms name it from buttons, field changes and onSave.
CREATE TABLE component_rule (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    key          text NOT NULL,
    source       text NOT NULL,
    sort_order   integer NOT NULL DEFAULT 0,
    retired_at   timestamptz,
    CONSTRAINT component_rule_key_unique UNIQUE (component_id, key),
    CONSTRAINT component_rule_source_size CHECK (octet_length(source) <= 65536)
);

-- The key of the type's rule saveItem runs inside its transaction ('' none).
ALTER TABLE item_form ADD COLUMN on_save text NOT NULL DEFAULT '';

-- An operation: its parameter form, rule, result kind and (for bulk ones)
-- item type are the package's definition, kept whole in spec.
CREATE TABLE operation (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint NOT NULL REFERENCES application (id) ON DELETE CASCADE,
    key            text NOT NULL,
    name           jsonb NOT NULL,
    component_id   bigint REFERENCES component (id) ON DELETE SET NULL,
    spec           jsonb NOT NULL DEFAULT '{}',
    sort_order     integer NOT NULL DEFAULT 0,
    retired_at     timestamptz,
    CONSTRAINT operation_key_unique UNIQUE (application_id, key),
    CONSTRAINT operation_name_translated CHECK (jsonb_typeof(name) = 'object' AND name ? 'pt-BR')
);
CREATE INDEX operation_by_component ON operation (component_id) WHERE component_id IS NOT NULL;

-- +goose Down
DROP TABLE operation;
ALTER TABLE item_form DROP COLUMN on_save;
DROP TABLE component_rule;
