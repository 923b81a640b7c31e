package projects

import (
	"context"
	"fmt"
)

// typeCounts counts a readable project's live items the caller may read
// per type and status. The types listed are the project's (its
// project_item_type rows, else every project-scoped type) the caller may
// read, and any other readable type with items in it; a type's statuses are
// those in use, and those with items. Items of a readable type in a
// readable project are exactly the readable_item ones, so the count reads
// live_item once per type through item_by_project.
func (s *Store) typeCounts(ctx context.Context, q Querier, c Caller, project int64, lang string) ([]TypeCount, error) {
	rows, err := q.Query(ctx, `WITH counts AS (
			SELECT i.component_id, i.status_id, count(*) AS n FROM live_item i
			WHERE i.project_id = $3 GROUP BY i.component_id, i.status_id),
		types AS (
			SELECT c.* FROM readable_component($1, $2) c
			WHERE c.retired_at IS NULL AND (c.id IN (SELECT component_id FROM counts)
			   OR c.project_scoped AND (NOT EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = $3)
			      OR EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = $3 AND t.component_id = c.id))))
		SELECT c.application_id AS app, c.sort_order AS sort, c.id, st.sort_order AS st_sort, c.key,
			coalesce(c.name ->> $4, c.name ->> 'pt-BR'), c.icon, c.application_id,
			coalesce((SELECT min(v.id) FROM item_view v WHERE v.component_id = c.id AND v.kind = 'kanban' AND v.retired_at IS NULL), 0),
			coalesce(st.id, 0), coalesce(st.key, ''), coalesce(st.name ->> $4, st.name ->> 'pt-BR', ''), coalesce(st.color, ''),
			coalesce(st.final, false), coalesce(k.n, 0)
		FROM types c
		LEFT JOIN item_status st ON st.component_id = c.id
		LEFT JOIN counts k ON k.component_id = c.id AND k.status_id IS NOT DISTINCT FROM st.id
		WHERE st.id IS NULL OR st.retired_at IS NULL OR k.n > 0
		UNION ALL
		SELECT c.application_id, c.sort_order, c.id, NULL, c.key, coalesce(c.name ->> $4, c.name ->> 'pt-BR'), c.icon, c.application_id,
			0, 0, '', '', '', false, k.n
		FROM types c JOIN counts k ON k.component_id = c.id AND k.status_id IS NULL
		WHERE EXISTS (SELECT 1 FROM item_status st WHERE st.component_id = c.id)
		ORDER BY app, sort, id, st_sort NULLS LAST`, c.UserID, c.PanelAdmin, project, lang)
	if err != nil {
		return nil, fmt.Errorf("project counts: %w", err)
	}
	defer rows.Close()
	var out []TypeCount
	at := map[int64]int{}
	for rows.Next() {
		var t TypeCount
		var st StatusCount
		var app, sort int64
		var stSort *int32
		if err := rows.Scan(&app, &sort, &t.ID, &stSort, &t.Key, &t.Name, &t.Icon, &t.ApplicationID, &t.KanbanViewID,
			&st.ID, &st.Key, &st.Name, &st.Color, &st.Final, &st.Count); err != nil {
			return nil, fmt.Errorf("project counts: %w", err)
		}
		i, ok := at[t.ID]
		if !ok {
			t.Statuses = []StatusCount{}
			at[t.ID] = len(out)
			i = len(out)
			out = append(out, t)
		}
		out[i].Total += st.Count
		if !st.Final {
			out[i].Open += st.Count
		}
		if st.ID != 0 || st.Count > 0 {
			out[i].Statuses = append(out[i].Statuses, st)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("project counts: %w", err)
	}
	return out, nil
}
