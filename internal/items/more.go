package items

import (
	"context"

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
	return s.store.projects(ctx, c)
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
		allowed, visible, writable, err := deleteRights(ctx, tx, c, in.ComponentID, in.IDs)
		if err != nil {
			return err
		}
		if visible != len(in.IDs) {
			return httpx.NotFound()
		}
		if !allowed || writable != visible {
			return httpx.Forbidden()
		}
		return markDeleted(ctx, tx, c, in.IDs)
	})
}
