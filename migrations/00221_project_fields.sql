-- +goose Up
-- A project's own fields, for the project calls of internal/projects
-- (saveProject, loadProject, listProjects, archiveProject; docs/projects.md).
-- The code is optional (the demo's projects and older ones have none) and,
-- when given, unique among projects whatever its case. A project's work
-- calendar is a resource's (as a CALENDAR attribute's, loadCalendars). An
-- archived project stays readable; the core creates no new item in it.
ALTER TABLE project
    ADD COLUMN code        text,
    ADD COLUMN description text NOT NULL DEFAULT '',
    ADD COLUMN start_date  date,
    ADD COLUMN finish_date date,
    ADD COLUMN status      text NOT NULL DEFAULT 'active',
    ADD COLUMN calendar_id bigint REFERENCES resource (id) ON DELETE SET NULL,
    ADD COLUMN created_by  bigint REFERENCES app_user (id) ON DELETE SET NULL,
    ADD COLUMN modified_at timestamptz NOT NULL DEFAULT now(),
    ADD CONSTRAINT project_status CHECK (status IN ('active', 'archived')),
    ADD CONSTRAINT project_code_not_blank CHECK (btrim(code) <> '' AND char_length(code) <= 20),
    ADD CONSTRAINT project_dates CHECK (finish_date >= start_date);
CREATE UNIQUE INDEX project_code ON project (lower(code)) WHERE code IS NOT NULL;

-- The item types allowed in a project: project-scoped types. No row means
-- every project-scoped type (getAllowedsProjectItemTypes, saveItem).
CREATE TABLE project_item_type (
    project_id   bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
    PRIMARY KEY (project_id, component_id)
);
CREATE INDEX project_item_type_component ON project_item_type (component_id);

-- +goose Down
DROP TABLE project_item_type;
DROP INDEX project_code;
ALTER TABLE project
    DROP CONSTRAINT project_dates,
    DROP CONSTRAINT project_code_not_blank,
    DROP CONSTRAINT project_status,
    DROP COLUMN modified_at,
    DROP COLUMN created_by,
    DROP COLUMN calendar_id,
    DROP COLUMN status,
    DROP COLUMN finish_date,
    DROP COLUMN start_date,
    DROP COLUMN description,
    DROP COLUMN code;
