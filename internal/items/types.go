package items

import (
	"context"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// ItemType is a type that may hold items of a project.
type ItemType struct {
	ID            int64  `json:"id"`
	Key           string `json:"key"`
	Name          string `json:"name"`
	Icon          string `json:"icon"`
	ApplicationID int64  `json:"applicationID"`
	CanCreate     bool   `json:"canCreate"`
}

// AllowedProjectItemTypes answers getAllowedsProjectItemTypes: project-scoped
// types the caller may read of componentID's application (0: all), with the
// create right; a type the caller may not read is not found, as everywhere.
// With a project (0: none), one the caller may read, only the types the
// project allows (none listed: all of them).
func (s *Service) AllowedProjectItemTypes(ctx context.Context, c Caller, componentID, project int64) ([]ItemType, error) {
	var app int64
	if componentID != 0 {
		comp, err := s.store.component(ctx, c, componentID, i18n.LangOf(ctx))
		if err != nil {
			return nil, err
		}
		app = comp.ApplicationID
	}
	if project != 0 {
		if ok, err := s.store.projectVisible(ctx, c, project); err != nil {
			return nil, err
		} else if !ok {
			return nil, httpx.NotFound()
		}
	}
	return s.store.projectItemTypes(ctx, c, app, project, i18n.LangOf(ctx))
}
