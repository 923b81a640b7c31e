package server

import (
	"context"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/reports"
)

// reportsRoutes mounts the report viewer; its token may come in the query,
// so the API's token check runs again behind it.
func (a *App) reportsRoutes(r chi.Router) {
	current := func(ctx context.Context) (reports.Caller, bool) {
		c, ok := caller(ctx)
		return reports.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	reports.NewHandler(reports.NewService(reports.NewStore(a.pool)), current).Routes(r, a.auth.Middleware)
}
