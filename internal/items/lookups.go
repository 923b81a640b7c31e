package items

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Limits of the lookups that fill pickers.
const (
	LookupDefaultLimit = 50
	LookupMaxLimit     = 200
)

// LookupInput is the body of loadUsers, loadCompanies, loadGenericItems and
// loadOrganizationalStructures: a text typed in a picker, or the ids of the
// values already chosen (to show their names).
type LookupInput struct {
	Text  string  `json:"text"`
	IDs   []int64 `json:"ids"`
	Limit int     `json:"limit"`
	// loadGenericItems: the type whose items are offered, and optionally the
	// project they must be in.
	ComponentID int64 `json:"componentId"`
	ProjectID   int64 `json:"projectId"`
}

// Check validates the input (text length, ids, limit; the limit defaulted
// and capped) and returns the ILIKE pattern of its text.
func (in *LookupInput) Check() (string, error) {
	in.Text = strings.TrimSpace(in.Text)
	if utf8.RuneCountInString(in.Text) > SearchMaxText {
		return "", httpx.Invalid("text", "items.searchTooLong", "max", SearchMaxText)
	}
	if len(in.IDs) > LookupMaxLimit {
		return "", httpx.Invalid("ids", "items.tooManyIds", "max", LookupMaxLimit)
	}
	if in.Limit <= 0 {
		in.Limit = LookupDefaultLimit
	}
	in.Limit = min(in.Limit, LookupMaxLimit)
	if in.IDs == nil {
		in.IDs = []int64{}
	}
	return "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(in.Text) + "%", nil
}

// UserChoice is a user offered by a picker.
type UserChoice struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Login  string `json:"login"`
	Email  string `json:"email"`
	Avatar string `json:"avatar"`
}

// LoadUsers answers loadUsers: active users whose name, login or e-mail
// contains the text (accents ignored), or the users with these ids.
func (s *Service) LoadUsers(ctx context.Context, c Caller, in LookupInput) ([]UserChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	rows, err := s.store.db.Query(ctx, `SELECT id, name, login::text, email::text, avatar FROM app_user
		WHERE CASE WHEN cardinality($2::bigint[]) > 0 THEN id = ANY($2)
			ELSE active AND (tramita_unaccent(name) ILIKE tramita_unaccent($1) OR login ILIKE $1 OR email ILIKE $1) END
		ORDER BY name, id LIMIT $3`, like, in.IDs, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load users: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[UserChoice])
}

// LoadCompanies answers loadCompanies: companies by name, or by ids.
func (s *Service) LoadCompanies(ctx context.Context, c Caller, in LookupInput) ([]Choice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	rows, err := s.store.db.Query(ctx, `SELECT id, name, false FROM company
		WHERE CASE WHEN cardinality($2::bigint[]) > 0 THEN id = ANY($2) ELSE tramita_unaccent(name) ILIKE tramita_unaccent($1) END
		ORDER BY name, id LIMIT $3`, like, in.IDs, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load companies: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
}

// OrgUnit is a node of the organizational structure.
type OrgUnit struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	ParentID *int64    `json:"parentId"`
	Children []OrgUnit `json:"children"`
}

