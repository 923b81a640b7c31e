package items

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// ComponentByName answers getComponentByName: the id of the readable type
// with this key.
func (s *Service) ComponentByName(ctx context.Context, c Caller, name string) (Choice, error) {
	id, err := s.store.componentByKey(ctx, c, name)
	if err != nil {
		return Choice{}, err
	}
	comp, err := s.store.component(ctx, c, id, i18n.LangOf(ctx))
	if err != nil {
		return Choice{}, err
	}
	return Choice{ID: comp.ID, Name: comp.Name}, nil
}

// LoadProjects answers loadProjects: the projects the caller may see.
func (s *Service) LoadProjects(ctx context.Context, c Caller) ([]Choice, error) {
	rows, err := s.store.db.Query(ctx, `SELECT p.id, p.name, false FROM project p WHERE `+projectReadable+` ORDER BY p.name, p.id`,
		c.UserID, c.PanelAdmin)
	if err != nil {
		return nil, fmt.Errorf("projects: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
}

// DeleteItemInput is the body of deleteItem.
type DeleteItemInput struct {
	IDs         []int64 `json:"ids"`
	ComponentID int64   `json:"componentId"`
}

// DeleteItems answers deleteItem. Items are marked deleted (their versions
// stay); all or none: one item the caller may not delete refuses the call.
func (s *Service) DeleteItems(ctx context.Context, c Caller, in DeleteItemInput) error {
	if len(in.IDs) == 0 {
		return httpx.Invalid("ids", "items.selectAtLeastOne")
	}
	if len(in.IDs) > MaxRowsPerPage {
		return httpx.Invalid("ids", "items.tooManyIds", "max", MaxRowsPerPage)
	}
	if _, err := s.store.component(ctx, c, in.ComponentID, i18n.LangOf(ctx)); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		var allowed bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM component c WHERE c.id = $3 AND `+componentGrant("delete")+`)`,
			c.UserID, c.PanelAdmin, in.ComponentID).Scan(&allowed); err != nil {
			return err
		}
		var visible, writable int
		if err := tx.QueryRow(ctx, `SELECT count(*) FILTER (WHERE `+itemReadable+`), count(*) FILTER (WHERE `+itemWritable+`)
			FROM item i WHERE i.component_id = $3 AND i.id = ANY($4)`, c.UserID, c.PanelAdmin, in.ComponentID, in.IDs).Scan(&visible, &writable); err != nil {
			return err
		}
		if visible != len(in.IDs) {
			return httpx.NotFound()
		}
		if !allowed || writable != visible {
			return httpx.Forbidden()
		}
		_, err := tx.Exec(ctx, `UPDATE item SET deleted_at = now(), modifier_id = $2, modified_at = now()
			WHERE id = ANY($1) AND deleted_at IS NULL`, in.IDs, c.UserID)
		return err
	})
}
