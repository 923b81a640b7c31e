package items

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/schema"
)

// Store reads and writes item types and items.
type Store struct {
	db *pgxpool.Pool
	// defs keeps the types component read, for executeFilter (defcache.go).
	defs defCache
}

// NewStore returns a store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// Component is an item type as the lists need it.
type Component struct {
	ID            int64
	ApplicationID int64
	Key           string
	Name          string
	ProjectScoped bool
	Attributes    []Attribute
}

// Attribute is a configurable field of a type (spec section 3).
type Attribute struct {
	ID                 int64
	Key                string
	Name               string
	Type               string
	PicklistID         *int64
	FilterAsList       bool
	DateTimeFormatType int
	DateTimeFormat     string
	ColumnWidth        *int
	EditInGrid         bool
	// TargetComponentID: the type a GENERIC_ITEM_TYPE attribute points at
	// (the grid's reference editor searches its items).
	TargetComponentID *int64
	// ParentPicklistID: the picklist a dependent picklist's options belong
	// to (the grid's editor offers those of the row's parent value).
	ParentPicklistID *int64
}

// Fields returns the filter and sort schema of c.
func (c *Component) Fields() schema.Set {
	attrs := make([]schema.Attr, len(c.Attributes))
	for i, a := range c.Attributes {
		attrs[i] = schema.Attr{Key: a.Key, Type: a.Type}
	}
	return schema.Build(attrs)
}

// component loads a type the caller may read; one the caller may not read
// is not found, exactly like one that does not exist.
func (s *Store) component(ctx context.Context, c Caller, id int64, lang string) (*Component, error) {
	comp := &Component{ID: id}
	// One round trip: the attributes are read along, and dropped unseen
	// when the type is not readable.
	b := &pgx.Batch{}
	b.Queue(`SELECT c.application_id, c.key, coalesce(c.name ->> $4, c.name ->> 'pt-BR'), c.project_scoped, `+defStamp+`
		FROM component c WHERE c.id = $3 AND c.retired_at IS NULL AND `+componentReadable,
		c.UserID, c.PanelAdmin, id, lang)
	b.Queue(`SELECT id, key, coalesce(name ->> $2, name ->> 'pt-BR'), type, picklist_id, filter_as_list,
			date_time_format_type, date_time_format, column_width, edit_in_grid, target_component_id,
			(SELECT pl.depends_on FROM picklist pl WHERE pl.id = picklist_id)
		FROM attribute WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id, lang)
	br := s.db.SendBatch(ctx, b)
	defer br.Close()
	var stamp string
	err := br.QueryRow().Scan(&comp.ApplicationID, &comp.Key, &comp.Name, &comp.ProjectScoped, &stamp)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("component: %w", err)
	}
	rows, err := br.Query()
	if err != nil {
		return nil, fmt.Errorf("attributes: %w", err)
	}
	comp.Attributes, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Attribute])
	if err != nil {
		return nil, fmt.Errorf("attributes: %w", err)
	}
	// Each statement of the batch has its own snapshot: a change committed
	// between them gives attributes newer than the stamp, never older, and
	// the next list request's check then finds another stamp and reads again.
	s.defs.put(comp, lang, stamp)
	// The caller gets its own copy: the kept one is shared and never changed.
	return cloneComponent(comp), nil
}

func cloneComponent(c *Component) *Component {
	out := *c
	out.Attributes = append([]Attribute(nil), c.Attributes...)
	return &out
}

// componentByKey finds the readable type with key (getComponentByName).
func (s *Store) componentByKey(ctx context.Context, c Caller, key string) (int64, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT c.id FROM component c WHERE c.key = $3 AND c.retired_at IS NULL AND `+componentReadable+`
		ORDER BY c.id LIMIT 1`, c.UserID, c.PanelAdmin, key).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, httpx.NotFound()
	}
	return id, err
}

// projectVisible reports whether the caller may see project id.
func (s *Store) projectVisible(ctx context.Context, c Caller, id int64) (bool, error) {
	var ok bool
	err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM project p WHERE p.id = $3 AND `+projectReadable+`)`,
		c.UserID, c.PanelAdmin, id).Scan(&ok)
	return ok, err
}

// Choice is a named option of a list: a view, a query, a project, a user.
type Choice struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Default bool   `json:"isDefault,omitempty"`
}

// ViewDef is a list view as stored.
type ViewDef struct {
	ID      int64          `json:"id"`
	Name    string         `json:"name"`
	Kind    string         `json:"kind"`
	Compact bool           `json:"compact"`
	Default bool           `json:"isDefault"`
	Columns []ViewColumn   `json:"-"`
	Sort    []ViewSort     `json:"-"`
	Fields  map[string]any `json:"fields,omitempty"`
}

// ViewColumn is one column of a stored view.
type ViewColumn struct {
	Field string `json:"field"`
	Width int    `json:"width"`
}

// ViewSort is one order of a stored view.
type ViewSort struct {
	Field     string `json:"field"`
	Direction string `json:"direction"`
}

func (s *Store) views(ctx context.Context, comp int64, lang string) ([]ViewDef, error) {
	rows, err := s.db.Query(ctx, `SELECT id, coalesce(name ->> $2, name ->> 'pt-BR'), kind, compact, is_default, columns, sort, fields
		FROM item_view WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, comp, lang)
	if err != nil {
		return nil, fmt.Errorf("views: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ViewDef])
}

// QueryDef is a saved query with its condition tree.
type QueryDef struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Default   bool   `json:"isDefault"`
	Condition []byte `json:"-"`
}

func (s *Store) queries(ctx context.Context, comp int64, lang string) ([]QueryDef, error) {
	rows, err := s.db.Query(ctx, `SELECT id, coalesce(name ->> $2, name ->> 'pt-BR'), is_default, condition
		FROM item_query WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, comp, lang)
	if err != nil {
		return nil, fmt.Errorf("queries: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[QueryDef])
}

// preference is the caller's last query and view of a type, if saved.
func (s *Store) preference(ctx context.Context, user, comp int64) (query, view int64, err error) {
	err = s.db.QueryRow(ctx, `SELECT coalesce(query_id, 0), coalesce(view_id, 0) FROM item_list_preference
		WHERE user_id = $1 AND component_id = $2`, user, comp).Scan(&query, &view)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, 0, nil
	}
	return query, view, err
}

func (s *Store) savePreference(ctx context.Context, user, comp, query, view int64) error {
	_, err := s.db.Exec(ctx, `INSERT INTO item_list_preference (user_id, component_id, query_id, view_id)
		VALUES ($1, $2, nullif($3, 0), nullif($4, 0))
		ON CONFLICT (user_id, component_id) DO UPDATE SET query_id = EXCLUDED.query_id, view_id = EXCLUDED.view_id, updated_at = now()`,
		user, comp, query, view)
	return err
}

// likePattern is an ILIKE pattern matching text anywhere, its wildcards escaped.
func likePattern(text string) string {
	return "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(text) + "%"
}