// LoadOrganizationalStructures answers loadOrganizationalStructures. There
// is no organizational structure of its own yet: the groups of users are its
// units, one level deep (every node a root with no children), without the
// group of all users. The shape is the tree's, so units with parents can
// come later without changing the call.
func (s *Service) LoadOrganizationalStructures(ctx context.Context, c Caller, in LookupInput) ([]OrgUnit, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	rows, err := s.store.db.Query(ctx, `SELECT id, name::text FROM user_group
		WHERE NOT all_users AND CASE WHEN cardinality($2::bigint[]) > 0 THEN id = ANY($2)
			ELSE tramita_unaccent(name::text) ILIKE tramita_unaccent($1) END
		ORDER BY name, id LIMIT $3`, like, in.IDs, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load organizational structures: %w", err)
	}
	out := []OrgUnit{}
	for rows.Next() {
		u := OrgUnit{Children: []OrgUnit{}}
		if err := rows.Scan(&u.ID, &u.Name); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// ItemChoice is an item offered by a picker (GENERIC_ITEM_TYPE attributes).
type ItemChoice struct {
	ID          int64  `json:"id"`
	FormattedID int64  `json:"FormattedID"`
	Title       string `json:"Title"`
	ProjectName string `json:"ProjectName"`
}

// LoadGenericItems answers loadGenericItems: items of a type the caller may
// read whose title contains the text (or whose FormattedID is the number
// typed), newest first; or the readable items with these ids.
func (s *Service) LoadGenericItems(ctx context.Context, c Caller, in LookupInput) ([]ItemChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	if _, err := s.store.component(ctx, c, in.ComponentID, i18n.LangOf(ctx)); err != nil {
		return nil, err
	}
	if in.ProjectID != 0 {
		if ok, err := s.store.projectVisible(ctx, c, in.ProjectID); err != nil {
			return nil, err
		} else if !ok {
			return nil, httpx.NotFound()
		}
	}
	number, err := strconv.ParseInt(in.Text, 10, 64)
	if err != nil {
		number = -1
	}
	rows, err := s.store.db.Query(ctx, `SELECT i.id, i.number, i.title, coalesce(p.name, '')
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

// PicklistInput is the body of loadPicklistItems: the picklist by id, or by
// the attribute that uses it (componentId + attribute key).
type PicklistInput struct {
	PicklistID  int64  `json:"picklistId"`
	ComponentID int64  `json:"componentId"`
	Attribute   string `json:"attribute"`
	// ParentValue is the chosen value of the picklist this one depends on;
	// absent (null), every item is answered with its parentValue.
	ParentValue *string `json:"parentValue"`
}

// PicklistOption is an item of a picklist.
type PicklistOption struct {
	Value         string  `json:"value"`
	Text          string  `json:"text"`
	Color         string  `json:"color"`
	Image         string  `json:"image"`
	IsFontAwesome bool    `json:"isFontAwesome"`
	ParentValue   *string `json:"parentValue"`
}

// LoadPicklistItems answers loadPicklistItems in the caller's language, in
// the package's order. A picklist is readable when a type of its
// application is.
func (s *Service) LoadPicklistItems(ctx context.Context, c Caller, in PicklistInput) ([]PicklistOption, error) {
	lang := i18n.LangOf(ctx)
	if in.PicklistID == 0 {
		comp, err := s.store.component(ctx, c, in.ComponentID, lang)
		if err != nil {
			return nil, err
		}
		for _, a := range comp.Attributes {
			if a.Key == in.Attribute && a.PicklistID != nil {
				in.PicklistID = *a.PicklistID
			}
		}
		if in.PicklistID == 0 {
			return nil, httpx.Invalid("attribute", "items.notAPicklist", "field", in.Attribute)
		}
	}
	var dependent bool
	err := s.store.db.QueryRow(ctx, `SELECT pl.depends_on IS NOT NULL FROM picklist pl
		WHERE pl.id = $3 AND pl.retired_at IS NULL AND EXISTS (
			SELECT 1 FROM component c WHERE c.application_id = pl.application_id AND c.retired_at IS NULL AND `+componentReadable+`)`,
		c.UserID, c.PanelAdmin, in.PicklistID).Scan(&dependent)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("picklist: %w", err)
	}
	filterParent := dependent && in.ParentValue != nil
	parent := ""
	if filterParent {
		parent = *in.ParentValue
	}
	rows, err := s.store.db.Query(ctx, `SELECT value, coalesce(text ->> $2, text ->> 'pt-BR'), color, image, is_font_awesome, parent_value
		FROM picklist_item WHERE picklist_id = $1 AND retired_at IS NULL AND (NOT $3 OR parent_value = $4)
		ORDER BY sort_order, id`, in.PicklistID, lang, filterParent, parent)
	if err != nil {
		return nil, fmt.Errorf("picklist items: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PicklistOption])
}

// StatusChoice is a status offered by the picker of an ITEM_TYPE_STATUS
// attribute, with the colour the lists show it in.
type StatusChoice struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Color   string `json:"color"`
	Initial bool   `json:"initial"`
	Final   bool   `json:"final"`
}

// LoadItemTypeStatuses answers loadItemTypeStatuses: the statuses of a type
// the caller may read (componentId: getForm gives an ITEM_TYPE_STATUS
// control the type its attribute names, else the form's own), in the
// package's order; text narrows by name, ids resolves chosen values.
func (s *Service) LoadItemTypeStatuses(ctx context.Context, c Caller, in LookupInput) ([]StatusChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	t, err := s.loadType(ctx, c, in.ComponentID)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	rows, err := s.store.db.Query(ctx, `SELECT id, coalesce(name ->> $4, name ->> 'pt-BR'), coalesce(color, ''), initial, final
		FROM item_status WHERE component_id = $1 AND retired_at IS NULL
			AND CASE WHEN cardinality($2::bigint[]) > 0 THEN id = ANY($2)
				ELSE tramita_unaccent(coalesce(name ->> $4, name ->> 'pt-BR')) ILIKE tramita_unaccent($3) END
		ORDER BY sort_order, id LIMIT $5`, t.comp.ID, in.IDs, like, lang, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("load statuses: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[StatusChoice])
}

// CalendarChoice is a work calendar offered by the picker of a CALENDAR
// attribute: the calendar of a resource (a person or a named resource,
// administration's resources), by the resource's id.
type CalendarChoice struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Minutes of work in a week, from the calendar's periods.
	WeeklyMinutes int `json:"weeklyMinutes"`
	Periods       int `json:"periods"`
}

// LoadCalendars answers loadCalendars: the work calendars of active
// resources whose name contains the text (accents ignored), or those with
// these ids. Offered to every signed-in user, as users and companies are:
// they carry no item data.
func (s *Service) LoadCalendars(ctx context.Context, c Caller, in LookupInput) ([]CalendarChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	rows, err := s.store.db.Query(ctx, `SELECT r.id, coalesce(u.name, r.name),
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

// ReadComponent is item type id as the caller may read it; one the caller
// may not read is not found, as one that does not exist. The modules beside
// the core check a form's type with it before reading its item (ReadItem).
func (s *Service) ReadComponent(ctx context.Context, c Caller, id int64) (*Component, error) {
	return s.store.component(ctx, c, id, i18n.LangOf(ctx))
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
