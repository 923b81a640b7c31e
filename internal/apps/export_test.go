package apps

import "time"

// SetClock makes s see now as the current time.
func (s *Service) SetClock(now func() time.Time) { s.now = now }
