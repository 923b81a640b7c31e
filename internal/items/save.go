package items

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// SaveItemInput is the body of saveItem (spec section 7): the map
// getFormInitialData answered with the user's changes, with id (0: new),
// modificationDateTicks (an edit's version) and formID (default the first).
type SaveItemInput struct {
	Item         Values   `json:"item"`
	Component    httpx.ID `json:"component"`
	ProjectID    httpx.ID `json:"projectId"`
	SaveAndClear bool     `json:"saveAndClear"`
	FormID       httpx.ID `json:"formID"`
}

// SaveItemResult is the answer of saveItem.
type SaveItemResult struct {
	Message               string            `json:"Message"`
	ID                    int64             `json:"id"`
	FormattedID           int64             `json:"FormattedID"`
	Version               int               `json:"version"`
	ModificationDateTicks int64             `json:"modificationDateTicks"`
	Item                  map[string]any    `json:"item"`
	Display               map[string]string `json:"display"`
	// Next is a new item's starting values, after saveAndClear.
	Next *FormInitialData `json:"next,omitempty"`
}

// SaveItem answers saveItem: a new item or a change, checked as its form
// checks, only the fields the form writes, under the type's and project's
// rights, refused when the item changed since read; one transaction.
func (s *Service) SaveItem(ctx context.Context, c Caller, in SaveItemInput) (*SaveItemResult, error) {
	return s.SaveItemWith(ctx, c, in, nil)
}

// SaveHook runs in a save's transaction when the form names an onSave rule,
// before the checks: what it returns (f the form, it the stored item, item the
// values) is checked and saved as if typed. internal/forms provides it.
type SaveHook func(ctx context.Context, tx pgx.Tx, c Caller, f *FormView, it *Item, item Values) (Values, error)

// SaveItemWith is SaveItem with hook (nil none) run inside its transaction.
func (s *Service) SaveItemWith(ctx context.Context, c Caller, in SaveItemInput, hook SaveHook) (*SaveItemResult, error) {
	item := in.Item
	if item == nil {
		item = Values{}
	}
	compID := int64(in.Component)
	if compID == 0 {
		compID, _ = IDOf(item["componentID"])
	}
	t, err := s.loadType(ctx, c, compID)
	if err != nil {
		return nil, err
	}
	formID := int64(in.FormID)
	if formID == 0 {
		formID, _ = IDOf(item["formID"])
	}
	f, err := s.loadForm(ctx, t, formID, "")
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	binds := t.bindings(f, lang)
	itemID, ok := IDOf(item["id"])
	if !ok && !IsEmptyValue(item["id"]) || itemID < 0 {
		return nil, httpx.Invalid("id", "error.idInvalid", "field", "id")
	}
	var saved int64
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		var it *Item
		op := "save"
		if itemID != 0 {
			if it, err = s.lockForChange(ctx, tx, c, t, itemID, item["modificationDateTicks"], true); err != nil {
				return err
			}
		} else {
			op = "create"
			if it, err = s.startNew(ctx, tx, c, t, in, item); err != nil {
				return err
			}
		}
		if hook != nil && f.OnSave != "" {
			if item, err = hook(ctx, tx, c, t.view(f, binds), it, item); err != nil {
				return err
			}
		}
		next, errs, err := s.apply(ctx, tx, c, t, binds, it, item, false)
		if err != nil {
			return err
		}
		if len(errs) > 0 {
			return formError(lang, errs)
		}
		if itemID != 0 && !changed(it, next) {
			saved = it.ID
			return nil
		}
		saved, err = writeItem(ctx, tx, c, t, next, op)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.savedAnswer(ctx, c, t, saved, in)
}

