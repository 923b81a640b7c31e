package items

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/table"
)

// itemRecordColumns read an item from the registry i and its values from
// its type's table t.
var itemRecordColumns = `i.id, i.component_id, i.number, i.title, i.project_id, i.parent_id, i.status_id, i.responsible_id,
	i.creator_id, i.created_at, i.modifier_id, i.modified_at, i.version, i.reason, ` + table.ValuesExpr("t", "i.component_id") + `::text`

func scanItem(row pgx.Row) (*Item, error) {
	var it Item
	var raw string
	if err := row.Scan(&it.ID, &it.ComponentID, &it.Number, &it.Title, &it.ProjectID, &it.ParentID, &it.StatusID, &it.ResponsibleID,
		&it.CreatorID, &it.CreatedAt, &it.ModifierID, &it.ModifiedAt, &it.Version, &it.Reason, &raw); err != nil {
		return nil, err
	}
	attrs, err := decodeAttributes([]byte(raw))
	if err != nil {
		return nil, err
	}
	it.Attributes = attrs
	return &it, nil
}

// ReadItem loads an item of type comp the caller may read; lock takes the
// row for update (in a transaction). Missing and unreadable answer alike.
func ReadItem(ctx context.Context, q Querier, c Caller, comp, id int64, lock bool) (*Item, error) {
	sql := `SELECT ` + itemRecordColumns + ` FROM item i JOIN ` + table.Name(comp) + ` t ON t.id = i.id
		WHERE i.id = $3 AND i.component_id = $4 AND ` + itemReadable
	if lock {
		sql += ` FOR UPDATE OF i`
	}
	it, err := scanItem(q.QueryRow(ctx, sql, c.UserID, c.PanelAdmin, id, comp))
	if errors.Is(err, pgx.ErrNoRows) || noType(err) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", id, err)
	}
	return it, nil
}

// noType says err is a read of a type's table that does not exist: a type
// that never existed, answered as not found like a missing item.
func noType(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "42P01" // undefined_table
}

// componentRight holds over component c when the caller may use the type
// with right ("create" or "update"); it includes componentReadable.
func componentRight(right string) string {
	col := "cg.can_update"
	if right == "create" {
		col = "cg.can_create"
	}
	return `(` + componentReadable + ` AND ($2 OR EXISTS (SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
		WHERE cg.component_id = c.id AND ` + col + `
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1)))))`
}

// projectWritable holds over project p for its managers and members.
var projectWritable = callerAccess.ProjectWritable()

// CanUpdate reports whether the caller may change item id (type right and
// project membership with write).
func CanUpdate(ctx context.Context, q Querier, c Caller, comp, id int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.id = $3 AND c.id = $4 AND `+componentRight("update")+` AND `+itemWritable+`)`,
		c.UserID, c.PanelAdmin, id, comp).Scan(&ok)
	return ok, err
}

// WritableItems says which of ids the caller may change, as CanUpdate does
// for one, in one query (a module's save of many items at once).
func WritableItems(ctx context.Context, q Querier, c Caller, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, `SELECT i.id FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.id = ANY($3) AND `+componentRight("update")+` AND `+itemWritable,
		c.UserID, c.PanelAdmin, ids)
	if err != nil {
		return nil, fmt.Errorf("writable items: %w", err)
	}
	writable, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("writable items: %w", err)
	}
	for _, id := range writable {
		out[id] = true
	}
	return out, nil
}

// CanCreate reports whether the caller may create items of comp in project
// (0: outside projects).
func CanCreate(ctx context.Context, q Querier, c Caller, comp, project int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM component c WHERE c.id = $3 AND `+componentRight("create")+`)
		AND ($4::bigint = 0 OR EXISTS (SELECT 1 FROM project p WHERE p.id = $4 AND `+projectWritable+`))`,
		c.UserID, c.PanelAdmin, comp, project).Scan(&ok)
	return ok, err
}

