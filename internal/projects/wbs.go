package projects

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// WBSLimit is the most items getAllActivitiesToEAP answers: the oldest ones
// (by id), so a parent, created before its children, is seldom left out.
const WBSLimit = 5000

// WBSItem is one item of a project's work breakdown structure. ParentID is
// 0 for a root: an item without a parent, or whose parent is not listed
// (outside the project, unreadable or deleted). Outline numbers the item
// among its siblings, by id, from its root ("1.2.3"); Level is its depth
// (1 for a root); Children how many items it holds.
type WBSItem struct {
	ID            int64  `json:"id"`
	FormattedID   int64  `json:"formattedId"`
	Title         string `json:"title"`
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
	StatusID      int64  `json:"statusId"`
	StatusName    string `json:"statusName"`
	StatusColor   string `json:"statusColor"`
	Final         bool   `json:"final"`
	ParentID      int64  `json:"parentId"`
	Outline       string `json:"outline"`
	Level         int    `json:"level"`
	Children      int    `json:"children"`
}

// WBS is getAllActivitiesToEAP's answer: the items in tree order (a parent
// before its children, siblings by id); Truncated says more than WBSLimit
// items were left out.
type WBS struct {
	ProjectID int64     `json:"projectId"`
	Items     []WBSItem `json:"items"`
	Truncated bool      `json:"truncated"`
}

// WBS answers getAllActivitiesToEAP: the project's live items the caller
// may read as a tree by their parent (the item core's Parent field).
func (s *Service) WBS(ctx context.Context, c Caller, in ProjectInput) (*WBS, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	id := int64(in.ProjectID)
	var rows []WBSItem
	err := pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, _, err := s.store.project(ctx, tx, c, id, false); err != nil {
			return err
		}
		var err error
		rows, err = s.store.wbsItems(ctx, tx, c, id, i18n.LangOf(ctx), WBSLimit+1)
		return err
	})
	if err != nil {
		return nil, err
	}
	out := &WBS{ProjectID: id}
	if len(rows) > WBSLimit {
		rows, out.Truncated = rows[:WBSLimit], true
	}
	out.Items = outline(rows)
	return out, nil
}

// outline orders rows (by id) as a tree and numbers them; a parent not
// among rows makes its child a root.
func outline(rows []WBSItem) []WBSItem {
	at := make(map[int64]int, len(rows))
	for i, r := range rows {
		at[r.ID] = i
	}
	children := map[int64][]int{}
	var roots []int
	for i := range rows {
		if p, ok := at[rows[i].ParentID]; ok && rows[i].ParentID != rows[i].ID {
			children[rows[p].ID] = append(children[rows[p].ID], i)
		} else {
			rows[i].ParentID = 0
			roots = append(roots, i)
		}
	}
	out := make([]WBSItem, 0, len(rows))
	placed := make([]bool, len(rows))
	var walk func(list []int, prefix string, level, first int)
	walk = func(list []int, prefix string, level, first int) {
		for n, i := range list {
			if placed[i] {
				continue
			}
			placed[i] = true
			r := rows[i]
			r.Outline = prefix + strconv.Itoa(first+n)
			r.Level = level
			r.Children = len(children[r.ID])
			out = append(out, r)
			walk(children[r.ID], r.Outline+".", level+1, 1)
		}
	}
	walk(roots, "", 1, 1)
	// A cycle of parents (none should exist) has no root: its items follow
	// as roots of their own, so none is lost.
	for i := range rows {
		if !placed[i] {
			rows[i].ParentID = 0
			roots = append(roots, i)
			walk([]int{i}, "", 1, len(roots))
		}
	}
	return slices.Clip(out)
}

// wbsItems are up to limit of the readable project's live items the caller
// may read, by id.
func (s *Store) wbsItems(ctx context.Context, q Querier, c Caller, project int64, lang string, limit int) ([]WBSItem, error) {
	rows, err := q.Query(ctx, `SELECT i.id, i.number, i.title, c.id, coalesce(c.name ->> $4, c.name ->> 'pt-BR'),
			coalesce(st.id, 0), coalesce(st.name ->> $4, st.name ->> 'pt-BR', ''), coalesce(st.color, ''), coalesce(st.final, false),
			coalesce(i.parent_id, 0), '', 0, 0
		FROM live_item i JOIN readable_component($1, $2) c ON c.id = i.component_id
		LEFT JOIN item_status st ON st.id = i.status_id
		WHERE i.project_id = $3 AND c.retired_at IS NULL
		ORDER BY i.id LIMIT $5`, c.UserID, c.PanelAdmin, project, lang, limit)
	if err != nil {
		return nil, fmt.Errorf("project items: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[WBSItem])
	if err != nil {
		return nil, fmt.Errorf("project items: %w", err)
	}
	return out, nil
}
