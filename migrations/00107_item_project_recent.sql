-- +goose Up
-- A project's items modified last (the project page's recent activity,
-- items.ProjectActivity): the index walks them newest first and stops.
CREATE INDEX item_project_modified ON item (project_id, modified_at DESC, id DESC) WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX item_project_modified;
