package items

import (
	"context"
	"net/http"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/audit"
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

// LoadProjects answers loadProjects: the active projects the caller may
// see; with componentID, those where the caller may create items of that
// type (the new item form's project choice).
func (s *Service) LoadProjects(ctx context.Context, c Caller, componentID int64) ([]Choice, error) {
	if componentID != 0 {
		return s.store.projectsForNew(ctx, c, componentID)
	}
	return s.store.projects(ctx, c)
}

// DeleteItemInput is the body of deleteItem.
type DeleteItemInput struct {
	IDs         []int64 `json:"ids"`
	ComponentID int64   `json:"componentId"`
}

// Dependent is an item that depends on another (Item): its child, its
// successor in a schedule. Key names the tie in the refusal's text, with
// {item} and {dependent} as arguments.
type Dependent struct {
	Item, Dependent int64
	Key             string
}

// DeleteGuard is a module that ties items together (the schedule's
// predecessors): it names the live items that depend on one of ids, in tx.
type DeleteGuard interface {
	Dependents(ctx context.Context, tx pgx.Tx, ids []int64) ([]Dependent, error)
}

// AddDeleteGuard makes deleteItem ask g; it is called while the server is
// wired, before any call is served.
func (s *Service) AddDeleteGuard(g DeleteGuard) {
	s.guards = append(s.guards, g)
}

// DeleteItems answers deleteItem. Items are marked deleted, with a last
// version saying so, and the audit log records it; all or none: one item
// the caller may not delete, or that an item left behind depends on,
// refuses the call.
func (s *Service) DeleteItems(ctx context.Context, c Caller, in DeleteItemInput) error {
	if len(in.IDs) == 0 {
		return httpx.Invalid("ids", "items.selectAtLeastOne")
	}
	if len(in.IDs) > MaxRowsPerPage {
		return httpx.Invalid("ids", "items.tooManyIds", "max", MaxRowsPerPage)
	}
	ids := slices.Clone(in.IDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if _, err := s.store.component(ctx, c, in.ComponentID, i18n.LangOf(ctx)); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if err := LockItems(ctx, tx, ids); err != nil {
			return err
		}
		allowed, visible, writable, err := deleteRights(ctx, tx, c, in.ComponentID, ids)
		if err != nil {
			return err
		}
		if visible != len(ids) {
			return httpx.NotFound()
		}
		if !allowed || writable != visible {
			return httpx.Forbidden()
		}
		if err := s.refuseDependents(ctx, tx, c, ids); err != nil {
			return err
		}
		labels, err := markDeleted(ctx, tx, c, in.ComponentID, ids)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Event{At: s.now(), UserID: c.UserID, Login: c.Login, Kind: "item.deleted",
			Address: c.Address, Detail: map[string]any{"componentId": in.ComponentID, "ids": ids, "items": labels}})
	})
}

// refuseDependents answers 409 naming the first item of ids that a live
// item outside ids depends on (its child, first, then the modules' ties).
func (s *Service) refuseDependents(ctx context.Context, tx pgx.Tx, c Caller, ids []int64) error {
	deps, err := children(ctx, tx, ids)
	if err != nil {
		return err
	}
	for _, g := range s.guards {
		more, err := g.Dependents(ctx, tx, ids)
		if err != nil {
			return err
		}
		deps = append(deps, more...)
	}
	for _, d := range deps {
		if slices.Contains(ids, d.Dependent) {
			continue
		}
		item, dependent, err := dependencyLabels(ctx, tx, c, d.Item, d.Dependent)
		if err != nil {
			return err
		}
		if dependent == "" {
			dependent = i18n.T(i18n.From(ctx), "items.delete.hiddenItem")
		}
		return httpx.Fail(http.StatusConflict, d.Key, "item", item, "dependent", dependent)
	}
	return nil
}
