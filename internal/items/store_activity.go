package items

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/i18n"
)

// recentVersion is a version of one of a project's items, as ProjectActivity
// lists it.
type recentVersion struct {
	VersionID     int64
	ItemID        int64
	ComponentID   int64
	ComponentName string
	FormattedID   int64
	Title         string
}

// recentVersions are the newest limit versions of the project's items the
// caller may read, newest first. An item's newest version is never older
// than its modified_at, so the newest versions belong to the limit items
// modified last: item_project_modified gives those without reading the
// project's other items.
func (st *Store) recentVersions(ctx context.Context, c Caller, project int64, limit int) ([]recentVersion, error) {
	rows, err := st.db.Query(ctx, `WITH recent AS (
			SELECT i.id, i.number, i.title, c.id AS component_id, coalesce(c.name ->> $5, c.name ->> 'pt-BR') AS component_name
			FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.project_id = $3 AND i.deleted_at IS NULL AND c.retired_at IS NULL
			  AND `+componentReadable+` AND `+itemReadable+`
			ORDER BY i.modified_at DESC, i.id DESC LIMIT $4)
		SELECT v.id, r.id, r.component_id, r.component_name, r.number, r.title
		FROM recent r CROSS JOIN LATERAL (
			SELECT v.id, v.modified_at FROM item_version v WHERE v.item_id = r.id ORDER BY v.version DESC LIMIT $4) v
		ORDER BY v.modified_at DESC, v.id DESC LIMIT $4`, c.UserID, c.PanelAdmin, project, limit, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("recent versions: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[recentVersion])
	if err != nil {
		return nil, fmt.Errorf("recent versions: %w", err)
	}
	return out, nil
}
