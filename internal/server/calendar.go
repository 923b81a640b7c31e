package server

import (
	"context"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/calendar"
)

// calendarRoutes mounts the calendar calls; a move writes through the item
// core's items.Mutate, so history and versions follow as for any save.
func (a *App) calendarRoutes(r chi.Router) {
	current := func(ctx context.Context) (calendar.Caller, bool) {
		c, ok := caller(ctx)
		return calendar.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	calendar.NewHandler(calendar.NewService(calendar.NewStore(a.pool)), current).Routes(r)
}
