package server

import (
	"context"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/kanban"
)

// kanbanRoutes mounts the board calls (/kanban/getBoards, getBoard,
// getColumn, saveWipLimits). Moving a card goes through the workflow calls.
func (a *App) kanbanRoutes(r chi.Router) {
	current := func(ctx context.Context) (kanban.Caller, bool) {
		c, ok := caller(ctx)
		return kanban.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	kanban.NewHandler(kanban.NewService(kanban.NewStore(a.pool), nil), current).Routes(r)
}
