package admin_test

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/items/demo"
)

// The audit page's verify call: valid while nobody edits the log; an entry
// changed with the trigger off is named with the reason in the caller's
// language; a plain user is refused.
func TestVerifyAuditLogCall(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.do(e.root, "POST", "/admin/groups/save", map[string]any{"id": 0, "name": "Financeiro"}).want(200)
	e.do(e.root, "POST", "/admin/groups/save", map[string]any{"id": 0, "name": "Compras"}).want(200)
	var ok admin.AuditChain
	e.do(e.root, "GET", "/admin/auditLog/verify", nil).want(200).decode(&ok)
	if !ok.Valid || ok.Entries < 2 || ok.Broken != nil || len(ok.Head) != 64 {
		t.Fatalf("untouched log: %+v", ok)
	}
	e.do(e.ana, "GET", "/admin/auditLog/verify", nil).want(403)

	var id int64
	err := pgx.BeginFunc(ctx, e.db, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `ALTER TABLE audit_event DISABLE TRIGGER audit_event_append_only`); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `UPDATE audit_event SET detail = jsonb_set(detail, '{after,name}', '"Diretoria"')
			WHERE kind = 'admin.group.created' AND detail->'after'->>'name' = 'Financeiro' RETURNING id`).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `ALTER TABLE audit_event ENABLE TRIGGER audit_event_append_only`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for lang, msg := range map[string]string{"pt-BR": "O conteúdo ou o hash do registro foi alterado.", "en": "Its content or hash was changed."} {
		e.lang = lang
		var broken admin.AuditChain
		e.do(e.root, "GET", "/admin/auditLog/verify", nil).want(200).decode(&broken)
		if broken.Valid || broken.Broken == nil || broken.Broken.ID != id || broken.Broken.Kind != "admin.group.created" ||
			broken.Broken.Message != msg || broken.Head != "" {
			t.Fatalf("%s: altered entry %d: %+v %+v", lang, id, broken, broken.Broken)
		}
	}
}

// The plan page's storage usage counts the files of the file storage (the
// sizes item_file records) on top of the database.
func TestPlanUsageCountsStoredFiles(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if err := demo.Load(ctx, e.db, slog.New(slog.NewTextHandler(io.Discard, nil)), demo.Options{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	const size = 7 << 20
	if _, err := e.db.Exec(ctx, `INSERT INTO item_file (item_id, name, content_type, size, sha256, storage_key)
		SELECT id, 'big.pdf', 'application/pdf', $1, '', 'items/test/big' FROM item ORDER BY id LIMIT 1`, size); err != nil {
		t.Fatal(err)
	}
	var p admin.Plan
	e.do(e.root, "GET", "/admin/plan", nil).want(200).decode(&p)
	u := p.Usage
	if u.FileBytes != size || u.DatabaseBytes <= 0 || u.StorageBytes != u.DatabaseBytes+u.FileBytes || u.Applications < 2 {
		t.Fatalf("usage %+v", u)
	}
	var d admin.Dashboard
	e.do(e.root, "GET", "/admin/dashboard", nil).want(200).decode(&d)
	if d.StorageBytes < size+u.DatabaseBytes {
		t.Fatalf("dashboard storage %d", d.StorageBytes)
	}
}
