package items

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/items/table"
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
	// Table is the type's typed table (docs/item-tables.md).
	Table string
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
		attrs[i] = schema.Attr{ID: a.ID, Key: a.Key, Type: a.Type}
	}
	return schema.Build(attrs)
}

// valuesExpr is the jsonb of the type's live attributes of the type
// table's row alias.
func (c *Component) valuesExpr(alias string) string {
	attrs := make([]table.Attr, len(c.Attributes))
	for i, a := range c.Attributes {
		attrs[i] = table.Attr{ID: a.ID, Key: a.Key, Type: a.Type}
	}
	return table.AttributesExpr(alias, attrs)
}

// component loads a type the caller may read; one the caller may not read
// is not found, exactly like one that does not exist.
func (s *Store) component(ctx context.Context, c Caller, id int64, lang string) (*Component, error) {
	comp := &Component{ID: id}
	// One round trip: the attributes are read along, and dropped unseen
	// when the type is not readable.
	b := &pgx.Batch{}
	b.Queue(`SELECT c.application_id, c.key, coalesce(c.name ->> $4, c.name ->> 'pt-BR'), c.project_scoped,
			`+defStamp+`
		FROM component c WHERE c.id = $3 AND c.retired_at IS NULL AND `+componentReadable,
		c.UserID, c.PanelAdmin, id, lang)
	b.Queue(`SELECT id, key, coalesce(name ->> $2, name ->> 'pt-BR'), type, picklist_id, filter_as_list,
			date_time_format_type, date_time_format, column_width, edit_in_grid, target_component_id,
			(SELECT pl.depends_on FROM picklist pl WHERE pl.id = picklist_id)
		FROM attribute WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, id, lang)
	br := s.db.SendBatch(ctx, b)
	defer br.Close()
	comp.Table = table.Name(id)
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

// projects are the projects the caller may see, archived ones left out
// (the pickers offer where new items go).
func (st *Store) projects(ctx context.Context, c Caller) ([]Choice, error) {
	rows, err := st.db.Query(ctx, `SELECT p.id, p.name, false FROM project p WHERE p.status = 'active' AND `+projectReadable+` ORDER BY p.name, p.id`,
		c.UserID, c.PanelAdmin)
	if err != nil {
		return nil, fmt.Errorf("projects: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
}

// projectsForNew are the active projects where the caller may create items
// of comp: a role that changes items, the type's create right, and the
// type among the project's types (a project that lists none takes all).
func (st *Store) projectsForNew(ctx context.Context, c Caller, comp int64) ([]Choice, error) {
	rows, err := st.db.Query(ctx, `SELECT p.id, p.name, false FROM project p
		WHERE p.status = 'active' AND `+callerAccess.ProjectWritable()+`
		  AND EXISTS (SELECT 1 FROM component c WHERE c.id = $3 AND c.project_scoped AND `+callerAccess.ComponentGranted(RightCreate)+`)
		  AND (NOT EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = p.id)
		       OR EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = p.id AND t.component_id = $3))
		ORDER BY p.name, p.id`, c.UserID, c.PanelAdmin, comp)
	if err != nil {
		return nil, fmt.Errorf("projects for new items: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Choice])
}

// deleteRights: the delete right on comp, and how many of ids are readable, writable.
func deleteRights(ctx context.Context, tx pgx.Tx, c Caller, comp int64, ids []int64) (allowed bool, visible, writable int, err error) {
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM component c WHERE c.id = $3 AND `+componentGrant("delete")+`)`,
		c.UserID, c.PanelAdmin, comp).Scan(&allowed); err != nil {
		return false, 0, 0, err
	}
	err = tx.QueryRow(ctx, `SELECT count(*) FILTER (WHERE `+itemReadable+`), count(*) FILTER (WHERE `+itemWritable+`)
		FROM item i WHERE i.component_id = $3 AND i.id = ANY($4)`, c.UserID, c.PanelAdmin, comp, ids).Scan(&visible, &writable)
	return allowed, visible, writable, err
}

