package items

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

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

// AllowedProjectItemTypes answers getAllowedsProjectItemTypes: the
// project-scoped types of componentID's application that the caller may read
// (with whether a group of the caller may also create them). componentID 0
// answers them across every application. A type the caller may not read is
// not found, as everywhere.
func (s *Service) AllowedProjectItemTypes(ctx context.Context, c Caller, componentID int64) ([]ItemType, error) {
	var app int64
	if componentID != 0 {
		comp, err := s.store.component(ctx, c, componentID, i18n.LangOf(ctx))
		if err != nil {
			return nil, err
		}
		app = comp.ApplicationID
	}
	rows, err := s.store.db.Query(ctx, `SELECT c.id, c.key, coalesce(c.name ->> $4, c.name ->> 'pt-BR'), c.icon, c.application_id,
			$2 OR EXISTS (SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
				WHERE cg.component_id = c.id AND cg.can_create
				  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1)))
		FROM component c
		WHERE c.project_scoped AND c.retired_at IS NULL AND ($3::bigint = 0 OR c.application_id = $3) AND `+componentReadable+`
		ORDER BY c.application_id, c.sort_order, c.id`, c.UserID, c.PanelAdmin, app, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("project item types: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ItemType])
}
