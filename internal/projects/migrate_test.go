package projects_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/projects"
)

// Migration 00221's down leaves projects as 00220 had them (their names,
// managers and members kept), and its up adds the fields again. The
// sections run as goose runs them, outside a prepared statement.
func TestProjectFieldsMigrationGoesDownAndUp(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.svc.SaveProject(ctx, w.admin(), projects.SaveProjectInput{Name: "Com campos", Code: "CC", StartDate: "2025-01-01",
		ItemTypeIDs: []httpx.ID{httpx.ID(w.task)}}); err != nil {
		t.Fatal(err)
	}
	shape := func() string {
		var s string
		if err := w.db.QueryRow(ctx, `SELECT string_agg(p.id || ':' || p.name || ':' || coalesce(p.manager_id::text, '-') || ':' ||
			(SELECT count(*) FROM project_member pm WHERE pm.project_id = p.id), ',' ORDER BY p.id) FROM project p`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	columns := func() int {
		return w.count(t, `SELECT count(*) FROM information_schema.columns WHERE table_name = 'project'`)
	}
	before, wide := shape(), columns()
	body, err := os.ReadFile("../../migrations/00221_project_fields.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(string(body), "-- +goose Down")
	plain := strings.NewReplacer("-- +goose StatementBegin", "", "-- +goose StatementEnd", "", "-- +goose Up", "")
	if _, err := w.db.Exec(ctx, plain.Replace(down), pgx.QueryExecModeSimpleProtocol); err != nil {
		t.Fatal(err)
	}
	if got := shape(); got != before || columns() != 4 || w.count(t, `SELECT count(*) FROM pg_tables WHERE tablename = 'project_item_type'`) != 0 {
		t.Fatalf("down: %s (%d columns), want %s", got, columns(), before)
	}
	if _, err := w.db.Exec(ctx, plain.Replace(up), pgx.QueryExecModeSimpleProtocol); err != nil {
		t.Fatal(err)
	}
	if got := shape(); got != before || columns() != wide ||
		w.count(t, `SELECT count(*) FROM project WHERE status = 'active'`) != w.count(t, `SELECT count(*) FROM project`) {
		t.Fatalf("up: %s (%d columns), want %s", got, columns(), before)
	}
}
