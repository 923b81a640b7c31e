package server

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/timesheets"
)

// newTimesheets builds the time entry calls over the item core, whose
// history then shows the entries added, changed and removed.
func newTimesheets(pool *pgxpool.Pool, core *items.Service, current items.CurrentUser) *timesheets.Handler {
	svc := timesheets.NewService(timesheets.NewStore(pool), core, nil)
	core.AddHistorySource(svc)
	return timesheets.NewHandler(svc, current)
}
