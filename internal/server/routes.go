package server

import (
	"context"
	"net/http"
	"runtime"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/tramita/tramita/api"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/platform"
)

// apiBodyLimit caps JSON bodies; upload calls set their own, larger limit.
const apiBodyLimit = 1 << 20

// apiConcurrency is how many API calls run at once per core; the others
// wait their turn in arrival order (httpx.Admit, docs/benchmarks.md). A call
// keeps its turn for apiHold at most.
const (
	apiConcurrency = 8
	apiHold        = 100 * time.Millisecond
)

func (a *App) routes() http.Handler {
	a.metrics = newMetrics(a.pool, a.opts.Version)
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(a.opts.Logger), httpx.AccessLog, httpx.Recover, a.metrics.middleware,
		httpx.SecurityHeaders, strictTransport(a.opts.Config.TrustedProxies), middleware.Compress(5))

	// Metrics live on TRAMITA_METRICS_ADDR; here a plain 404, not the web app.
	r.Get("/metrics", func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteError(w, r, httpx.Fail(http.StatusNotFound, "error.routeNotFound"))
	})

	platformService := platform.NewService(platform.NewStore(a.pool))
	platformHandler := platform.NewHandler(platformService)

	r.Route("/api", func(r chi.Router) {
		r.Use(a.items.bodyLimit(apiBodyLimit), httpx.RejectNUL, httpx.Admit(apiConcurrency*runtime.GOMAXPROCS(0), apiHold), a.auth.Middleware)
		r.NotFound(func(w http.ResponseWriter, r *http.Request) {
			httpx.WriteError(w, r, httpx.Fail(http.StatusNotFound, "error.routeNotFound"))
		})
		r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
			httpx.WriteError(w, r, httpx.Fail(http.StatusMethodNotAllowed, "error.methodNotAllowed"))
		})
		r.Get("/health", a.health)
		r.Get("/openapi.yaml", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
			_, _ = w.Write(api.OpenAPI)
		})
		platformHandler.Routes(r)
		auth.NewHandler(a.auth).Routes(r)
		a.portal.Routes(r)
		a.items.Routes(r)
		wf, formRules := a.workflowRoutes(r)
		a.kanbanRoutes(r, wf, formRules)
		a.calendarRoutes(r)
		a.reportsRoutes(r)
		a.projectsRoutes(r)
		a.adminRoutes(r)
	})

	spa := spaHandler(a.opts.Web, a.pagePolicy(platformService))
	r.NotFound(spa.ServeHTTP)
	r.MethodNotAllowed(spa.ServeHTTP)
	return r
}

// pagePolicy widens the page's Content-Security-Policy for Google's widget
// only while reCAPTCHA is enabled; when the settings cannot be read the strict
// policy stands.
func (a *App) pagePolicy(settings *platform.Service) func(ctx context.Context) string {
	return func(ctx context.Context) string {
		s, err := settings.Settings(ctx)
		if err == nil && s.EnableRecaptcha {
			return httpx.RecaptchaContentSecurityPolicy
		}
		return httpx.ContentSecurityPolicy
	}
}

type healthBody struct {
	Status   string `json:"status"`
	Database string `json:"database"`
	Version  string `json:"version"`
}

// health answers 200 only when the database answers a ping.
func (a *App) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Cache-Control", "no-store")
	if err := a.pool.Ping(ctx); err != nil {
		httpx.Logger(r.Context()).Warn("health: database ping failed", "error", err)
		httpx.WriteError(w, r, httpx.Fail(http.StatusServiceUnavailable, "error.unavailable"))
		return
	}
	httpx.WriteJSON(w, http.StatusOK, healthBody{Status: "ok", Database: "ok", Version: a.opts.Version})
}
