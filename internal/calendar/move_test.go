package calendar_test

import (
	"context"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/calendar"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

func str(s string) *string { return &s }

// A member moves a task: one version through the item core, operation
// "calendar", with the new dates and the other values kept.
func TestAMoveWritesTheDatesAndTheHistory(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.En)
	got, err := w.svc.Move(ctx, w.ana, calendar.MoveInput{ItemID: httpx.ID(w.march), ComponentID: httpx.ID(w.task),
		Start: "2026-03-10", Finish: str("2026-03-14")})
	if err != nil {
		t.Fatal(err)
	}
	if got.Message != "Task 1: dates changed." || got.Event.Start == nil || !got.Event.Start.Equal(time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)) ||
		got.Event.Finish == nil || !got.Event.Finish.Equal(time.Date(2026, 3, 14, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("answer %+v", got)
	}
	var op, begin, end, notes string
	var version int
	var by int64
	if err := w.db.QueryRow(ctx, `SELECT operation, version, modifier_id, attributes->>'begin', attributes->>'end', attributes->>'notes'
		FROM item_version WHERE item_id = $1 ORDER BY version DESC LIMIT 1`, w.march).Scan(&op, &version, &by, &begin, &end, &notes); err != nil {
		t.Fatal(err)
	}
	if op != "calendar" || by != w.ana.UserID || begin != "2026-03-10T00:00:00Z" || end != "2026-03-14T00:00:00Z" || notes != "keep" {
		t.Errorf("version %d: %s by %d, %s to %s, notes %q", version, op, by, begin, end, notes)
	}
	if i18n.T(i18n.En, "forms.op."+op) != "Calendar edit" {
		t.Errorf("the history names the operation %q", i18n.T(i18n.En, "forms.op."+op))
	}
	// Dragged without a finish, the task keeps its length (4 days).
	got, err = w.svc.Move(ctx, w.ana, calendar.MoveInput{ItemID: httpx.ID(w.march), ComponentID: httpx.ID(w.task), Start: "2026-03-20"})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Event.Finish.Equal(time.Date(2026, 3, 24, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("finish %v", got.Event.Finish)
	}
	// A start-only view writes the start; a time of day is kept.
	got, err = w.svc.Move(ctx, w.outsider, calendar.MoveInput{ItemID: httpx.ID(w.landmark), ComponentID: httpx.ID(w.milestone),
		Start: "2026-03-21T09:30:00-03:00"})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Event.Start.Equal(time.Date(2026, 3, 21, 12, 30, 0, 0, time.UTC)) || got.Event.Finish != nil {
		t.Errorf("milestone %+v", got.Event)
	}
}

func TestAMoveIsRefusedWithAMessage(t *testing.T) {
	w := newWorld(t)
	ctx := i18n.With(context.Background(), i18n.PtBR)
	tests := []struct {
		name   string
		c      calendar.Caller
		in     calendar.MoveInput
		status int
		want   string
	}{
		{"read-only member", w.reader, calendar.MoveInput{ItemID: httpx.ID(w.march), ComponentID: httpx.ID(w.task), Start: "2026-03-10", Finish: str("2026-03-11")},
			403, "Você não tem permissão para alterar as datas deste item."},
		{"finish before start", w.ana, calendar.MoveInput{ItemID: httpx.ID(w.march), ComponentID: httpx.ID(w.task), Start: "2026-03-10", Finish: str("2026-03-09")},
			400, "O término não pode ser antes do início."},
		{"not a date", w.ana, calendar.MoveInput{ItemID: httpx.ID(w.march), ComponentID: httpx.ID(w.task), Start: "amanhã"},
			400, "O campo start deve ser uma data (AAAA-MM-DD) ou data e hora RFC 3339."},
		// Outside the caller's projects the item is not there at all.
		{"another project's item", w.ana, calendar.MoveInput{ItemID: httpx.ID(w.other), ComponentID: httpx.ID(w.task), Start: "2026-03-10"},
			404, ""},
		{"an item of another type", w.ana, calendar.MoveInput{ItemID: httpx.ID(w.landmark), ComponentID: httpx.ID(w.task), Start: "2026-03-10"},
			404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.svc.Move(ctx, tt.c, tt.in)
			if err == nil {
				t.Fatal("accepted")
			}
			if got := status(t, err); got != tt.status {
				t.Fatalf("status %d, want %d (%v)", got, tt.status, err)
			}
			if tt.want != "" && message(i18n.PtBR, err) != tt.want {
				t.Errorf("message %v, want %q", err, tt.want)
			}
		})
	}
	var versions int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM item_version WHERE operation = 'calendar'`).Scan(&versions); err != nil {
		t.Fatal(err)
	}
	if versions != 0 {
		t.Errorf("%d versions written by refused moves", versions)
	}
}
