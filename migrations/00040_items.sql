-- +goose Up
-- The generic item engine (docs/items.md). Application packages fill the
-- definition tables; items hold system fields as columns and configurable
-- attributes in jsonb. Every definition row carries the package's stable key
-- so a re-import upgrades in place. Definitions an import no longer names are
-- retired (retired_at), never deleted: items may still point at them and
-- their data stays readable.

-- An immutable wrapper so unaccent may appear in indexes and generated text.
-- +goose StatementBegin
CREATE FUNCTION tramita_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN public.unaccent('public.unaccent'::regdictionary, $1);
-- +goose StatementEnd

-- The package an application came from, as imported, for export and audit.
CREATE TABLE app_package (
    application_id bigint PRIMARY KEY REFERENCES application (id) ON DELETE CASCADE,
    imported_at    timestamptz NOT NULL DEFAULT now(),
    imported_by    text NOT NULL DEFAULT '',
    report         jsonb NOT NULL DEFAULT '[]'
);

-- An item type.
CREATE TABLE component (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint NOT NULL REFERENCES application (id) ON DELETE CASCADE,
    key            text NOT NULL,
    name           jsonb NOT NULL,
    -- Items of a project-scoped type live in a project and follow its members.
    project_scoped boolean NOT NULL DEFAULT false,
    icon           text NOT NULL DEFAULT '',
    sort_order     integer NOT NULL DEFAULT 0,
    -- The last number given to an item of this type (FormattedID).
    last_number    bigint NOT NULL DEFAULT 0,
    retired_at     timestamptz,
    CONSTRAINT component_key_unique UNIQUE (application_id, key),
    CONSTRAINT component_name_translated CHECK (jsonb_typeof(name) = 'object' AND name ? 'pt-BR')
);
-- getComponentByName finds a type by key across applications.
CREATE INDEX component_key ON component (key);

-- What a group may do with the items of a type.
CREATE TABLE component_grant (
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    group_id     bigint NOT NULL REFERENCES user_group (id) ON DELETE CASCADE,
    can_read     boolean NOT NULL DEFAULT true,
    can_create   boolean NOT NULL DEFAULT false,
    can_update   boolean NOT NULL DEFAULT false,
    can_delete   boolean NOT NULL DEFAULT false,
    PRIMARY KEY (component_id, group_id)
);

CREATE TABLE picklist (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    application_id bigint NOT NULL REFERENCES application (id) ON DELETE CASCADE,
    key            text NOT NULL,
    name           jsonb NOT NULL DEFAULT '{}',
    depends_on     bigint REFERENCES picklist (id) ON DELETE SET NULL,
    retired_at     timestamptz,
    CONSTRAINT picklist_key_unique UNIQUE (application_id, key)
);

CREATE TABLE picklist_item (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    picklist_id   bigint NOT NULL REFERENCES picklist (id) ON DELETE CASCADE,
    value         text NOT NULL,
    text          jsonb NOT NULL,
    color         text NOT NULL DEFAULT '',
    image         text NOT NULL DEFAULT '',
    is_font_awesome boolean NOT NULL DEFAULT false,
    -- The value of the item of the picklist this one depends on.
    parent_value  text,
    sort_order    integer NOT NULL DEFAULT 0,
    retired_at    timestamptz,
    CONSTRAINT picklist_item_value_unique UNIQUE (picklist_id, value),
    CONSTRAINT picklist_item_text_translated CHECK (jsonb_typeof(text) = 'object' AND text ? 'pt-BR')
);

