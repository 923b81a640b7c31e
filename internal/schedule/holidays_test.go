package schedule_test

import (
	"context"
	"slices"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/schedule"
)

// A holiday of the project's work calendar is no working day: the tasks'
// durations from their dates leave it out, and the schedule names it for
// the Gantt.
func TestScheduleSkipsTheHolidaysOfTheProjectsCalendar(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	project, a, b, _ := w.smallPlan(t)
	if _, err := w.db.Exec(ctx, `WITH r AS (INSERT INTO resource (name, calendar) VALUES ('Obra', '{"workPeriods": [
			{"weekDay": 1, "start": "08:00", "end": "17:00"}, {"weekDay": 2, "start": "08:00", "end": "17:00"},
			{"weekDay": 3, "start": "08:00", "end": "17:00"}, {"weekDay": 4, "start": "08:00", "end": "17:00"},
			{"weekDay": 5, "start": "08:00", "end": "17:00"}],
			"holidays": [{"date": "2025-06-03", "name": "Feriado municipal"}]}') RETURNING id)
		UPDATE project SET calendar_id = (SELECT id FROM r) WHERE id = $1`, project); err != nil {
		t.Fatal(err)
	}
	s, err := w.svc.GetSchedule(ctx, w.ana, schedule.ScheduleInput{ProjectID: httpx.ID(project)})
	if err != nil {
		t.Fatal(err)
	}
	// A, typed Mon 2 – Wed 4, works two days (Tuesday 3 is off). B, typed
	// Mon 2 – Tue 3, is one day; after A and a day's lag (Thu 5) it is Fri 6
	// alone, where without the holiday it would run Fri 6 – Mon 9.
	if got := taskOf(s, a); got.Start != "2025-06-02" || got.Finish != "2025-06-04" || got.Duration != 2 {
		t.Errorf("A: %s – %s, %d days", got.Start, got.Finish, got.Duration)
	}
	if got := taskOf(s, b); got.Start != "2025-06-06" || got.Finish != "2025-06-06" || got.Duration != 1 {
		t.Errorf("B: %s – %s, %d days", got.Start, got.Finish, got.Duration)
	}
	if !slices.Equal(s.Calendar.WorkDays, []int{1, 2, 3, 4, 5}) ||
		!slices.Equal(s.Calendar.Holidays, []schedule.ScheduleHoliday{{Date: "2025-06-03", Name: "Feriado municipal"}}) {
		t.Errorf("calendar %+v", s.Calendar)
	}
}