// lockForChange reads and locks an item for a change: not found when the
// caller may not read it, forbidden when not change it, and a conflict when
// stamp (its modificationDateTicks as read) is not the stored one.
func (s *Service) lockForChange(ctx context.Context, tx pgx.Tx, c Caller, t *formType, id int64, stamp any, needStamp bool) (*Item, error) {
	it, err := ReadItem(ctx, tx, c, t.comp.ID, id, true)
	if err != nil {
		return nil, err
	}
	refusal, err := editRefusal(ctx, tx, c, t, id)
	if err != nil {
		return nil, err
	}
	if refusal != nil {
		return nil, refusal
	}
	if !needStamp && stamp == nil {
		return it, nil
	}
	got, ok := IDOf(stamp)
	if !ok {
		if str, isStr := stamp.(string); isStr {
			if n, err := json.Number(str).Int64(); err == nil {
				got, ok = n, true
			}
		}
	}
	if !ok {
		return nil, httpx.Invalid("modificationDateTicks", "forms.ticksRequired")
	}
	if !sameStamp(got, it.ModifiedAt) {
		who, err := userName(ctx, tx, it.ModifierID)
		if err != nil {
			return nil, err
		}
		return nil, httpx.Fail(http.StatusConflict, "forms.stale", "user", who, "version", it.Version)
	}
	return it, nil
}

// startNew is a new item: its project (required for project-scoped types,
// writable by the caller), parent (readable), initial status, and the
// right to create.
func (s *Service) startNew(ctx context.Context, tx pgx.Tx, c Caller, t *formType, in SaveItemInput, item Values) (*Item, error) {
	it := &Item{ComponentID: t.comp.ID, Attributes: map[string]any{}}
	project := int64(in.ProjectID)
	if project == 0 {
		project, _ = IDOf(item["ProjectID"])
	}
	if !t.comp.ProjectScoped {
		project = 0
	} else if project == 0 {
		return nil, httpx.Invalid("projectId", "forms.projectRequired")
	}
	if project != 0 {
		if ok, err := s.store.projectVisible(ctx, c, project); err != nil {
			return nil, err
		} else if !ok {
			return nil, httpx.NotFound()
		}
		if refusal, err := newItemRefusal(ctx, tx, t.comp.ID, project); err != nil {
			return nil, err
		} else if refusal != nil {
			return nil, refusal
		}
		it.ProjectID = &project
	}
	ok, err := CanCreate(ctx, tx, c, t.comp.ID, project)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, httpx.Fail(http.StatusForbidden, "forms.cannotCreate")
	}
	it.StatusID, err = initialStatus(ctx, tx, t.comp.ID)
	if err != nil {
		return nil, err
	}
	return it, nil
}