-- A configurable field of a type. The value lives in item.attributes under key.
CREATE TABLE attribute (
    id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id          bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    key                   text NOT NULL,
    name                  jsonb NOT NULL,
    type                  text NOT NULL,
    required              boolean NOT NULL DEFAULT false,
    picklist_id           bigint REFERENCES picklist (id) ON DELETE SET NULL,
    -- GENERIC_ITEM_TYPE: the type whose items the attribute points at.
    target_component_id   bigint REFERENCES component (id) ON DELETE SET NULL,
    filter_as_list        boolean NOT NULL DEFAULT false,
    is_file_index         boolean NOT NULL DEFAULT false,
    edit_in_grid          boolean NOT NULL DEFAULT false,
    date_time_format_type smallint NOT NULL DEFAULT 0,
    date_time_format      text NOT NULL DEFAULT '',
    column_width          integer,
    interval_minutes      integer,
    -- A default-value query (getDefaultValueQuery) by its key in the package.
    default_query         text NOT NULL DEFAULT '',
    sort_order            integer NOT NULL DEFAULT 0,
    retired_at            timestamptz,
    CONSTRAINT attribute_key_unique UNIQUE (component_id, key),
    CONSTRAINT attribute_type_known CHECK (type IN ('STRING','INTEGER','BOOLEAN','DECIMAL','DATE_TIME','RICH_TEXT',
        'PERCENTILE','CURRENCY','BINARY','PROJECT','USERS','USERS_OR_GROUPS','GROUPS','RESOURCES','GENERIC_ITEM_TYPE',
        'PICKLIST','CALENDAR','COMPANY','ORGANIZATIONAL_STRUCTURE','ITEM_TYPE_STATUS','DURATION')),
    CONSTRAINT attribute_name_translated CHECK (jsonb_typeof(name) = 'object' AND name ? 'pt-BR')
);

CREATE TABLE item_status (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    key          text NOT NULL,
    name         jsonb NOT NULL,
    color        text NOT NULL DEFAULT '',
    initial      boolean NOT NULL DEFAULT false,
    final        boolean NOT NULL DEFAULT false,
    sort_order   integer NOT NULL DEFAULT 0,
    retired_at   timestamptz,
    CONSTRAINT item_status_key_unique UNIQUE (component_id, key)
);

-- Actions move items between statuses; the workflow issue runs them. The
-- package's definition is kept whole in spec.
CREATE TABLE item_action (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    key          text NOT NULL,
    name         jsonb NOT NULL,
    spec         jsonb NOT NULL DEFAULT '{}',
    sort_order   integer NOT NULL DEFAULT 0,
    retired_at   timestamptz,
    CONSTRAINT item_action_key_unique UNIQUE (component_id, key)
);

-- Forms are kept as the package's tree; the forms issue renders them.
CREATE TABLE item_form (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    key          text NOT NULL,
    name         jsonb NOT NULL,
    tree         jsonb NOT NULL DEFAULT '{}',
    sort_order   integer NOT NULL DEFAULT 0,
    retired_at   timestamptz,
    CONSTRAINT item_form_key_unique UNIQUE (component_id, key)
);

-- A saved filter. condition is the filter tree the compiler reads.
CREATE TABLE item_query (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    key          text NOT NULL,
    name         jsonb NOT NULL,
    condition    jsonb NOT NULL DEFAULT '{}',
    is_default   boolean NOT NULL DEFAULT false,
    sort_order   integer NOT NULL DEFAULT 0,
    retired_at   timestamptz,
    CONSTRAINT item_query_key_unique UNIQUE (component_id, key)
);

-- A list (or kanban, schedule, calendar) layout.
CREATE TABLE item_view (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    key          text NOT NULL,
    name         jsonb NOT NULL,
    kind         text NOT NULL DEFAULT 'list',
    compact      boolean NOT NULL DEFAULT false,
    is_default   boolean NOT NULL DEFAULT false,
    -- [{"field": "Title", "width": 300}, ...]
    columns      jsonb NOT NULL DEFAULT '[]',
    -- [{"field": "CreationDate", "direction": "desc"}]
    sort         jsonb NOT NULL DEFAULT '[]',
    -- Fields kanban, schedule and calendar views read (lane, start, end...).
    fields       jsonb NOT NULL DEFAULT '{}',
    sort_order   integer NOT NULL DEFAULT 0,
    retired_at   timestamptz,
    CONSTRAINT item_view_key_unique UNIQUE (component_id, key),
    CONSTRAINT item_view_kind_known CHECK (kind IN ('list','kanban','schedule','calendar'))
);

