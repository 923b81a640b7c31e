package items

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

const versionColumns = `v.id, v.item_id, v.version, v.title, v.project_id, v.parent_id, v.status_id, v.responsible_id,
	v.modifier_id, v.modified_at, v.reason, v.operation, v.attributes::text`

func scanVersions(rows pgx.Rows) ([]version, error) {
	defer rows.Close()
	var out []version
	for rows.Next() {
		var v version
		var raw string
		if err := rows.Scan(&v.ID, &v.ItemID, &v.Version, &v.Title, &v.ProjectID, &v.ParentID, &v.StatusID, &v.ResponsibleID,
			&v.ModifierID, &v.ModifiedAt, &v.Reason, &v.Operation, &raw); err != nil {
			return nil, fmt.Errorf("versions: %w", err)
		}
		attrs, err := decodeAttributes([]byte(raw))
		if err != nil {
			return nil, err
		}
		v.Attributes = attrs
		out = append(out, v)
	}
	return out, rows.Err()
}

func (r *resolver) run(ctx context.Context, q Querier) error {
	for _, k := range []struct {
		m     map[int64]string
		sql   string
		items bool
	}{
		{r.users, `SELECT id, name FROM app_user WHERE id = ANY($1)`, false},
		{r.groups, `SELECT id, name::text FROM user_group WHERE id = ANY($1)`, false},
		{r.units, `SELECT id, name::text FROM org_unit WHERE id = ANY($1)`, false},
		{r.companies, `SELECT id, name FROM company WHERE id = ANY($1)`, false},
		{r.projects, `SELECT id, name FROM project WHERE id = ANY($1)`, false},
		{r.items, `SELECT id, number::text || ' - ' || title FROM item WHERE id = ANY($1)`, true},
		{r.states, `SELECT id, coalesce(name ->> $2, name ->> 'pt-BR') FROM item_status WHERE id = ANY($1)`, false},
		{r.calendars, `SELECT r.id, coalesce(u.name, r.name) FROM resource r LEFT JOIN app_user u ON u.id = r.user_id WHERE r.id = ANY($1)`, false},
	} {
		if len(k.m) == 0 {
			continue
		}
		ids := make([]int64, 0, len(k.m))
		for id := range k.m {
			ids = append(ids, id)
		}
		sql, args := k.sql, []any{ids}
		if strings.Contains(k.sql, "$2") {
			args = append(args, r.lang)
		}
		if k.items && r.caller != nil {
			sql = `SELECT i.id, i.number::text || ' - ' || i.title FROM item i JOIN component c ON c.id = i.component_id
				WHERE i.id = ANY($3) AND ` + componentReadable + ` AND ` + itemReadable
			args = []any{r.caller.UserID, r.caller.PanelAdmin, ids}
		}
		rows, err := q.Query(ctx, sql, args...)
		if err != nil {
			return fmt.Errorf("resolve names: %w", err)
		}
		for rows.Next() {
			var id int64
			var name string
			if err := rows.Scan(&id, &name); err != nil {
				rows.Close()
				return err
			}
			k.m[id] = name
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for pl := range r.picks {
		rows, err := q.Query(ctx, `SELECT value, coalesce(text ->> $2, text ->> 'pt-BR') FROM picklist_item WHERE picklist_id = $1`, pl, r.lang)
		if err != nil {
			return fmt.Errorf("resolve picklist: %w", err)
		}
		m := map[string]string{}
		for rows.Next() {
			var v, t string
			if err := rows.Scan(&v, &t); err != nil {
				rows.Close()
				return err
			}
			m[v] = t
		}
		rows.Close()
		r.picks[pl] = m
	}
	return nil
}

// itemComponent is the type of item id (not found when there is no item).
func (st *Store) itemComponent(ctx context.Context, id int64) (int64, error) {
	var comp int64
	err := st.db.QueryRow(ctx, `SELECT component_id FROM item WHERE id = $1`, id).Scan(&comp)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, httpx.NotFound()
	}
	return comp, err
}

// versions are the versions of item, oldest first.
func (st *Store) versions(ctx context.Context, item int64) ([]version, error) {
	rows, err := st.db.Query(ctx, `SELECT `+versionColumns+` FROM item_version v WHERE v.item_id = $1 ORDER BY v.version`, item)
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	return scanVersions(rows)
}

// versionsByID are the versions of ids, of any items, in no order.
func (st *Store) versionsByID(ctx context.Context, ids ...int64) ([]version, error) {
	rows, err := st.db.Query(ctx, `SELECT `+versionColumns+` FROM item_version v WHERE v.id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("versions: %w", err)
	}
	return scanVersions(rows)
}

// recentVersions: item_version_project_recent walks the project's versions
// newest first, so the query stops after limit readable ones.
func (st *Store) recentVersions(ctx context.Context, c Caller, project int64, limit int) ([]RecentVersion, error) {
	rows, err := st.db.Query(ctx, `SELECT v.id, i.id, c.id, coalesce(c.name ->> $5, c.name ->> 'pt-BR'), i.number, i.title
		FROM item_version v JOIN item i ON i.id = v.item_id JOIN component c ON c.id = i.component_id
		WHERE v.project_id = $3 AND i.project_id = $3 AND c.retired_at IS NULL
		  AND `+componentReadable+` AND `+itemReadable+`
		ORDER BY v.modified_at DESC, v.id DESC LIMIT $4`, c.UserID, c.PanelAdmin, project, limit, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("recent versions: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[RecentVersion])
	if err != nil {
		return nil, fmt.Errorf("recent versions: %w", err)
	}
	return out, nil
}

// StatusSince answers when each of ids entered the status it has now: the
// first of its latest run of versions in that status (else its creation).
// Other modules ask it, so they never read the versions themselves.
func StatusSince(ctx context.Context, q Querier, ids []int64) (map[int64]time.Time, error) {
	rows, err := q.Query(ctx, `SELECT i.id, coalesce((SELECT min(v.modified_at) FROM item_version v WHERE v.item_id = i.id
			AND v.version > coalesce((SELECT max(w.version) FROM item_version w
				WHERE w.item_id = i.id AND w.status_id IS DISTINCT FROM i.status_id), 0)), i.created_at)
		FROM item i WHERE i.id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("status since: %w", err)
	}
	out := map[int64]time.Time{}
	for rows.Next() {
		var id int64
		var at time.Time
		if err := rows.Scan(&id, &at); err != nil {
			rows.Close()
			return nil, fmt.Errorf("status since: %w", err)
		}
		out[id] = at.UTC()
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("status since: %w", err)
	}
	return out, nil
}
