package items

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

func systemLabel(lang, field string) string { return i18n.T(i18n.Lang(lang), "items.field."+field) }

// Item is an item as stored.
type Item struct {
	ID            int64
	ComponentID   int64
	Number        int64
	Title         string
	ProjectID     *int64
	ParentID      *int64
	StatusID      *int64
	ResponsibleID *int64
	CreatorID     *int64
	CreatedAt     time.Time
	ModifierID    *int64
	ModifiedAt    time.Time
	Version       int
	Reason        string
	Attributes    map[string]any
}

// decodeAttributes reads stored attributes keeping numbers exact.
func decodeAttributes(raw []byte) (map[string]any, error) {
	out := map[string]any{}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("attributes: %w", err)
	}
	return out, nil
}

const itemRecordColumns = `i.id, i.component_id, i.number, i.title, i.project_id, i.parent_id, i.status_id, i.responsible_id,
	i.creator_id, i.created_at, i.modifier_id, i.modified_at, i.version, i.reason, i.attributes::text`

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
	sql := `SELECT ` + itemRecordColumns + ` FROM item i WHERE i.id = $3 AND i.component_id = $4 AND ` + itemReadable
	if lock {
		sql += ` FOR UPDATE OF i`
	}
	it, err := scanItem(q.QueryRow(ctx, sql, c.UserID, c.PanelAdmin, id, comp))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", id, err)
	}
	return it, nil
}

// ItemOf loads item id when the caller may read it and its type (a type
// not retired): of type comp, or of its own type when comp is 0. Missing and
// unreadable answer alike. Modules read the items they hang on through it.
func (s *Service) ItemOf(ctx context.Context, c Caller, comp, id int64) (*Item, error) {
	it, err := scanItem(s.store.db.QueryRow(ctx, `SELECT `+itemRecordColumns+`
		FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.id = $3 AND ($4::bigint = 0 OR c.id = $4) AND c.retired_at IS NULL AND `+componentReadable+` AND `+itemReadable,
		c.UserID, c.PanelAdmin, id, comp))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("item %d: %w", id, err)
	}
	return it, nil
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

// projectWritable holds over project p for its manager and members with write.
const projectWritable = `($2 OR p.manager_id = $1 OR EXISTS (
	SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1 AND pm.can_write))`

// CanUpdate reports whether the caller may change item id (type right and
// project membership with write).
func CanUpdate(ctx context.Context, q Querier, c Caller, comp, id int64) (bool, error) {
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.id = $3 AND c.id = $4 AND `+componentRight("update")+` AND `+itemWritable+`)`,
		c.UserID, c.PanelAdmin, id, comp).Scan(&ok)
	return ok, err
}

// editRefusal says why the caller may not change item id of type t: no
// update right on the type, only read membership in the item's project, or
// (the general message) anything else; nil when the caller may.
func editRefusal(ctx context.Context, q Querier, c Caller, t *formType, id int64) (*httpx.Error, error) {
	var writable, typeRight bool
	var project string
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = $3 AND c.id = $4 AND `+componentRight("update")+` AND `+itemWritable+`),
		EXISTS (SELECT 1 FROM component c WHERE c.id = $4 AND `+componentRight("update")+`),
		coalesce((SELECT p.name FROM item i JOIN project p ON p.id = i.project_id WHERE i.id = $3 AND NOT `+projectWritable+`), '')`,
		c.UserID, c.PanelAdmin, id, t.comp.ID).Scan(&writable, &typeRight, &project)
	switch {
	case err != nil:
		return nil, fmt.Errorf("edit right: %w", err)
	case writable:
		return nil, nil
	case !typeRight:
		return httpx.Fail(http.StatusForbidden, "forms.cannotEditType", "type", t.comp.Name), nil
	case project != "":
		return httpx.Fail(http.StatusForbidden, "forms.cannotEditProject", "project", project), nil
	}
	return httpx.Fail(http.StatusForbidden, "forms.cannotEdit"), nil
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

// FormInitialDataInput is the body of getFormInitialData (spec section 7).
type FormInitialDataInput struct {
	ComponentID   httpx.ID `json:"componentID"`
	ComponentName string   `json:"componentName"`
	ProjectID     httpx.ID `json:"projectID"`
	FormID        httpx.ID `json:"formID"`
	FormName      string   `json:"formName"`
	ItemID        httpx.ID `json:"itemID"`
	ParentID      httpx.ID `json:"parentID"`
	FolderID      httpx.ID `json:"folderID"`
	FolderName    string   `json:"folderName"`
	// ItemTemplate is an item of the type whose attributes a new item starts with.
	ItemTemplate httpx.ID `json:"itemTemplate"`
}

