package server

import (
	"context"

	"github.com/jackc/pgx/v5"
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

// timesheetsSend tells people their hours were approved or rejected, through
// the portal's messages (in-app and push) in the review's transaction.
func (a *App) timesheetsSend() timesheets.Send {
	return func(ctx context.Context, tx pgx.Tx, user int64, title, text string) error {
		_, err := a.portal.Messages.SendTx(ctx, tx, user, title, text)
		return err
	}
}
