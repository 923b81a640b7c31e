-- +goose Up
-- +goose StatementBegin
-- The applications the caller may use (getAllowedApplications decides the
-- same way): a group of the caller's is given the application. Modules that
-- hang things on applications (operations) select FROM it. One SELECT in a
-- STABLE SQL function: PostgreSQL inlines it into the calling query.
CREATE FUNCTION usable_application(uid bigint, admin boolean) RETURNS SETOF application
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT a.* FROM application a
    WHERE admin OR EXISTS (SELECT 1 FROM application_group ag JOIN user_group g ON g.id = ag.group_id
                WHERE ag.application_id = a.id
                  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = uid)))
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION usable_application(bigint, boolean);
