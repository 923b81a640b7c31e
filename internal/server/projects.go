package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/projects"
)

// projectsRoutes mounts the project calls (members, groups and their roles,
// the title); the audit log names the caller's login and address.
func (a *App) projectsRoutes(r chi.Router) {
	current := func(r *http.Request) (projects.Caller, bool) {
		c, ok := caller(r.Context())
		return projects.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin, Login: c.Login, Address: a.auth.ClientOf(r).Address}, ok
	}
	projects.NewHandler(projects.NewService(a.pool, nil), current).Routes(r)
}
