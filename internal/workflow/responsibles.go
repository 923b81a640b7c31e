package workflow

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// ResponsiblesInput is the body of loadResponsibles: the type (or the
// selected items, which name it), the action whose dialog asks, and an
// optional text and limit as the other pickers take.
type ResponsiblesInput struct {
	ComponentID httpx.ID   `json:"componentId"`
	Action      Ref        `json:"action"`
	IDs         []httpx.ID `json:"ids"`
	Text        string     `json:"text"`
	Limit       int        `json:"limit"`
}

// Responsible is a user who may become an item's responsible.
type Responsible struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Login string `json:"login"`
	Email string `json:"email"`
}

// candidates is the SQL condition over app_user u for who may become the
// responsible through an action: active, and in its responsibleGroups or, when
// it names none, able to read the type ($1 the type, $2 the groups).
const candidates = `u.active AND (CASE WHEN cardinality($2::text[]) > 0 THEN EXISTS (
		SELECT 1 FROM user_group g WHERE lower(g.name::text) = ANY($2::text[])
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = u.id)))
	ELSE u.panel_admin OR EXISTS (
		SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
		WHERE cg.component_id = $1 AND cg.can_read
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = u.id))) END)`

func responsibleGroups(a *action) []string {
	out := []string{}
	if a != nil {
		for _, g := range a.ResponsibleGroups {
			out = append(out, strings.ToLower(g))
		}
	}
	return out
}

// Responsibles answers loadResponsibles.
func (s *Service) Responsibles(ctx context.Context, c Caller, in ResponsiblesInput) ([]Responsible, error) {
	var comp *component
	var err error
	switch {
	case len(in.IDs) > 0:
		ids, err := selection(in.IDs)
		if err != nil {
			return nil, err
		}
		if comp, _, err = s.selected(ctx, s.pool, c, int64(in.ComponentID), ids, false); err != nil {
			return nil, err
		}
	case in.ComponentID != 0:
		if comp, err = loadComponent(ctx, s.pool, c, int64(in.ComponentID)); err != nil {
			return nil, err
		}
	default:
		return nil, httpx.Fail(http.StatusBadRequest, "workflow.selectAtLeastOne")
	}
	var a *action
	if !in.Action.empty() {
		if a, err = comp.findAction(in.Action); err != nil {
			return nil, err
		}
	}
	if utf8.RuneCountInString(in.Text) > 200 {
		return nil, httpx.Invalid("text", "items.searchTooLong", "max", 200)
	}
	limit := in.Limit
	if limit <= 0 {
		limit = 50
	}
	limit = min(limit, 200)
	rows, err := s.pool.Query(ctx, `SELECT u.id, u.name, u.login::text, u.email::text FROM app_user u
		WHERE `+candidates+` AND ($3 = '' OR tramita_unaccent(u.name || ' ' || u.login || ' ' || u.email) ILIKE '%' || tramita_unaccent($3) || '%')
		ORDER BY lower(u.name), u.id LIMIT $4`, comp.ID, responsibleGroups(a), strings.TrimSpace(in.Text), limit)
	if err != nil {
		return nil, fmt.Errorf("responsibles: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Responsible])
}

// checkResponsible reports whether user may become responsible through a.
func checkResponsible(ctx context.Context, q querier, comp *component, a *action, user int64) error {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM app_user u WHERE u.id = $3 AND `+candidates+`)`,
		comp.ID, responsibleGroups(a), user).Scan(&ok)
	if err != nil {
		return fmt.Errorf("responsible: %w", err)
	}
	if !ok {
		return httpx.Invalid("responsibleId", "workflow.responsibleInvalid")
	}
	return nil
}