// apply checks item's values for the form's bindings and returns the item as
// stored: absent fields kept, unwritten attributes only echoed unchanged, and
// values equal to the stored ones not checked again (a deactivated user).
func (s *Service) apply(ctx context.Context, tx pgx.Tx, c Caller, t *formType, binds []*binding, it *Item, item Values,
	partial bool) (*Item, []fieldErr, error) {
	next := *it
	next.Attributes = maps.Clone(it.Attributes)
	var errs []fieldErr
	written := map[string]bool{}
	for _, b := range binds {
		written[b.Key] = true
		raw, present := item[b.Key]
		if !present {
			continue
		}
		if sameValue(raw, current(it, b)) {
			continue
		}
		v, ferr, err := s.normalize(ctx, tx, c, b, raw, it.ID)
		if err != nil {
			return nil, nil, err
		}
		if ferr != nil {
			errs = append(errs, *ferr)
			continue
		}
		set(&next, b, v)
	}
	// A parent given when creating from a parent's form (one-to-many).
	if it.ID == 0 && !written["Parent"] {
		if raw, ok := item["Parent"]; ok && !IsEmptyValue(raw) {
			b := &binding{Field: "Parent", Key: "Parent", Label: systemLabel(i18n.LangOf(ctx), "Parent"), Type: "GENERIC_ITEM_TYPE",
				Control: &apppkg.Control{}, lang: i18n.LangOf(ctx)}
			if v, ferr, err := s.normalize(ctx, tx, c, b, raw, 0); err != nil {
				return nil, nil, err
			} else if ferr != nil {
				errs = append(errs, *ferr)
			} else {
				set(&next, b, v)
			}
		}
	}
	for _, a := range t.attrs {
		if raw, ok := item[a.Key]; ok && !written[a.Key] && !sameValue(raw, it.Attributes[a.Key]) {
			errs = append(errs, fieldErr{b: &binding{Key: a.Key, Label: a.Name}, key: "forms.notEditable"})
		}
	}
	// Every field is checked even after one failed, so the user learns of
	// all of them at once; a refused value is not also called empty.
	refused := map[string]bool{}
	for _, e := range errs {
		refused[e.b.Key] = true
	}
	values := FormState(&next)
	for _, b := range binds {
		if _, present := item[b.Key]; partial && !present || refused[b.Key] {
			continue
		}
		if !shown(b.Conditions, values) || b.Control.Hidden {
			continue
		}
		if b.Required && IsEmptyValue(current(&next, b)) {
			errs = append(errs, fieldErr{b: b, key: "forms.fillInThisField"})
			refused[b.Key] = true
		}
	}
	deps, err := s.dependencies(ctx, tx, t, binds, it, &next)
	if err != nil {
		return nil, nil, err
	}
	for _, d := range deps {
		if !refused[d.b.Key] {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return nil, errs, nil
	}
	return &next, nil, nil
}

// dependencies checks a dependent picklist's value against its parent's when
// either changed. A dependent the save does not write is emptied when the new
// parent leaves it out, as the form's dropdown is; a required one refuses it.
func (s *Service) dependencies(ctx context.Context, tx pgx.Tx, t *formType, binds []*binding, old, next *Item) ([]fieldErr, error) {
	var errs []fieldErr
	bound := map[string]bool{}
	for _, b := range binds {
		bound[b.Field] = true
	}
	for i := range t.attrs {
		d := &t.attrs[i]
		if bound[d.Key] || d.Type != "PICKLIST" || d.PicklistID == nil || d.ParentPicklistID == nil {
			continue
		}
		p := parentOf(t, d)
		v, ok := next.Attributes[d.Key].(string)
		if p == nil || !ok || v == "" || sameValue(old.Attributes[p.Key], next.Attributes[p.Key]) {
			continue
		}
		fits, err := optionFits(ctx, tx, d, v, next.Attributes[p.Key])
		if err != nil {
			return nil, err
		}
		switch {
		case fits:
		case d.Required:
			errs = append(errs, fieldErr{b: &binding{Field: d.Key, Key: d.Key, Label: d.Name, Type: d.Type, Attr: d},
				key: "items.dependentRequired", args: []any{"parent", p.Name}})
		default:
			delete(next.Attributes, d.Key)
		}
	}
	for _, b := range binds {
		a := b.Attr
		if a == nil || a.Type != "PICKLIST" || a.ParentPicklistID == nil {
			continue
		}
		v, ok := next.Attributes[a.Key].(string)
		if !ok {
			continue
		}
		for _, p := range t.attrs {
			if p.PicklistID == nil || *p.PicklistID != *a.ParentPicklistID {
				continue
			}
			if sameValue(old.Attributes[a.Key], v) && sameValue(old.Attributes[p.Key], next.Attributes[p.Key]) {
				break
			}
			fits, err := optionFits(ctx, tx, a, v, next.Attributes[p.Key])
			if err != nil {
				return nil, err
			}
			if !fits {
				errs = append(errs, fieldErr{b: b, key: "forms.optionOfOtherParent", args: []any{"parent", p.Name}})
			}
			break
		}
	}
	return errs, nil
}

// FormState is the item map a form sees: showWhen tests read it, and a
// form's rules get it (internal/forms).
func FormState(it *Item) map[string]any {
	v := maps.Clone(it.Attributes)
	v["Title"], v["Reason"] = it.Title, it.Reason
	for k, p := range map[string]*int64{"StatusID": it.StatusID, "ResponsibleID": it.ResponsibleID, "ProjectID": it.ProjectID, "Parent": it.ParentID} {
		v[k] = ptrValue(p)
	}
	return v
}

func current(it *Item, b *binding) any {
	switch b.Field {
	case "Title":
		return it.Title
	case "ResponsibleName":
		return ptrValue(it.ResponsibleID)
	case "Parent":
		return ptrValue(it.ParentID)
	}
	return it.Attributes[b.Field]
}

func set(it *Item, b *binding, v any) {
	ref := func() *int64 {
		if id, ok := IDOf(v); ok {
			return &id
		}
		return nil
	}
	switch b.Field {
	case "Title":
		it.Title, _ = v.(string)
	case "ResponsibleName":
		it.ResponsibleID = ref()
	case "Parent":
		it.ParentID = ref()
	default:
		if v == nil {
			delete(it.Attributes, b.Field)
		} else {
			it.Attributes[b.Field] = v
		}
	}
}

func changed(old, next *Item) bool {
	if old.Title != next.Title || !sameValue(ptrValue(old.ResponsibleID), ptrValue(next.ResponsibleID)) ||
		!sameValue(ptrValue(old.ParentID), ptrValue(next.ParentID)) || len(old.Attributes) != len(next.Attributes) {
		return true
	}
	for k, v := range next.Attributes {
		if !sameValue(v, old.Attributes[k]) {
			return true
		}
	}
	return false
}

// savedAnswer reads the saved item back for the form.
func (s *Service) savedAnswer(ctx context.Context, c Caller, t *formType, id int64, in SaveItemInput) (*SaveItemResult, error) {
	it, err := ReadItem(ctx, s.store.db, c, t.comp.ID, id, false)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	out := &SaveItemResult{Message: i18n.T(i18n.Lang(lang), "forms.saved"), ID: it.ID, FormattedID: it.Number, Version: it.Version,
		ModificationDateTicks: ticks(it.ModifiedAt)}
	if out.Item, out.Display, err = s.itemValues(ctx, c, t, it, lang); err != nil {
		return nil, err
	}
	if in.SaveAndClear {
		formID := int64(in.FormID)
		if formID == 0 {
			formID, _ = IDOf(in.Item["formID"])
		}
		project, parent := int64(0), int64(0)
		if it.ProjectID != nil {
			project = *it.ProjectID
		}
		// A child added from its parent's form ("Adicionar") is followed by
		// another child of the same parent.
		if it.ParentID != nil {
			parent = *it.ParentID
		}
		next, err := s.FormInitialData(ctx, c, FormInitialDataInput{ComponentID: httpx.ID(t.comp.ID), ProjectID: httpx.ID(project),
			FormID: httpx.ID(formID), ParentID: httpx.ID(parent)})
		if err != nil {
			return nil, err
		}
		out.Next = next
	}
	return out, nil
}

// CheckPermissionInput is the body of checkPermissionToUpdate.
type CheckPermissionInput struct {
	Item        httpx.ID `json:"item"`
	Project     httpx.ID `json:"project"`
	Component   httpx.ID `json:"component"`
	Status      httpx.ID `json:"status"`
	Responsible httpx.ID `json:"responsible"`
}

// Permission is the answer of checkPermissionToUpdate.
type Permission struct {
	CanUpdate bool `json:"canUpdate"`
	// Message says why not, in the caller's language.
	Message string `json:"Message,omitempty"`
	// Changed: the status or responsible the caller shows are no longer the
	// item's (the list is out of date).
	Changed bool `json:"changed"`
}

// CheckPermissionToUpdate answers checkPermissionToUpdate: whether the
// caller may change the item (item 0: create one in project).
func (s *Service) CheckPermissionToUpdate(ctx context.Context, c Caller, in CheckPermissionInput) (*Permission, error) {
	t, err := s.loadType(ctx, c, int64(in.Component))
	if err != nil {
		return nil, err
	}
	l := i18n.From(ctx)
	out := &Permission{}
	if in.Item == 0 {
		if in.Project != 0 {
			if ok, err := s.store.projectVisible(ctx, c, int64(in.Project)); err != nil {
				return nil, err
			} else if !ok {
				return nil, httpx.NotFound()
			}
		}
		if out.CanUpdate, err = CanCreate(ctx, s.store.db, c, t.comp.ID, int64(in.Project)); err != nil {
			return nil, err
		}
		if !out.CanUpdate {
			out.Message = i18n.T(l, "forms.cannotCreate")
		} else if in.Project != 0 && t.comp.ProjectScoped {
			refusal, err := newItemRefusal(ctx, s.store.db, t.comp.ID, int64(in.Project))
			if err != nil {
				return nil, err
			}
			if refusal != nil {
				out.CanUpdate, out.Message = false, i18n.T(l, refusal.Key, refusal.Args...)
			}
		}
		return out, nil
	}
	it, err := ReadItem(ctx, s.store.db, c, t.comp.ID, int64(in.Item), false)
	if err != nil {
		return nil, err
	}
	refusal, err := editRefusal(ctx, s.store.db, c, t, it.ID)
	if err != nil {
		return nil, err
	}
	out.CanUpdate = refusal == nil
	if refusal != nil {
		out.Message = i18n.T(l, refusal.Key, refusal.Args...)
	}
	out.Changed = (in.Status != 0 && !sameValue(int64(in.Status), ptrValue(it.StatusID))) ||
		(in.Responsible != 0 && !sameValue(int64(in.Responsible), ptrValue(it.ResponsibleID))) ||
		(in.Project != 0 && !sameValue(int64(in.Project), ptrValue(it.ProjectID)))
	return out, nil
}

// RefreshInput is the body of refreshItem.
type RefreshInput struct {
	ItemID                httpx.ID `json:"itemId"`
	Component             httpx.ID `json:"component"`
	ModificationDateTicks httpx.ID `json:"modificationDateTicks"`
}

// Refresh is the answer of refreshItem.
type Refresh struct {
	// Changed: the item is no longer the version the caller holds; Item then
	// holds the stored one.
	Changed               bool              `json:"changed"`
	ModificationDateTicks int64             `json:"modificationDateTicks"`
	Version               int               `json:"version"`
	ModifierName          string            `json:"modifierName"`
	Item                  map[string]any    `json:"item,omitempty"`
	Display               map[string]string `json:"display,omitempty"`
}

// RefreshItem answers refreshItem: whether the item changed since the
// version the caller holds, with the stored item when it did.
func (s *Service) RefreshItem(ctx context.Context, c Caller, in RefreshInput) (*Refresh, error) {
	t, err := s.loadType(ctx, c, int64(in.Component))
	if err != nil {
		return nil, err
	}
	it, err := ReadItem(ctx, s.store.db, c, t.comp.ID, int64(in.ItemID), false)
	if err != nil {
		return nil, err
	}
	out := &Refresh{ModificationDateTicks: ticks(it.ModifiedAt), Version: it.Version}
	out.Changed = !sameStamp(int64(in.ModificationDateTicks), it.ModifiedAt)
	vals, display, err := s.itemValues(ctx, c, t, it, i18n.LangOf(ctx))
	if err != nil {
		return nil, err
	}
	out.ModifierName, _ = vals["ModifierName"].(string)
	if out.Changed {
		out.Item, out.Display = vals, display
	}
	return out, nil
}

// UpdateFieldInput is the body of updateItemField: one attribute edited in
// a list (the attribute allows editInGrid). modificationDateTicks (or the
// row's LastModify) names the version the list showed.
type UpdateFieldInput struct {
	ItemID                httpx.ID `json:"itemId"`
	ComponentID           httpx.ID `json:"componentId"`
	Field                 string   `json:"field"`
	Value                 any      `json:"value"`
	ModificationDateTicks any      `json:"modificationDateTicks"`
	LastModify            string   `json:"lastModify"`
}

// UpdateItemField answers updateItemField, as saveItem for one field
// (without the form's onSave rule: internal/forms runs it).
func (s *Service) UpdateItemField(ctx context.Context, c Caller, in UpdateFieldInput) (*SaveItemResult, error) {
	return s.UpdateItemFieldWith(ctx, c, in, nil)
}

// UpdateItemFieldWith is UpdateItemField with hook (nil none) run as for a
// save of the type's first form.
func (s *Service) UpdateItemFieldWith(ctx context.Context, c Caller, in UpdateFieldInput, hook SaveHook) (*SaveItemResult, error) {
	t, err := s.loadType(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	// An item the caller may not read is not found, whatever the field: the
	// field's checks must not tell anything of it first.
	if _, err := ReadItem(ctx, s.store.db, c, t.comp.ID, int64(in.ItemID), false); err != nil {
		return nil, err
	}
	a := t.byKey[in.Field]
	if a == nil {
		return nil, httpx.Invalid("field", "forms.fieldUnknown", "field", in.Field)
	}
	lang := i18n.LangOf(ctx)
	f, err := s.loadForm(ctx, t, 0, "")
	if err != nil {
		return nil, err
	}
	b := gridBinding(t, f, a, lang)
	if !a.EditInGrid {
		return nil, formError(lang, []fieldErr{{b: b, key: "forms.notInGrid"}})
	}
	if readOnlyInForm(t, f, a.Key, lang) {
		return nil, formError(lang, []fieldErr{{b: b, key: "forms.notEditable"}})
	}
	stamp := in.ModificationDateTicks
	if stamp == nil && in.LastModify != "" {
		if when, ok := parseDate(in.LastModify); ok {
			stamp = ticks(when)
		}
	}
	var saved int64
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		it, err := s.lockForChange(ctx, tx, c, t, int64(in.ItemID), stamp, true)
		if err != nil {
			return err
		}
		saved = it.ID
		item, binds := Values{a.Key: in.Value}, []*binding{b}
		if hook != nil && f.OnSave != "" {
			// The rule sees the edit as a save of the type's first form
			// (the form the list edits as); what else it changes is checked
			// as that form checks it.
			formBinds := t.bindings(f, lang)
			if item, err = hook(ctx, tx, c, t.view(f, formBinds), it, item); err != nil {
				return err
			}
			for _, fb := range formBinds {
				if _, present := item[fb.Key]; present && fb.Key != b.Key {
					binds = append(binds, fb)
				}
			}
		}
		// A parent picklist's new value empties the dependents it leaves out
		// (apply's dependency check, for every way of saving).
		next, errs, err := s.apply(ctx, tx, c, t, binds, it, item, false)
		if err != nil {
			return err
		}
		if len(errs) > 0 {
			return formError(lang, errs)
		}
		if !changed(it, next) {
			return nil
		}
		_, err = writeItem(ctx, tx, c, t, next, "field")
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.savedAnswer(ctx, c, t, saved, SaveItemInput{})
}

// gridBinding is how a list edits attribute a: as the type's first form f
// writes it (its bounds, mask, scale), else by the attribute alone.
func gridBinding(t *formType, f *formDef, a *formAttr, lang string) *binding {
	for _, b := range t.bindings(f, lang) {
		if b.Field == a.Key {
			b.Conditions = nil
			return b
		}
	}
	return &binding{Field: a.Key, Key: a.Key, Label: a.Name, Type: a.Type, Control: &apppkg.Control{}, Attr: a, Required: a.Required, lang: lang}
}

// BulkUpdateInput is the body of bulkUpdateItems: the same values for
// every item, as the form (formID, default the first) in bulk mode writes
// them: only the fields given.
type BulkUpdateInput struct {
	IDs         []int64  `json:"ids"`
	ComponentID httpx.ID `json:"componentId"`
	FormID      httpx.ID `json:"formID"`
	Values      Values   `json:"values"`
}

// BulkResult is the answer of bulkUpdateItems.
type BulkResult struct {
	Message string `json:"Message"`
	Updated int    `json:"updated"`
}

// BulkUpdateItems answers bulkUpdateItems, all or none: a missing item is not
// found, one not changeable refuses the call, a refused value names its field.
// The form's onSave rule runs in internal/forms, per item, not here.
func (s *Service) BulkUpdateItems(ctx context.Context, c Caller, in BulkUpdateInput) (*BulkResult, error) {
	return s.BulkUpdateItemsWith(ctx, c, in, nil)
}

// BulkUpdateItemsWith is BulkUpdateItems with hook (nil none) run for each
// item.
func (s *Service) BulkUpdateItemsWith(ctx context.Context, c Caller, in BulkUpdateInput, hook SaveHook) (*BulkResult, error) {
	if len(in.IDs) == 0 {
		return nil, httpx.Invalid("ids", "items.selectAtLeastOne")
	}
	if len(in.IDs) > MaxRowsPerPage {
		return nil, httpx.Invalid("ids", "items.tooManyIds", "max", MaxRowsPerPage)
	}
	if len(in.Values) == 0 {
		return nil, httpx.Invalid("values", "forms.nothingToChange")
	}
	t, err := s.loadType(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	f, err := s.loadForm(ctx, t, int64(in.FormID), "")
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	binds := t.bindings(f, lang)
	if errs := unwrittenFields(t, binds, in.Values); len(errs) > 0 {
		return nil, formError(lang, errs)
	}
	ids := slices.Clone(in.IDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	updated := 0
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		// In id order, so two bulk edits never wait on each other in a circle.
		for _, id := range ids {
			it, err := s.lockForChange(ctx, tx, c, t, id, nil, false)
			if err != nil {
				return err
			}
			values := in.Values
			if hook != nil && f.OnSave != "" {
				if values, err = hook(ctx, tx, c, t.view(f, binds), it, maps.Clone(in.Values)); err != nil {
					return err
				}
			}
			next, errs, err := s.apply(ctx, tx, c, t, binds, it, values, true)
			if err != nil {
				return err
			}
			if len(errs) > 0 {
				return formError(lang, errs)
			}
			if !changed(it, next) {
				continue
			}
			if _, err := writeItem(ctx, tx, c, t, next, "bulk"); err != nil {
				return err
			}
			updated++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &BulkResult{Message: i18n.T(i18n.Lang(lang), "forms.saved"), Updated: updated}, nil
}

// Change is what a save changes of an item. Only the fields set are written;
// every change makes a new version, so history and diffs come from data.
type Change struct {
	// Operation names the version in the history ("form", "action", "bulk",
	// "field"...).
	Operation string
	Title     *string
	// Attributes, when not nil, replace the item's attributes whole.
	Attributes map[string]any
	StatusID   *int64
	// SetResponsible writes ResponsibleID, nil included (no responsible).
	SetResponsible bool
	ResponsibleID  *int64
	SetParent      bool
	ParentID       *int64
	Reason         *string
	// KeepModified is for a change of what the item holds beside its
	// fields (its predecessors): the item keeps its modifier and modified_at,
	// so a form open on it still saves; the version row names by and now.
	KeepModified bool
}

// Mutated is an item as a change left it.
type Mutated struct {
	ID            int64
	Number        int64
	Version       int
	ResponsibleID *int64
	ModifiedAt    time.Time
}

// NewItems creates items of one type through its default form, each checked
// as saveItem checks a new one: how a module that creates many at once (the
// Excel import, internal/itemio) uses the core's write path.
type NewItems struct {
	s *Service
	c Caller
	t *formType
	f *formDef
}

// FormField is a field the type's default form writes.
type FormField struct {
	// Key is the item map key a value goes under; Field the attribute key or
	// the system field (Title, ResponsibleName, Parent).
	Key, Field string
	// Label is the control's label (else the field's name) in the language asked.
	Label string
	// Type is the attribute type the value is checked as.
	Type string
	// PicklistID is a PICKLIST attribute's picklist.
	PicklistID *int64
	// Required: the form refuses a new item without a value.
	Required bool
}

// ValueError is why a value of a new item is refused: the field, its label
// in the batch's language and the message's i18n key and arguments.
type ValueError struct {
	Field, Label string
	Key          string
	Args         []any
}

// NewItems opens item type componentID for c: not found unless c may read it.
func (s *Service) NewItems(ctx context.Context, c Caller, componentID int64) (*NewItems, error) {
	t, err := s.loadType(ctx, c, componentID)
	if err != nil {
		return nil, err
	}
	return &NewItems{s: s, c: c, t: t}, nil
}

// ComponentID is the type's id.
func (n *NewItems) ComponentID() int64 { return n.t.comp.ID }

// CheckProject answers not found unless c may read project id.
func (n *NewItems) CheckProject(ctx context.Context, id int64) error {
	ok, err := n.s.store.projectVisible(ctx, n.c, id)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.NotFound()
	}
	return nil
}

func (n *NewItems) form(ctx context.Context) (*formDef, error) {
	if n.f == nil {
		f, err := n.s.loadForm(ctx, n.t, 0, "")
		if err != nil {
			return nil, err
		}
		n.f = f
	}
	return n.f, nil
}

// Fields lists the fields the type's default form writes, in form order,
// labelled in lang.
func (n *NewItems) Fields(ctx context.Context, lang string) ([]FormField, error) {
	f, err := n.form(ctx)
	if err != nil {
		return nil, err
	}
	binds := n.t.bindings(f, lang)
	out := make([]FormField, len(binds))
	for i, b := range binds {
		out[i] = FormField{Key: b.Key, Field: b.Field, Label: b.Label, Type: b.Type, Required: b.Required}
		if b.Attr != nil {
			out[i].PicklistID = b.Attr.PicklistID
		}
	}
	return out, nil
}

// ItemBatch checks and creates new items of one type inside a transaction.
type ItemBatch struct {
	n        *NewItems
	tx       pgx.Tx
	checks   *memoTx
	binds    []*binding
	template *Item
}

// Begin starts a batch of new items in project (0: none) inside tx, under the
// right to create there; a project-scoped type needs a project (as saveItem).
// Labels and range bounds are in lang.
func (n *NewItems) Begin(ctx context.Context, tx pgx.Tx, project int64, lang string) (*ItemBatch, error) {
	f, err := n.form(ctx)
	if err != nil {
		return nil, err
	}
	template, err := n.s.startNew(ctx, tx, n.c, n.t, SaveItemInput{ProjectID: httpx.ID(project)}, Values{})
	if err != nil {
		return nil, err
	}
	return &ItemBatch{n: n, tx: tx, checks: &memoTx{Tx: tx, answers: map[string]bool{}}, binds: n.t.bindings(f, lang),
		template: template}, nil
}

// Check checks values (by FormField.Key) as a new item's, as saveItem
// would, writing nothing: the item to create, or why its values are refused.
func (b *ItemBatch) Check(ctx context.Context, values Values) (*Item, []ValueError, error) {
	it := *b.template
	it.Attributes = map[string]any{}
	next, ferrs, err := b.n.s.apply(ctx, b.checks, b.n.c, b.n.t, b.binds, &it, values, false)
	if err != nil {
		return nil, nil, err
	}
	if len(ferrs) == 0 {
		return next, nil, nil
	}
	out := make([]ValueError, len(ferrs))
	for i, fe := range ferrs {
		out[i] = ValueError{Field: fe.b.Key, Label: fe.b.Label, Key: fe.key, Args: fe.args}
	}
	return nil, out, nil
}

// Create writes items Check answered, with a version named op each, in the
// batch's transaction, and gives each its id. Their numbers are reserved in a transaction of their
// own, committed at once: a batch rolled back leaves a gap in the numbers.
func (b *ItemBatch) Create(ctx context.Context, op string, items []*Item) error {
	return insertItems(ctx, b.tx, b.n.s.store.db, b.n.c, b.n.t, items, op)
}