// CanChangeInProject reports whether the caller may change items of comp in
// project: the type's update right and a role in the project that changes
// items (a module's project-wide act, such as a schedule's baseline).
func CanChangeInProject(ctx context.Context, q Querier, c Caller, comp, project int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM component c WHERE c.id = $3 AND `+componentRight("update")+`)
		AND EXISTS (SELECT 1 FROM project p WHERE p.id = $4 AND `+projectWritable+`)`,
		c.UserID, c.PanelAdmin, comp, project).Scan(&ok)
	return ok, err
}

// calendarNames are the names of the resources whose work calendars ids
// name (the history's resolver does not know calendars yet).
func (st *Store) calendarNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	rows, err := st.db.Query(ctx, `SELECT r.id, coalesce(u.name, r.name) FROM resource r LEFT JOIN app_user u ON u.id = r.user_id
		WHERE r.id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("calendar names: %w", err)
	}
	names := map[int64]string{}
	var id int64
	var name string
	_, err = pgx.ForEachRow(rows, []any{&id, &name}, func() error {
		names[id] = name
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("calendar names: %w", err)
	}
	return names, nil
}

// relatedTypes maps the type keys of an application to their ids.
func (st *Store) relatedTypes(ctx context.Context, app int64) (map[string]int64, error) {
	rows, err := st.db.Query(ctx, `SELECT key, id FROM component WHERE application_id = $1 AND retired_at IS NULL`, app)
	if err != nil {
		return nil, fmt.Errorf("related types: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var k string
		var id int64
		if err := rows.Scan(&k, &id); err != nil {
			return nil, err
		}
		out[k] = id
	}
	return out, rows.Err()
}

// itemOf loads item id of type comp (0: any), readable with its type, or 404.
func (st *Store) itemOf(ctx context.Context, c Caller, comp, id int64) (*Item, error) {
	if comp == 0 {
		// The values are in the type's table: the type first.
		err := st.db.QueryRow(ctx, `SELECT component_id FROM item WHERE id = $1`, id).Scan(&comp)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, httpx.NotFound()
		}
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", id, err)
		}
	}
	it, err := scanItem(st.db.QueryRow(ctx, `SELECT `+itemRecordColumns+`
		FROM item i JOIN component c ON c.id = i.component_id JOIN `+table.Name(comp)+` t ON t.id = i.id
		WHERE i.id = $3 AND ($4::bigint = 0 OR c.id = $4) AND c.retired_at IS NULL AND `+componentReadable+` AND `+itemReadable,
		c.UserID, c.PanelAdmin, id, comp))
	if errors.Is(err, pgx.ErrNoRows) || noType(err) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", id, err)
	}
	return it, nil
}

// readableItem is nil when the caller may read item id and its type, else 404.
func (st *Store) readableItem(ctx context.Context, c Caller, id int64) error {
	err := st.db.QueryRow(ctx, `SELECT i.id FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.id = $3 AND `+componentReadable+` AND `+itemReadable, c.UserID, c.PanelAdmin, id).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return httpx.NotFound()
	}
	return err
}

