package items

import (
	"context"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
)

// Column is a grid column (spec section 2, Data grids; widths of section 9).
type Column struct {
	Field string `json:"field"`
	// Header is in the caller's language; the grid shows it upper-cased.
	Header string `json:"header"`
	Type   string `json:"type"`
	Width  int    `json:"width"`
	// FilterKind picks the filter panel: text, number, integer, date,
	// boolean, list, status, user, project, reference, none.
	FilterKind         string `json:"filterKind"`
	DateTimeFormatType int    `json:"dateTimeFormatType"`
	DateTimeFormat     string `json:"dateTimeFormat,omitempty"`
	PicklistID         *int64 `json:"picklistId,omitempty"`
	EditInGrid         bool   `json:"editInGrid,omitempty"`
	// ComponentID is the type a GENERIC_ITEM_TYPE column's items are of
	// (what the grid's reference editor searches).
	ComponentID *int64 `json:"componentId,omitempty"`
	// DependsOn is the attribute holding a dependent picklist's parent
	// value (the grid's editor offers only that value's options).
	DependsOn string `json:"dependsOn,omitempty"`
	Hidden    bool   `json:"hidden,omitempty"`
	Sortable  bool   `json:"sortable"`
}

// ListControlData is the answer of getListControlData.
type ListControlData struct {
	ComponentID     int64      `json:"componentID"`
	ComponentName   string     `json:"componentName"`
	ProjectID       int64      `json:"projectID"`
	Columns         []Column   `json:"columns"`
	Views           []ViewDef  `json:"views"`
	Queries         []QueryDef `json:"queries"`
	SelectedViewID  int64      `json:"viewId"`
	SelectedQueryID int64      `json:"queryId"`
	Compact         bool       `json:"compact"`
	// CanDelete: the caller may delete items of the type (in the project).
	CanDelete bool `json:"canDelete"`
}

// width is the default width of a column in px (spec section 9).
func width(field, typ string, dtft int, compact bool) int {
	if compact {
		switch {
		case field == "StatusName", typ == "PICKLIST", typ == "USERS", typ == "ITEM_TYPE_STATUS":
			return 250
		case typ == "STRING", typ == "RICH_TEXT":
			return 300
		}
		return 200
	}
	switch {
	case field == "FormattedID":
		return 100
	case field == "StatusName", typ == "ITEM_TYPE_STATUS":
		return 250
	}
	switch typ {
	case "STRING", "GENERIC_ITEM_TYPE", "COMPANY", "USERS":
		return 250
	case "INTEGER", "BOOLEAN", "CURRENCY":
		return 150
	case "PICKLIST":
		return 200
	case "DATE_TIME":
		if dtft == 1 || dtft == 2 {
			return 150
		}
		return 200
	}
	return 200
}

func filterKind(f schema.Field, listy bool) string {
	switch f.Kind {
	case filter.Text:
		return "text"
	case filter.Integer:
		return "integer"
	case filter.Number:
		return "number"
	case filter.Date:
		return "date"
	case filter.Bool:
		return "boolean"
	case filter.Choice:
		if listy {
			return "list"
		}
		return "list"
	case filter.Opaque:
		return "none"
	}
	switch f.Type {
	case "ITEM_TYPE_STATUS":
		return "status"
	case "USERS", "RESOURCES", "USERS_OR_GROUPS":
		return "user"
	case "PROJECT":
		return "project"
	}
	return "reference"
}

