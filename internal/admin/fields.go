package admin

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/httpx"
)

// FieldOption is an item of a PICKLIST field.
type FieldOption struct {
	Value string `json:"value"`
	Text  string `json:"text"`
}

// FieldDefinition is an additional field an administrator added to an
// entity (user, company, resource, project).
type FieldDefinition struct {
	ID       int64         `json:"id"`
	Entity   string        `json:"entity"`
	Name     string        `json:"name"`
	Type     string        `json:"type"`
	Required bool          `json:"required"`
	Options  []FieldOption `json:"options"`
	Position int           `json:"position"`
}

// fieldEntities are the entities that take additional fields, with the
// table that keeps their values.
var fieldEntities = map[string]string{"user": "app_user", "company": "company", "resource": "resource", "project": ""}

// fieldTypes are the spec's attribute types an additional field may have.
// BINARY is left out: files belong to documents, not to a form field.
var fieldTypes = []string{"STRING", "INTEGER", "BOOLEAN", "DECIMAL", "DATE_TIME", "RICH_TEXT", "PERCENTILE", "CURRENCY",
	"PROJECT", "USERS", "USERS_OR_GROUPS", "GROUPS", "RESOURCES", "GENERIC_ITEM_TYPE", "PICKLIST", "CALENDAR", "COMPANY",
	"ORGANIZATIONAL_STRUCTURE", "ITEM_TYPE_STATUS"}

// Limits of additional field values.
const (
	maxStringValue   = 4000
	maxRichTextValue = 100000
)

