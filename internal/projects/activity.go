package projects

import (
	"context"

	"github.com/tramita/tramita/internal/items"
)

// ActivityLimit is how many versions the project page's recent activity lists.
const ActivityLimit = 20

// itemHistory is what the recent activity reads of the item core.
type itemHistory interface {
	RecentVersions(ctx context.Context, c items.Caller, project int64, limit int) ([]items.RecentVersion, error)
	History(ctx context.Context, c items.Caller, itemID, componentID int64, full bool) ([]items.HistoryEntry, error)
}

// ActivityEntry is one version of one of a project's items: the item named
// and the version as the item's history shows it.
type ActivityEntry struct {
	ItemID        int64  `json:"itemId"`
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
	FormattedID   int64  `json:"formattedId"`
	Title         string `json:"title"`
	items.HistoryEntry
	// Changed are the labels of the fields the version changed.
	Changed []string `json:"changed"`
}

// activity is the project's recent activity: the newest ActivityLimit
// versions of its items the caller may read, newest first, each compared
// with the one before as getHistoryFull compares them. The caller may read
// the project (Summary checks it first).
func (s *Service) activity(ctx context.Context, c items.Caller, project int64) ([]ActivityEntry, error) {
	recent, err := s.items.RecentVersions(ctx, c, project, ActivityLimit)
	if err != nil {
		return nil, err
	}
	// The history of each item once: a few items hold most recent versions.
	entries := map[int64]items.HistoryEntry{}
	seen := map[int64]bool{}
	for _, r := range recent {
		if seen[r.ItemID] {
			continue
		}
		seen[r.ItemID] = true
		history, err := s.items.History(ctx, c, r.ItemID, r.ComponentID, true)
		if err != nil {
			return nil, err
		}
		for _, e := range history {
			entries[e.ID] = e
		}
	}
	out := make([]ActivityEntry, 0, len(recent))
	for _, r := range recent {
		e, ok := entries[r.VersionID]
		if !ok {
			continue
		}
		a := ActivityEntry{ItemID: r.ItemID, ComponentID: r.ComponentID, ComponentName: r.ComponentName,
			FormattedID: r.FormattedID, Title: r.Title, HistoryEntry: e, Changed: []string{}}
		for _, ch := range e.Changes {
			if ch.Changed {
				a.Changed = append(a.Changed, ch.Label)
			}
		}
		a.Changes = nil
		out = append(out, a)
	}
	return out, nil
}
