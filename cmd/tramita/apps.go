package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/database"
)

// apps runs `tramita apps import PATH` and `tramita apps export APP`.
func apps(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 2 || (args[0] != "import" && args[0] != "export") {
		return usageError("usage: tramita apps import PATH | tramita apps export APP [flags]")
	}
	action, target, rest := args[0], args[1], args[2:]
	if action == "export" {
		return withDatabase(ctx, "apps export", rest, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
			p, err := apppkg.Export(ctx, db.pool, target)
			if errors.Is(err, apppkg.ErrNoApplication) {
				return fmt.Errorf("no application with key %q", target)
			}
			if err != nil {
				return err
			}
			out, err := apppkg.Marshal(p)
			if err != nil {
				return err
			}
			_, err = stdout.Write(out)
			return err
		})
	}
	data, err := os.ReadFile(target)
	if err != nil {
		return err
	}
	// Refuse an invalid package before touching the database.
	p, err := apppkg.Parse(filepath.Base(target), data)
	if err != nil {
		return err
	}
	return withDatabase(ctx, "apps import", rest, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		rep, err := apppkg.Import(ctx, db.pool, filepath.Base(target), p)
		if err != nil {
			return err
		}
		verb := "upgraded"
		if rep.Created {
			verb = "created"
		}
		fmt.Fprintf(stdout, "application %q %s (id %d)\n", p.Key, verb, rep.ApplicationID)
		for _, n := range rep.Notes {
			fmt.Fprintln(stdout, "  note:", n)
		}
		return nil
	})
}
