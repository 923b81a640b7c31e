package items

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// formAttr is an attribute as forms, saving and history need it.
type formAttr struct {
	ID                 int64
	Key                string
	Name               string
	Type               string
	Required           bool
	PicklistID         *int64
	ParentPicklistID   *int64
	TargetComponentID  *int64
	DateTimeFormatType int
	DateTimeFormat     string
	EditInGrid         bool
}

// formType is a readable item type with its attributes.
type formType struct {
	comp  *Component
	attrs []formAttr
	byKey map[string]*formAttr
}

// loadType loads a type the caller may read (404 otherwise).
func (s *Service) loadType(ctx context.Context, c Caller, id int64) (*formType, error) {
	lang := i18n.LangOf(ctx)
	comp, err := s.store.component(ctx, c, id, lang)
	if err != nil {
		return nil, err
	}
	attrs, err := s.store.formAttrs(ctx, id, lang)
	if err != nil {
		return nil, err
	}
	t := &formType{comp: comp, attrs: attrs, byKey: map[string]*formAttr{}}
	for i := range t.attrs {
		a := &t.attrs[i]
		// A status attribute without a target type holds a status of its own
		// type: its picker (loadItemTypeStatuses) and its checks read them.
		if a.Type == "ITEM_TYPE_STATUS" && a.TargetComponentID == nil {
			a.TargetComponentID = &comp.ID
		}
		t.byKey[a.Key] = a
	}
	return t, nil
}

// formDef is a stored form.
type formDef struct {
	ID   int64
	Key  string
	Name string
	Tree *apppkg.Control
	// OnSave is the key of the rule saveItem runs ('' none).
	OnSave string
}

// loadForm finds a form of the type by id, else by key or name, else the
// type's first form. A type without forms gets an empty panel.
func (s *Service) loadForm(ctx context.Context, t *formType, id int64, name string) (*formDef, error) {
	f, found, err := s.store.form(ctx, t.comp.ID, id, name, i18n.LangOf(ctx))
	if err != nil {
		return nil, err
	}
	if !found {
		if id != 0 || name != "" {
			return nil, httpx.Fail(http.StatusNotFound, "forms.formNotFound")
		}
		return &formDef{Key: "", Name: t.comp.Name, Tree: &apppkg.Control{Kind: "panel"}}, nil
	}
	if f.Tree == nil || f.Tree.Kind == "" {
		f.Tree = &apppkg.Control{Kind: "panel"}
	}
	return &f, nil
}

// FormView is a form as the modules beside the core see it: its type,
// controls, onSave rule, and the keys of the fields it writes that the user
// may change (internal/forms runs the form's rules over them).
type FormView struct {
	Component *Component
	FormID    int64
	Tree      *apppkg.Control
	// OnSave is the key of the rule a save runs ('' none).
	OnSave string
	// Writable are the keys of the fields the form writes, read-only ones left out.
	Writable map[string]bool
}

// view is form f of the type as FormView shows it, over its bindings.
func (t *formType) view(f *formDef, binds []*binding) *FormView {
	v := &FormView{Component: t.comp, FormID: f.ID, Tree: f.Tree, OnSave: f.OnSave, Writable: map[string]bool{}}
	for _, b := range binds {
		if !b.Control.ReadOnly {
			v.Writable[b.Key] = true
		}
	}
	return v
}

// ReadForm is form formID (0 the first) of a type the caller may read, as
// getForm finds it: not found when the type or the form is not there.
func (s *Service) ReadForm(ctx context.Context, c Caller, componentID, formID int64) (*FormView, error) {
	t, err := s.loadType(ctx, c, componentID)
	if err != nil {
		return nil, err
	}
	f, err := s.loadForm(ctx, t, formID, "")
	if err != nil {
		return nil, err
	}
	return t.view(f, t.bindings(f, i18n.LangOf(ctx))), nil
}

// systemItemKey is the key of the item map a bindable system field is read
// from and written to.
var systemItemKey = map[string]string{"Title": "Title", "ResponsibleName": "ResponsibleID", "Parent": "Parent"}

