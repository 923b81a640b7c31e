package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// WorkPeriod is a stretch of a stored work calendar, as a resource's
// calendar column holds it ({"workPeriods": [{"weekDay": 1, "start":
// "08:00", "end": "12:00"}]}, admin.WorkPeriod): weekDay 0 (Sunday) to 6,
// start and end as HH:MM. A project's calendar is its resource's.
type WorkPeriod struct {
	WeekDay int
	Start   string
	End     string
}

// StoredCalendar builds the calendar of stored work periods. The stored
// calendars record no exceptions yet; holidays come as exceptions. An
// empty week is ProblemNoWorkingTime: a project without a calendar uses
// Standard instead.
func StoredCalendar(periods []WorkPeriod, exceptions []Exception) (*Calendar, error) {
	var week Week
	for _, p := range periods {
		from, err1 := parseClock(p.Start)
		to, err2 := parseClock(p.End)
		if p.WeekDay < 0 || p.WeekDay > 6 || err1 != nil || err2 != nil {
			return nil, &InputError{Problem: ProblemBadCalendar,
				Detail: fmt.Sprintf("work period %d %s–%s", p.WeekDay, p.Start, p.End)}
		}
		week[p.WeekDay] = append(week[p.WeekDay], Period{from, to})
	}
	return NewCalendar(week, exceptions)
}

// parseClock reads HH:MM (24:00 is the end of the day).
func parseClock(s string) (int, error) {
	h, m, ok := strings.Cut(s, ":")
	if !ok || len(h) != 2 || len(m) != 2 {
		return 0, fmt.Errorf("time %q", s)
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || hh < 0 || hh > 24 || mm < 0 || mm > 59 || (hh == 24 && mm != 0) {
		return 0, fmt.Errorf("time %q", s)
	}
	return hh*60 + mm, nil
}