// editRights are what editRefusal decides from: item writable, update right on
// the type, and the item's project when the caller may not write in it.
func editRights(ctx context.Context, q Querier, c Caller, comp, id int64) (writable, typeRight bool, project string, err error) {
	err = q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = $3 AND c.id = $4 AND `+componentRight("update")+` AND `+itemWritable+`),
		EXISTS (SELECT 1 FROM component c WHERE c.id = $4 AND `+componentRight("update")+`),
		coalesce((SELECT p.name FROM item i JOIN project p ON p.id = i.project_id WHERE i.id = $3 AND NOT `+projectWritable+`), '')`,
		c.UserID, c.PanelAdmin, id, comp).Scan(&writable, &typeRight, &project)
	return writable, typeRight, project, err
}

// itemNames are the names a form shows beside an item's system fields.
type itemNames struct {
	project, manager, creator, modifier, status, color, responsible, parentTitle string
}

// itemNames reads them; the parent's title only when the caller may read it.
func (st *Store) itemNames(ctx context.Context, c Caller, it *Item, lang string) (itemNames, error) {
	var n itemNames
	err := st.db.QueryRow(ctx, `SELECT coalesce((SELECT name FROM project WHERE id = $1), ''),
			coalesce((SELECT u.name FROM project p JOIN app_user u ON u.id = p.manager_id WHERE p.id = $1), ''),
			coalesce((SELECT name FROM app_user WHERE id = $2), ''), coalesce((SELECT name FROM app_user WHERE id = $3), ''),
			coalesce((SELECT coalesce(name ->> $6, name ->> 'pt-BR') FROM item_status WHERE id = $4), ''),
			coalesce((SELECT color FROM item_status WHERE id = $4), ''),
			coalesce((SELECT name FROM app_user WHERE id = $5), '')`,
		it.ProjectID, it.CreatorID, it.ModifierID, it.StatusID, it.ResponsibleID, lang).
		Scan(&n.project, &n.manager, &n.creator, &n.modifier, &n.status, &n.color, &n.responsible)
	if err != nil {
		return n, fmt.Errorf("item names: %w", err)
	}
	if it.ParentID != nil {
		err := st.db.QueryRow(ctx, `SELECT coalesce((SELECT i.title FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = $3 AND `+componentReadable+` AND `+itemReadable+`), '')`, c.UserID, c.PanelAdmin, *it.ParentID).Scan(&n.parentTitle)
		if err != nil {
			return n, fmt.Errorf("parent title: %w", err)
		}
	}
	return n, nil
}

// formAttrs are the live attributes of type comp as forms need them.
func (st *Store) formAttrs(ctx context.Context, comp int64, lang string) ([]formAttr, error) {
	rows, err := st.db.Query(ctx, `SELECT a.id, a.key, coalesce(a.name ->> $2, a.name ->> 'pt-BR'), a.type, a.required,
			a.picklist_id, pl.depends_on, a.target_component_id, a.date_time_format_type, a.date_time_format, a.edit_in_grid
		FROM attribute a LEFT JOIN picklist pl ON pl.id = a.picklist_id
		WHERE a.component_id = $1 AND a.retired_at IS NULL ORDER BY a.sort_order, a.id`, comp, lang)
	if err != nil {
		return nil, fmt.Errorf("form attributes: %w", err)
	}
	attrs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[formAttr])
	if err != nil {
		return nil, fmt.Errorf("form attributes: %w", err)
	}
	return attrs, nil
}

// form finds a form of comp by id, else key or name, else its first one.
func (st *Store) form(ctx context.Context, comp, id int64, name, lang string) (f formDef, found bool, err error) {
	err = st.db.QueryRow(ctx, `SELECT id, key, coalesce(name ->> $4, name ->> 'pt-BR'), tree, on_save FROM item_form
		WHERE component_id = $1 AND retired_at IS NULL
		  AND CASE WHEN $2::bigint <> 0 THEN id = $2 WHEN $3::text <> '' THEN key = $3 OR name ->> 'pt-BR' = $3 OR name ->> 'en' = $3 ELSE true END
		ORDER BY sort_order, id LIMIT 1`, comp, id, name, lang).Scan(&f.ID, &f.Key, &f.Name, &f.Tree, &f.OnSave)
	if errors.Is(err, pgx.ErrNoRows) {
		return f, false, nil
	}
	if err != nil {
		return f, false, fmt.Errorf("form: %w", err)
	}
	return f, true, nil
}

// picklistChoices are the options of the application's picklist key.
func (st *Store) picklistChoices(ctx context.Context, applicationID int64, key, lang string) ([]WindowOption, error) {
	rows, err := st.db.Query(ctx, `SELECT pi.value, coalesce(pi.text ->> $3, pi.text ->> 'pt-BR'), pi.color
		FROM picklist_item pi JOIN picklist pl ON pl.id = pi.picklist_id
		WHERE pl.application_id = $1 AND pl.key = $2 AND pi.retired_at IS NULL ORDER BY pi.sort_order, pi.id`,
		applicationID, key, lang)
	if err != nil {
		return nil, fmt.Errorf("window picklist %s: %w", key, err)
	}
	defer rows.Close()
	out := []WindowOption{}
	for rows.Next() {
		var o WindowOption
		if err := rows.Scan(&o.Value, &o.Text, &o.Color); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}
