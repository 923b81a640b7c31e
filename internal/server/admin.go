package server

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/mail"
)

// adminRoutes mounts the administration calls (issue 5); each is behind
// auth.RequireAdmin inside admin.Handler.Routes.
func (a *App) adminRoutes(r chi.Router) {
	svc := admin.NewService(a.pool, admin.Deps{Mailer: mail.NewSender(a.mail), MailSettings: a.mail, Terms: a.auth})
	admin.NewHandler(svc, func(r *http.Request) string { return a.auth.ClientOf(r).Address }).Routes(r)
}
