package forms

import (
	"context"
	"slices"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// windowParams checks the values of the window of the form's button that
// runs rule: each known, required ones filled in, each of its type (a
// picklist's value one of its choices). Without a window, no values.
func (fr *FormRules) windowParams(ctx context.Context, f *items.FormView, rule string, in items.Values) (map[string]any, error) {
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
	return CheckParameters(window, in, i18n.LangOf(ctx), func(picklist string) ([]string, error) {
		opts, err := fr.svc.PicklistChoices(ctx, f.Component.ApplicationID, picklist)
		values := make([]string, len(opts))
		for i, o := range opts {
			values[i] = o.Value
		}
		return values, err
	})
}

// CheckParameters checks a parameter form's values (an operation's, or a
// button's window) so both refuse alike: known, required filled, of their type;
// every parameter is in the answer (nil when not given), a refusal names it.
func CheckParameters(ps []apppkg.Parameter, in map[string]any, lang string, choices func(picklist string) ([]string, error)) (map[string]any, error) {
	out := map[string]any{}
	known := map[string]bool{}
	for _, p := range ps {
		known[p.Key] = true
		name := p.Name.In(lang)
		raw, present := in[p.Key]
		if !present || items.IsEmptyValue(raw) {
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
