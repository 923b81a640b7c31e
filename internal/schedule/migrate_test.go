package schedule_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/schedule"
)

// Migration 00140 moves the predecessors each version kept from a column of
// item_version to item_version_predecessors; its down and up keep every
// snapshot. The sections run as goose runs them, outside a prepared statement.
func TestVersionSnapshotsOfPredecessorsSurviveTheirMoveBothWays(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	d := w.itemsIn(t, w.task, "Transformação Digital", 3)
	for _, p := range [][2]int64{{d[0], d[1]}, {d[0], d[2]}, {d[1], d[2]}} {
		in := schedule.PredecessorInput{ItemID: httpx.ID(p[0]), ComponentID: httpx.ID(w.task), PredecessorID: httpx.ID(p[1]), Lag: 1}
		if _, err := w.svc.AddPredecessor(ctx, w.ana, in); err != nil {
			t.Fatal(err)
		}
	}
	snapshots := func(sql string) string {
		var s string
		if err := w.db.QueryRow(ctx, `SELECT coalesce(string_agg(id::text || '=' || p::text, ';' ORDER BY id), '') FROM (`+sql+`) x(id, p)`).
			Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := snapshots(`SELECT version_id, predecessors FROM item_version_predecessors`)
	if strings.Count(before, "=") != 3 {
		t.Fatalf("three versions keep predecessors: %s", before)
	}
	body, err := os.ReadFile("../../migrations/00140_schedule_version_predecessors.sql")
	if err != nil {
		t.Fatal(err)
	}
	up, down, _ := strings.Cut(string(body), "-- +goose Down")
	plain := strings.NewReplacer("-- +goose StatementBegin", "", "-- +goose StatementEnd", "", "-- +goose Up", "")
	if _, err := w.db.Exec(ctx, plain.Replace(down), pgx.QueryExecModeSimpleProtocol); err != nil {
		t.Fatal(err)
	}
	if got := snapshots(`SELECT id, predecessors FROM item_version WHERE predecessors <> '[]'`); got != before {
		t.Fatalf("down: %s, want %s", got, before)
	}
	if _, err := w.db.Exec(ctx, plain.Replace(up), pgx.QueryExecModeSimpleProtocol); err != nil {
		t.Fatal(err)
	}
	if got := snapshots(`SELECT version_id, predecessors FROM item_version_predecessors`); got != before {
		t.Fatalf("up: %s, want %s", got, before)
	}
}
