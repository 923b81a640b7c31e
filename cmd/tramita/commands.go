package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/platform"
	"github.com/tramita/tramita/internal/server"
	"github.com/tramita/tramita/web"
)

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.Load("serve", args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	return server.Serve(ctx, server.Options{Config: cfg, Logger: log, Version: version, Web: web.Dist(), Notice: stdout}, nil)
}

// withDatabase runs fn over the configured database: DATABASE_URL, or the
// embedded PostgreSQL of the data folder (which must not be in use by a
// running serve).
func withDatabase(ctx context.Context, name string, args []string, getenv func(string) string, stderr io.Writer,
	fn func(ctx context.Context, db *databaseHandle) error) error {
	cfg, err := config.Load(name, args, getenv, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	url := cfg.DatabaseURL
	if url == "" {
		emb, err := server.OpenEmbedded(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer emb.Stop()
		url = emb.URL()
	}
	pool, err := database.OpenWithTimeouts(ctx, url, database.Timeouts{Statement: cfg.StatementTimeout, IdleInTransaction: cfg.IdleInTransactionTimeout})
	if err != nil {
		return err
	}
	defer pool.Close()
	return fn(ctx, &databaseHandle{pool: pool, log: log})
}

func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError("usage: tramita migrate up|down|status [flags]")
	}
	action := args[0]
	switch action {
	case "up", "down", "status":
	default:
		return usageError(fmt.Sprintf("unknown migrate action %q (want up, down or status)", action))
	}
	return withDatabase(ctx, "migrate "+action, args[1:], getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		m, err := database.NewMigrator(db.pool)
		if err != nil {
			return err
		}
		defer m.Close()
		switch action {
		case "up":
			if err := m.Up(ctx, db.log); err != nil {
				return err
			}
			fmt.Fprintln(stdout, "migrations applied")
		case "down":
			v, err := m.Down(ctx)
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "rolled back migration %d\n", v)
		case "status":
			st, err := m.Status(ctx)
			if err != nil {
				return err
			}
			for _, s := range st {
				state := "pending"
				if s.Applied {
					state = "applied"
				}
				fmt.Fprintf(stdout, "%05d  %-8s %s\n", s.Version, state, s.File)
			}
		}
		return nil
	})
}

func admin(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	switch {
	case len(args) >= 2 && args[0] == "reset-password":
		return adminResetPassword(ctx, args[1], args[2:], getenv, stdout, stderr)
	case len(args) >= 2 && args[0] == "maintenance" && (args[1] == "on" || args[1] == "off"):
		return adminMaintenance(ctx, args[1] == "on", args[2:], getenv, stdout, stderr)
	case len(args) >= 1 && args[0] == "setting":
		return adminSetting(ctx, args[1:], getenv, stdout, stderr)
	case len(args) >= 1 && args[0] == "user":
		return adminUser(ctx, args[1:], getenv, stdout, stderr)
	case len(args) >= 1 && args[0] == "mail-server":
		return adminMailServer(ctx, args[1:], getenv, stdout, stderr)
	case len(args) >= 1 && args[0] == "message":
		return adminMessage(ctx, args[1:], getenv, stdout, stderr)
	case len(args) >= 1 && args[0] == "audit":
		return adminAudit(ctx, args[1:], getenv, stdout, stderr)
	}
	return usageError("usage: tramita admin reset-password LOGIN | maintenance on|off | setting set KEY JSON | " +
		"user add LOGIN --name N --email E --password-stdin | mail-server set --host H --port P --tls MODE --from ADDRESS | " +
		"message send LOGIN TITLE [TEXT] | audit verify")
}

func adminResetPassword(ctx context.Context, login string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return withDatabase(ctx, "admin reset-password", args, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		password, err := auth.ResetPasswordByAdmin(ctx, db.pool, login)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "New password for %s: %s\nIt must be changed at the next sign-in; the user's sessions were ended.\n", login, password)
		return nil
	})
}

// adminMaintenance switches the maintenance page from the command line, so an
// operator can take the platform down for work without signing in.
func adminMaintenance(ctx context.Context, on bool, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return withDatabase(ctx, "admin maintenance", args, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		if err := platform.NewService(platform.NewStore(db.pool)).SetMaintenance(ctx, on); err != nil {
			return err
		}
		state := map[bool]string{true: "on", false: "off"}[on]
		fmt.Fprintf(stdout, "maintenance %s\n", state)
		return nil
	})
}

// healthcheck asks a running server for /api/health; for container health
// checks, where the image has no curl.
func healthcheck(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.Load("healthcheck", args, getenv, stderr)
	if err != nil {
		return err
	}
	host, port, _ := net.SplitHostPort(cfg.Addr)
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/api/health", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("health: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health: status %d", resp.StatusCode)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}

type databaseHandle struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}
