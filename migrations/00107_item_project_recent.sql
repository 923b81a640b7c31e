-- +goose Up
-- The project page (docs/projects.md, "The project page"). Its recent
-- activity walks a project's versions newest first and stops after 20
-- (items.RecentVersions): item_version is only ever inserted into, so the
-- index costs no update of item. Its counts per type and status read the
-- project's live items from the index alone; status_id is indexed already,
-- so the index takes no update that was not already leaving its page.
CREATE INDEX item_version_project_recent ON item_version (project_id, modified_at DESC, id DESC);
CREATE INDEX item_project_type_status ON item (project_id, component_id, status_id) WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX item_project_type_status;
DROP INDEX item_version_project_recent;
