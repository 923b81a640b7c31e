package items

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tramita/tramita/internal/i18n"
)

// versionPredecessor is one predecessor as a version of the item keeps it
// (item_version.predecessors, written by the version trigger).
type versionPredecessor struct {
	ID   int64  `json:"id"`
	Type string `json:"type"`
	Lag  int    `json:"lag"`
}

func decodeVersionPredecessors(raw string) ([]versionPredecessor, error) {
	var out []versionPredecessor
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return nil, fmt.Errorf("version predecessors: %w", err)
	}
	return out, nil
}

// collectPredecessors asks the resolver for the names of a version's
// predecessors (only those the caller may read are named).
func (r *resolver) collectPredecessors(v *version) {
	for _, p := range v.Predecessors {
		r.items[p.ID] = ""
	}
}

// predecessorsChange is the history's row of the predecessors, shown when
// either version has any.
func (r *resolver) predecessorsChange(prev, cur *version) []AttributeChange {
	if len(prev.Predecessors) == 0 && len(cur.Predecessors) == 0 {
		return nil
	}
	raw := func(list []versionPredecessor) any {
		if len(list) == 0 {
			return nil
		}
		return list
	}
	return []AttributeChange{{Field: "Predecessors", Label: i18n.T(i18n.Lang(r.lang), "items.predecessors.field"), Type: "PREDECESSORS",
		PreviousValue: raw(prev.Predecessors), CurrentValue: raw(cur.Predecessors),
		Previous: r.showPredecessors(prev.Predecessors), Current: r.showPredecessors(cur.Predecessors),
		Changed: !sameValue(raw(prev.Predecessors), raw(cur.Predecessors))}}
}

// showPredecessors writes "12 - Design (TI +2 d); 15 - Build (II)".
func (r *resolver) showPredecessors(list []versionPredecessor) string {
	l := i18n.Lang(r.lang)
	parts := make([]string, 0, len(list))
	for _, p := range list {
		name := r.items[p.ID]
		if name == "" {
			name = i18n.T(l, "items.predecessors.hidden")
		}
		dep := i18n.T(l, "items.predecessors.short."+p.Type)
		if p.Lag != 0 {
			dep += fmt.Sprintf(" %+d d", p.Lag)
		}
		parts = append(parts, name+" ("+dep+")")
	}
	return strings.Join(parts, "; ")
}
