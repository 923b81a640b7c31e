package items

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

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

// ItemOf loads item id when the caller may read it and its type (a type
// not retired): of type comp, or of its own type when comp is 0. Missing and
// unreadable answer alike. Modules read the items they hang on through it.
func (s *Service) ItemOf(ctx context.Context, c Caller, comp, id int64) (*Item, error) {
	return s.store.itemOf(ctx, c, comp, id)
}

// editRefusal says why the caller may not change item id of type t: no
// update right on the type, only read membership in the item's project, or
// (the general message) anything else; nil when the caller may.
func editRefusal(ctx context.Context, q Querier, c Caller, t *formType, id int64) (*httpx.Error, error) {
	writable, typeRight, project, err := editRights(ctx, q, c, t.comp.ID, id)
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
	CannotEditReason string `json:"cannotEditReason,omitempty"`
	// CanDelete: the caller may delete the item (deleteItem would not refuse
	// it for rights).
	CanDelete bool `json:"canDelete"`
	// NeedsProject: a new item of a project-scoped type was asked for
	// without a project; the form asks which project first.
	NeedsProject          bool              `json:"needsProject,omitempty"`
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
	// The form, the application's types and the item do not depend on each
	// other: read at once on the pool (a form opens in fewer round trips).
	var (
		f                 *formDef
		types             map[string]int64
		it                *Item
		fErr, tErr, itErr error
	)
	together(
		func() { f, fErr = s.loadForm(ctx, t, int64(in.FormID), in.FormName) },
		func() { types, tErr = s.store.relatedTypes(ctx, t.comp.ApplicationID) },
		func() {
			if in.ItemID != 0 {
				it, itErr = ReadItem(ctx, s.store.db, c, t.comp.ID, int64(in.ItemID), false)
			}
		})
	for _, err := range []error{fErr, tErr, itErr} {
		if err != nil {
			return nil, err
		}
	}
	lang := i18n.LangOf(ctx)
	out := &FormInitialData{Form: t.render(f, lang, types)}
	if in.FolderID != 0 || in.FolderName != "" {
		out.Folder = &Choice{ID: int64(in.FolderID), Name: in.FolderName}
	}
	if in.ItemID != 0 {
		var refusal *httpx.Error
		var rErr, vErr, dErr error
		together(
			func() { refusal, rErr = editRefusal(ctx, s.store.db, c, t, it.ID) },
			func() { out.Item, out.Display, vErr = s.itemValues(ctx, c, t, it, lang) },
			func() { out.CanDelete, dErr = mayDelete(ctx, s.store.db, c, t.comp.ID, 0, it.ID) })
		for _, err := range []error{rErr, vErr, dErr} {
			if err != nil {
				return nil, err
			}
		}
		out.CanEdit = refusal == nil
		if refusal != nil {
			out.CannotEditReason = i18n.T(i18n.Lang(lang), refusal.Key, refusal.Args...)
		}
		out.ModificationDateTicks = ticks(it.ModifiedAt)
		return out, nil
	}
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
	out.NeedsProject = t.comp.ProjectScoped && project == 0
	if !out.NeedsProject {
		if out.CanEdit, err = CanCreate(ctx, s.store.db, c, t.comp.ID, project); err != nil {
			return nil, err
		}
	}
	if out.Item, out.Display, err = s.itemValues(ctx, c, t, it, lang); err != nil {
		return nil, err
	}
	return out, nil
}

// together runs fns at once and waits for them all.
func together(fns ...func()) {
	var wg sync.WaitGroup
	for _, fn := range fns {
		wg.Go(fn)
	}
	wg.Wait()
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
		id := int64(in.ParentID)
		if err := s.store.readableItem(ctx, c, id); err != nil {
			return nil, err
		}
		it.ParentID = &id
	}
	var err error
	if it.StatusID, err = initialStatus(ctx, s.store.db, t.comp.ID); err != nil {
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

// itemValues is the item map a form binds to (system fields with ids and
// names, raw attribute values) and what references and picklists show; items
// the caller may not read keep their ids alone, as in lists and history.
func (s *Service) itemValues(ctx context.Context, c Caller, t *formType, it *Item, lang string) (map[string]any, map[string]string, error) {
	v := map[string]any{}
	for k, x := range it.Attributes {
		if t.byKey[k] != nil {
			v[k] = x
		}
	}
	n, err := s.store.itemNames(ctx, c, it, lang)
	if err != nil {
		return nil, nil, err
	}
	sys := map[string]any{"id": it.ID, "FormattedID": it.Number, "Title": it.Title, "ProjectID": it.ProjectID,
		"ProjectName": n.project, "ProjectManager": n.manager, "Parent": it.ParentID, "ParentTitle": n.parentTitle,
		"StatusID": it.StatusID, "StatusName": n.status, "StatusColor": n.color, "ResponsibleID": it.ResponsibleID,
		"ResponsibleName": n.responsible, "CreatorName": n.creator, "ModifierName": n.modifier, "Version": it.Version, "Reason": it.Reason}
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
		names, err := s.store.calendarNames(ctx, calendars)
		if err != nil {
			return nil, nil, err
		}
		for k, id := range calendarKeys {
			display[k] = names[id]
		}
	}
	return v, display, nil
}
