package server

import (
	"context"
	"log/slog"
	"net/http"
	"sync"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/apps"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/messages"
	"github.com/tramita/tramita/internal/profile"
)

// portal holds the portal modules: applications, messages with live events
// and web push, the profile, and the background job worker.
type portal struct {
	apps     *apps.Handler
	messages *messages.Handler
	profile  *profile.Handler
	// Messages sends messages; other modules (workflow) get it from here.
	Messages *messages.Service
	hub      *messages.Hub
	worker   *jobs.Worker
}

// caller is the signed-in user of ctx; a session that still owes the second
// factor or the terms is nobody for the portal.
func caller(ctx context.Context) (auth.Principal, bool) {
	p, ok := auth.PrincipalFrom(ctx)
	return p, ok && p.Complete()
}

// newPortal builds the portal modules. authSvc checks the password a new
// e-mail needs and mails reset links from the job worker; mailer sends the
// profile's notices.
func newPortal(ctx context.Context, pool *pgxpool.Pool, log *slog.Logger, pushAllowLoopback bool, pushHosts []string,
	authSvc *auth.Service, mailer profile.Mailer) (*portal, error) {
	msgStore := messages.NewStore(pool)
	if pushAllowLoopback {
		log.Warn("TRAMITA_PUSH_ALLOW_LOOPBACK is on: web push may reach local addresses (for tests only)")
	}
	push := messages.NewPush(msgStore, log, messages.PushOptions{AllowLoopback: pushAllowLoopback, Hosts: pushHosts})
	if err := push.EnsureKeys(ctx); err != nil {
		return nil, err
	}
	p := &portal{
		Messages: messages.NewService(msgStore),
		hub:      messages.NewHub(pool, log),
		worker:   jobs.NewWorker(pool, log),
	}
	p.worker.Handle(messages.PushJobKind, push.HandleJob)
	p.worker.Handle(auth.ResetMailJobKind, authSvc.HandleResetMail)
	p.apps = apps.NewHandler(apps.NewService(apps.NewStore(pool)), func(ctx context.Context) (apps.Caller, bool) {
		c, ok := caller(ctx)
		return apps.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	})
	p.messages = messages.NewHandler(p.Messages, push, p.hub, func(ctx context.Context) (messages.Caller, bool) {
		c, ok := caller(ctx)
		return messages.Caller{UserID: c.UserID}, ok
	})
	p.profile = profile.NewHandler(profile.NewService(profile.NewStore(pool), mailer), func(ctx context.Context) (profile.Caller, bool) {
		c, ok := caller(ctx)
		return profile.Caller{UserID: c.UserID}, ok
	}, func(r *http.Request, userID int64, password string) error {
		return authSvc.ConfirmPassword(r.Context(), userID, password, authSvc.ClientOf(r))
	})
	return p, nil
}

// Routes mounts the portal calls; each checks its caller itself.
func (p *portal) Routes(r chi.Router) {
	p.apps.Routes(r)
	p.messages.Routes(r)
	p.profile.Routes(r)
}

// start runs the live-event hub and the job worker. stopHub ends the hub,
// and with it every open event stream, so call it when shutdown begins;
// stop ends both and waits, and must run before the pool closes.
func (p *portal) start(log *slog.Logger) (stopHub, stop func()) {
	hubCtx, cancelHub := context.WithCancel(context.Background())
	workCtx, cancelWork := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := p.hub.Run(hubCtx); err != nil {
			log.Error("messages hub", "error", err)
		}
	})
	wg.Go(func() {
		if err := p.worker.Run(workCtx); err != nil {
			log.Error("job worker", "error", err)
		}
	})
	var once sync.Once
	return cancelHub, func() {
		once.Do(func() {
			cancelHub()
			cancelWork()
			wg.Wait()
		})
	}
}
