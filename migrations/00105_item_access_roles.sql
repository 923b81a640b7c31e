-- +goose Up
-- Project roles (docs/projects.md): a user or a group holds one role in a
-- project, manager, member or read_only. Members of every role read the
-- project's items; managers and members change them, read_only never. A
-- user's strongest role wins, their own or a group's (a group of all users
-- holds everyone). The access rule reads these rows only: project.manager_id
-- is the manager shown, kept a manager row by migration 00220.
--
-- The shape the rule reads is the item core's (project and project_member
-- are 00040's), so it changes here, in the core's range, before the
-- functions that read it: a migration never depends on a later range.
ALTER TABLE project_member ADD COLUMN role text NOT NULL DEFAULT 'read_only'
    CONSTRAINT project_member_role CHECK (role IN ('manager', 'member', 'read_only'));
UPDATE project_member SET role = CASE WHEN can_write THEN 'member' ELSE 'read_only' END;
INSERT INTO project_member (project_id, user_id, role)
    SELECT id, manager_id, 'manager' FROM project WHERE manager_id IS NOT NULL
    ON CONFLICT (project_id, user_id) DO UPDATE SET role = 'manager';
ALTER TABLE project_member DROP COLUMN can_write;

CREATE TABLE project_group (
    project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
    group_id   bigint NOT NULL REFERENCES user_group (id) ON DELETE CASCADE,
    role       text NOT NULL CONSTRAINT project_group_role CHECK (role IN ('manager', 'member', 'read_only')),
    PRIMARY KEY (project_id, group_id)
);
CREATE INDEX project_group_group ON project_group (group_id);

-- +goose StatementBegin
-- The projects where the caller holds a role, their own or a group's.
CREATE OR REPLACE FUNCTION readable_project(uid bigint, admin boolean) RETURNS SETOF project
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT p.* FROM project p
    WHERE admin
       OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = uid)
       OR EXISTS (SELECT 1 FROM project_group pg JOIN user_group g ON g.id = pg.group_id
                  WHERE pg.project_id = p.id
                    AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = uid)))
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- The items the caller may read: not deleted, of a readable type, outside
-- projects or in a project where the caller holds a role.
CREATE OR REPLACE FUNCTION readable_item(uid bigint, admin boolean) RETURNS SETOF item
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT i.* FROM item i
    WHERE i.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM readable_component(uid, admin) c WHERE c.id = i.component_id)
      AND (admin OR i.project_id IS NULL
        OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = i.project_id AND pm.user_id = uid)
        OR EXISTS (SELECT 1 FROM project_group pg JOIN user_group g ON g.id = pg.group_id
                   WHERE pg.project_id = i.project_id
                     AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = uid))))
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- The items the caller may change: readable, of a type the caller may
-- update, outside projects or in one where the caller is manager or member.
CREATE OR REPLACE FUNCTION writable_item(uid bigint, admin boolean) RETURNS SETOF item
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT i.* FROM item i
    WHERE i.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM updatable_component(uid, admin) c WHERE c.id = i.component_id)
      AND (admin OR i.project_id IS NULL
        OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = i.project_id AND pm.user_id = uid
                     AND pm.role IN ('manager', 'member'))
        OR EXISTS (SELECT 1 FROM project_group pg JOIN user_group g ON g.id = pg.group_id
                   WHERE pg.project_id = i.project_id AND pg.role IN ('manager', 'member')
                     AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = uid))))
$$;
-- +goose StatementEnd

-- +goose Down
-- 00100's bodies and can_write back; group roles have no place in that shape.
-- can_write first: the old bodies read it, and a body is checked when created.
ALTER TABLE project_member ADD COLUMN can_write boolean NOT NULL DEFAULT false;
-- Managers and members write; a manager row of the shown manager was not
-- there before 00105 and goes, the others keep their access as writers.
UPDATE project_member SET can_write = role IN ('manager', 'member');
DELETE FROM project_member pm USING project p
    WHERE p.id = pm.project_id AND p.manager_id = pm.user_id AND pm.role = 'manager';

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION readable_project(uid bigint, admin boolean) RETURNS SETOF project
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT p.* FROM project p
    WHERE admin OR p.manager_id = uid
       OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = uid)
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION readable_item(uid bigint, admin boolean) RETURNS SETOF item
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT i.* FROM item i
    WHERE i.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM readable_component(uid, admin) c WHERE c.id = i.component_id)
      AND (admin OR i.project_id IS NULL OR EXISTS (
            SELECT 1 FROM project p WHERE p.id = i.project_id AND (p.manager_id = uid OR EXISTS (
                SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = uid))))
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION writable_item(uid bigint, admin boolean) RETURNS SETOF item
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT i.* FROM item i
    WHERE i.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM updatable_component(uid, admin) c WHERE c.id = i.component_id)
      AND (admin OR i.project_id IS NULL OR EXISTS (
            SELECT 1 FROM project p WHERE p.id = i.project_id AND (p.manager_id = uid OR EXISTS (
                SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = uid AND pm.can_write))))
$$;
-- +goose StatementEnd

DROP TABLE project_group;
ALTER TABLE project_member DROP COLUMN role;
