// Command tramita is the Tramita server and its administration commands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/tramita/tramita/internal/config"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `Tramita: low-code work-management platform.

Usage:
  tramita serve [flags]                 run the server (API and web app)
  tramita migrate up|down|status        apply, roll back one, or list the database migrations
  tramita admin reset-password LOGIN    set a new random password, to be changed at the next sign-in
  tramita admin maintenance on|off      show or hide the maintenance page on every path
  tramita admin setting set KEY JSON    set a platform setting (for example: enableMFA true)
  tramita admin user add LOGIN --name N --email E --password-stdin [--must-change-password]
                                        add a user from the command line
  tramita admin mail-server set --host H --port P --tls none|starttls|tls --from ADDRESS
                                        configure the SMTP relay used for platform mail
  tramita admin message send LOGIN TITLE [TEXT]
                                        send a message to a user (bell, live, and push)
  tramita admin audit verify            check the audit log's hash chain; names the first broken entry
  tramita apps import PATH              import (or upgrade) an application package (YAML)
  tramita apps export APP               print an application's package
  tramita healthcheck                   ask the running server at TRAMITA_ADDR for /api/health
  tramita version                       print the version

Run 'tramita serve --help' for flags and environment variables.
`

func main() {
	os.Exit(run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// run returns the process exit code: 0 success, 1 failure, 2 bad usage or
// configuration.
func run(args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cmd, rest := args[0], args[1:]
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, rest, getenv, stdout, stderr)
	case "migrate":
		err = migrate(ctx, rest, getenv, stdout, stderr)
	case "admin":
		err = admin(ctx, rest, getenv, stdout, stderr)
	case "apps":
		err = apps(ctx, rest, getenv, stdout, stderr)
	case "healthcheck":
		err = healthcheck(ctx, rest, getenv, stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "tramita", version)
		return 0
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "tramita: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	var cerr *config.Error
	var uerr usageError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &cerr):
		fmt.Fprintln(stderr, "tramita: configuration error:", err)
		return 2
	case errors.As(err, &uerr):
		fmt.Fprintln(stderr, "tramita:", err)
		return 2
	default:
		fmt.Fprintln(stderr, "tramita:", err)
		return 1
	}
}

type usageError string

func (e usageError) Error() string { return string(e) }

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
