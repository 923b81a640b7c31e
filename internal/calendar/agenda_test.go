package calendar_test

import (
	"context"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/calendar"
	"github.com/tramita/tramita/internal/timesheets"
)

// The Agenda shows the caller's own hours per item and day beside their
// items, through the timesheets module's store as the server wires it: on
// items the caller may still read, in the range, summed with their notes.
func TestTheAgendaShowsTheCallersHoursPerItemAndDay(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	hours := timesheets.NewStore(w.db)
	w.svc.WithHours(func(ctx context.Context, c calendar.Caller, from, to time.Time) ([]calendar.Hours, bool, error) {
		days, more, err := hours.ItemDays(ctx, c.UserID, c.PanelAdmin, from, to)
		out := make([]calendar.Hours, len(days))
		for i, d := range days {
			out[i] = calendar.Hours(d)
		}
		return out, more, err
	})
	if _, err := w.db.Exec(ctx, `INSERT INTO item_time_entry (item_id, user_id, work_date, minutes, description) VALUES
		($1, $3, '2026-03-04', 90, 'Reunião'), ($1, $3, '2026-03-04', 30, 'Ata'), ($1, $3, '2026-03-05', 60, ''),
		($2, $3, '2026-03-04', 60, 'hidden: Ana is not in Outra'),
		($1, $3, '2026-04-20', 45, 'out of the range'),
		($1, $4, '2026-03-04', 60, 'Rita''s')`, w.march, w.other, w.ana.UserID, w.reader.UserID); err != nil {
		t.Fatal(err)
	}
	got, err := w.svc.Items(ctx, w.ana, march(w.agendaApp))
	if err != nil {
		t.Fatal(err)
	}
	want := []calendar.Hours{
		{Date: "2026-03-04", Minutes: 120, ItemID: w.march, ComponentID: w.task, FormattedID: 1, Title: "Fundação", Description: "Reunião\nAta"},
		{Date: "2026-03-05", Minutes: 60, ItemID: w.march, ComponentID: w.task, FormattedID: 1, Title: "Fundação"},
	}
	if len(got.Hours) != len(want) || got.HoursTruncated {
		t.Fatalf("hours %+v (truncated %v), want %+v", got.Hours, got.HoursTruncated, want)
	}
	for i, h := range got.Hours {
		want[i].ApplicationID = w.app
		if h != want[i] {
			t.Errorf("hours[%d] = %+v, want %+v", i, h, want[i])
		}
	}
	// Another application's calendar shows items only.
	if got, err = w.svc.Items(ctx, w.ana, march(w.app)); err != nil || len(got.Hours) != 0 {
		t.Errorf("the plan's calendar: hours %+v, %v", got.Hours, err)
	}
	// Rita reads the item: her own hour only.
	if got, err = w.svc.Items(ctx, w.reader, march(w.agendaApp)); err != nil || len(got.Hours) != 1 || got.Hours[0].Minutes != 60 {
		t.Errorf("Rita's agenda hours %+v, %v", got.Hours, err)
	}
}
