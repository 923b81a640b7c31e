package calendar_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/calendar"
	"github.com/tramita/tramita/internal/httpx"
)

// The calendar shades the holidays of the work calendar that applies: the
// project's when one project is shown, else the caller's own.
func TestTheHolidaysAreTheProjectsOrTheCallers(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `UPDATE app_user SET calendar = '{"workPeriods": [], "holidays": [
		{"date": "2026-02-17", "name": "Carnaval"}, {"date": "2026-03-10", "name": "Dia da Ana"}]}' WHERE id = $1`, w.ana.UserID); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `WITH r AS (INSERT INTO resource (name, calendar) VALUES ('Calendário da obra',
		'{"workPeriods": [], "holidays": [{"date": "2026-03-19", "name": "São José"}, {"date": "2026-04-21", "name": "Tiradentes"}]}') RETURNING id)
		UPDATE project SET calendar_id = (SELECT id FROM r) WHERE id = $1`, w.project); err != nil {
		t.Fatal(err)
	}
	in := march(w.app)
	got, err := w.svc.Items(ctx, w.ana, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Holidays) != 1 || got.Holidays[0] != (calendar.Holiday{Date: "2026-03-10", Name: "Dia da Ana"}) {
		t.Errorf("Ana's holidays in March: %+v", got.Holidays)
	}
	in.ProjectID = httpx.ID(w.project)
	if got, err = w.svc.Items(ctx, w.ana, in); err != nil {
		t.Fatal(err)
	}
	if len(got.Holidays) != 1 || got.Holidays[0] != (calendar.Holiday{Date: "2026-03-19", Name: "São José"}) {
		t.Errorf("the project's holidays in March: %+v", got.Holidays)
	}
	// Otto does not read the project: its calendar is not his to see.
	if got, err = w.svc.Items(ctx, w.outsider, in); err != nil || len(got.Holidays) != 0 {
		t.Errorf("Otto: %+v, %v", got.Holidays, err)
	}
}
