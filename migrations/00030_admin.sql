-- +goose Up
-- Administration: the user form's fields, companies' usual fields, typed
-- additional fields, the contracted plan, and an append-only audit log.

-- Timesheet types are small codes the web form sends as strings (spec
-- section 3); docs/admin.md lists them. The work calendar is
-- {"workPeriods": [{"weekDay": 1, "start": "08:00", "end": "12:00"}]}.
-- Additional field values are kept by field id in jsonb.
ALTER TABLE app_user
    ADD COLUMN timesheet_type      smallint NOT NULL DEFAULT 0,
    ADD COLUMN auto_timesheet_type smallint NOT NULL DEFAULT 0,
    ADD COLUMN calendar            jsonb NOT NULL DEFAULT '{"workPeriods": []}',
    ADD COLUMN additional          jsonb NOT NULL DEFAULT '{}';

-- The user list filters by "contains" on name, e-mail and company name and
-- sorts by name: trigram indexes keep it fast with tens of thousands of users.
CREATE INDEX app_user_name_trgm ON app_user USING gin (name gin_trgm_ops);
CREATE INDEX app_user_email_trgm ON app_user USING gin ((email::text) gin_trgm_ops);
CREATE INDEX app_user_name ON app_user (name, id);
CREATE INDEX app_user_company ON app_user (company_id);

ALTER TABLE company
    ADD COLUMN tax_id     text NOT NULL DEFAULT '',
    ADD COLUMN address    text NOT NULL DEFAULT '',
    ADD COLUMN contact    text NOT NULL DEFAULT '',
    ADD COLUMN email      text NOT NULL DEFAULT '',
    ADD COLUMN phone      text NOT NULL DEFAULT '',
    ADD COLUMN additional jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX company_name_trgm ON company USING gin (name gin_trgm_ops);

-- Typed fields an administrator adds to users, companies, resources and
-- projects. type is one of the spec's attribute types; options holds the
-- picklist items. Values live in the entity's additional jsonb by field id.
CREATE TABLE additional_field (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    entity     text NOT NULL CHECK (entity IN ('user', 'company', 'resource', 'project')),
    name       text NOT NULL CHECK (btrim(name) <> ''),
    type       text NOT NULL,
    required   boolean NOT NULL DEFAULT false,
    options    jsonb NOT NULL DEFAULT '[]',
    position   integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT additional_field_name_unique UNIQUE (entity, name)
);

-- The contracted plan: one row. A null limit is unlimited.
CREATE TABLE plan (
    id                 integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    name               text NOT NULL,
    max_users          integer CHECK (max_users >= 0),
    max_storage_bytes  bigint CHECK (max_storage_bytes >= 0),
    max_applications   integer CHECK (max_applications >= 0),
    updated_at         timestamptz NOT NULL DEFAULT now()
);
INSERT INTO plan (name) VALUES ('Ilimitado');

-- The audit log's filters.
CREATE INDEX audit_event_kind ON audit_event (kind, at DESC);
CREATE INDEX audit_event_entity ON audit_event ((detail->>'entity'), at DESC);

-- Append-only: no UPDATE or DELETE reaches a past event. The one change let
-- through is the foreign key's own ON DELETE SET NULL when a user is deleted:
-- only user_id may change, and only to null; the login text stays.
-- +goose StatementBegin
CREATE FUNCTION audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL AND OLD.user_id IS NOT NULL
       AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.login = OLD.login AND NEW.kind = OLD.kind
       AND NEW.address = OLD.address AND NEW.detail = OLD.detail THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'audit_event is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
-- +goose StatementEnd
CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON audit_event
    FOR EACH ROW EXECUTE FUNCTION audit_event_append_only();
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
    FOR EACH STATEMENT EXECUTE FUNCTION audit_event_append_only();

-- +goose Down
DROP TRIGGER audit_event_no_truncate ON audit_event;
DROP TRIGGER audit_event_append_only ON audit_event;
DROP FUNCTION audit_event_append_only();
DROP INDEX audit_event_entity;
DROP INDEX audit_event_kind;
DROP TABLE plan;
DROP TABLE additional_field;
DROP INDEX company_name_trgm;
ALTER TABLE company DROP COLUMN tax_id, DROP COLUMN address, DROP COLUMN contact, DROP COLUMN email,
    DROP COLUMN phone, DROP COLUMN additional, DROP COLUMN updated_at;
DROP INDEX app_user_company;
DROP INDEX app_user_name;
DROP INDEX app_user_email_trgm;
DROP INDEX app_user_name_trgm;
ALTER TABLE app_user DROP COLUMN timesheet_type, DROP COLUMN auto_timesheet_type, DROP COLUMN calendar,
    DROP COLUMN additional;
