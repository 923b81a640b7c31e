package admin

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/i18n"
)

// uses counts, per referencing table, the rows whose foreign keys point at row
// id of table. The catalogue names them, so a module's new reference counts
// with no change here, and no name ever comes from input.
func uses(ctx context.Context, tx pgx.Tx, table string, id int64) (map[string]int, error) {
	rows, err := tx.Query(ctx, `
		SELECT c.conrelid::regclass::text, quote_ident(a.attname)
		FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
		WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND cardinality(c.conkey) = 1
		ORDER BY 1`, table)
	if err != nil {
		return nil, fmt.Errorf("references to %s: %w", table, err)
	}
	type ref struct{ Table, Column string }
	refs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ref])
	if err != nil {
		return nil, fmt.Errorf("references to %s: %w", table, err)
	}
	out := map[string]int{}
	for _, r := range refs {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+r.Table+` WHERE `+r.Column+` = $1`, id).Scan(&n); err != nil {
			return nil, fmt.Errorf("count %s: %w", r.Table, err)
		}
		if n > 0 {
			out[r.Table] += n
		}
	}
	return out, nil
}

// describeUses says in the caller's words what holds a record:
// "membros: 2, aplicações: 1".
func describeUses(lang i18n.Lang, u map[string]int) string {
	var parts []string
	for table, n := range u {
		name := table
		if key := "admin.use." + table; i18n.Has(key) {
			name = i18n.T(lang, key)
		}
		parts = append(parts, fmt.Sprintf("%s: %d", name, n))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}
