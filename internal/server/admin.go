package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/orgunits"
	"github.com/tramita/tramita/internal/resources"
)

// adminRoutes mounts the administration calls, each behind
// auth.RequireAdmin inside admin.Handler.Routes, and the resource calls
// (reading for users, writing for administrators) and the organizational
// structure's (its lookup for users, its administration).
func (a *App) adminRoutes(r chi.Router) {
	svc := admin.NewService(a.pool, admin.Deps{Mailer: mail.NewSender(a.mail), MailSettings: a.mail, Terms: a.auth})
	address := func(r *http.Request) string { return a.auth.ClientOf(r).Address }
	admin.NewHandler(svc, address).Routes(r)
	resources.NewHandler(resources.NewService(a.pool, nil), address).Routes(r)
	orgunits.NewHandler(orgunits.NewService(a.pool, nil), address).Routes(r)
}
