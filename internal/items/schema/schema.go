// Package schema maps an item type's fields (the system fields of spec
// section 3 and its configurable attributes) to what the filter compiler and
// the lists need: a kind, a typed SQL expression over the item row "i", and
// a sort expression. Package validation and the item lists share it, so a
// query accepted at import is a query the list can run.
package schema

import (
	"context"
	"regexp"

	"github.com/jackc/pgx/v5"
	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/table"
)

// Types are the attribute types of spec section 3, plus DURATION.
var Types = []string{"STRING", "INTEGER", "BOOLEAN", "DECIMAL", "DATE_TIME", "RICH_TEXT", "PERCENTILE", "CURRENCY",
	"BINARY", "PROJECT", "USERS", "USERS_OR_GROUPS", "GROUPS", "RESOURCES", "GENERIC_ITEM_TYPE", "PICKLIST", "CALENDAR",
	"COMPANY", "ORGANIZATIONAL_STRUCTURE", "ITEM_TYPE_STATUS", "DURATION"}

// KeyPattern is what an attribute key (and every key of a package) must
// match; it is what lets a key appear as a SQL literal in an expression.
var KeyPattern = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]{0,62}$`)

// Field is a field of an item type.
type Field struct {
	Key  string
	Type string
	// System fields are columns of item; the others live in item.attributes.
	System bool
	filter.Field
	// Sort orders by what the user sees (a status's order, a user's name).
	Sort string
}

// System are the system field keys of spec section 3.
var System = []Field{
	// FormattedID is a number shown as an integer but filtered as text (spec
	// section 2, Data grids); it sorts as a number.
	{Key: "FormattedID", Type: "INTEGER", System: true, Field: filter.Field{Kind: filter.Text, Expr: "i.number::text"}, Sort: "i.number"},
	{Key: "Title", Type: "STRING", System: true, Field: filter.Field{Kind: filter.Text, Expr: "i.title", EmptyText: true}},
	{Key: "Parent", Type: "GENERIC_ITEM_TYPE", System: true, Field: filter.Field{Kind: filter.Ref, Expr: "i.parent_id"}},
	{Key: "CreationDate", Type: "DATE_TIME", System: true, Field: filter.Field{Kind: filter.Date, Expr: "i.created_at"}},
	{Key: "ProjectName", Type: "PROJECT", System: true, Field: filter.Field{Kind: filter.Ref, Expr: "i.project_id", Project: true},
		Sort: "(SELECT p.name FROM project p WHERE p.id = i.project_id)"},
	{Key: "ProjectManager", Type: "USERS", System: true, Field: filter.Field{Kind: filter.Ref, Me: true,
		Expr: "(SELECT p.manager_id FROM project p WHERE p.id = i.project_id)"},
		Sort: "(SELECT u.name FROM project p JOIN app_user u ON u.id = p.manager_id WHERE p.id = i.project_id)"},
	{Key: "CreatorName", Type: "USERS", System: true, Field: filter.Field{Kind: filter.Ref, Expr: "i.creator_id", Me: true},
		Sort: "(SELECT u.name FROM app_user u WHERE u.id = i.creator_id)"},
	{Key: "StatusName", Type: "ITEM_TYPE_STATUS", System: true, Field: filter.Field{Kind: filter.Ref, Expr: "i.status_id"},
		Sort: "(SELECT s.sort_order FROM item_status s WHERE s.id = i.status_id)"},
	{Key: "LastModify", Type: "DATE_TIME", System: true, Field: filter.Field{Kind: filter.Date, Expr: "i.modified_at"}},
	{Key: "ModifierName", Type: "USERS", System: true, Field: filter.Field{Kind: filter.Ref, Expr: "i.modifier_id", Me: true},
		Sort: "(SELECT u.name FROM app_user u WHERE u.id = i.modifier_id)"},
	{Key: "Version", Type: "INTEGER", System: true, Field: filter.Field{Kind: filter.Integer, Expr: "i.version"}},
	{Key: "ResponsibleName", Type: "USERS", System: true, Field: filter.Field{Kind: filter.Ref, Expr: "i.responsible_id", Me: true},
		Sort: "(SELECT u.name FROM app_user u WHERE u.id = i.responsible_id)"},
	{Key: "Reason", Type: "STRING", System: true, Field: filter.Field{Kind: filter.Text, Expr: "i.reason", EmptyText: true}},
}

// IsSystem reports whether key names a system field.
func IsSystem(key string) bool {
	for _, f := range System {
		if f.Key == key {
			return true
		}
	}
	return false
}

// KindOf is how values of an attribute type are compared.
func KindOf(typ string) filter.Kind {
	switch typ {
	case "STRING", "RICH_TEXT":
		return filter.Text
	case "INTEGER":
		return filter.Integer
	case "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		return filter.Number
	case "BOOLEAN":
		return filter.Bool
	case "DATE_TIME":
		return filter.Date
	case "PICKLIST":
		return filter.Choice
	case "BINARY":
		return filter.Opaque
	}
	return filter.Ref
}

// Typed returns the field of an attribute held in column a<id> of its
// type's typed table (docs/item-tables.md): the column itself, of the
// attribute's SQL type, so its index serves filters and sorts.
func Typed(id int64, key, typ string) Field {
	k := KindOf(typ)
	col := "i." + table.Column(id)
	f := Field{Key: key, Type: typ, Field: filter.Field{Key: key, Kind: k, Expr: col}}
	switch k {
	case filter.Text:
		f.EmptyText = true
		f.Sort = table.SortKey(col)
	case filter.Ref:
		f.Me = typ == "USERS" || typ == "RESOURCES" || typ == "USERS_OR_GROUPS"
		f.Project = typ == "PROJECT"
	}
	return f
}

// Attr is the part of an attribute definition the schema needs; ID names
// its typed table's column (a package's validation compiles without one).
type Attr struct {
	ID        int64
	Key, Type string
}

// Set is an item type's fields by key.
type Set map[string]Field

// Build returns the fields of a type with these attributes.
func Build(attrs []Attr) Set {
	s := Set{}
	for _, f := range System {
		f.Field.Key = f.Key
		s[f.Key] = f
	}
	for _, a := range attrs {
		s[a.Key] = Typed(a.ID, a.Key, a.Type)
	}
	return s
}

// Filter is the Schema the compiler resolves filter fields with.
func (s Set) Filter() filter.Fields {
	out := filter.Fields{}
	for k, f := range s {
		out[k] = f.Field
	}
	return out
}

// Order is the Schema sort fields resolve with: what the user sees.
func (s Set) Order() filter.Fields {
	out := filter.Fields{}
	for k, f := range s {
		ff := f.Field
		if f.Sort != "" {
			ff.Expr = f.Sort
		}
		out[k] = ff
	}
	return out
}

// CountValues counts the items of an item type that hold a value of
// attribute attributeID (deleted items included: their values are kept too).
// The item tables are the core's: a package import asks here, and a renamed
// attribute keeps its column, so its values stay where they are.
func CountValues(ctx context.Context, tx pgx.Tx, componentID, attributeID int64) (int64, error) {
	var n int64
	err := tx.QueryRow(ctx, `SELECT count(*) FROM `+table.Name(componentID)+` WHERE `+table.Column(attributeID)+` IS NOT NULL`).Scan(&n)
	return n, err
}
