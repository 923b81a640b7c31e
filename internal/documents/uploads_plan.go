package documents

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/admin/planlimit"
)

// planRoom is the contracted plan's storage limit as an upload sees it
// (docs/admin.md, Plan): limit nil is unlimited; left is what the plan let
// store when the upload began.
type planRoom struct {
	limit *int64
	left  int64
}

// readPlanRoom reads the room left; an upload with none is refused before
// any byte is stored.
func (s *uploadSession) readPlanRoom(ctx context.Context) error {
	limit, left, err := planlimit.StorageRoom(ctx, s.f.db)
	if err != nil {
		return err
	}
	s.plan = planRoom{limit: limit, left: left}
	if limit != nil && left <= 0 {
		return planlimit.StorageError(*limit)
	}
	return nil
}

// sizeLimit is the most the next file may hold: the file limit, or less
// when the plan has less room left (byPlan), so a file that cannot fit is
// not received whole before being refused.
func (s *uploadSession) sizeLimit() (limit int64, byPlan bool) {
	if s.plan.limit == nil {
		return s.f.limits.MaxSize, false
	}
	left := s.plan.left
	for _, u := range s.stored {
		left -= u.size
	}
	if left < s.f.limits.MaxSize {
		return left, true
	}
	return s.f.limits.MaxSize, false
}

// checkPlan is the deciding check, in the transaction that writes the
// rows: the plan row is locked, so concurrent uploads cannot both take the
// last room (planlimit.CheckStorage).
func (s *uploadSession) checkPlan(ctx context.Context, tx pgx.Tx) error {
	var adding int64
	for _, u := range s.stored {
		adding += u.size
	}
	return planlimit.CheckStorage(ctx, tx, adding)
}
