package main

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/testkit"
)

// `tramita admin audit verify`: exit 0 with the count and head while the
// chain holds; exit 1 naming the first broken entry once one is edited.
func TestAdminAuditVerify(t *testing.T) {
	url := testkit.DatabaseURL(t)
	env := map[string]string{"DATABASE_URL": url, "TRAMITA_LOG_LEVEL": "error"}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(ctx, `INSERT INTO audit_event (at, login, kind) VALUES (now(), 'ana', 'a.one'), (now(), 'ana', 'a.two'), (now(), 'ana', 'a.three')`); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := runWith([]string{"admin", "audit", "verify"}, env); code != 0 || !strings.HasPrefix(out, "audit log valid: ") {
		t.Fatalf("untouched: exit %d %q %q", code, out, stderr)
	}
	var id int64
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, _ = tx.Exec(ctx, `ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only`)
		if err := tx.QueryRow(ctx, `UPDATE audit_event SET login = 'bia' WHERE kind = 'a.two' RETURNING id`).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	code, out, _ := runWith([]string{"admin", "audit", "verify"}, env)
	if code != 1 || !strings.Contains(out, "broken at entry id "+strconv.FormatInt(id, 10)+" ") ||
		!strings.Contains(out, "a.two): Its content or hash was changed.") {
		t.Fatalf("edited: exit %d %q", code, out)
	}
	if code, _, _ := runWith([]string{"admin", "audit", "check"}, env); code != 2 {
		t.Fatalf("unknown subcommand: exit %d", code)
	}
}

// `tramita apps import` of a new application past the plan's limit: exit 1
// with the plan's message; the application already there upgrades.
func TestAppsImportKeepsToThePlan(t *testing.T) {
	url := testkit.DatabaseURL(t)
	env := map[string]string{"DATABASE_URL": url, "TRAMITA_LOG_LEVEL": "error"}
	pm := filepath.Join(testkit.RepoRoot(), "apps", "demo", "project-management.yaml")
	sd := filepath.Join(testkit.RepoRoot(), "apps", "demo", "service-desk.yaml")
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(context.Background(), `UPDATE plan SET max_applications = (SELECT count(*) + 1 FROM application)`); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runWith([]string{"apps", "import", pm}, env); code != 0 {
		t.Fatalf("first: exit %d %s", code, stderr)
	}
	code, _, stderr := runWith([]string{"apps", "import", sd}, env)
	if code != 1 || !strings.Contains(stderr, "The contracted plan allows at most ") || !strings.Contains(stderr, " was not imported.") {
		t.Fatalf("past the plan: exit %d %q", code, stderr)
	}
	if code, out, stderr := runWith([]string{"apps", "import", pm}, env); code != 0 || !strings.Contains(out, "upgraded") {
		t.Fatalf("upgrade: exit %d %q %q", code, out, stderr)
	}
}
