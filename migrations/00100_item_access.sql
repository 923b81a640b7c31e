-- +goose Up
-- Who may read and change which items, as the item core's own queries
-- decide (internal/items/access.go), for the modules beside the core: they
-- select FROM these instead of copying the core's conditions. Each is one
-- SELECT in a STABLE SQL function, which PostgreSQL inlines into the calling
-- query, so a module's plan is the one the written-out condition would get.
-- Arguments: the caller's user id and whether the caller is a panel
-- administrator (who passes every condition).

-- +goose StatementBegin
-- The types the caller may read: the application is theirs and a group of
-- theirs has read on the type.
CREATE FUNCTION readable_component(uid bigint, admin boolean) RETURNS SETOF component
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT c.* FROM component c
    WHERE admin OR (
        EXISTS (SELECT 1 FROM application_group ag JOIN user_group g ON g.id = ag.group_id
                WHERE ag.application_id = c.application_id
                  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = uid)))
        AND EXISTS (SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
                WHERE cg.component_id = c.id AND cg.can_read
                  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = uid))))
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- The readable types on which a group of the caller may also change items.
CREATE FUNCTION updatable_component(uid bigint, admin boolean) RETURNS SETOF component
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT c.* FROM readable_component(uid, admin) c
    WHERE admin OR EXISTS (SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
                WHERE cg.component_id = c.id AND cg.can_update
                  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = uid)))
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- The projects the caller manages or is a member of.
CREATE FUNCTION readable_project(uid bigint, admin boolean) RETURNS SETOF project
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT p.* FROM project p
    WHERE admin OR p.manager_id = uid
       OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = uid)
$$;
-- +goose StatementEnd

-- +goose StatementBegin
-- The items the caller may read: not deleted, of a readable type, outside
-- projects or in a project of the caller's.
CREATE FUNCTION readable_item(uid bigint, admin boolean) RETURNS SETOF item
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
-- The items the caller may change: readable, of a type the caller may
-- update, outside projects or in one where the caller writes.
CREATE FUNCTION writable_item(uid bigint, admin boolean) RETURNS SETOF item
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT i.* FROM item i
    WHERE i.deleted_at IS NULL
      AND EXISTS (SELECT 1 FROM updatable_component(uid, admin) c WHERE c.id = i.component_id)
      AND (admin OR i.project_id IS NULL OR EXISTS (
            SELECT 1 FROM project p WHERE p.id = i.project_id AND (p.manager_id = uid OR EXISTS (
                SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = uid AND pm.can_write))))
$$;
-- +goose StatementEnd

-- The items not deleted, whoever asks: for the modules' counts that hold
-- for everybody (a strict WIP limit counts the cards nobody may see too).
CREATE VIEW live_item AS SELECT * FROM item WHERE deleted_at IS NULL;

-- +goose Down
DROP VIEW live_item;
DROP FUNCTION writable_item(bigint, boolean);
DROP FUNCTION readable_item(bigint, boolean);
DROP FUNCTION readable_project(bigint, boolean);
DROP FUNCTION updatable_component(bigint, boolean);
DROP FUNCTION readable_component(bigint, boolean);
