package items_test

import (
	"testing"

	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestSearchColumnIgnoresAccents(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := t.Context()
	var ok bool
	err := db.QueryRow(ctx, `SELECT to_tsvector('portuguese', tramita_unaccent('Manutenção do servidor')) ||
		jsonb_to_tsvector('portuguese'::regconfig, tramita_unaccent('{"a":"Ação urgente"}')::jsonb, '["string"]')
		@@ plainto_tsquery('portuguese', tramita_unaccent('acao'))`).Scan(&ok)
	if err != nil || !ok {
		t.Fatalf("search: %v %v", ok, err)
	}
}
