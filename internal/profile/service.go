package profile

import (
	"context"
	"time"

	"github.com/tramita/tramita/internal/httpx"
)

// Service updates profiles.
type Service struct {
	store *Store
	now   func() time.Time
}

// NewService returns the profile service.
func NewService(store *Store) *Service { return &Service{store: store, now: time.Now} }

// Update saves the caller's profile and returns it as stored.
func (s *Service) Update(ctx context.Context, c Caller, in Profile) (Profile, error) {
	p, err := validate(in)
	if err != nil {
		return Profile{}, err
	}
	ok, err := s.store.Update(ctx, c.UserID, p, s.now())
	if err != nil {
		return Profile{}, err
	}
	if !ok {
		// The session's user is gone or was disabled a moment ago.
		return Profile{}, httpx.Unauthorized()
	}
	return p, nil
}
