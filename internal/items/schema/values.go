package schema

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// RenameValues moves the values an item type's items hold under attribute
// key from to key to, inside tx, and says how many items it moved. It is a
// change of the type's definition, not of its items: no version is written,
// so an item's history reads the old key before and the new one after.
// The item tables are the core's: a package import renaming an attribute
// calls this instead of writing them itself (nor reads them: CountValues).
func RenameValues(ctx context.Context, tx pgx.Tx, componentID int64, from, to string) (int64, error) {
	tag, err := tx.Exec(ctx, `UPDATE item SET attributes = (attributes - $2::text) || jsonb_build_object($3::text, attributes -> $2::text)
		WHERE component_id = $1 AND attributes ? $2::text`, componentID, from, to)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

// CountValues counts the items of an item type that hold a value under
// attribute key (deleted items included: their values are kept too).
func CountValues(ctx context.Context, tx pgx.Tx, componentID int64, key string) (int64, error) {
	var n int64
	err := tx.QueryRow(ctx, `SELECT count(*) FROM item WHERE component_id = $1 AND attributes ? $2::text`, componentID, key).Scan(&n)
	return n, err
}