// systemType is the attribute type a bindable system field validates as.
var systemType = map[string]string{"Title": "STRING", "ResponsibleName": "USERS", "Parent": "GENERIC_ITEM_TYPE"}

// binding is a field a form writes.
type binding struct {
	// Field is the attribute key or the system field; Key the item map key.
	Field, Key string
	Label      string
	Type       string
	Control    *apppkg.Control
	Attr       *formAttr
	Required   bool
	// lang is the caller's, for the bounds in range messages.
	lang string
	// Conditions are the showWhen tests of the control and its containers:
	// a hidden field is neither required nor checked for emptiness.
	Conditions []*apppkg.ShowWhen
}

// bindings lists the fields form f writes, in form order. Controls bound to
// a field the type no longer has are skipped.
func (t *formType) bindings(f *formDef, lang string) []*binding {
	var out []*binding
	var walk func(n *apppkg.Control, conds []*apppkg.ShowWhen)
	walk = func(n *apppkg.Control, conds []*apppkg.ShowWhen) {
		if n.ShowWhen != nil {
			conds = append(conds[:len(conds):len(conds)], n.ShowWhen)
		}
		rule := apppkg.Kinds[n.Kind]
		if rule.Writes && !n.ReadOnly && n.Field != "" {
			if b := t.bind(n, n.Field, lang); b != nil {
				b.Required = b.Required || n.Required
				b.Conditions = conds
				out = append(out, b)
			}
			for _, role := range apppkg.AddressParts {
				if key, ok := n.Parts[role]; ok {
					if b := t.bind(n, key, lang); b != nil && b.Type == "STRING" {
						b.Conditions = conds
						out = append(out, b)
					}
				}
			}
		}
		for i := range n.Children {
			walk(&n.Children[i], conds)
		}
	}
	walk(f.Tree, nil)
	return out
}

func (t *formType) bind(n *apppkg.Control, field, lang string) *binding {
	if key, ok := systemItemKey[field]; ok {
		label := n.Label.In(lang)
		if label == "" {
			label = systemLabel(lang, field)
		}
		return &binding{Field: field, Key: key, Label: label, Type: systemType[field], Control: n, Required: n.Required, lang: lang}
	}
	a := t.byKey[field]
	if a == nil {
		return nil
	}
	label := a.Name
	if l := n.Label.In(lang); l != "" && n.Field == field {
		label = l
	}
	return &binding{Field: field, Key: field, Label: label, Type: a.Type, Control: n, Attr: a, Required: a.Required, lang: lang}
}

// FormControl is a control as getForm answers it: the package's control
// with its label in the caller's language, the attribute's type and the
// defaults the web renderer applies (spec section 3 and 9).
type FormControl struct {
	Kind               string            `json:"kind"`
	Key                string            `json:"key,omitempty"`
	Field              string            `json:"field,omitempty"`
	ItemType           string            `json:"itemType,omitempty"`
	Label              string            `json:"label,omitempty"`
	AttributeType      string            `json:"attributeType,omitempty"`
	Required           bool              `json:"required"`
	ReadOnly           bool              `json:"readOnly"`
	Hidden             bool              `json:"hidden"`
	Minimum            *float64          `json:"minimum,omitempty"`
	Maximum            *float64          `json:"maximum,omitempty"`
	DecimalScale       *int              `json:"decimalScale,omitempty"`
	Prefix             string            `json:"prefix,omitempty"`
	Suffix             string            `json:"suffix,omitempty"`
	Currency           bool              `json:"currency,omitempty"`
	DecimalSeparator   string            `json:"decimalSeparator,omitempty"`
	ThousandSeparator  string            `json:"thousandSeparator,omitempty"`
	Mask               string            `json:"mask,omitempty"`
	MaxLength          int               `json:"maxLength,omitempty"`
	Format             string            `json:"format,omitempty"`
	DateTimeFormatType *int              `json:"dateTimeFormatType,omitempty"`
	PicklistID         *int64            `json:"picklistId,omitempty"`
	DependsOn          string            `json:"dependsOn,omitempty"`
	ComponentID        *int64            `json:"componentId,omitempty"`
	Parts              map[string]string `json:"parts,omitempty"`
	Rule               string            `json:"rule,omitempty"`
	// OnChange is the rule the form runs (executeFormBusinessRule with the
	// field) when the control's value changes.
	OnChange string `json:"onChange,omitempty"`
	// Window is the parameter form a button opens before it runs its rule
	// with executeWindowCallResultFunction.
	Window   []WindowField    `json:"window,omitempty"`
	Text     string           `json:"text,omitempty"`
	ShowWhen *apppkg.ShowWhen `json:"showWhen,omitempty"`
	Width    int              `json:"width,omitempty"`
	Children []FormControl    `json:"children,omitempty"`
}