// mayDelete reports whether the caller may delete items of comp: the type's
// delete right and, with project (0: outside projects, or any), a role in it
// that changes items; with item, that item writable.
func mayDelete(ctx context.Context, q Querier, c Caller, comp, project, item int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM component c WHERE c.id = $3 AND `+componentGrant("delete")+`)
		AND ($4::bigint = 0 OR EXISTS (SELECT 1 FROM project p WHERE p.id = $4 AND `+projectWritable+`))
		AND ($5::bigint = 0 OR EXISTS (SELECT 1 FROM item i WHERE i.id = $5 AND i.component_id = $3 AND `+itemWritable+`))`,
		c.UserID, c.PanelAdmin, comp, project, item).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("delete right: %w", err)
	}
	return ok, nil
}

// markDeleted marks items ids of type comp deleted and writes their last
// version (operation delete); it answers each as "number - title".
func markDeleted(ctx context.Context, tx pgx.Tx, c Caller, comp int64, ids []int64) ([]string, error) {
	rows, err := tx.Query(ctx, `UPDATE item SET deleted_at = now(), modifier_id = $2, version = version + 1,
			modified_at = greatest(now(), modified_at + interval '1 millisecond')
		WHERE id = ANY($1) AND deleted_at IS NULL RETURNING number || ' - ' || title`, ids, c.UserID)
	if err != nil {
		return nil, fmt.Errorf("delete items: %w", err)
	}
	labels, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("delete items: %w", err)
	}
	attrs, err := table.Attrs(ctx, tx, comp)
	if err != nil {
		return nil, err
	}
	return labels, writeVersions(ctx, tx, comp, attrs, ids, "delete", nil)
}

// children are the live items outside ids whose parent is one of ids.
func children(ctx context.Context, tx pgx.Tx, ids []int64) ([]Dependent, error) {
	rows, err := tx.Query(ctx, `SELECT parent_id, id, 'items.delete.hasChild' FROM item
		WHERE parent_id = ANY($1) AND NOT id = ANY($1) AND deleted_at IS NULL ORDER BY parent_id, id`, ids)
	if err != nil {
		return nil, fmt.Errorf("children: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Dependent])
}

// dependencyLabels are item and dependent as "number - title"; dependent is
// "" when the caller may not read it.
func dependencyLabels(ctx context.Context, tx pgx.Tx, c Caller, item, dependent int64) (string, string, error) {
	var a, b string
	err := tx.QueryRow(ctx, `SELECT (SELECT number || ' - ' || title FROM item WHERE id = $3),
		coalesce((SELECT i.number || ' - ' || i.title FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = $4 AND `+itemReadable+` AND `+componentReadable+`), '')`, c.UserID, c.PanelAdmin, item, dependent).Scan(&a, &b)
	if err != nil {
		return "", "", fmt.Errorf("dependency labels: %w", err)
	}
	return a, b, nil
}

// readableQuery answers a readable saved query's type and condition, or 404.
func (st *Store) readableQuery(ctx context.Context, c Caller, id int64) (comp int64, cond []byte, err error) {
	err = st.db.QueryRow(ctx, `SELECT c.id, q.condition FROM item_query q JOIN component c ON c.id = q.component_id
		WHERE q.id = $3 AND q.retired_at IS NULL AND c.retired_at IS NULL AND `+componentReadable,
		c.UserID, c.PanelAdmin, id).Scan(&comp, &cond)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil, httpx.NotFound()
	}
	if err != nil {
		return 0, nil, fmt.Errorf("default value query: %w", err)
	}
	return comp, cond, nil
}

// defaultQueryAttributes are the attributes whose default-value query is query.
func (st *Store) defaultQueryAttributes(ctx context.Context, query int64) ([]string, error) {
	rows, err := st.db.Query(ctx, `SELECT a.key FROM attribute a JOIN item_query q ON q.component_id = a.component_id AND q.key = a.default_query
		WHERE q.id = $1 AND a.retired_at IS NULL ORDER BY a.sort_order, a.id`, query)
	if err != nil {
		return nil, fmt.Errorf("default value attributes: %w", err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("default value attributes: %w", err)
	}
	return keys, nil
}

// projectItemTypes are readable project-scoped types of app (0: any), can
// create; with a project (0: none), only the types it lists
// (project_item_type) when it lists any.
func (st *Store) projectItemTypes(ctx context.Context, c Caller, app, project int64, lang string) ([]ItemType, error) {
	rows, err := st.db.Query(ctx, `SELECT c.id, c.key, coalesce(c.name ->> $4, c.name ->> 'pt-BR'), c.icon, c.application_id,
			$2 OR EXISTS (SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
				WHERE cg.component_id = c.id AND cg.can_create
				  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1)))
		FROM component c
		WHERE c.project_scoped AND c.retired_at IS NULL AND ($3::bigint = 0 OR c.application_id = $3) AND `+componentReadable+`
		  AND ($5::bigint = 0 OR NOT EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = $5)
			OR EXISTS (SELECT 1 FROM project_item_type t WHERE t.project_id = $5 AND t.component_id = c.id))
		ORDER BY c.application_id, c.sort_order, c.id`, c.UserID, c.PanelAdmin, app, lang, project)
	if err != nil {
		return nil, fmt.Errorf("project item types: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[ItemType])
}

// search finds items matching q or titled like like (comp, project 0: any).
func (st *Store) search(ctx context.Context, c Caller, q, like string, comp, project int64, limit int, lang string) ([]SearchHit, error) {
	rows, err := st.db.Query(ctx, `WITH q AS (SELECT websearch_to_tsquery('portuguese', tramita_unaccent($3)) AS ts)
		SELECT i.id, c.id, coalesce(c.name ->> $6, c.name ->> 'pt-BR'), c.application_id, i.number, i.title, i.project_id,
			coalesce(p.name, ''), coalesce(st.name ->> $6, st.name ->> 'pt-BR', ''), coalesce(st.color, ''), i.modified_at,
			ts_rank(i.search, q.ts) + CASE WHEN i.title ILIKE $4 THEN 1 ELSE 0 END AS rank
		FROM q, item i JOIN component c ON c.id = i.component_id
			LEFT JOIN project p ON p.id = i.project_id LEFT JOIN item_status st ON st.id = i.status_id
		WHERE (i.search @@ q.ts OR i.title ILIKE $4)
		  AND c.retired_at IS NULL AND `+componentReadable+` AND `+itemReadable+`
		  AND ($5::bigint = 0 OR i.component_id = $5) AND ($7::bigint = 0 OR i.project_id = $7)
		ORDER BY rank DESC, i.modified_at DESC, i.id DESC
		LIMIT $8`, c.UserID, c.PanelAdmin, q, like, comp, lang, project, limit)
	if err != nil {
		return nil, fmt.Errorf("search items: %w", err)
	}
	hits, err := pgx.CollectRows(rows, pgx.RowToStructByPos[SearchHit])
	if err != nil {
		return nil, fmt.Errorf("search items: %w", err)
	}
	return hits, nil
}

// defStamp changes whenever what component loads changes: the type's columns
// by value and its attributes by row version (xmin). The component's own xmin
// is not used: numbering items updates its row on every new item.
const defStamp = `md5(c.application_id::text || '/' || c.key || '/' || c.name::text || '/' || c.project_scoped::text || '/' ||
	coalesce((SELECT string_agg(a.id::text || ':' || a.xmin::text, ',' ORDER BY a.id) FROM attribute a
		WHERE a.component_id = c.id), ''))`

// defGuardSQL answers type $3's stamp when the caller ($1, $2) may read it, no
// row otherwise. $2 goes through a subquery so that an administrator's custom
// plan never looks cheaper than the generic one (a new plan on every page).
var defGuardSQL = `SELECT ` + defStamp + ` FROM component c WHERE c.id = $3 AND c.retired_at IS NULL AND ` +
	access{User: "$1", Admin: "(SELECT $2::boolean)"}.ComponentReadable()

// Querier is what both the pool and a transaction offer.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// likePattern is an ILIKE pattern matching text anywhere, its wildcards escaped.
func likePattern(text string) string {
	return "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(text) + "%"
}