-- The query and view a user used last on a type (persistQueryOrView).
CREATE TABLE item_list_preference (
    user_id      bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    query_id     bigint REFERENCES item_query (id) ON DELETE SET NULL,
    view_id      bigint REFERENCES item_view (id) ON DELETE SET NULL,
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, component_id)
);

-- Projects and who may see and change their items.
CREATE TABLE project (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text NOT NULL,
    manager_id bigint REFERENCES app_user (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT project_name_not_blank CHECK (btrim(name) <> '')
);

CREATE TABLE project_member (
    project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    user_id    bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    can_write  boolean NOT NULL DEFAULT false,
    PRIMARY KEY (project_id, user_id)
);
CREATE INDEX project_member_user ON project_member (user_id);

CREATE TABLE item (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    component_id        bigint NOT NULL REFERENCES component (id),
    -- FormattedID: numbered per type from component.last_number.
    number              bigint NOT NULL,
    title               text NOT NULL DEFAULT '',
    project_id          bigint REFERENCES project (id),
    parent_id           bigint REFERENCES item (id),
    status_id           bigint REFERENCES item_status (id),
    responsible_id      bigint REFERENCES app_user (id),
    creator_id          bigint REFERENCES app_user (id),
    created_at          timestamptz NOT NULL DEFAULT now(),
    modifier_id         bigint REFERENCES app_user (id),
    modified_at         timestamptz NOT NULL DEFAULT now(),
    version             integer NOT NULL DEFAULT 1,
    reason              text NOT NULL DEFAULT '',
    has_attachment      boolean NOT NULL DEFAULT false,
    has_digital_content boolean NOT NULL DEFAULT false,
    attributes          jsonb NOT NULL DEFAULT '{}',
    -- Title and text attribute values, accents removed, for searchItemsByQuery.
    search              tsvector GENERATED ALWAYS AS (
        to_tsvector('portuguese', tramita_unaccent(title)) ||
        jsonb_to_tsvector('portuguese'::regconfig, tramita_unaccent(attributes::text)::jsonb, '["string"]')) STORED,
    deleted_at          timestamptz,
    CONSTRAINT item_number_unique UNIQUE (component_id, number),
    CONSTRAINT item_attributes_object CHECK (jsonb_typeof(attributes) = 'object')
);
-- The default list order and keyset paging: newest first within a type.
CREATE INDEX item_component_created ON item (component_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX item_component_number ON item (component_id, number DESC) WHERE deleted_at IS NULL;
CREATE INDEX item_by_project ON item (project_id) WHERE deleted_at IS NULL;
CREATE INDEX item_by_status ON item (status_id);
CREATE INDEX item_by_responsible ON item (responsible_id);
CREATE INDEX item_by_parent ON item (parent_id);
CREATE INDEX item_attributes ON item USING gin (attributes jsonb_path_ops);
CREATE INDEX item_title_trgm ON item USING gin (title gin_trgm_ops);
CREATE INDEX item_search ON item USING gin (search);

-- One row per save: the item as it was written.
CREATE TABLE item_version (
    item_id     bigint NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    version     integer NOT NULL,
    title       text NOT NULL,
    project_id  bigint,
    parent_id   bigint,
    status_id   bigint,
    responsible_id bigint,
    modifier_id bigint,
    modified_at timestamptz NOT NULL,
    reason      text NOT NULL DEFAULT '',
    attributes  jsonb NOT NULL,
    PRIMARY KEY (item_id, version)
);

-- +goose Down
DROP TABLE item_version;
DROP TABLE item;
DROP TABLE project_member;
DROP TABLE project;
DROP TABLE item_list_preference;
DROP TABLE item_view;
DROP TABLE item_query;
DROP TABLE item_form;
DROP TABLE item_action;
DROP TABLE item_status;
DROP TABLE attribute;
DROP TABLE picklist_item;
DROP TABLE picklist;
DROP TABLE component_grant;
DROP TABLE component;
DROP TABLE app_package;
DROP FUNCTION tramita_unaccent(text);
