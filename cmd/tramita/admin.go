package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	adminsvc "github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/messages"
	"github.com/tramita/tramita/internal/platform"
)

// The admin commands prepare a platform before anyone can sign in (install,
// automation, tests). They read the database location from the environment
// only, so their flags cannot be confused with serve's.

// adminSetting runs `admin setting set KEY JSON`.
func adminSetting(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) != 3 || args[0] != "set" {
		return usageError("usage: tramita admin setting set KEY JSON-VALUE   (for example: enableMFA true)")
	}
	key, raw := args[1], args[2]
	if !json.Valid([]byte(raw)) {
		return usageError(fmt.Sprintf("value %q is not JSON (text needs quotes: '\"Tramita\"')", raw))
	}
	if key == documents.ProtocolTemplateSetting {
		// Checked as the settings page's save checks it (unknown
		// placeholders, length, control characters), with its message.
		template, bad := adminsvc.CheckProtocolTemplate(json.RawMessage(raw))
		if bad != nil {
			return usageError(i18n.T(i18n.En, bad.Key, bad.Args...))
		}
		normalized, err := json.Marshal(template)
		if err != nil {
			return err
		}
		raw = string(normalized)
	}
	return withDatabase(ctx, "admin setting", nil, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		if err := platform.NewStore(db.pool).Set(ctx, key, json.RawMessage(raw)); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s = %s\n", key, raw)
		return nil
	})
}

// adminUser runs `admin user add LOGIN --name N --email E --password-stdin`.
// stdin is where --password-stdin reads; tests put their own reader here.
var stdin io.Reader = os.Stdin

func adminUser(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	const usage = "usage: tramita admin user add LOGIN --name NAME --email EMAIL --password-stdin|--password PASSWORD [--must-change-password] [--panel-admin] [--administrator]"
	if len(args) < 2 || args[0] != "add" {
		return usageError(usage)
	}
	login := args[1]
	fs := flag.NewFlagSet("admin user add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "", "full name (required)")
	email := fs.String("email", "", "e-mail address")
	password := fs.String("password", "", "initial password; visible to other users in the process list: prefer --password-stdin")
	fromStdin := fs.Bool("password-stdin", false, "read the initial password from the first line of standard input")
	mustChange := fs.Bool("must-change-password", false, "the password must be changed at the first sign-in")
	panelAdmin := fs.Bool("panel-admin", false, "sees every application")
	administrator := fs.Bool("administrator", false, "opens the administration")
	if err := fs.Parse(args[2:]); err != nil {
		return usageError(err.Error())
	}
	if *fromStdin {
		if *password != "" {
			return usageError("give --password-stdin or --password, not both")
		}
		line, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("read the password from standard input: %w", err)
		}
		*password = strings.TrimRight(line, "\r\n")
	}
	switch {
	case strings.TrimSpace(*name) == "":
		return usageError("--name is required")
	case *password == "":
		return usageError(usage)
	}
	if problem := auth.PasswordProblem(login, *password); problem != "" {
		return usageError("the password " + problem)
	}
	hash, err := auth.HashPassword(*password)
	if err != nil {
		return err
	}
	return withDatabase(ctx, "admin user", nil, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		var id int64
		err := db.pool.QueryRow(ctx, `
			INSERT INTO app_user (login, name, email, password_hash, password_changed_at, must_change_password, panel_admin, administrator)
			VALUES ($1, $2, $3, $4, now(), $5, $6, $7)
			ON CONFLICT (login) DO NOTHING RETURNING id`,
			login, *name, *email, hash, *mustChange, *panelAdmin, *administrator).Scan(&id)
		if err != nil {
			return fmt.Errorf("add user %s (does the login exist already?): %w", login, err)
		}
		fmt.Fprintf(stdout, "user %s added (id %d)\n", login, id)
		return nil
	})
}

// adminMailServer runs `admin mail-server set --host H --port P --tls MODE --from ADDRESS`.
// It configures a relay without authentication; a server that needs a
// password is set on the administration page, which stores it encrypted.
func adminMailServer(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 1 || args[0] != "set" {
		return usageError("usage: tramita admin mail-server set --host HOST --port PORT --tls none|starttls|tls --from ADDRESS")
	}
	fs := flag.NewFlagSet("admin mail-server set", flag.ContinueOnError)
	fs.SetOutput(stderr)
	host := fs.String("host", "", "SMTP host (required)")
	port := fs.String("port", "587", "SMTP port")
	tls := fs.String("tls", "starttls", "none, starttls or tls")
	from := fs.String("from", "", "sender address (required)")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError(err.Error())
	}
	p, err := strconv.Atoi(*port)
	if err != nil || p <= 0 || p > 65535 {
		return usageError(fmt.Sprintf("--port %q is not a port number", *port))
	}
	mode := mail.TLSMode(*tls)
	switch mode {
	case mail.TLSNone, mail.TLSStartTLS, mail.TLSImplicit:
	default:
		return usageError(fmt.Sprintf("--tls %q is not none, starttls or tls", *tls))
	}
	if *host == "" || *from == "" {
		return usageError("--host and --from are required")
	}
	return withDatabase(ctx, "admin mail-server", nil, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		if err := mail.NewStore(db.pool).Save(ctx, mail.Settings{Host: *host, Port: p, From: *from, TLS: mode}); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "mail server %s:%d (%s) from %s\n", *host, p, mode, *from)
		return nil
	})
}

// adminMessage runs `admin message send LOGIN TITLE [TEXT]`: a notice to one
// user, sent as every message is, so a running server announces it to open
// pages (NOTIFY) and its job worker pushes it to the user's devices.
func adminMessage(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 3 || len(args) > 4 || args[0] != "send" {
		return usageError("usage: tramita admin message send LOGIN TITLE [TEXT]")
	}
	login, title, text := args[1], args[2], ""
	if len(args) == 4 {
		text = args[3]
	}
	if strings.TrimSpace(title) == "" {
		return usageError("TITLE is required")
	}
	return withDatabase(ctx, "admin message", nil, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		var userID int64
		if err := db.pool.QueryRow(ctx, `SELECT id FROM app_user WHERE login = $1`, login).Scan(&userID); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return fmt.Errorf("no user with login %q", login)
			}
			return err
		}
		m, err := messages.NewService(messages.NewStore(db.pool)).Send(ctx, userID, title, text)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "message %d sent to %s\n", m.ID, login)
		return nil
	})
}
