package items

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// users are the users like matches, or those of in.IDs, as the caller may
// see them: login and e-mail, and the search by them, only for an
// administrator (asked of the database, which holds both admin flags).
func (st *Store) users(ctx context.Context, caller int64, like string, in LookupInput) ([]UserChoice, error) {
	rows, err := st.db.Query(ctx, `
		WITH me AS (SELECT coalesce((SELECT panel_admin OR administrator FROM app_user WHERE id = $4), false) AS admin)
		SELECT u.id, u.name,
			CASE WHEN me.admin THEN u.login::text ELSE '' END,
			CASE WHEN me.admin THEN u.email::text ELSE '' END,
			CASE WHEN u.avatar = '' THEN ''
			     ELSE $5::text || u.id || '?v=' || floor(extract(epoch FROM u.updated_at) * 1000000)::bigint END
		FROM app_user u, me
		WHERE CASE WHEN cardinality($2::bigint[]) > 0 THEN u.id = ANY($2)
			ELSE u.active AND (tramita_unaccent(u.name) ILIKE tramita_unaccent($1)
				OR (me.admin AND (u.login ILIKE $1 OR u.email ILIKE $1))) END
		ORDER BY u.name, u.id LIMIT $3`, like, in.IDs, in.Limit, caller, AvatarPath)
	if err != nil {
		return nil, fmt.Errorf("load users: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[UserChoice])
}

// companies are the companies like matches, or those of in.IDs.
func (st *Store) companies(ctx context.Context, like string, in LookupInput) ([]Choice, error) {
	rows, err := st.db.Query(ctx, `SELECT id, name, false FROM company
		WHERE CASE WHEN cardinality($2::bigint[]) > 0 THEN id = ANY($2) ELSE tramita_unaccent(name) ILIKE tramita_unaccent($1) END
		ORDER BY name, id LIMIT $3`, like, in.IDs, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load companies: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
}

// groups are the groups like matches (or in.IDs) but all users.
func (st *Store) groups(ctx context.Context, like string, in LookupInput) ([]Choice, error) {
	rows, err := st.db.Query(ctx, `SELECT id, name::text, false FROM user_group
		WHERE NOT all_users AND CASE WHEN cardinality($2::bigint[]) > 0 THEN id = ANY($2)
			ELSE tramita_unaccent(name::text) ILIKE tramita_unaccent($1) END
		ORDER BY name, id LIMIT $3`, like, in.IDs, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load groups: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
}

// genericItems are readable items of in.ComponentID by title, number or id.
func (st *Store) genericItems(ctx context.Context, c Caller, like string, number int64, in LookupInput) ([]ItemChoice, error) {
	rows, err := st.db.Query(ctx, `SELECT i.id, i.number, i.title, coalesce(p.name, '')
		FROM item i LEFT JOIN project p ON p.id = i.project_id
		WHERE i.component_id = $3 AND `+itemReadable+` AND ($7::bigint = 0 OR i.project_id = $7)
		  AND CASE WHEN cardinality($5::bigint[]) > 0 THEN i.id = ANY($5) ELSE (i.title ILIKE $4 OR i.number = $6) END
		ORDER BY (i.number = $6) DESC, i.created_at DESC, i.id DESC LIMIT $8`,
		c.UserID, c.PanelAdmin, in.ComponentID, like, in.IDs, number, in.ProjectID, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load items: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ItemChoice])
}

// picklistDependent: picklist id has a parent (404: no readable type uses it).
func (st *Store) picklistDependent(ctx context.Context, c Caller, id int64) (dependent bool, err error) {
	err = st.db.QueryRow(ctx, `SELECT pl.depends_on IS NOT NULL FROM picklist pl
		WHERE pl.id = $3 AND pl.retired_at IS NULL AND EXISTS (
			SELECT 1 FROM component c WHERE c.application_id = pl.application_id AND c.retired_at IS NULL AND `+componentReadable+`)`,
		c.UserID, c.PanelAdmin, id).Scan(&dependent)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, httpx.NotFound()
	}
	if err != nil {
		return false, fmt.Errorf("picklist: %w", err)
	}
	return dependent, nil
}

// picklistItems are pl's live options (onlyParent: those of value parent).
func (st *Store) picklistItems(ctx context.Context, pl int64, lang string, onlyParent bool, parent string) ([]PicklistOption, error) {
	rows, err := st.db.Query(ctx, `SELECT value, coalesce(text ->> $2, text ->> 'pt-BR'), color, image, is_font_awesome, parent_value
		FROM picklist_item WHERE picklist_id = $1 AND retired_at IS NULL AND (NOT $3 OR parent_value = $4)
		ORDER BY sort_order, id`, pl, lang, onlyParent, parent)
	if err != nil {
		return nil, fmt.Errorf("picklist items: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PicklistOption])
}

// typeStatuses are the live statuses of type comp like matches, or in.IDs.
func (st *Store) typeStatuses(ctx context.Context, comp int64, like string, in LookupInput, lang string) ([]StatusChoice, error) {
	rows, err := st.db.Query(ctx, `SELECT id, coalesce(name ->> $4, name ->> 'pt-BR'), coalesce(color, ''), initial, final
		FROM item_status WHERE component_id = $1 AND retired_at IS NULL
			AND CASE WHEN cardinality($2::bigint[]) > 0 THEN id = ANY($2)
				ELSE tramita_unaccent(coalesce(name ->> $4, name ->> 'pt-BR')) ILIKE tramita_unaccent($3) END
		ORDER BY sort_order, id LIMIT $5`, comp, in.IDs, like, lang, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load statuses: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[StatusChoice])
}

// calendars are active resources' work calendars like matches, or in.IDs.
func (st *Store) calendars(ctx context.Context, like string, in LookupInput) ([]CalendarChoice, error) {
	rows, err := st.db.Query(ctx, `SELECT r.id, coalesce(u.name, r.name),
			coalesce((SELECT sum(extract(epoch FROM ((p ->> 'end')::time - (p ->> 'start')::time)) / 60)::int
				FROM jsonb_array_elements(r.calendar -> 'workPeriods') p), 0),
			coalesce(jsonb_array_length(r.calendar -> 'workPeriods'), 0)
		FROM resource r LEFT JOIN app_user u ON u.id = r.user_id
		WHERE CASE WHEN cardinality($2::bigint[]) > 0 THEN r.id = ANY($2)
			ELSE r.active AND tramita_unaccent(coalesce(u.name, r.name)) ILIKE tramita_unaccent($1) END
		ORDER BY 2, r.id LIMIT $3`, like, in.IDs, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load calendars: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[CalendarChoice])
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
		WHERE i.id = ANY($3) AND i.deleted_at IS NULL`, c.UserID, c.PanelAdmin, ids, i18n.LangOf(ctx))
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
		c.UserID, c.PanelAdmin, in.ComponentID, in.ProjectID, exclude, pattern, look.Text, look.Limit, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("item choices: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ComboRow])
	if err != nil {
		return nil, fmt.Errorf("item choices: %w", err)
	}
	return out, nil
}
