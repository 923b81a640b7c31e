// Package items is the generic item engine's runtime: list definitions,
// filtered lists, lookups and deletion of items, under the permissions of
// the item type and the project.
package items

import (
	"context"
	"time"
)

// Caller is the signed-in user as the item engine needs it.
type Caller struct {
	UserID     int64
	PanelAdmin bool
	// Login and Address (the client's IP address) go to the audit log.
	Login, Address string
}

// CurrentUser returns the caller of a request, if signed in.
type CurrentUser func(ctx context.Context) (Caller, bool)

// Service runs the item calls.
type Service struct {
	store *Store
	now   func() time.Time
	// history are the modules that add to an item's history.
	history []HistorySource
	// guards are the modules whose ties between items refuse a deletion.
	guards []DeleteGuard
}

// NewService returns the service; now is the clock (@today in queries).
func NewService(store *Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// Now is the service's clock, for modules that stamp what they record
// around items the same way.
func (s *Service) Now() time.Time { return s.now() }
