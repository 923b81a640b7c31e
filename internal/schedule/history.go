package schedule

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// HistoryChanges adds a predecessors row to the comparison of two versions of
// an item when either has any ("12 - Design (II +2 d); item sem acesso (TI)"),
// naming only the predecessors the caller may read.
func (s *Service) HistoryChanges(ctx context.Context, c items.Caller, item int64, versions []int64) (items.VersionChanges, error) {
	kept, err := s.store.versionPredecessors(ctx, versions)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, list := range kept {
		for _, d := range list {
			if !slices.Contains(ids, d.ID) {
				ids = append(ids, d.ID)
			}
		}
	}
	refs, err := items.ItemRefs(ctx, s.store.db, c, ids)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for id, r := range refs {
		if r.Readable {
			names[id] = fmt.Sprintf("%d - %s", r.Number, r.Title)
		}
	}
	lang := i18n.From(ctx)
	return func(prev, cur int64) []items.AttributeChange {
		before, after := kept[prev], kept[cur]
		if len(before) == 0 && len(after) == 0 {
			return nil
		}
		return []items.AttributeChange{{Field: "Predecessors", Label: i18n.T(lang, "items.predecessors.field"), Type: "PREDECESSORS",
			PreviousValue: raw(before), CurrentValue: raw(after),
			Previous: show(lang, names, before), Current: show(lang, names, after),
			Changed: !slices.Equal(before, after)}}
	}, nil
}

// HistoryEvents: every change of predecessors is a version of the item,
// so they add no entries of their own.
func (s *Service) HistoryEvents(context.Context, items.Caller, int64) ([]items.HistoryEntry, error) {
	return nil, nil
}

// raw is a version's predecessors as the history's raw value: nil for none.
func raw(list []dependency) any {
	if len(list) == 0 {
		return nil
	}
	return list
}

// show writes "12 - Design (II +2 d); 15 - Build (TI)".
func show(l i18n.Lang, names map[int64]string, list []dependency) string {
	parts := make([]string, 0, len(list))
	for _, p := range list {
		name := names[p.ID]
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
