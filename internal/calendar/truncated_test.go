package calendar_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/calendar"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/table"
)

// Past MaxEvents items in a range, the answer holds the first MaxEvents by
// date and says it is truncated.
func TestABusyRangeIsTruncatedAtMaxEvents(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	rows, err := w.db.Query(ctx, `INSERT INTO item (component_id, number, title) SELECT $1, n, 'Marco ' || n
		FROM generate_series(2, $2::int + 1) n RETURNING id`, w.milestone, calendar.MaxEvents)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	if err := table.Copy(ctx, w.db, w.milestone); err != nil {
		t.Fatal(err)
	}
	values := make([]table.Row, 0, len(ids))
	for _, id := range ids {
		values = append(values, table.Row{ID: id, Values: map[string]any{"due": "2026-03-25T10:00:00Z"}})
	}
	if err := table.WriteValues(ctx, w.db, w.milestone, values...); err != nil {
		t.Fatal(err)
	}
	got, err := w.svc.Items(ctx, w.admin, calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-03-01", To: "2026-04-01"})
	if err != nil {
		t.Fatal(err)
	}
	// Fundação, Alheia and Entrega come before the 2,000 milestones of the 25th.
	if len(got.Events) != calendar.MaxEvents || !got.Truncated || got.Events[0].Title != "Fundação" {
		t.Errorf("%d events, truncated %v, first %q", len(got.Events), got.Truncated, got.Events[0].Title)
	}
	got, err = w.svc.Items(ctx, w.admin, calendar.ItemsInput{ApplicationID: httpx.ID(w.app), From: "2026-03-01", To: "2026-03-21"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Events) != 3 || got.Truncated {
		t.Errorf("before the 25th: %d events, truncated %v", len(got.Events), got.Truncated)
	}
}
