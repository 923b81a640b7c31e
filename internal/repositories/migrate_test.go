package repositories_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Migration 00340 goes down and up again, as goose runs its sections.
func TestRepositoriesMigrationGoesDownAndUp(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	body, err := os.ReadFile("../../migrations/00340_repositories.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(string(body), "-- +goose Down")
	tables := `SELECT count(*) FROM pg_tables WHERE tablename LIKE 'repository\_%'`
	for _, step := range []struct {
		sql  string
		want int
	}{{down, 0}, {strings.Replace(up, "-- +goose Up", "", 1), 3}} {
		if _, err := w.db.Exec(ctx, step.sql, pgx.QueryExecModeSimpleProtocol); err != nil {
			t.Fatal(err)
		}
		if n := countRows(t, w, tables); n != step.want {
			t.Fatalf("%d tables, want %d", n, step.want)
		}
	}
	if a := w.post("ana", "en", "createFolder", map[string]any{"projectId": w.td, "name": "Again"}); a.code != 200 {
		t.Errorf("after down and up: %d %s", a.code, a.raw)
	}
}
