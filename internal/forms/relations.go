package forms

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// OneToManyInput is the body of loadOneToManyFormData and
// loadOneToManyTimelineFormData: the children of type childComponentId
// (the control's componentId) whose Parent is the form's item.
type OneToManyInput struct {
	ItemID           httpx.ID `json:"itemId"`
	ComponentID      httpx.ID `json:"componentId"`
	ChildComponentID httpx.ID `json:"childComponentId"`
	Page             int      `json:"page"`
	RowsPerPage      int      `json:"rowsPerPage"`
}

// RelatedItem is one child as a one-to-many grid or timeline shows it.
type RelatedItem struct {
	ID              int64     `json:"id"`
	FormattedID     int64     `json:"FormattedID"`
	Title           string    `json:"Title"`
	StatusName      string    `json:"StatusName"`
	StatusColor     string    `json:"StatusColor"`
	ResponsibleName string    `json:"ResponsibleName"`
	CreatorName     string    `json:"CreatorName"`
	ProjectName     string    `json:"ProjectName"`
	CreationDate    time.Time `json:"CreationDate"`
	LastModify      time.Time `json:"LastModify"`
}

// RelatedPage is the answer of the one-to-many calls.
type RelatedPage struct {
	Rows  []RelatedItem `json:"rows"`
	Total int64         `json:"total"`
	// CanCreate: the caller may add a child here (saveItem with Parent).
	CanCreate bool `json:"canCreate"`
	// ChildComponentID and ParentID are what saveItem takes for a new child.
	ChildComponentID int64 `json:"childComponentId"`
	ParentID         int64 `json:"parentId"`
}

// LoadOneToMany answers loadOneToManyFormData (newest first) and, with
// timeline, loadOneToManyTimelineFormData (oldest first): the children the
// caller may read of an item the caller may read.
func (s *Service) LoadOneToMany(ctx context.Context, c items.Caller, in OneToManyInput, timeline bool) (*RelatedPage, error) {
	if in.RowsPerPage <= 0 {
		in.RowsPerPage = 25
	}
	if in.RowsPerPage > items.MaxRowsPerPage {
		return nil, httpx.Invalid("rowsPerPage", "items.rowsPerPageTooBig", "max", items.MaxRowsPerPage)
	}
	if in.Page < 0 {
		return nil, httpx.Invalid("page", "items.pageInvalid")
	}
	parentType, err := s.core.ReadComponent(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	parent, err := items.ReadItem(ctx, s.db, c, parentType.ID, int64(in.ItemID), false)
	if err != nil {
		return nil, err
	}
	child, err := s.core.ReadComponent(ctx, c, int64(in.ChildComponentID))
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	out := &RelatedPage{Rows: []RelatedItem{}, ChildComponentID: child.ID, ParentID: parent.ID}
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM readable_item($1, $2) i WHERE i.component_id = $3 AND i.parent_id = $4`,
		c.UserID, c.PanelAdmin, child.ID, parent.ID).Scan(&out.Total); err != nil {
		return nil, fmt.Errorf("children: %w", err)
	}
	order := "i.created_at DESC, i.id DESC"
	if timeline {
		order = "i.created_at, i.id"
	}
	rows, err := s.db.Query(ctx, `SELECT i.id, i.number, i.title, coalesce(st.name ->> $5, st.name ->> 'pt-BR', ''),
			coalesce(st.color, ''), coalesce(rs.name, ''), coalesce(cr.name, ''), coalesce(p.name, ''), i.created_at, i.modified_at
		FROM readable_item($1, $2) i LEFT JOIN item_status st ON st.id = i.status_id LEFT JOIN app_user rs ON rs.id = i.responsible_id
			LEFT JOIN app_user cr ON cr.id = i.creator_id LEFT JOIN project p ON p.id = i.project_id
		WHERE i.component_id = $3 AND i.parent_id = $4
		ORDER BY `+order+` LIMIT $6 OFFSET $7`,
		c.UserID, c.PanelAdmin, child.ID, parent.ID, lang, in.RowsPerPage, in.Page*in.RowsPerPage)
	if err != nil {
		return nil, fmt.Errorf("children: %w", err)
	}
	out.Rows, err = pgx.CollectRows(rows, pgx.RowToStructByPos[RelatedItem])
	if err != nil {
		return nil, fmt.Errorf("children: %w", err)
	}
	for i := range out.Rows {
		out.Rows[i].CreationDate, out.Rows[i].LastModify = out.Rows[i].CreationDate.UTC(), out.Rows[i].LastModify.UTC()
	}
	project := int64(0)
	if child.ProjectScoped && parent.ProjectID != nil {
		project = *parent.ProjectID
	}
	if !child.ProjectScoped || project != 0 {
		if out.CanCreate, err = items.CanCreate(ctx, s.db, c, child.ID, project); err != nil {
			return nil, err
		}
	}
	return out, nil
}
