package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/tramita/tramita/internal/items/table"
)

// GoMigrations names the migrations written in Go, for the tests' template
// hash: a change of their behaviour changes this text.
const GoMigrations = "00102 typed item storage v1"

// typedItemStorage is migration 00102: the items' values move from the
// registry's jsonb into their types' typed tables (docs/item-tables.md). It is
// Go because the tables' DDL is the item core's (items/table).
var typedItemStorage = goose.NewGoMigration(102,
	&goose.GoFunc{RunDB: func(ctx context.Context, db *sql.DB) error {
		conn, err := db.Conn(ctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		return conn.Raw(func(dc any) error {
			_, err := table.Upgrade(ctx, dc.(*stdlib.Conn).Conn())
			if err != nil {
				return fmt.Errorf("typed item storage: %w", err)
			}
			return nil
		})
	}},
	&goose.GoFunc{RunDB: func(context.Context, *sql.DB) error {
		return errors.New("the typed item storage (00102) is not undone: restore the backup taken before the upgrade")
	}})
