-- +goose Up
-- A resource is who or what work is planned for: a person (a user, at most
-- one resource each) or a named non-user resource (a room, a machine, a
-- contractor without access). Both have a company, a work calendar and
-- timesheet types; additional field values live in additional by field id.
CREATE TABLE resource (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id             bigint REFERENCES app_user (id) ON DELETE CASCADE,
    name                text NOT NULL DEFAULT '',
    company_id          bigint REFERENCES company (id),
    active              boolean NOT NULL DEFAULT true,
    timesheet_type      smallint NOT NULL DEFAULT 0,
    auto_timesheet_type smallint NOT NULL DEFAULT 0,
    calendar            jsonb NOT NULL DEFAULT '{"workPeriods": []}',
    additional          jsonb NOT NULL DEFAULT '{}',
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT resource_one_per_user UNIQUE (user_id),
    -- A person's name is the user's; a non-user resource needs its own.
    CONSTRAINT resource_named CHECK (user_id IS NOT NULL OR btrim(name) <> '')
);
CREATE INDEX resource_name_trgm ON resource USING gin (name gin_trgm_ops);
CREATE INDEX resource_company ON resource (company_id);

-- +goose Down
DROP TABLE resource;
