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
// caller may read, newest first: versions written while the item was in the
// project, of items still in it. item_version_project_recent walks them
// newest first, so the query stops after limit readable ones.
func (st *Store) recentVersions(ctx context.Context, c Caller, project int64, limit int) ([]recentVersion, error) {
	rows, err := st.db.Query(ctx, `SELECT v.id, i.id, c.id, coalesce(c.name ->> $5, c.name ->> 'pt-BR'), i.number, i.title
		FROM item_version v JOIN item i ON i.id = v.item_id JOIN component c ON c.id = i.component_id
		WHERE v.project_id = $3 AND i.project_id = $3 AND c.retired_at IS NULL
		  AND `+componentReadable+` AND `+itemReadable+`
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
