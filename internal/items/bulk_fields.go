package items

import (
	"slices"

	"github.com/tramita/tramita/internal/apppkg"
)

// unwrittenFields names the bulk edit's keys no control of the form writes.
// A bulk edit sends only what it changes, so such a key (a system field, a
// read-only or unknown one) asks what the form does not allow: refused.
func unwrittenFields(t *formType, binds []*binding, values Values) []fieldErr {
	written := map[string]bool{}
	for _, b := range binds {
		written[b.Key] = true
	}
	var keys []string
	for key := range values {
		if !written[key] {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	errs := make([]fieldErr, 0, len(keys))
	for _, key := range keys {
		label := key
		if a := t.byKey[key]; a != nil {
			label = a.Name
		}
		errs = append(errs, fieldErr{b: &binding{Key: key, Label: label}, key: "forms.notEditable"})
	}
	return errs
}

// readOnlyInForm says whether form f shows attribute key only read-only:
// a grid edit (editInGrid) may not write what the form keeps its users
// from writing. An attribute the form does not show is left to editInGrid.
func readOnlyInForm(t *formType, f *formDef, key, lang string) bool {
	for _, b := range t.bindings(f, lang) {
		if b.Field == key {
			return false
		}
	}
	var shown bool
	var walk func(n *apppkg.Control)
	walk = func(n *apppkg.Control) {
		if n.Field == key && n.ReadOnly {
			shown = true
		}
		for i := range n.Children {
			walk(&n.Children[i])
		}
	}
	walk(f.Tree)
	return shown
}
