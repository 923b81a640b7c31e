// Package server wires Tramita together: configuration, database, modules and
// the HTTP router, and runs the HTTP server until it is told to stop.
package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/storage"
)

// Options are what a server needs from its caller.
type Options struct {
	Config  config.Config
	Logger  *slog.Logger
	Version string
	// Web is the built web app (web.Dist()).
	Web fs.FS
	// Notice receives the one-time notices meant for the operator, such as a
	// generated administrator password.
	Notice io.Writer
	// Storage, when set, keeps the files in place of TRAMITA_STORAGE's
	// store (the fault tests give a full one).
	Storage storage.Store
}

// App is an opened Tramita: its database is ready and migrated.
type App struct {
	opts     Options
	pool     *pgxpool.Pool
	embedded *database.Embedded
	handler  http.Handler
	metrics  *metrics
	auth     *auth.Service
	portal   *portal
	items    *itemsModule
	mail     *mail.Store
}

// Open starts (or connects to) the database, applies the migrations, creates
// the administrator on the first start and builds the HTTP handler.
func Open(ctx context.Context, opts Options) (app *App, err error) {
	a := &App{opts: opts}
	defer func() {
		if err != nil {
			a.Close()
		}
	}()
	url := opts.Config.DatabaseURL
	if url == "" {
		a.embedded, err = OpenEmbedded(ctx, opts.Config, opts.Logger)
		if err != nil {
			return nil, err
		}
		url = a.embedded.URL()
	}
	a.pool, err = database.OpenWithTimeouts(ctx, url, database.Timeouts{
		Statement: opts.Config.StatementTimeout, IdleInTransaction: opts.Config.IdleInTransactionTimeout,
	})
	if err != nil {
		return nil, err
	}
	if err := database.Migrate(ctx, a.pool, opts.Logger); err != nil {
		return nil, err
	}
	// The first start is the one that finds no user: only then may the demo
	// load, so a demo application an administrator deleted stays deleted.
	var firstStart bool
	if err := a.pool.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM app_user)`).Scan(&firstStart); err != nil {
		return nil, fmt.Errorf("first start check: %w", err)
	}
	generated, err := auth.EnsureAdmin(ctx, a.pool, opts.Config.AdminPassword)
	if err != nil {
		return nil, err
	}
	if generated != "" && opts.Notice != nil {
		fmt.Fprintf(opts.Notice, "\nAdministrator created. Login: %s  Password: %s\nThis password is shown only once and must be changed at the first sign-in.\n\n", auth.AdminLogin, generated)
	}
	a.mail = mail.NewStore(a.pool)
	a.auth, err = auth.New(ctx, a.pool, auth.Options{
		Mailer:             mail.NewSender(a.mail),
		RecaptchaVerifyURL: opts.Config.RecaptchaVerifyURL,
		JWTSecret:          opts.Config.JWTSecret,
		SecretKey:          opts.Config.SecretKey,
		TokenTTL:           opts.Config.TokenTTL,
		SessionLifetime:    opts.Config.SessionLifetime,
		TrustedProxies:     opts.Config.TrustedProxies,
		RateLimitPerMinute: opts.Config.SignInRateLimit,
		PublicURL:          opts.Config.PublicURL,
	})
	if err != nil {
		return nil, err
	}
	a.mail.SetCipher(a.auth)
	if a.portal, err = newPortal(ctx, a.pool, opts.Logger, opts.Config.PushAllowLoopback, opts.Config.PushHosts, a.auth,
		mail.NewSender(a.mail)); err != nil {
		return nil, err
	}
	if a.items, err = newItems(ctx, a.pool, opts.Logger, firstStart && opts.Config.Demo && a.embedded != nil, opts.Notice, opts.Config, opts.Storage); err != nil {
		return nil, err
	}
	a.portal.worker.Handle(itemio.ImportJobKind, a.items.imports.HandleJob)
	a.items.timesheets.SetSend(a.timesheetsSend())
	a.items.handler.SetAddressOf(func(r *http.Request) string { return a.auth.ClientOf(r).Address })
	// Signing a file asks for the password again, checked as a sign-in (docs/documents.md, "Signatures").
	a.items.files.SetClientOf(func(r *http.Request) documents.SignClient {
		c := a.auth.ClientOf(r)
		return documents.SignClient{Address: c.Address, UserAgent: c.UserAgent}
	})
	a.items.files.SetPasswordConfirm(func(r *http.Request, userID int64, password string) (documents.SignClient, error) {
		c := a.auth.ClientOf(r)
		return documents.SignClient{Address: c.Address, UserAgent: c.UserAgent}, a.auth.ConfirmPassword(r.Context(), userID, password, c)
	})
	a.handler = a.routes()
	return a, nil
}

// OpenEmbedded starts the embedded PostgreSQL in the data folder.
func OpenEmbedded(ctx context.Context, cfg config.Config, log *slog.Logger) (*database.Embedded, error) {
	bin, err := database.FindBinDir(cfg.PGBin)
	if err != nil {
		return nil, err
	}
	return database.StartEmbedded(ctx, database.EmbeddedConfig{BinDir: bin, DataDir: cfg.DataDir, Logger: log})
}

// Handler is the application's HTTP surface: API and web app.
func (a *App) Handler() http.Handler { return a.handler }

// MetricsHandler serves the Prometheus metrics of Handler's requests.
func (a *App) MetricsHandler() http.Handler { return a.metrics.handler() }

// Pool is the database pool, for commands that work on the data directly.
func (a *App) Pool() *pgxpool.Pool { return a.pool }

// Close releases the database and stops the embedded PostgreSQL.
func (a *App) Close() {
	if a.pool != nil {
		a.pool.Close()
	}
	if a.embedded != nil {
		if err := a.embedded.Stop(); err != nil {
			a.opts.Logger.Error("stop embedded postgres", "error", err)
		}
	}
}

// shutdownGrace is how long in-flight requests may take to finish on stop.
const shutdownGrace = 30 * time.Second

// Serve opens the app and serves HTTP until ctx ends, then lets in-flight
// requests finish before it closes the database. ready, when not nil, gets
// the listening address once requests are accepted.
func Serve(ctx context.Context, opts Options, ready func(addr string)) error {
	ln, err := net.Listen("tcp", opts.Config.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", opts.Config.Addr, err)
	}
	app, err := Open(ctx, opts)
	if err != nil {
		ln.Close()
		return err
	}
	defer app.Close()
	stopHub, stopBackground := app.portal.start(opts.Logger)
	defer stopBackground() // before app.Close: the worker and hub use the pool

	srv := &http.Server{
		Handler:           app.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn),
	}
	// Event streams never go idle; ending the hub ends them so Shutdown can finish.
	srv.RegisterOnShutdown(stopHub)
	if opts.Config.MetricsAddr != "" {
		defer startMetrics(opts.Config.MetricsAddr, app.metrics, opts.Logger).stop()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	opts.Logger.Info("tramita ready", "url", "http://"+ln.Addr().String(), "version", opts.Version)
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case err := <-errc:
		return fmt.Errorf("http server: %w", err)
	case <-ctx.Done():
	}
	opts.Logger.Info("shutting down: finishing in-flight requests")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}
