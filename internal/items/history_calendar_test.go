package items_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// The history shows a calendar field by its calendar's name, as it shows
// users, projects and the other references: a named resource's name, a
// person's calendar by the person's name (loadCalendars' names).
func TestHistoryNamesCalendars(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var room, person int64
	if err := w.db.QueryRow(ctx, `INSERT INTO resource (name) VALUES ('Sala de reunião') RETURNING id`).Scan(&room); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `INSERT INTO resource (user_id) VALUES ($1) RETURNING id`, w.ana.UserID).Scan(&person); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type, edit_in_grid)
		VALUES ($1, 'workCalendar', '{"pt-BR": "Calendário"}', 'CALENDAR', true)`, w.task); err != nil {
		t.Fatal(err)
	}
	w.ensureTable(t, w.task)
	task := w.newTask(t, nil)
	set := func(calendar int64) {
		t.Helper()
		now, err := w.svc.RefreshItem(ctx, w.ana, items.RefreshInput{ItemID: httpx.ID(task.ID), Component: httpx.ID(w.task)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task),
			Field: "workCalendar", Value: calendar, ModificationDateTicks: now.ModificationDateTicks}); err != nil {
			t.Fatal(err)
		}
	}
	set(room)
	set(person)

	hist, err := w.svc.History(ctx, w.ana, task.ID, w.task, true)
	if err != nil || len(hist) != 3 {
		t.Fatalf("history: %+v %v", hist, err)
	}
	if ch, ok := calendarChange(hist[0].Changes); !ok || ch.Previous != "Sala de reunião" || ch.Current != "Ana" || ch.Type != "CALENDAR" {
		t.Fatalf("getHistoryFull's calendar change: %+v", ch)
	}
	changes, err := w.svc.AttributeChanges(ctx, w.ana, hist[0].ID, hist[1].ID, w.task)
	if err != nil {
		t.Fatal(err)
	}
	if ch, ok := calendarChange(changes); !ok || !ch.Changed || ch.Previous != "Sala de reunião" || ch.Current != "Ana" {
		t.Fatalf("getAttributeChanges' calendar change: %+v", ch)
	}
	first, err := w.svc.AttributeChanges(ctx, w.ana, hist[1].ID, hist[2].ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if ch, ok := calendarChange(first); !ok || !ch.Changed || ch.Previous != "" || ch.Current != "Sala de reunião" {
		t.Fatalf("the first calendar: %+v", ch)
	}
}

func calendarChange(changes []items.AttributeChange) (items.AttributeChange, bool) {
	for _, ch := range changes {
		if ch.Field == "workCalendar" {
			return ch, true
		}
	}
	return items.AttributeChange{}, false
}
