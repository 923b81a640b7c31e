package projects

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
)

// Querier is a pool or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Store holds the module's SQL: project_member and project_group rows, read
// and written; the projects a caller may read come from the core's
// readable_project (migration 00105).
type Store struct {
	db *pgxpool.Pool
}

// NewStore returns the store over pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{db: pool} }

// manages holds over project p when the caller ($1 user, $2 panel
// administrator) is a manager of it, by their own role or a group's.
const manages = `($2 OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1 AND pm.role = 'manager')
	OR EXISTS (SELECT 1 FROM project_group pg JOIN user_group g ON g.id = pg.group_id
		WHERE pg.project_id = p.id AND pg.role = 'manager'
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1))))`

// project reads a project the caller may read: its name and whether the
// caller may change its permissions. With lock, the project's row is locked
// first, so saves of one project take turns. Unknown and unreadable answer
// the same 404.
func (s *Store) project(ctx context.Context, q Querier, c Caller, id int64, lock bool) (name string, manager bool, err error) {
	if lock {
		if err := q.QueryRow(ctx, `SELECT id FROM project WHERE id = $1 FOR UPDATE`, id).Scan(&id); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return "", false, httpx.NotFound()
			}
			return "", false, fmt.Errorf("lock project: %w", err)
		}
	}
	err = q.QueryRow(ctx, `SELECT p.name, `+manages+` FROM readable_project($1, $2) p WHERE p.id = $3`,
		c.UserID, c.PanelAdmin, id).Scan(&name, &manager)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, httpx.NotFound()
	}
	if err != nil {
		return "", false, fmt.Errorf("project: %w", err)
	}
	return name, manager, nil
}

// permissions reads a readable project's users and groups with their roles.
func (s *Store) permissions(ctx context.Context, q Querier, c Caller, id int64) (*Permissions, error) {
	name, manager, err := s.project(ctx, q, c, id, false)
	if err != nil {
		return nil, err
	}
	out := &Permissions{ProjectID: id, ProjectName: name, ReadOnly: !manager, Users: []UserRole{}, Groups: []GroupRole{}}
	rows, err := q.Query(ctx, `SELECT u.id, u.name, u.login::text, pm.role FROM project_member pm JOIN app_user u ON u.id = pm.user_id
		WHERE pm.project_id = $1 ORDER BY lower(u.name), u.id`, id)
	if err != nil {
		return nil, fmt.Errorf("project users: %w", err)
	}
	if out.Users, err = pgx.CollectRows(rows, pgx.RowToStructByPos[UserRole]); err != nil {
		return nil, fmt.Errorf("project users: %w", err)
	}
	rows, err = q.Query(ctx, `SELECT g.id, g.name::text, pg.role FROM project_group pg JOIN user_group g ON g.id = pg.group_id
		WHERE pg.project_id = $1 ORDER BY lower(g.name::text), g.id`, id)
	if err != nil {
		return nil, fmt.Errorf("project groups: %w", err)
	}
	if out.Groups, err = pgx.CollectRows(rows, pgx.RowToStructByPos[GroupRole]); err != nil {
		return nil, fmt.Errorf("project groups: %w", err)
	}
	return out, nil
}

// checkUsers refuses, naming the first, a user given a role they do not
// hold now who is not an active user (unknown or deactivated). A user kept
// in the role they hold is not asked again: a deactivated member may stay
// listed until someone removes them.
func (s *Store) checkUsers(ctx context.Context, q Querier, users []role, now []UserRole) error {
	held := map[int64]string{}
	for _, u := range now {
		held[u.ID] = u.Role
	}
	var ids []int64
	var at []int
	for i, u := range users {
		if held[u.id] != u.role {
			ids = append(ids, u.id)
			at = append(at, i)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var n int
	err := q.QueryRow(ctx, `SELECT x.n FROM unnest($1::bigint[]) WITH ORDINALITY x(id, n)
		WHERE NOT EXISTS (SELECT 1 FROM app_user u WHERE u.id = x.id AND u.active) ORDER BY x.n LIMIT 1`, ids).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("check users: %w", err)
	}
	return httpx.Invalid(fmt.Sprintf("users[%d].id", at[n-1]), "projects.userNotActive", "id", ids[n-1])
}

// checkGroups refuses, naming the first, a group that does not exist.
func (s *Store) checkGroups(ctx context.Context, q Querier, groups []role) error {
	if len(groups) == 0 {
		return nil
	}
	ids := make([]int64, len(groups))
	for i, g := range groups {
		ids[i] = g.id
	}
	var n int
	err := q.QueryRow(ctx, `SELECT x.n FROM unnest($1::bigint[]) WITH ORDINALITY x(id, n)
		WHERE NOT EXISTS (SELECT 1 FROM user_group g WHERE g.id = x.id) ORDER BY x.n LIMIT 1`, ids).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("check groups: %w", err)
	}
	return httpx.Invalid(fmt.Sprintf("groups[%d].id", n-1), "projects.groupNotFound", "id", ids[n-1])
}

// replace makes the project's rows the lists given, and keeps the manager
// shown (project.manager_id) a manager: when the one shown is no longer a
// manager by their own role, the first manager by id is shown, or none.
func (s *Store) replace(ctx context.Context, q Querier, project int64, users, groups []role) error {
	uids, uroles := split(users)
	gids, groles := split(groups)
	for _, st := range []struct {
		sql  string
		args []any
	}{
		{`DELETE FROM project_member WHERE project_id = $1 AND user_id <> ALL($2::bigint[])`, []any{project, uids}},
		{`INSERT INTO project_member (project_id, user_id, role) SELECT $1, x.id, x.role FROM unnest($2::bigint[], $3::text[]) x(id, role)
			ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role WHERE project_member.role <> EXCLUDED.role`,
			[]any{project, uids, uroles}},
		{`DELETE FROM project_group WHERE project_id = $1 AND group_id <> ALL($2::bigint[])`, []any{project, gids}},
		{`INSERT INTO project_group (project_id, group_id, role) SELECT $1, x.id, x.role FROM unnest($2::bigint[], $3::text[]) x(id, role)
			ON CONFLICT (project_id, group_id) DO UPDATE SET role = EXCLUDED.role WHERE project_group.role <> EXCLUDED.role`,
			[]any{project, gids, groles}},
		{`UPDATE project p SET manager_id = (SELECT min(pm.user_id) FROM project_member pm WHERE pm.project_id = p.id AND pm.role = 'manager')
			WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM project_member pm
				WHERE pm.project_id = p.id AND pm.user_id = p.manager_id AND pm.role = 'manager')
			  AND p.manager_id IS DISTINCT FROM (SELECT min(pm.user_id) FROM project_member pm WHERE pm.project_id = p.id AND pm.role = 'manager')`,
			[]any{project}},
	} {
		if _, err := q.Exec(ctx, st.sql, st.args...); err != nil {
			var pgErr *pgconn.PgError
			if errors.As(err, &pgErr) && pgErr.Code == "23503" {
				// A user or group went away since it was checked.
				return httpx.Fail(http.StatusConflict, "projects.changedMeanwhile")
			}
			return fmt.Errorf("save project permissions: %w", err)
		}
	}
	return nil
}

func split(list []role) ([]int64, []string) {
	ids, roles := make([]int64, len(list)), make([]string, len(list))
	for i, r := range list {
		ids[i], roles[i] = r.id, r.role
	}
	return ids, roles
}
