package forms

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// MaxLinkChange caps the items one refreshManyToManyItems may add or remove.
const MaxLinkChange = 500

// ManyToManyInput is the body of the link calls: the form's item and, for a
// many-to-many control, the type of the items it lists (relatedComponentId;
// 0 for item links, any type).
type ManyToManyInput struct {
	ItemID             httpx.ID `json:"itemId"`
	ComponentID        httpx.ID `json:"componentId"`
	RelatedComponentID httpx.ID `json:"relatedComponentId"`
	Page               int      `json:"page"`
	RowsPerPage        int      `json:"rowsPerPage"`
	// Add and Remove are the items refreshManyToManyItems links and unlinks.
	Add    []httpx.ID `json:"add"`
	Remove []httpx.ID `json:"remove"`
	// Text narrows loadManyToManyComboData (title or FormattedID).
	Text  string `json:"text"`
	Limit int    `json:"limit"`
}

// LinkedItem is a linked item as the many-to-many grid and item links show
// it; ComponentName says its type (item links mix types).
type LinkedItem struct {
	RelatedItem
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
}

// LinkPage is the answer of loadManyToManyFormData, refreshManyToManyItems
// and loadItemLinksFormData.
type LinkPage struct {
	Rows  []LinkedItem `json:"rows"`
	Total int64        `json:"total"`
	// CanEdit: the caller may add and remove links of the form's item.
	CanEdit bool `json:"canEdit"`
}

// linkedOf is the SQL of the items linked to $3, either side of the pair
// (item_link is this module's table).
const linkedOf = `(SELECT item_b AS other FROM item_link WHERE item_a = $3 UNION ALL SELECT item_a FROM item_link WHERE item_b = $3)`

// linkFrom loads the form's item (readable) and, when related is given, the
// related type (readable).
func (s *Service) linkFrom(ctx context.Context, c items.Caller, in ManyToManyInput) (*items.Item, int64, error) {
	comp, err := s.core.ReadComponent(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, 0, err
	}
	it, err := items.ReadItem(ctx, s.db, c, comp.ID, int64(in.ItemID), false)
	if err != nil {
		return nil, 0, err
	}
	related := int64(in.RelatedComponentID)
	if related != 0 {
		if _, err := s.core.ReadComponent(ctx, c, related); err != nil {
			return nil, 0, err
		}
	}
	return it, related, nil
}

// LoadManyToMany answers loadManyToManyFormData: the linked items of the
// related type that the caller may read, newest item first.
func (s *Service) LoadManyToMany(ctx context.Context, c items.Caller, in ManyToManyInput) (*LinkPage, error) {
	it, related, err := s.linkFrom(ctx, c, in)
	if err != nil {
		return nil, err
	}
	return s.linkPage(ctx, c, it, related, in.Page, in.RowsPerPage)
}

// LoadItemLinks answers loadItemLinksFormData: every linked item the caller
// may read (of a type the caller may read), whatever its type.
func (s *Service) LoadItemLinks(ctx context.Context, c items.Caller, in ManyToManyInput) (*LinkPage, error) {
	in.RelatedComponentID = 0
	return s.LoadManyToMany(ctx, c, in)
}