// columns builds the grid columns of view v (or every field when v has none).
func columns(comp *Component, v *ViewDef, lang i18n.Lang) []Column {
	fields := comp.Fields()
	attrs := map[string]Attribute{}
	for _, a := range comp.Attributes {
		attrs[a.Key] = a
	}
	var want []ViewColumn
	if v != nil {
		want = v.Columns
	}
	if len(want) == 0 {
		for _, f := range schema.System {
			want = append(want, ViewColumn{Field: f.Key})
		}
		for _, a := range comp.Attributes {
			want = append(want, ViewColumn{Field: a.Key})
		}
	}
	compact := v != nil && v.Compact
	var out []Column
	if compact {
		out = append(out,
			Column{Field: "HasAttachment", Header: i18n.T(lang, "items.field.HasAttachment"), Type: "BOOLEAN", Width: 90, FilterKind: "none"},
			Column{Field: "HasDigitalContent", Header: i18n.T(lang, "items.field.HasDigitalContent"), Type: "BOOLEAN", Width: 120, FilterKind: "none"})
	}
	for _, vc := range want {
		f, ok := fields[vc.Field]
		if !ok {
			continue // a column of a retired attribute: its data is kept, not shown
		}
		col := Column{Field: vc.Field, Type: f.Type, FilterKind: filterKind(f, false), Sortable: f.Kind != filter.Opaque}
		if f.System {
			col.Header = i18n.T(lang, "items.field."+f.Key)
		} else {
			a := attrs[vc.Field]
			col.Header, col.DateTimeFormatType, col.DateTimeFormat = a.Name, a.DateTimeFormatType, a.DateTimeFormat
			col.PicklistID, col.EditInGrid = a.PicklistID, a.EditInGrid
			if a.Type == "GENERIC_ITEM_TYPE" {
				col.ComponentID = a.TargetComponentID
			}
			col.DependsOn = parentAttribute(comp.Attributes, a.ParentPicklistID)
			if a.ColumnWidth != nil {
				col.Width = *a.ColumnWidth
			}
		}
		if col.Width == 0 {
			col.Width = width(f.Key, f.Type, col.DateTimeFormatType, compact)
		}
		if vc.Width > 0 {
			col.Width = vc.Width
		}
		out = append(out, col)
		if vc.Field == "StatusName" {
			// Status cells are chips coloured by StatusColor; its own column stays hidden.
			out = append(out, Column{Field: "StatusColor", Header: i18n.T(lang, "items.field.StatusColor"), Type: "STRING",
				Width: 100, FilterKind: "none", Hidden: true})
		}
	}
	return out
}

// ListControlData answers getListControlData: the columns, views and queries
// of a type's list, with the caller's last (or the default) query and view.
func (s *Service) ListControlData(ctx context.Context, c Caller, componentID, projectID, viewID int64) (ListControlData, error) {
	lang := i18n.From(ctx)
	comp, err := s.store.component(ctx, c, componentID, string(lang))
	if err != nil {
		return ListControlData{}, err
	}
	if projectID != 0 {
		if ok, err := s.store.projectVisible(ctx, c, projectID); err != nil {
			return ListControlData{}, err
		} else if !ok {
			return ListControlData{}, httpx.NotFound()
		}
	}
	views, err := s.store.views(ctx, comp.ID, string(lang))
	if err != nil {
		return ListControlData{}, err
	}
	queries, err := s.store.queries(ctx, comp.ID, string(lang))
	if err != nil {
		return ListControlData{}, err
	}
	prefQuery, prefView, err := s.store.preference(ctx, c.UserID, comp.ID)
	if err != nil {
		return ListControlData{}, err
	}
	if viewID == 0 {
		viewID = prefView
	}
	out := ListControlData{ComponentID: comp.ID, ComponentName: comp.Name, ProjectID: projectID, Views: views, Queries: queries}
	var chosen *ViewDef
	for i := range views {
		if views[i].ID == viewID || (chosen == nil && views[i].Default) {
			chosen = &views[i]
		}
	}
	for _, q := range queries {
		if q.ID == prefQuery || (out.SelectedQueryID == 0 && q.Default) {
			out.SelectedQueryID = q.ID
		}
	}
	if chosen != nil {
		out.SelectedViewID, out.Compact = chosen.ID, chosen.Compact
	}
	out.Columns = columns(comp, chosen, lang)
	if out.CanDelete, err = mayDelete(ctx, s.store.db, c, comp.ID, projectID, 0); err != nil {
		return ListControlData{}, err
	}
	if out.Views == nil {
		out.Views = []ViewDef{}
	}
	if out.Queries == nil {
		out.Queries = []QueryDef{}
	}
	return out, nil
}

// parentAttribute is the key of the first attribute holding picklist parent
// (the form's dependsOn reads the same), "" when none does.
func parentAttribute(attrs []Attribute, parent *int64) string {
	if parent == nil {
		return ""
	}
	for _, a := range attrs {
		if a.PicklistID != nil && *a.PicklistID == *parent {
			return a.Key
		}
	}
	return ""
}