func fieldDefinitions(ctx context.Context, db querier, entity string) ([]FieldDefinition, error) {
	rows, err := db.Query(ctx, `
		SELECT id, entity, name, type, required, options, position FROM additional_field
		WHERE entity = $1 ORDER BY position, id`, entity)
	if err != nil {
		return nil, fmt.Errorf("additional fields: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[FieldDefinition])
	if err != nil {
		return nil, fmt.Errorf("additional fields: %w", err)
	}
	return out, nil
}

// referenceTables are the tables whose ids reference-typed values name;
// the other reference types belong to modules still to come and are
// checked as whole numbers only.
var referenceTables = map[string]string{"USERS": "app_user", "GROUPS": "user_group", "COMPANY": "company", "RESOURCES": "resource",
	"ORGANIZATIONAL_STRUCTURE": "org_unit"}

// checkReferences refuses values that name a record that does not exist.
func checkReferences(ctx context.Context, db querier, fields []FieldDefinition, values map[string]any) error {
	var v httpx.Validation
	for _, f := range fields {
		table, ok := referenceTables[f.Type]
		key := strconv.FormatInt(f.ID, 10)
		val, present := values[key]
		if !ok || !present {
			continue
		}
		var exists bool
		// table comes from the allow-list above, never from input.
		if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+table+` WHERE id = $1)`, int64(val.(float64))).Scan(&exists); err != nil {
			return fmt.Errorf("check %s: %w", table, err)
		}
		if !exists {
			v.Add("additionalFields."+key, "admin.unknownReference")
		}
	}
	return v.Err()
}

// validateAdditional checks values against entity's fields, references
// included, and returns them cleaned.
func validateAdditional(ctx context.Context, db querier, entity string, values map[string]any) (map[string]any, error) {
	fields, err := fieldDefinitions(ctx, db, entity)
	if err != nil {
		return nil, err
	}
	clean, err := checkAdditional(fields, values)
	if err != nil {
		return nil, err
	}
	return clean, checkReferences(ctx, db, fields, clean)
}

// checkAdditional validates values (by field id) against the entity's
// fields and returns them cleaned: unknown fields are refused, empty values
// dropped.
func checkAdditional(fields []FieldDefinition, values map[string]any) (map[string]any, error) {
	var v httpx.Validation
	out := map[string]any{}
	known := map[string]FieldDefinition{}
	for _, f := range fields {
		known[strconv.FormatInt(f.ID, 10)] = f
	}
	for key := range values {
		if _, ok := known[key]; !ok {
			v.Add("additionalFields."+key, "admin.unknownField")
		}
	}
	for key, f := range known {
		val, present := values[key]
		if !present || val == nil || val == "" {
			if f.Required {
				v.Add("additionalFields."+key, "error.required")
			}
			continue
		}
		if msg := checkValue(f, val); msg != "" {
			v.Add("additionalFields."+key, msg)
			continue
		}
		out[key] = val
	}
	return out, v.Err()
}

// checkValue answers the message key of what is wrong with val, "" if nothing.
func checkValue(f FieldDefinition, val any) string {
	switch f.Type {
	case "STRING", "RICH_TEXT":
		s, ok := val.(string)
		limit := maxStringValue
		if f.Type == "RICH_TEXT" {
			limit = maxRichTextValue
		}
		if !ok || utf8.RuneCountInString(s) > limit {
			return "admin.invalidValue"
		}
	case "BOOLEAN":
		if _, ok := val.(bool); !ok {
			return "admin.invalidValue"
		}
	case "DECIMAL", "PERCENTILE", "CURRENCY":
		if n, ok := val.(float64); !ok || math.IsInf(n, 0) || math.IsNaN(n) || n < -1e22 || n > 1e21 {
			return "admin.invalidValue"
		}
	case "DATE_TIME":
		s, ok := val.(string)
		if !ok {
			return "admin.invalidValue"
		}
		if _, err := time.Parse(time.RFC3339, s); err != nil {
			if _, err := time.Parse(time.DateOnly, s); err != nil {
				return "admin.invalidValue"
			}
		}
	case "PICKLIST":
		s, ok := val.(string)
		if !ok || !slices.ContainsFunc(f.Options, func(o FieldOption) bool { return o.Value == s }) {
			return "admin.invalidValue"
		}
	default: // INTEGER and the references to other records are whole numbers
		if n, ok := val.(float64); !ok || n != math.Trunc(n) || math.Abs(n) > 1<<53 {
			return "admin.invalidValue"
		}
	}
	return ""
}

// AdditionalFields lists the fields of entity.
func (s *Service) AdditionalFields(ctx context.Context, a Actor, entity string) ([]FieldDefinition, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	if _, ok := fieldEntities[entity]; !ok {
		return nil, httpx.Invalid("entity", "admin.invalidOption")
	}
	return fieldDefinitions(ctx, s.db, entity)
}

// SaveAdditionalField creates (id 0) or updates a field. Its entity and type
// stay what they were: values already kept would stop matching.
func (s *Service) SaveAdditionalField(ctx context.Context, a Actor, in FieldDefinition) (FieldDefinition, error) {
	if err := allow(a); err != nil {
		return FieldDefinition{}, err
	}
	in.Name = strings.TrimSpace(in.Name)
	if in.Options == nil {
		in.Options = []FieldOption{}
	}
	var v httpx.Validation
	if _, ok := fieldEntities[in.Entity]; !ok {
		v.Add("entity", "admin.invalidOption")
	}
	switch {
	case in.Name == "":
		v.Add("name", "error.required")
	case utf8.RuneCountInString(in.Name) > maxNameLength:
		v.Add("name", "admin.tooLong", "max", maxNameLength)
	}
	if !slices.Contains(fieldTypes, in.Type) {
		v.Add("type", "admin.invalidOption")
	}
	if in.Position < 0 || in.Position > math.MaxInt32 {
		// position is an integer column: out of it PostgreSQL refuses the row (a 500).
		v.Add("position", "admin.invalidPosition", "max", math.MaxInt32)
	}
	if in.Type == "PICKLIST" && len(in.Options) == 0 {
		v.Add("options", "error.required")
	}
	if err := v.Err(); err != nil {
		return FieldDefinition{}, err
	}
	var saved FieldDefinition
	err := s.tx(ctx, func(tx pgx.Tx) error {
		var before *FieldDefinition
		if in.ID != 0 {
			rows, err := tx.Query(ctx, `SELECT id, entity, name, type, required, options, position FROM additional_field WHERE id = $1 FOR UPDATE`, in.ID)
			if err != nil {
				return fmt.Errorf("load field: %w", err)
			}
			b, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByPos[FieldDefinition])
			if errors.Is(err, pgx.ErrNoRows) {
				return httpx.NotFound()
			}
			if err != nil {
				return fmt.Errorf("load field: %w", err)
			}
			if b.Entity != in.Entity || b.Type != in.Type {
				return httpx.Invalid("type", "admin.fieldTypeFixed")
			}
			before = &b
		}
		err := tx.QueryRow(ctx, `
			INSERT INTO additional_field (entity, name, type, required, options, position)
			SELECT $2, $3, $4, $5, $6, $7 WHERE $1::bigint = 0
			RETURNING id`, in.ID, in.Entity, in.Name, in.Type, in.Required, in.Options, in.Position).Scan(&in.ID)
		if errors.Is(err, pgx.ErrNoRows) {
			_, err = tx.Exec(ctx, `UPDATE additional_field SET name = $2, required = $3, options = $4, position = $5 WHERE id = $1`,
				in.ID, in.Name, in.Required, in.Options, in.Position)
		}
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.ConstraintName == "additional_field_name_unique" {
			return httpx.Invalid("name", "admin.nameTaken")
		}
		if err != nil {
			return fmt.Errorf("save field: %w", err)
		}
		saved = in
		kind := "admin.additionalField.created"
		var b any
		if before != nil {
			kind, b = "admin.additionalField.updated", before
		}
		return s.record(ctx, tx, a, kind, "additionalField", in.ID, b, saved)
	})
	return saved, err
}

// DeleteAdditionalField removes a field; its values go with it (the audit
// log keeps the records' history).
func (s *Service) DeleteAdditionalField(ctx context.Context, a Actor, id int64) error {
	if err := allow(a); err != nil {
		return err
	}
	return s.tx(ctx, func(tx pgx.Tx) error {
		var f FieldDefinition
		err := tx.QueryRow(ctx, `DELETE FROM additional_field WHERE id = $1 RETURNING id, entity, name, type, required, options, position`, id).
			Scan(&f.ID, &f.Entity, &f.Name, &f.Type, &f.Required, &f.Options, &f.Position)
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.NotFound()
		}
		if err != nil {
			return fmt.Errorf("delete field: %w", err)
		}
		if table := fieldEntities[f.Entity]; table != "" && table != "resource" {
			// table comes from the allow-list above, never from input.
			if _, err := tx.Exec(ctx, `UPDATE `+table+` SET additional = additional - $1 WHERE additional ? $1`, strconv.FormatInt(id, 10)); err != nil {
				return fmt.Errorf("delete field values: %w", err)
			}
		}
		return s.record(ctx, tx, a, "admin.additionalField.deleted", "additionalField", id, f, nil)
	})
}