// FormInitialData is the answer of getFormInitialData.
type FormInitialData struct {
	Form  *Form          `json:"form"`
	Item  map[string]any `json:"item"`
	IsNew bool           `json:"isNew"`
	// CanEdit: the caller may save (create, for a new item).
	CanEdit bool `json:"canEdit"`
	// CannotEditReason says why an existing item may not be changed, in the
	// caller's language (checkPermissionToUpdate's message).
	CannotEditReason      string            `json:"cannotEditReason,omitempty"`
	ModificationDateTicks int64             `json:"modificationDateTicks"`
	Display               map[string]string `json:"display"`
	Folder                *Choice           `json:"folder"`
}

// FormInitialData answers getFormInitialData: the form and the item to
// edit, or a new item's starting values.
func (s *Service) FormInitialData(ctx context.Context, c Caller, in FormInitialDataInput) (*FormInitialData, error) {
	compID := int64(in.ComponentID)
	if compID == 0 && in.ComponentName != "" {
		id, err := s.store.componentByKey(ctx, c, in.ComponentName)
		if err != nil {
			return nil, err
		}
		compID = id
	}
	t, err := s.loadType(ctx, c, compID)
	if err != nil {
		return nil, err
	}
	f, err := s.loadForm(ctx, t, int64(in.FormID), in.FormName)
	if err != nil {
		return nil, err
	}
	types, err := s.relatedTypes(ctx, t.comp.ApplicationID)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	out := &FormInitialData{Form: t.render(f, lang, types)}
	if in.FolderID != 0 || in.FolderName != "" {
		out.Folder = &Choice{ID: int64(in.FolderID), Name: in.FolderName}
	}
	var it *Item
	if in.ItemID != 0 {
		it, err = ReadItem(ctx, s.store.db, c, t.comp.ID, int64(in.ItemID), false)
		if err != nil {
			return nil, err
		}
		refusal, err := editRefusal(ctx, s.store.db, c, t, it.ID)
		if err != nil {
			return nil, err
		}
		out.CanEdit = refusal == nil
		if refusal != nil {
			out.CannotEditReason = i18n.T(i18n.Lang(lang), refusal.Key, refusal.Args...)
		}
	} else {
		writes := map[string]bool{}
		for _, b := range t.bindings(f, lang) {
			writes[b.Field] = true
		}
		it, err = s.newItem(ctx, c, t, in, writes)
		if err != nil {
			return nil, err
		}
		out.IsNew = true
		project := int64(0)
		if it.ProjectID != nil {
			project = *it.ProjectID
		}
		// A project-scoped item is created in a project (the insertItem route names it).
		if !t.comp.ProjectScoped || project != 0 {
			if out.CanEdit, err = CanCreate(ctx, s.store.db, c, t.comp.ID, project); err != nil {
				return nil, err
			}
		}
	}
	if out.Item, out.Display, err = s.itemValues(ctx, c, t, it, lang); err != nil {
		return nil, err
	}
	if !out.IsNew {
		out.ModificationDateTicks = ticks(it.ModifiedAt)
	}
	return out, nil
}

// newItem is a new item's starting point: the project and parent asked for
// (each visible to the caller), the initial status and the template's
// attributes (those the form writes: the others could not be saved back).
func (s *Service) newItem(ctx context.Context, c Caller, t *formType, in FormInitialDataInput, writes map[string]bool) (*Item, error) {
	it := &Item{ComponentID: t.comp.ID, Attributes: map[string]any{}}
	if in.ProjectID != 0 {
		id := int64(in.ProjectID)
		if ok, err := s.store.projectVisible(ctx, c, id); err != nil {
			return nil, err
		} else if !ok {
			return nil, httpx.NotFound()
		}
		it.ProjectID = &id
	}
	if in.ParentID != 0 {
		var id int64
		err := s.store.db.QueryRow(ctx, `SELECT i.id FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = $3 AND `+componentReadable+` AND `+itemReadable, c.UserID, c.PanelAdmin, int64(in.ParentID)).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, httpx.NotFound()
		}
		if err != nil {
			return nil, err
		}
		it.ParentID = &id
	}
	var status int64
	err := s.store.db.QueryRow(ctx, `SELECT id FROM item_status WHERE component_id = $1 AND initial AND retired_at IS NULL
		ORDER BY sort_order LIMIT 1`, t.comp.ID).Scan(&status)
	if err == nil {
		it.StatusID = &status
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return nil, err
	}
	if in.ItemTemplate != 0 {
		tpl, err := ReadItem(ctx, s.store.db, c, t.comp.ID, int64(in.ItemTemplate), false)
		if err != nil {
			return nil, err
		}
		for k, v := range tpl.Attributes {
			if writes[k] {
				it.Attributes[k] = v
			}
		}
	}
	return it, nil
}

