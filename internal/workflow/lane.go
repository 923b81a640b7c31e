package workflow

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// SetResponsible changes an item's responsible outside a transition (a card
// dropped into another lane): a save's rights and stale check (409), a
// transition's candidates and message; the item gets a 'field' version.
func (s *Service) SetResponsible(ctx context.Context, c Caller, componentID, itemID int64, responsible *int64, stamp int64, board string) error {
	if itemID <= 0 {
		return httpx.NotFound()
	}
	if stamp == 0 {
		return httpx.Invalid("modificationDateTicks", "forms.ticksRequired")
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		comp, its, err := s.selected(ctx, tx, c, componentID, []int64{itemID}, true)
		if err != nil {
			return err
		}
		it := its[0]
		if !c.PanelAdmin && !(comp.CanUpdate && it.Writable) {
			return httpx.Fail(http.StatusForbidden, "workflow.notWritable")
		}
		if d := ticks(it.ModifiedAt) - stamp; d > 1000 || d < -1000 {
			var who string
			if err := tx.QueryRow(ctx, `SELECT coalesce((SELECT u.name FROM live_item i JOIN app_user u ON u.id = i.modifier_id WHERE i.id = $1), '')`,
				it.ID).Scan(&who); err != nil {
				return err
			}
			return httpx.Fail(http.StatusConflict, "forms.stale", "user", who, "version", it.Version)
		}
		if responsible != nil {
			if err := checkResponsible(ctx, tx, comp, nil, *responsible); err != nil {
				return err
			}
		}
		if sameResponsible(it.ResponsibleID, responsible) {
			return nil
		}
		if _, err := items.Mutate(ctx, tx, c.UserID, it.ID,
			items.Change{Operation: "field", SetResponsible: true, ResponsibleID: responsible}); err != nil {
			return err
		}
		if responsible == nil || *responsible == c.UserID {
			return nil
		}
		var lang, who string
		if err := tx.QueryRow(ctx, `SELECT u.language, (SELECT name FROM app_user WHERE id = $2) FROM app_user u WHERE u.id = $1`,
			*responsible, c.UserID).Scan(&lang, &who); err != nil {
			return fmt.Errorf("responsible language: %w", err)
		}
		l := i18n.Parse(lang)
		title := i18n.T(l, "workflow.newResponsibleTitle", "type", comp.Name.in(string(l)), "id", it.Number)
		body := i18n.T(l, "kanban.assignedText", "user", who, "title", it.Title, "board", board)
		return s.send(ctx, tx, *responsible, title, body)
	})
}

func sameResponsible(a, b *int64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// LaneTeam is who a board shows a responsible lane for, cards or not: whom
// SetResponsible accepts, within the actions' responsibleGroups and the board's
// project; at most limit (the caller, then current responsibles, then by name).
func (s *Service) LaneTeam(ctx context.Context, c Caller, componentID, projectID int64, limit int) (ids []int64, more bool, err error) {
	comp, err := loadComponent(ctx, s.pool, c, componentID)
	if err != nil {
		return nil, false, err
	}
	groups, everyone, asked := []string{}, false, false
	for _, a := range comp.actions {
		if !a.AsksResponsible {
			continue
		}
		asked = true
		if len(a.ResponsibleGroups) == 0 {
			everyone = true
		}
		for _, g := range a.ResponsibleGroups {
			groups = append(groups, strings.ToLower(g))
		}
	}
	if everyone || !asked {
		groups = []string{}
	}
	// Who works the type is looked up only past the cap (one index probe
	// per user): a team that fits is all there whatever the order.
	rows, err := s.pool.Query(ctx, `WITH team AS (SELECT u.id, u.name FROM app_user u
		WHERE `+candidates+`
		  AND (cardinality($3::text[]) = 0 OR EXISTS (SELECT 1 FROM user_group g WHERE lower(g.name::text) = ANY($3::text[])
			AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = u.id))))
		  AND ($4::bigint = 0 OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = $4 AND pm.user_id = u.id)
			OR EXISTS (SELECT 1 FROM project_group pg JOIN user_group g ON g.id = pg.group_id WHERE pg.project_id = $4
				AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = u.id)))))
		SELECT t.id FROM team t
		ORDER BY t.id = $5 DESC,
			CASE WHEN (SELECT count(*) FROM team) >= $6 THEN EXISTS (SELECT 1 FROM live_item i
				WHERE i.responsible_id = t.id AND i.component_id = $1) ELSE false END DESC,
			lower(t.name), t.id
		LIMIT $6`, comp.ID, []string{}, groups, projectID, c.UserID, limit+1)
	if err != nil {
		return nil, false, fmt.Errorf("lane team: %w", err)
	}
	if ids, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
		return nil, false, fmt.Errorf("lane team: %w", err)
	}
	if len(ids) > limit {
		return ids[:limit], true, nil
	}
	return ids, false, nil
}
