package admin

import (
	"context"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// What other modules with the same form parts (resources) reuse, so a work
// calendar or an additional field is checked the same way everywhere.

// Querier is a pool or a transaction.
type Querier = querier

// CheckCalendar adds the calendar's invalid periods to v.
func CheckCalendar(c Calendar, v *httpx.Validation) { checkCalendar(c, v) }

// ValidTimesheetTypes reports whether both codes are known.
func ValidTimesheetTypes(timesheet, auto string, v *httpx.Validation) {
	if !contains(timesheetTypes, timesheet) {
		v.Add("timesheetType", "admin.invalidOption")
	}
	if !contains(autoTimesheetTypes, auto) {
		v.Add("autoTimesheetType", "admin.invalidOption")
	}
}

// TimesheetTypeOptions are the translated timesheet type choices.
func TimesheetTypeOptions(lang i18n.Lang) (timesheet, auto []CodeOption) {
	return codeOptions(lang, "admin.timesheetType.", timesheetTypes), codeOptions(lang, "admin.autoTimesheetType.", autoTimesheetTypes)
}

// FieldDefinitions lists entity's additional fields.
func FieldDefinitions(ctx context.Context, db Querier, entity string) ([]FieldDefinition, error) {
	return fieldDefinitions(ctx, db, entity)
}

// ValidateAdditional validates values against entity's additional fields
// (types, required, references) and returns them cleaned.
func ValidateAdditional(ctx context.Context, db Querier, entity string, values map[string]any) (map[string]any, error) {
	return validateAdditional(ctx, db, entity, values)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
