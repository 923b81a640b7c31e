package items

import "context"

// ReadComponent is item type id as the caller may read it; one the caller
// may not read is not found, as one that does not exist. The modules beside
// the core check a form's type with it before reading its item (ReadItem).
func (s *Service) ReadComponent(ctx context.Context, c Caller, id int64) (*Component, error) {
	return s.store.component(ctx, c, id, langOf(ctx))
}
