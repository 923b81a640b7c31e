package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/testkit"
)

// `admin setting set signatureProtocolTemplate` checks the template as the
// settings page's save does: an unknown placeholder is refused with the
// page's message and nothing is written; a known one is saved.
func TestAdminSettingChecksTheProtocolTemplate(t *testing.T) {
	url := testkit.DatabaseURL(t)
	env := map[string]string{"DATABASE_URL": url, "TRAMITA_LOG_LEVEL": "error"}
	key := documents.ProtocolTemplateSetting
	known := "{" + documents.ProtocolPlaceholders()[0] + "}"
	good, err := json.Marshal("Assinado por " + known)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runWith([]string{"admin", "setting", "set", key, string(good)}, env); code != 0 {
		t.Fatalf("a known placeholder: exit %d (%s)", code, stderr)
	}
	code, _, stderr := runWith([]string{"admin", "setting", "set", key, `"Assinado por {assinante} em {Lugar }"`}, env)
	want := i18n.T(i18n.En, "admin.protocolUnknownPlaceholders", "names", "{assinante}, {Lugar }")
	if code != 2 || !strings.Contains(stderr, want) {
		t.Fatalf("unknown placeholders: exit %d, stderr %q, want %q", code, stderr, want)
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var stored string
	if err := pool.QueryRow(ctx, `SELECT value #>> '{}' FROM platform_setting WHERE key = $1`, key).Scan(&stored); err != nil ||
		stored != "Assinado por "+known {
		t.Fatalf("stored %q (%v), want the known one kept", stored, err)
	}
}