// Numeric defaults of spec section 5 and 9.
const (
	DefaultMinimum = -1e22
	DefaultMaximum = 1e21
)

// Form is the answer of getForm.
type Form struct {
	ID            int64       `json:"id"`
	Key           string      `json:"key"`
	Name          string      `json:"name"`
	ComponentID   int64       `json:"componentID"`
	ComponentName string      `json:"componentName"`
	Controls      FormControl `json:"controls"`
}

// GetFormInput is the body of getForm. Mode is a form mode of spec
// section 3: standard 1 (also 0), bulk 3, filter 4, field list 5, filter
// field list 6.
type GetFormInput struct {
	ComponentID int64  `json:"componentID"`
	FormID      int64  `json:"formID"`
	FormName    string `json:"formName"`
	Mode        int    `json:"mode"`
}

// Form modes (spec section 3).
const (
	ModeStandard        = 1
	ModeBulk            = 3
	ModeFilter          = 4
	ModeFieldList       = 5
	ModeFilterFieldList = 6
)

// GetForm answers getForm: the form's controls ready to render.
func (s *Service) GetForm(ctx context.Context, c Caller, in GetFormInput) (*Form, error) {
	t, err := s.loadType(ctx, c, in.ComponentID)
	if err != nil {
		return nil, err
	}
	f, err := s.loadForm(ctx, t, in.FormID, in.FormName)
	if err != nil {
		return nil, err
	}
	ids, err := s.store.relatedTypes(ctx, t.comp.ApplicationID)
	if err != nil {
		return nil, err
	}
	out := t.render(f, i18n.LangOf(ctx), ids)
	if err := s.windowOptions(ctx, t, &out.Controls); err != nil {
		return nil, err
	}
	switch in.Mode {
	case 0, ModeStandard:
	case ModeBulk:
		// A bulk edit writes only the fields given: nothing is required.
		relax(&out.Controls, false)
	case ModeFilter:
		relax(&out.Controls, true)
		out.Controls = fieldsOnly(out.Controls, false)
	case ModeFieldList, ModeFilterFieldList:
		if in.Mode == ModeFilterFieldList {
			relax(&out.Controls, true)
		}
		out.Controls = fieldsOnly(out.Controls, true)
	default:
		return nil, httpx.Invalid("mode", "forms.modeInvalid")
	}
	return out, nil
}

// relax clears required (and, for filters, read-only) on every control.
func relax(c *FormControl, filter bool) {
	c.Required = false
	if filter {
		c.ReadOnly = false
	}
	for i := range c.Children {
		relax(&c.Children[i], filter)
	}
}

// fieldsOnly keeps the controls bound to a field; flat puts them in one
// panel, in form order, without tabs, group boxes and panels.
func fieldsOnly(c FormControl, flat bool) FormControl {
	if flat {
		root := FormControl{Kind: "panel"}
		var walk func(n FormControl)
		walk = func(n FormControl) {
			if n.Field != "" {
				n.Children = nil
				root.Children = append(root.Children, n)
			}
			for _, ch := range n.Children {
				walk(ch)
			}
		}
		walk(c)
		return root
	}
	var kept []FormControl
	for _, ch := range c.Children {
		if ch.Field != "" || apppkg.Kinds[ch.Kind].Container {
			kept = append(kept, fieldsOnly(ch, false))
		}
	}
	c.Children = kept
	return c
}

