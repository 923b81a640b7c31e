package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/i18n"
)

// errAuditBroken makes `admin audit verify` exit 1 once the report is printed.
var errAuditBroken = errors.New("the audit log's hash chain is broken")

// adminAudit runs `admin audit verify` over the audit log's hash chain. It
// prints the first broken entry, or the entries and the head hash, worth
// noting elsewhere: a log rewritten from some entry on shows only against it.
func adminAudit(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) != 1 || args[0] != "verify" {
		return usageError("usage: tramita admin audit verify")
	}
	return withDatabase(ctx, "admin audit", nil, getenv, stderr, func(ctx context.Context, db *databaseHandle) error {
		if err := database.Migrate(ctx, db.pool, db.log); err != nil {
			return err
		}
		v, err := audit.Verify(ctx, db.pool)
		if err != nil {
			return err
		}
		if v.Valid {
			fmt.Fprintf(stdout, "audit log valid: %d entries, head %s\n", v.Entries, v.Head)
			return nil
		}
		b := v.Broken
		reason := i18n.T(i18n.En, b.Reason, b.Args...)
		if b.ID == 0 {
			fmt.Fprintf(stdout, "audit log broken: no entry left; %s\n", reason)
		} else {
			fmt.Fprintf(stdout, "audit log broken at entry id %d (number %d, %s, %s): %s\n",
				b.ID, b.Seq, b.At.Format("2006-01-02T15:04:05.000000Z"), b.Kind, reason)
		}
		return errAuditBroken
	})
}
