package schedule

import (
	"context"
	"fmt"
	"net/http"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// ImportField is a field the type requires of a new item that an MS
// Project file does not fill: the import screen asks a value for it, which
// every task gets (scheduleUpload's values).
type ImportField struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Type  string `json:"type"`
	// Options are a picklist's values with their texts.
	Options []ImportOption `json:"options"`
	// Supported: the screen has an input for the type (text, number,
	// yes/no, date, picklist); else the import cannot fill it.
	Supported bool `json:"supported"`
}

// ImportOption is a value of a picklist.
type ImportOption struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// ImportFields answers loadScheduleImportFields: the required fields of the
// view's type that the import does not fill (title, the view's dates,
// progress, milestone and the parent it does), for who may import.
func (s *Service) ImportFields(ctx context.Context, c items.Caller, in ScheduleInput) ([]ImportField, error) {
	view, err := s.importScope(ctx, c, in)
	if err != nil {
		return nil, err
	}
	types, err := s.types.NewItems(ctx, c, view.ComponentID)
	if err != nil {
		return nil, err
	}
	lang := i18n.From(ctx)
	fields, err := types.Fields(ctx, string(lang))
	if err != nil {
		return nil, err
	}
	filled := map[string]bool{"Title": true, "Parent": true}
	for _, f := range view.Fields {
		filled[f] = true
	}
	out := []ImportField{}
	for _, f := range fields {
		if !f.Required || filled[f.Field] {
			continue
		}
		field := ImportField{Key: f.Key, Label: f.Label, Type: f.Type, Options: []ImportOption{}}
		switch f.Type {
		case "STRING", "INTEGER", "DECIMAL", "CURRENCY", "PERCENTILE", "BOOLEAN", "DATE_TIME":
			field.Supported = true
		case "PICKLIST":
			if f.PicklistID != nil {
				if field.Options, err = s.store.picklistOptions(ctx, *f.PicklistID, lang); err != nil {
					return nil, err
				}
				field.Supported = true
			}
		}
		out = append(out, field)
	}
	return out, nil
}

// picklistOptions are the live values of a picklist, in its order, with
// their texts in lang (pt-BR when it has none).
func (s *Store) picklistOptions(ctx context.Context, picklist int64, lang i18n.Lang) ([]ImportOption, error) {
	rows, err := s.db.Query(ctx, `SELECT value, coalesce(text ->> $2, text ->> 'pt-BR') FROM picklist_item
		WHERE picklist_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, picklist, string(lang))
	if err != nil {
		return nil, fmt.Errorf("picklist %d: %w", picklist, err)
	}
	defer rows.Close()
	out := []ImportOption{}
	for rows.Next() {
		var o ImportOption
		if err := rows.Scan(&o.Value, &o.Label); err != nil {
			return nil, fmt.Errorf("picklist %d: %w", picklist, err)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// importScope is the schedule view an import goes into, once the project
// and view are named and the caller may create the view's items there:
// scheduleUpload and loadScheduleImportFields refuse alike.
func (s *Service) importScope(ctx context.Context, c items.Caller, in ScheduleInput) (*scheduleView, error) {
	switch {
	case in.ProjectID == 0:
		return nil, httpx.Invalid("projectId", "schedule.projectMissing")
	case in.ViewID == 0:
		return nil, httpx.Invalid("viewId", "schedule.import.viewMissing")
	}
	view, err := s.baselineScope(ctx, s.store.db, c, int64(in.ProjectID), int64(in.ViewID))
	if err != nil {
		return nil, err
	}
	if ok, err := items.CanCreate(ctx, s.store.db, c, view.ComponentID, int64(in.ProjectID)); err != nil {
		return nil, err
	} else if !ok {
		return nil, httpx.Fail(http.StatusForbidden, "schedule.import.forbidden")
	}
	return view, nil
}
