package server

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/schedule"
)

// newSchedule builds the predecessors calls over the item core, whose
// history then compares the predecessors each version kept and whose
// deleteItem refuses an item that is another's predecessor.
func newSchedule(pool *pgxpool.Pool, core *items.Service, current items.CurrentUser) *schedule.Handler {
	svc := schedule.NewService(schedule.NewStore(pool), core)
	core.AddHistorySource(svc)
	core.AddDeleteGuard(svc)
	return schedule.NewHandler(svc, current)
}