// itemValues is the item map a form binds to: system fields (ids under
// ProjectID, Parent, StatusID, ResponsibleID; names beside them) and the raw
// attribute values; display holds what references and picklists show. The
// parent and referenced items are named only when the caller may read them
// (as the list and the history do): otherwise they keep their ids alone.
func (s *Service) itemValues(ctx context.Context, c Caller, t *formType, it *Item, lang string) (map[string]any, map[string]string, error) {
	v := map[string]any{}
	for k, x := range it.Attributes {
		if t.byKey[k] != nil {
			v[k] = x
		}
	}
	var project, manager, creator, modifier, status, color, responsible string
	err := s.store.db.QueryRow(ctx, `SELECT coalesce((SELECT name FROM project WHERE id = $1), ''),
			coalesce((SELECT u.name FROM project p JOIN app_user u ON u.id = p.manager_id WHERE p.id = $1), ''),
			coalesce((SELECT name FROM app_user WHERE id = $2), ''), coalesce((SELECT name FROM app_user WHERE id = $3), ''),
			coalesce((SELECT coalesce(name ->> $6, name ->> 'pt-BR') FROM item_status WHERE id = $4), ''),
			coalesce((SELECT color FROM item_status WHERE id = $4), ''),
			coalesce((SELECT name FROM app_user WHERE id = $5), '')`,
		it.ProjectID, it.CreatorID, it.ModifierID, it.StatusID, it.ResponsibleID, lang).
		Scan(&project, &manager, &creator, &modifier, &status, &color, &responsible)
	if err != nil {
		return nil, nil, fmt.Errorf("item names: %w", err)
	}
	parentTitle := ""
	if it.ParentID != nil {
		err := s.store.db.QueryRow(ctx, `SELECT coalesce((SELECT i.title FROM item i JOIN component c ON c.id = i.component_id
			WHERE i.id = $3 AND `+componentReadable+` AND `+itemReadable+`), '')`, c.UserID, c.PanelAdmin, *it.ParentID).Scan(&parentTitle)
		if err != nil {
			return nil, nil, fmt.Errorf("parent title: %w", err)
		}
	}
	sys := map[string]any{"id": it.ID, "FormattedID": it.Number, "Title": it.Title, "ProjectID": it.ProjectID,
		"ProjectName": project, "ProjectManager": manager, "Parent": it.ParentID, "ParentTitle": parentTitle,
		"StatusID": it.StatusID, "StatusName": status, "StatusColor": color, "ResponsibleID": it.ResponsibleID,
		"ResponsibleName": responsible, "CreatorName": creator, "ModifierName": modifier, "Version": it.Version, "Reason": it.Reason}
	if it.ID != 0 {
		sys["CreationDate"], sys["LastModify"] = it.CreatedAt.UTC(), it.ModifiedAt.UTC()
		sys["modificationDateTicks"] = ticks(it.ModifiedAt)
	}
	for k, x := range sys {
		v[k] = x
	}
	r := newResolver(t, lang)
	r.caller = &c
	r.collect(it.Attributes)
	if err := r.run(ctx, s.store.db); err != nil {
		return nil, nil, err
	}
	display := map[string]string{}
	var calendars []int64
	calendarKeys := map[string]int64{}
	for _, a := range t.attrs {
		if x, ok := it.Attributes[a.Key]; ok {
			switch a.Type {
			case "PICKLIST", "USERS", "RESOURCES", "USERS_OR_GROUPS", "GROUPS", "ORGANIZATIONAL_STRUCTURE", "COMPANY",
				"PROJECT", "GENERIC_ITEM_TYPE", "ITEM_TYPE_STATUS":
				display[a.Key] = r.show(&a, x)
			case "CALENDAR":
				if id, ok := IDOf(x); ok {
					calendars = append(calendars, id)
					calendarKeys[a.Key] = id
				}
			}
		}
	}
	if len(calendars) > 0 {
		names, err := s.calendarNames(ctx, calendars)
		if err != nil {
			return nil, nil, err
		}
		for k, id := range calendarKeys {
			display[k] = names[id]
		}
	}
	return v, display, nil
}

// calendarNames are the names of the resources whose work calendars ids
// name (the history's resolver does not know calendars yet).
func (s *Service) calendarNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	rows, err := s.store.db.Query(ctx, `SELECT r.id, coalesce(u.name, r.name) FROM resource r LEFT JOIN app_user u ON u.id = r.user_id
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