func (t *formType) render(f *formDef, lang string, types map[string]int64) *Form {
	root, _ := t.control(f.Tree, lang, types)
	return &Form{ID: f.ID, Key: f.Key, Name: f.Name, ComponentID: t.comp.ID, ComponentName: t.comp.Name, Controls: root}
}

// control renders one node; ok is false for a control bound to a field the
// type no longer has (it is left out).
func (t *formType) control(n *apppkg.Control, lang string, types map[string]int64) (FormControl, bool) {
	out := FormControl{Kind: n.Kind, Key: n.Key, Field: n.Field, ItemType: n.ItemType, Label: n.Label.In(lang),
		Required: n.Required, ReadOnly: n.ReadOnly, Hidden: n.Hidden, Minimum: n.Minimum, Maximum: n.Maximum,
		DecimalScale: n.DecimalScale, Prefix: n.Prefix, Suffix: n.Suffix, Currency: n.Currency,
		DecimalSeparator: n.DecimalSeparator, ThousandSeparator: n.ThousandSeparator, Mask: n.Mask, MaxLength: n.MaxLength,
		Format: n.Format, Parts: n.Parts, Rule: n.Rule, OnChange: n.OnChange, Window: windowFields(n.Window, lang), Text: n.Text.In(lang), ShowWhen: n.ShowWhen, Width: n.Width}
	rule := apppkg.Kinds[n.Kind]
	if n.Kind == "html" {
		// A package's HTML is an administrator's, but goes through the same
		// allow-list as what users type.
		out.Text = sanitizeHTML(out.Text)
	}
	if n.Component != "" {
		if id, ok := types[n.Component]; ok {
			out.ComponentID = &id
		}
	}
	if n.Field != "" {
		typ, dtf := "", 0
		if st, ok := systemType[n.Field]; ok {
			typ = st
			if out.Label == "" {
				out.Label = systemLabel(lang, n.Field)
			}
		} else if a := t.byKey[n.Field]; a != nil {
			typ, dtf = a.Type, a.DateTimeFormatType
			if out.Label == "" {
				out.Label = a.Name
			}
			out.Required = out.Required || (a.Required && rule.Writes && !n.ReadOnly)
			out.PicklistID, out.DateTimeFormatType = a.PicklistID, &a.DateTimeFormatType
			if a.TargetComponentID != nil {
				out.ComponentID = a.TargetComponentID
			}
			if a.ParentPicklistID != nil {
				for _, p := range t.attrs {
					if p.PicklistID != nil && *p.PicklistID == *a.ParentPicklistID {
						out.DependsOn = p.Key
						break
					}
				}
			}
			if n.Kind == "date chooser" && out.Format == "" {
				out.Format = dateFormat(a.DateTimeFormatType, a.DateTimeFormat)
			}
		} else if _, system := systemFieldLabels[n.Field]; system && !rule.Writes {
			if out.Label == "" {
				out.Label = systemLabel(lang, n.Field)
			}
		} else {
			return out, false
		}
		out.AttributeType = typ
		if out.ItemType == "" {
			out.ItemType = apppkg.DefaultItemType(n.Kind, typ, dtf)
		}
		numericDefaults(&out, typ)
	} else if out.ItemType == "" {
		out.ItemType = apppkg.DefaultItemType(n.Kind, "", 0)
	}
	if out.ItemType == "Phone" && out.Mask == "" {
		out.Mask = apppkg.DefaultPhoneMask
	}
	for i := range n.Children {
		if ch, ok := t.control(&n.Children[i], lang, types); ok {
			out.Children = append(out.Children, ch)
		}
	}
	return out, true
}

