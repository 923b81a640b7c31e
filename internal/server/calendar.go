package server

import (
	"context"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/calendar"
	"github.com/tramita/tramita/internal/timesheets"
)

// calendarRoutes mounts the calendar calls; a move writes through the item
// core's items.Mutate, so history and versions follow as for any save. The
// Agenda's hours come from the timesheets module's store.
func (a *App) calendarRoutes(r chi.Router) {
	current := func(ctx context.Context) (calendar.Caller, bool) {
		c, ok := caller(ctx)
		return calendar.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	hours := timesheets.NewStore(a.pool)
	agendaHours := func(ctx context.Context, c calendar.Caller, from, to time.Time) ([]calendar.Hours, bool, error) {
		days, more, err := hours.ItemDays(ctx, c.UserID, c.PanelAdmin, from, to)
		out := make([]calendar.Hours, len(days))
		for i, d := range days {
			out[i] = calendar.Hours(d)
		}
		return out, more, err
	}
	svc := calendar.NewService(calendar.NewStore(a.pool)).WithHours(agendaHours)
	calendar.NewHandler(svc, current).Routes(r)
}
