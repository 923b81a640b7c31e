package items

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// ReadComponent is item type id as the caller may read it; one the caller
// may not read is not found, as one that does not exist. The modules beside
// the core check a form's type with it before reading its item (ReadItem).
func (s *Service) ReadComponent(ctx context.Context, c Caller, id int64) (*Component, error) {
	return s.store.component(ctx, c, id, langOf(ctx))
}

// ItemRef is an item as another module names it (a predecessor, a row of a
// schedule), in the caller's language.
type ItemRef struct {
	ID            int64
	Number        int64
	Title         string
	ComponentID   int64
	ComponentName string
	ProjectID     *int64
	StatusName    string
	StatusColor   string
	// Readable: the caller may read the item (its type and its project).
	// An item the caller may not read carries its id only.
	Readable bool
	// Retired: its type is retired (kept for history, offered nowhere).
	Retired bool
}

// ItemRefs names the items among ids that exist and are not deleted, by id,
// under the caller's rights; q may be a transaction.
func ItemRefs(ctx context.Context, q Querier, c Caller, ids []int64) (map[int64]ItemRef, error) {
	out := map[int64]ItemRef{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, `SELECT i.id, i.number, i.title, c.id, coalesce(c.name ->> $4, c.name ->> 'pt-BR'), i.project_id,
			coalesce(st.name ->> $4, st.name ->> 'pt-BR', ''), coalesce(st.color, ''),
			`+componentReadable+` AND `+itemReadable+`, c.retired_at IS NOT NULL
		FROM item i JOIN component c ON c.id = i.component_id LEFT JOIN item_status st ON st.id = i.status_id
		WHERE i.id = ANY($3) AND i.deleted_at IS NULL`, c.UserID, c.PanelAdmin, ids, langOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("item names: %w", err)
	}
	refs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ItemRef])
	if err != nil {
		return nil, fmt.Errorf("item names: %w", err)
	}
	for _, r := range refs {
		if !r.Readable {
			r = ItemRef{ID: r.ID}
		}
		out[r.ID] = r
	}
	return out, nil
}

// ComboRow is an item a picker offers (ItemChoices, internal/forms'
// loadManyToManyComboData); ComponentName says its type (item links offer
// every type).
type ComboRow struct {
	ID            int64  `json:"id"`
	FormattedID   int64  `json:"FormattedID"`
	Title         string `json:"Title"`
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
}

// ItemQuery narrows ItemChoices: items of one type in one project (nil:
// outside projects), but those excluded, whose title contains Text (accents
// ignored) or whose number is Text; Limit 50 by default, 200 at most.
type ItemQuery struct {
	ComponentID int64
	ProjectID   *int64
	Exclude     []int64
	Text        string
	Limit       int
}

// ItemChoices answers a picker of items the caller may read: the exact
// number first, then the newest.
func ItemChoices(ctx context.Context, q Querier, c Caller, in ItemQuery) ([]ComboRow, error) {
	look := LookupInput{Text: in.Text, Limit: in.Limit}
	pattern, err := look.Check()
	if err != nil {
		return nil, err
	}
	exclude := in.Exclude
	if exclude == nil {
		exclude = []int64{}
	}
	rows, err := q.Query(ctx, `SELECT i.id, i.number, i.title, c.id, coalesce(c.name ->> $9, c.name ->> 'pt-BR')
		FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.component_id = $3 AND i.project_id IS NOT DISTINCT FROM $4 AND c.retired_at IS NULL AND i.id <> ALL($5)
		  AND `+componentReadable+` AND `+itemReadable+`
		  AND (tramita_unaccent(i.title) ILIKE tramita_unaccent($6) OR i.number::text = $7)
		ORDER BY (i.number::text = $7) DESC, i.created_at DESC, i.id DESC LIMIT $8`,
		c.UserID, c.PanelAdmin, in.ComponentID, in.ProjectID, exclude, pattern, look.Text, look.Limit, langOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("item choices: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ComboRow])
	if err != nil {
		return nil, fmt.Errorf("item choices: %w", err)
	}
	return out, nil
}