// numericDefaults fills what spec sections 5 and 9 fix for numeric pickers:
// bounds -1e22 and 1e21, 0 decimals for integers and 2 for the others, R$
// with comma decimals and dot thousands for money, % and hrs suffixes.
func numericDefaults(out *FormControl, typ string) {
	if out.Kind != "numeric picker" && out.Kind != "indicator" {
		return
	}
	if out.Minimum == nil {
		v := DefaultMinimum
		out.Minimum = &v
	}
	if out.Maximum == nil {
		v := DefaultMaximum
		out.Maximum = &v
	}
	if out.DecimalScale == nil {
		d := 2
		if typ == "INTEGER" {
			d = 0
		}
		out.DecimalScale = &d
	}
	if typ == "CURRENCY" {
		out.Currency = true
	}
	if out.Currency && out.Prefix == "" {
		out.Prefix = "R$ "
	}
	if out.DecimalSeparator == "" {
		out.DecimalSeparator = ","
	}
	if out.ThousandSeparator == "" {
		out.ThousandSeparator = "."
	}
	if out.Suffix == "" {
		switch typ {
		case "PERCENTILE":
			out.Suffix = "%"
		case "DURATION":
			out.Suffix = " hrs"
		}
	}
}

// dateFormat is the display format of a date attribute (spec section 9).
func dateFormat(typ int, custom string) string {
	switch typ {
	case 1:
		return "DD/MM/YYYY"
	case 2:
		return "HH:mm"
	case 3:
		if custom != "" {
			return strings.NewReplacer("d", "D", "y", "Y").Replace(custom)
		}
	}
	return "DD/MM/YYYY HH:mm"
}

// systemFieldLabels are the system fields a form may show.
var systemFieldLabels = map[string]bool{"FormattedID": true, "Parent": true, "Title": true, "CreationDate": true,
	"ProjectName": true, "ProjectManager": true, "CreatorName": true, "StatusName": true, "LastModify": true,
	"ModifierName": true, "Version": true, "ResponsibleName": true, "Reason": true}

// ticks is a time as .NET ticks (100 ns since 0001-01-01 UTC), the
// modificationDateTicks of the web app.
func ticks(t time.Time) int64 { return t.UTC().UnixMicro()*10 + 621355968000000000 }

// sameStamp compares ticks as a JavaScript number holds them (past 2^53, the
// nearest double); saves move modified_at by at least 1 ms (10,000 ticks), so
// two versions never round to the same double.
func sameStamp(got int64, stored time.Time) bool { return float64(got) == float64(ticks(stored)) }

// WindowField is a field of the window a button opens (its rule reads the
// value as params[key]).
type WindowField struct {
	Key      string         `json:"key"`
	Name     string         `json:"name"`
	Type     string         `json:"type"`
	Required bool           `json:"required"`
	Picklist string         `json:"-"`
	Options  []WindowOption `json:"options,omitempty"`
}

// WindowOption is a choice of a PICKLIST window field.
type WindowOption struct {
	Value string `json:"value"`
	Text  string `json:"text"`
	Color string `json:"color,omitempty"`
}

func windowFields(ps []apppkg.Parameter, lang string) []WindowField {
	var out []WindowField
	for _, p := range ps {
		out = append(out, WindowField{Key: p.Key, Name: p.Name.In(lang), Type: p.Type, Required: p.Required, Picklist: p.Picklist})
	}
	return out
}

// windowOptions fills the choices of the PICKLIST fields of the windows
// under c.
func (s *Service) windowOptions(ctx context.Context, t *formType, c *FormControl) error {
	for i := range c.Window {
		f := &c.Window[i]
		if f.Type != "PICKLIST" {
			continue
		}
		opts, err := s.PicklistChoices(ctx, t.comp.ApplicationID, f.Picklist)
		if err != nil {
			return err
		}
		f.Options = opts
	}
	for i := range c.Children {
		if err := s.windowOptions(ctx, t, &c.Children[i]); err != nil {
			return err
		}
	}
	return nil
}

// PicklistChoices are the choices of the application's picklist key, in
// the caller's language: a window field's options, and what its value must
// be one of (internal/forms checks a window's values against them).
func (s *Service) PicklistChoices(ctx context.Context, applicationID int64, key string) ([]WindowOption, error) {
	return s.store.picklistChoices(ctx, applicationID, key, i18n.LangOf(ctx))
}
