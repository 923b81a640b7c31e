package items

import (
	"context"
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

// AllowedProjectItemTypes answers getAllowedsProjectItemTypes: the
// project-scoped types of componentID's application that the caller may read
// (with whether a group of the caller may also create them). componentID 0
// answers them across every application. A type the caller may not read is
// not found, as everywhere.
func (s *Service) AllowedProjectItemTypes(ctx context.Context, c Caller, componentID int64) ([]ItemType, error) {
	var app int64
	if componentID != 0 {
		comp, err := s.store.component(ctx, c, componentID, langOf(ctx))
		if err != nil {
			return nil, err
		}
		app = comp.ApplicationID
	}
	return s.store.projectItemTypes(ctx, c, app, langOf(ctx))
}
