package admin

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Group is a line of the groups grid. AllUsers marks 'Todos', the group
// everybody is in; it is neither renamed nor deleted.
type Group struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	AllUsers bool   `json:"allUsers"`
	Members  int    `json:"members"`
}

// GroupFilter narrows the groups grid: name contains.
type GroupFilter struct {
	Name string `json:"name"`
}

// Groups lists the groups by name.
func (s *Service) Groups(ctx context.Context, a Actor, f GroupFilter) ([]Group, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `
		SELECT g.id, g.name::text, g.all_users,
			CASE WHEN g.all_users THEN (SELECT count(*) FROM app_user)
			     ELSE (SELECT count(*) FROM group_member m WHERE m.group_id = g.id) END
		FROM user_group g WHERE g.name::text ILIKE $1 ORDER BY g.name`, likePattern(f.Name))
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Group])
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	return out, nil
}

func (s *Service) lockGroup(ctx context.Context, tx pgx.Tx, id int64) (Group, error) {
	var g Group
	err := tx.QueryRow(ctx, `SELECT id, name::text, all_users FROM user_group WHERE id = $1 FOR UPDATE`, id).Scan(&g.ID, &g.Name, &g.AllUsers)
	if errors.Is(err, pgx.ErrNoRows) {
		return g, httpx.NotFound()
	}
	if err != nil {
		return g, fmt.Errorf("load group: %w", err)
	}
	return g, nil
}

// SaveGroup creates (id 0) or renames a group.
func (s *Service) SaveGroup(ctx context.Context, a Actor, in Group) (Group, error) {
	if err := allow(a); err != nil {
		return Group{}, err
	}
	in.Name = strings.TrimSpace(in.Name)
	switch {
	case in.Name == "":
		return Group{}, httpx.Invalid("name", "error.required")
	case utf8.RuneCountInString(in.Name) > maxNameLength:
		return Group{}, httpx.Invalid("name", "admin.tooLong", "max", maxNameLength)
	}
	var saved Group
	err := s.tx(ctx, func(tx pgx.Tx) error {
		var before any
		var err error
		if in.ID == 0 {
			err = tx.QueryRow(ctx, `INSERT INTO user_group (name) VALUES ($1) RETURNING id`, in.Name).Scan(&in.ID)
		} else {
			b, lerr := s.lockGroup(ctx, tx, in.ID)
			if lerr != nil {
				return lerr
			}
			if b.AllUsers {
				return httpx.Fail(http.StatusConflict, "admin.groupAllUsers")
			}
			before = b
			_, err = tx.Exec(ctx, `UPDATE user_group SET name = $2 WHERE id = $1`, in.ID, in.Name)
		}
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.ConstraintName == "user_group_name_unique" {
			return httpx.Invalid("name", "admin.nameTaken")
		}
		if err != nil {
			return fmt.Errorf("save group: %w", err)
		}
		saved = Group{ID: in.ID, Name: in.Name}
		kind := "admin.group.created"
		if before != nil {
			kind = "admin.group.renamed"
		}
		return s.record(ctx, tx, a, kind, "group", in.ID, before, saved)
	})
	return saved, err
}

// DeleteGroup deletes a group that nothing uses: no members, no
// application or permission given to it.
func (s *Service) DeleteGroup(ctx context.Context, a Actor, id int64, lang i18n.Lang) error {
	if err := allow(a); err != nil {
		return err
	}
	return s.tx(ctx, func(tx pgx.Tx) error {
		g, err := s.lockGroup(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.AllUsers {
			return httpx.Fail(http.StatusConflict, "admin.groupAllUsers")
		}
		u, err := uses(ctx, tx, "user_group", id)
		if err != nil {
			return err
		}
		if len(u) > 0 {
			return httpx.Fail(http.StatusConflict, "admin.groupInUse", "uses", describeUses(lang, u))
		}
		if _, err := tx.Exec(ctx, `DELETE FROM user_group WHERE id = $1`, id); err != nil {
			return fmt.Errorf("delete group: %w", err)
		}
		return s.record(ctx, tx, a, "admin.group.deleted", "group", id, g, nil)
	})
}

// Member is a user in a group.
type Member struct {
	ID    int64  `json:"id"`
	Login string `json:"login"`
	Name  string `json:"name"`
}

// GroupMembers lists a group's members by name.
func (s *Service) GroupMembers(ctx context.Context, a Actor, groupID int64) ([]Member, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `
		SELECT u.id, u.login::text, u.name FROM app_user u
		WHERE EXISTS (SELECT 1 FROM user_group g WHERE g.id = $1 AND g.all_users)
		   OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = $1 AND m.user_id = u.id)
		ORDER BY u.name, u.id`, groupID)
	if err != nil {
		return nil, fmt.Errorf("group members: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Member])
	if err != nil {
		return nil, fmt.Errorf("group members: %w", err)
	}
	return out, nil
}

// SetGroupMembers makes userIDs the members of a group.
func (s *Service) SetGroupMembers(ctx context.Context, a Actor, groupID int64, userIDs []int64) error {
	if err := allow(a); err != nil {
		return err
	}
	if userIDs == nil {
		userIDs = []int64{}
	}
	return s.tx(ctx, func(tx pgx.Tx) error {
		g, err := s.lockGroup(ctx, tx, groupID)
		if err != nil {
			return err
		}
		if g.AllUsers {
			return httpx.Fail(http.StatusConflict, "admin.groupAllUsers")
		}
		var before []int64
		if err := tx.QueryRow(ctx, `SELECT coalesce(array_agg(user_id ORDER BY user_id), '{}') FROM group_member WHERE group_id = $1`, groupID).Scan(&before); err != nil {
			return fmt.Errorf("group members: %w", err)
		}
		var known int
		if err := tx.QueryRow(ctx, `SELECT count(DISTINCT id) FROM app_user WHERE id = ANY($1)`, userIDs).Scan(&known); err != nil {
			return fmt.Errorf("group members: %w", err)
		}
		if known != len(distinct(userIDs)) {
			return httpx.Invalid("userIds", "admin.unknownUser")
		}
		if _, err := tx.Exec(ctx, `DELETE FROM group_member WHERE group_id = $1 AND user_id <> ALL($2)`, groupID, userIDs); err != nil {
			return fmt.Errorf("group members: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO group_member (group_id, user_id) SELECT $1, u FROM unnest($2::bigint[]) u ON CONFLICT DO NOTHING`, groupID, userIDs); err != nil {
			return fmt.Errorf("group members: %w", err)
		}
		return s.record(ctx, tx, a, "admin.group.members", "group", groupID, map[string]any{"members": before},
			map[string]any{"members": distinct(userIDs)})
	})
}

func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := []int64{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