func (s *Service) linkPage(ctx context.Context, c items.Caller, it *items.Item, related int64, page, perPage int) (*LinkPage, error) {
	if perPage <= 0 {
		perPage = 25
	}
	if perPage > items.MaxRowsPerPage {
		return nil, httpx.Invalid("rowsPerPage", "items.rowsPerPageTooBig", "max", items.MaxRowsPerPage)
	}
	if page < 0 {
		return nil, httpx.Invalid("page", "items.pageInvalid")
	}
	from := `readable_item($1, $2) i JOIN component c ON c.id = i.component_id`
	where := `i.id IN ` + linkedOf + ` AND ($4::bigint = 0 OR i.component_id = $4) AND c.retired_at IS NULL`
	out := &LinkPage{Rows: []LinkedItem{}}
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM `+from+` WHERE `+where,
		c.UserID, c.PanelAdmin, it.ID, related).Scan(&out.Total); err != nil {
		return nil, fmt.Errorf("links: %w", err)
	}
	rows, err := s.db.Query(ctx, `SELECT i.id, i.number, i.title, coalesce(st.name ->> $5, st.name ->> 'pt-BR', ''),
			coalesce(st.color, ''), coalesce(rs.name, ''), coalesce(cr.name, ''), coalesce(p.name, ''), i.created_at, i.modified_at,
			c.id, coalesce(c.name ->> $5, c.name ->> 'pt-BR')
		FROM `+from+`
			LEFT JOIN item_status st ON st.id = i.status_id LEFT JOIN app_user rs ON rs.id = i.responsible_id
			LEFT JOIN app_user cr ON cr.id = i.creator_id LEFT JOIN project p ON p.id = i.project_id
		WHERE `+where+` ORDER BY i.created_at DESC, i.id DESC LIMIT $6 OFFSET $7`,
		c.UserID, c.PanelAdmin, it.ID, related, i18n.LangOf(ctx), perPage, page*perPage)
	if err != nil {
		return nil, fmt.Errorf("links: %w", err)
	}
	for rows.Next() {
		var l LinkedItem
		r := &l.RelatedItem
		if err := rows.Scan(&r.ID, &r.FormattedID, &r.Title, &r.StatusName, &r.StatusColor, &r.ResponsibleName, &r.CreatorName,
			&r.ProjectName, &r.CreationDate, &r.LastModify, &l.ComponentID, &l.ComponentName); err != nil {
			rows.Close()
			return nil, fmt.Errorf("links: %w", err)
		}
		r.CreationDate, r.LastModify = r.CreationDate.UTC(), r.LastModify.UTC()
		out.Rows = append(out.Rows, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("links: %w", err)
	}
	ok, err := items.CanUpdate(ctx, s.db, c, it.ComponentID, it.ID)
	if err != nil {
		return nil, err
	}
	out.CanEdit = ok
	return out, nil
}

// RefreshManyToMany links add and unlinks remove in one transaction, then
// answers the list; linking needs the right to change the form's item and to
// read each other item. Without add and remove it only reloads.
func (s *Service) RefreshManyToMany(ctx context.Context, c items.Caller, in ManyToManyInput) (*LinkPage, error) {
	if len(in.Add)+len(in.Remove) > MaxLinkChange {
		return nil, httpx.Invalid("add", "links.tooMany", "max", MaxLinkChange)
	}
	it, related, err := s.linkFrom(ctx, c, in)
	if err != nil {
		return nil, err
	}
	if len(in.Add)+len(in.Remove) > 0 {
		if err := s.writeLinks(ctx, c, it, related, in.Add, in.Remove); err != nil {
			return nil, err
		}
	}
	return s.linkPage(ctx, c, it, related, in.Page, in.RowsPerPage)
}

func (s *Service) writeLinks(ctx context.Context, c items.Caller, it *items.Item, related int64, add, remove []httpx.ID) error {
	ids := func(list []httpx.ID) []int64 {
		out := make([]int64, 0, len(list))
		for _, id := range list {
			if !slices.Contains(out, int64(id)) {
				out = append(out, int64(id))
			}
		}
		return out
	}
	adds, removes := ids(add), ids(remove)
	if slices.Contains(adds, it.ID) {
		return httpx.Invalid("add", "links.selfLink")
	}
	return pgx.BeginFunc(ctx, s.db, func(tx pgx.Tx) error {
		if _, err := items.ReadItem(ctx, tx, c, it.ComponentID, it.ID, true); err != nil {
			return err
		}
		if ok, err := items.CanUpdate(ctx, tx, c, it.ComponentID, it.ID); err != nil {
			return err
		} else if !ok {
			return httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
		}
		if len(adds) > 0 {
			rows, err := tx.Query(ctx, `SELECT i.id, i.component_id FROM readable_item($1, $2) i JOIN component c ON c.id = i.component_id
				WHERE i.id = ANY($3) AND c.retired_at IS NULL`,
				c.UserID, c.PanelAdmin, adds)
			if err != nil {
				return fmt.Errorf("link targets: %w", err)
			}
			found := map[int64]int64{}
			for rows.Next() {
				var id, comp int64
				if err := rows.Scan(&id, &comp); err != nil {
					rows.Close()
					return fmt.Errorf("link targets: %w", err)
				}
				found[id] = comp
			}
			if err := rows.Err(); err != nil {
				return fmt.Errorf("link targets: %w", err)
			}
			for _, id := range adds {
				comp, ok := found[id]
				if !ok {
					return httpx.NotFound()
				}
				if related != 0 && comp != related {
					return httpx.Invalid("add", "links.wrongType", "id", id)
				}
			}
			if _, err := tx.Exec(ctx, `INSERT INTO item_link (item_a, item_b, created_by)
				SELECT least($1::bigint, o), greatest($1::bigint, o), $2 FROM unnest($3::bigint[]) AS o
				ON CONFLICT DO NOTHING`, it.ID, c.UserID, adds); err != nil {
				return fmt.Errorf("add links: %w", err)
			}
		}
		if len(removes) > 0 {
			// Only links to items the caller may read (of the related type)
			// are removed; others are not the caller's to see.
			if _, err := tx.Exec(ctx, `DELETE FROM item_link l USING readable_item($1, $2) i
				WHERE ((l.item_a = $3 AND l.item_b = i.id) OR (l.item_b = $3 AND l.item_a = i.id))
				  AND i.id = ANY($4) AND ($5::bigint = 0 OR i.component_id = $5)`,
				c.UserID, c.PanelAdmin, it.ID, removes, related); err != nil {
				return fmt.Errorf("remove links: %w", err)
			}
		}
		return nil
	})
}

// LoadManyToManyCombo answers the items the caller could link, by title or
// FormattedID, held to the same conditions as refreshManyToManyItems, so it
// never offers what that call would refuse or already holds.
func (s *Service) LoadManyToManyCombo(ctx context.Context, c items.Caller, in ManyToManyInput) ([]items.ComboRow, error) {
	it, related, err := s.linkFrom(ctx, c, in)
	if err != nil {
		return nil, err
	}
	look := items.LookupInput{Text: in.Text, Limit: in.Limit}
	pattern, err := look.Check()
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, `SELECT i.id, i.number, i.title, c.id, coalesce(c.name ->> $8, c.name ->> 'pt-BR')
		FROM readable_item($1, $2) i JOIN component c ON c.id = i.component_id
		WHERE ($4::bigint = 0 OR i.component_id = $4) AND c.retired_at IS NULL AND i.id <> $3 AND i.id NOT IN `+linkedOf+`
		  AND (tramita_unaccent(i.title) ILIKE tramita_unaccent($5) OR i.number::text = $6)
		ORDER BY (i.number::text = $6) DESC, i.created_at DESC, i.id DESC LIMIT $7`,
		c.UserID, c.PanelAdmin, it.ID, related, pattern, look.Text, look.Limit, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("combo: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[items.ComboRow])
	if err != nil {
		return nil, fmt.Errorf("combo: %w", err)
	}
	return out, nil
}
