-- +goose Up
-- The projects module (internal/projects, docs/projects.md). project.manager_id
-- is the manager shown on lists and the project page; the access rule reads
-- project_member and project_group only (00105). Whoever is set as the shown
-- manager, by the demo loader, an import or the project form, becomes a
-- manager of the project here, so showing a manager always means one.

-- +goose StatementBegin
CREATE FUNCTION project_manager_member() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.manager_id IS NOT NULL THEN
        INSERT INTO project_member (project_id, user_id, role) VALUES (NEW.id, NEW.manager_id, 'manager')
        ON CONFLICT (project_id, user_id) DO UPDATE SET role = 'manager';
    END IF;
    RETURN NULL;
END
$$;
-- +goose StatementEnd

CREATE TRIGGER project_manager_member AFTER INSERT OR UPDATE OF manager_id ON project
    FOR EACH ROW EXECUTE FUNCTION project_manager_member();

-- A project's managers, for the last-manager check of every save.
CREATE INDEX project_member_manager ON project_member (project_id) WHERE role = 'manager';
CREATE INDEX project_group_manager ON project_group (project_id) WHERE role = 'manager';

-- +goose Down
DROP INDEX project_group_manager;
DROP INDEX project_member_manager;
DROP TRIGGER project_manager_member ON project;
DROP FUNCTION project_manager_member();
