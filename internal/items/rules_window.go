package items

import (
	"context"
	"fmt"
	"slices"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
)

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
		out = append(out, WindowField{Key: p.Key, Name: textIn(p.Name, lang), Type: p.Type, Required: p.Required, Picklist: p.Picklist})
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
		opts, err := s.picklistChoices(ctx, t, f.Picklist)
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

func (s *Service) picklistChoices(ctx context.Context, t *formType, key string) ([]WindowOption, error) {
	rows, err := s.store.db.Query(ctx, `SELECT pi.value, coalesce(pi.text ->> $3, pi.text ->> 'pt-BR'), pi.color
		FROM picklist_item pi JOIN picklist pl ON pl.id = pi.picklist_id
		WHERE pl.application_id = $1 AND pl.key = $2 AND pi.retired_at IS NULL ORDER BY pi.sort_order, pi.id`,
		t.comp.ApplicationID, key, langOf(ctx))
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

// windowParams checks the values of the window of the form's button that
// runs rule: each known, required ones filled in, each of its type (a
// picklist's value one of its choices). Without a window, no values.
func (s *Service) windowParams(ctx context.Context, t *formType, f *formDef, rule string, in Values) (map[string]any, error) {
	var window []apppkg.Parameter
	var walk func(n *apppkg.Control)
	walk = func(n *apppkg.Control) {
		if window == nil && n.Rule == rule && len(n.Window) > 0 {
			window = n.Window
		}
		for i := range n.Children {
			walk(&n.Children[i])
		}
	}
	walk(f.Tree)
	return CheckParameters(window, in, langOf(ctx), func(picklist string) ([]string, error) {
		opts, err := s.picklistChoices(ctx, t, picklist)
		values := make([]string, len(opts))
		for i, o := range opts {
			values[i] = o.Value
		}
		return values, err
	})
}

// CheckParameters checks the values of a parameter form — an operation's,
// or the window a form button opens; both are apppkg.Parameter lists and must
// refuse alike: each value known, required ones filled in (blank text and
// empty lists are missing), each of its type (apppkg.ParameterValue), a
// picklist's value one of choices(picklist). The answer has every
// parameter (nil when not given); a refusal is a 400 naming the field in
// lang.
func CheckParameters(ps []apppkg.Parameter, in map[string]any, lang string, choices func(picklist string) ([]string, error)) (map[string]any, error) {
	out := map[string]any{}
	known := map[string]bool{}
	for _, p := range ps {
		known[p.Key] = true
		name := textIn(p.Name, lang)
		raw, present := in[p.Key]
		if !present || isEmpty(raw) {
			if p.Required {
				return nil, httpx.Invalid(p.Key, "workflow.paramRequired", "field", name)
			}
			out[p.Key] = nil
			continue
		}
		v, ok := apppkg.ParameterValue(p.Type, raw)
		if ok && p.Type == "PICKLIST" {
			values, err := choices(p.Picklist)
			if err != nil {
				return nil, err
			}
			str, _ := v.(string)
			ok = slices.Contains(values, str)
		}
		if !ok {
			return nil, httpx.Invalid(p.Key, "workflow.paramInvalid", "field", name)
		}
		out[p.Key] = v
	}
	for k := range in {
		if !known[k] {
			return nil, httpx.Invalid(k, "workflow.paramUnknown", "field", k)
		}
	}
	return out, nil
}
