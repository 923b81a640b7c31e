package audit_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/testkit"
)

func verify(t *testing.T, db *pgxpool.Pool) audit.Verification {
	t.Helper()
	v, err := audit.Verify(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// tamper runs sql as someone who gets past the append-only trigger (the
// table's owner switching it off), the case the chain is there for.
func tamper(t *testing.T, db *pgxpool.Pool, sql string) {
	t.Helper()
	ctx := context.Background()
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		for _, q := range []string{`ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only`, sql,
			`ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only`} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return fmt.Errorf("%s: %w", q, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestAuditChainShowsAnEntryChangedBehindTheApplication(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	at := time.Date(2025, 3, 4, 5, 6, 7, 123456000, time.FixedZone("BRT", -3*3600))
	var uid int64
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name) VALUES ('ana', 'Ana') RETURNING id`).Scan(&uid); err != nil {
		t.Fatal(err)
	}
	base := verify(t, db).Entries
	for i := range 5 {
		e := audit.Event{At: at.Add(time.Duration(i) * time.Second), UserID: uid, Login: "ana", Kind: "admin.user.updated", Address: "10.0.0.1",
			Detail: map[string]any{"entity": "user", "after": map[string]any{"name": "João Ção 日本 \"quoted\"\n", "n": 1.5e21, "i": i}}}
		if err := audit.Record(ctx, db, e); err != nil {
			t.Fatal(err)
		}
	}
	// Written by plain SQL with a made-up place and hash: the database
	// replaces both, so this way in is chained too.
	if _, err := db.Exec(ctx, `INSERT INTO audit_event (at, login, kind, seq, hash) VALUES (now(), 'sql', 'x.y', 999, '\x00')`); err != nil {
		t.Fatal(err)
	}
	v := verify(t, db)
	if !v.Valid || v.Entries != base+6 || len(v.Head) != 64 {
		t.Fatalf("fresh chain: %+v %+v", v, v.Broken)
	}
	// Deleting a user nulls user_id (allowed) and the chain still holds.
	if _, err := db.Exec(ctx, `DELETE FROM app_user WHERE id = $1`, uid); err != nil {
		t.Fatal(err)
	}
	if v := verify(t, db); !v.Valid {
		t.Fatalf("after the user's deletion: %+v", v.Broken)
	}
	// The application's role still cannot change an entry, nor its hash.
	for _, q := range []string{`UPDATE audit_event SET hash = '\x00'`, `UPDATE audit_event SET seq = seq + 100`} {
		if _, err := db.Exec(ctx, q); err == nil {
			t.Fatalf("%s was let through", q)
		}
	}

	// One entry's detail changed with the trigger off: named as the first broken.
	var third int64
	if err := db.QueryRow(ctx, `SELECT id FROM audit_event WHERE seq = $1`, base+3).Scan(&third); err != nil {
		t.Fatal(err)
	}
	tamper(t, db, fmt.Sprintf(`UPDATE audit_event SET detail = jsonb_set(detail, '{after,i}', '7') WHERE id = %d`, third))
	v = verify(t, db)
	if v.Valid || v.Broken == nil || v.Broken.ID != third || v.Broken.Seq != base+3 || v.Broken.Reason != "audit.chain.altered" ||
		v.Broken.Kind != "admin.user.updated" || !v.Broken.At.Equal(at.Add(2*time.Second)) {
		t.Fatalf("altered detail: %+v %+v", v, v.Broken)
	}
	// Put back as it was, the chain holds again: it is the content that counts.
	tamper(t, db, fmt.Sprintf(`UPDATE audit_event SET detail = jsonb_set(detail, '{after,i}', '2') WHERE id = %d`, third))
	if v := verify(t, db); !v.Valid {
		t.Fatalf("restored: %+v", v.Broken)
	}
	// The time moved by a microsecond, the login changed: both seen.
	for _, q := range []string{`UPDATE audit_event SET at = at + interval '1 microsecond' WHERE id = %d`,
		`UPDATE audit_event SET login = 'bia' WHERE id = %d`} {
		tamper(t, db, fmt.Sprintf(q, third))
		if v := verify(t, db); v.Valid || v.Broken.ID != third {
			t.Fatalf("%s: %+v", q, v.Broken)
		}
		tamper(t, db, fmt.Sprintf(strings.NewReplacer("+", "-", "'bia'", "'ana'").Replace(q), third))
	}
	// Changed and given the right hash for its new content: the next entry
	// was hashed after the old hash, so it is the one that breaks.
	tamper(t, db, fmt.Sprintf(`UPDATE audit_event e SET kind = 'x', hash = sha256(
		(SELECT p.hash FROM audit_event p WHERE p.seq = e.seq - 1) || audit_event_content(e.seq, e.id, e.at, e.login, 'x', e.address, e.detail))
		WHERE id = %d`, third))
	if v := verify(t, db); v.Valid || v.Broken.Seq != base+4 || v.Broken.Reason != "audit.chain.altered" {
		t.Fatalf("rehashed: %+v", v.Broken)
	}
	tamper(t, db, fmt.Sprintf(`DELETE FROM audit_event WHERE id = %d`, third))
	if v := verify(t, db); v.Valid || v.Broken.Seq != base+4 || v.Broken.Reason != "audit.chain.missing" {
		t.Fatalf("removed entry: %+v", v.Broken)
	}
}

func TestAuditChainShowsTheNewestEntriesRemoved(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	for i := range 3 {
		if err := audit.Record(ctx, db, audit.Event{At: time.Now(), Login: "ana", Kind: fmt.Sprintf("k.%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	tamper(t, db, `DELETE FROM audit_event WHERE seq = (SELECT max(seq) FROM audit_event)`)
	v := verify(t, db)
	if v.Valid || v.Broken == nil || v.Broken.Kind != "k.1" || v.Broken.Reason != "audit.chain.truncated" {
		t.Fatalf("newest removed: %+v %+v", v, v.Broken)
	}
	// An entry written with the chain trigger off has no place.
	tamper(t, db, `ALTER TABLE audit_event DISABLE TRIGGER audit_event_chain`)
	if _, err := db.Exec(ctx, `INSERT INTO audit_event (at, login, kind) VALUES (now(), 'x', 'unchained')`); err != nil {
		t.Fatal(err)
	}
	if v := verify(t, db); v.Valid || v.Broken.Kind != "unchained" || v.Broken.Reason != "audit.chain.unchained" {
		t.Fatalf("unchained: %+v", v.Broken)
	}
}

// Many writers at once, each in its own transaction, some rolled back:
// one chain, every committed entry in it once, no place skipped.
func TestAuditChainUnderConcurrentWriters(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	base := verify(t, db).Entries
	const writers, each = 8, 15
	errs := make(chan error, writers)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
					for j := range 2 {
						if err := audit.Record(ctx, tx, audit.Event{At: time.Now(), Login: fmt.Sprintf("w%d", w),
							Kind: "test.concurrent", Detail: map[string]any{"i": i, "j": j}}); err != nil {
							return err
						}
					}
					if i%5 == 4 {
						return errRollback
					}
					return nil
				})
				if err != nil && !errors.Is(err, errRollback) {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	v := verify(t, db)
	committed := int64(writers * (each - each/5) * 2)
	var chained int64
	if err := db.QueryRow(ctx, `SELECT count(*) FROM audit_event WHERE kind = 'test.concurrent' AND seq IS NOT NULL`).Scan(&chained); err != nil {
		t.Fatal(err)
	}
	if !v.Valid || v.Entries != base+committed || chained != committed {
		t.Fatalf("concurrent chain: %+v broken %+v; %d chained of %d", v, v.Broken, chained, committed)
	}
}

var errRollback = errors.New("rollback")

// Migration 00033 chains the entries written before it, in id order.
func TestTheMigrationChainsExistingEntries(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	raw, err := os.ReadFile(filepath.Join(testkit.RepoRoot(), "migrations", "00033_audit_chain.sql"))
	if err != nil {
		t.Fatal(err)
	}
	up, down, ok := strings.Cut(string(raw), "-- +goose Down")
	if !ok {
		t.Fatal("no Down section")
	}
	conn, err := db.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	// Back to before the chain, entries written then, and the chain's
	// migration again (the simple protocol runs a whole script).
	script := down + `
		INSERT INTO audit_event (at, login, kind, detail) VALUES
			(now() - interval '2 days', 'ana', 'signin.success', '{}'),
			(now() - interval '1 day', 'bia', 'admin.user.created', '{"after": {"name": "Bia"}}'),
			(now(), 'ana', 'signin.failure', '{"reason": 2}');
	` + up
	if _, err := conn.Conn().PgConn().Exec(ctx, script).ReadAll(); err != nil {
		t.Fatal(err)
	}
	v := verify(t, db)
	var n int64
	if err := db.QueryRow(ctx, `SELECT count(*) FROM audit_event`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if !v.Valid || v.Entries != n || n < 3 {
		t.Fatalf("migrated chain: %+v %+v (%d entries)", v, v.Broken, n)
	}
	if err := audit.Record(ctx, db, audit.Event{At: time.Now(), Login: "ana", Kind: "after.migration"}); err != nil {
		t.Fatal(err)
	}
	if v := verify(t, db); !v.Valid || v.Entries != n+1 {
		t.Fatalf("after the migration: %+v %+v", v, v.Broken)
	}
}
