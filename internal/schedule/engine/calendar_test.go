package engine

import (
	"errors"
	"testing"
)

// day is a date of the tests, YYYY-MM-DD. 2025-03-03 is a Monday.
func day(t testing.TB, s string) Date {
	t.Helper()
	d, err := ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDatesCountDaysAndWeekdays(t *testing.T) {
	for _, s := range []string{"0001-01-01", "1969-12-31", "1970-01-01", "2024-02-29", "2025-03-03", "9999-12-31"} {
		if got := day(t, s).String(); got != s {
			t.Errorf("%s read back as %s", s, got)
		}
	}
	if wd := day(t, "2025-03-03").Weekday().String(); wd != "Monday" {
		t.Errorf("2025-03-03 is a %s", wd)
	}
	if wd := day(t, "0001-01-01").Weekday().String(); wd != "Monday" {
		t.Errorf("0001-01-01 is a %s", wd)
	}
	if d := day(t, "2024-02-28").AddDays(2); d.String() != "2024-03-01" {
		t.Errorf("2024-02-28 + 2 days = %s", d)
	}
	if Date(0).String() != "" || !Date(0).IsZero() {
		t.Error("the zero Date is no date")
	}
	if _, err := ParseDate("2025-02-30"); err == nil {
		t.Error("30 February was read")
	}
}

// holidays is Standard with Carnival (Monday and Tuesday 3 and 4 March 2025)
// off and Saturday 8 March worked in the morning.
func holidays(t *testing.T) *Calendar {
	t.Helper()
	c, err := NewCalendar(Standard().Week(), []Exception{
		{From: day(t, "2025-03-03"), To: day(t, "2025-03-04"), Name: "Carnaval"},
		{From: day(t, "2025-03-08"), To: day(t, "2025-03-08"), Name: "Mutirão", Work: []Period{{480, 720}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCalendarAddsAndCountsWorkingDays(t *testing.T) {
	std, hol := Standard(), holidays(t)
	for _, c := range []struct {
		name     string
		cal      *Calendar
		from     string
		n        int
		want     string
		counted  int // WorkdaysBetween(from, want+1) for n >= 0
		hasCount bool
	}{
		{"a working day itself", std, "2025-03-03", 0, "2025-03-03", 1, true},
		{"a Saturday moves to Monday", std, "2025-03-01", 0, "2025-03-03", 1, true},
		{"over the weekend", std, "2025-03-06", 2, "2025-03-10", 3, true},
		{"ten days are two weeks", std, "2025-03-03", 10, "2025-03-17", 11, true},
		{"backwards over the weekend", std, "2025-03-10", -1, "2025-03-07", 0, false},
		{"backwards from a Sunday", std, "2025-03-09", -1, "2025-03-07", 0, false},
		{"Carnival is skipped", hol, "2025-03-03", 0, "2025-03-05", 1, true},
		{"the worked Saturday counts", hol, "2025-03-05", 3, "2025-03-08", 4, true},
		{"and is passed backwards", hol, "2025-03-10", -2, "2025-03-07", 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.cal.AddWorkdays(day(t, c.from), c.n)
			if got.String() != c.want {
				t.Fatalf("AddWorkdays(%s, %d) = %s, want %s", c.from, c.n, got, c.want)
			}
			if c.hasCount {
				if n := c.cal.WorkdaysBetween(day(t, c.from), got+1); n != c.counted {
					t.Errorf("WorkdaysBetween(%s, %s+1) = %d, want %d", c.from, got, n, c.counted)
				}
			}
		})
	}
	if n := std.WorkdaysBetween(day(t, "2025-03-10"), day(t, "2025-03-03")); n != -5 {
		t.Errorf("a week back is %d working days, want -5", n)
	}
	// Carnival week: Wednesday to Friday 8 h each, Saturday 4 h.
	if m := hol.WorkMinutesBetween(day(t, "2025-03-03"), day(t, "2025-03-10")); m != 3*480+240 {
		t.Errorf("Carnival week has %d working minutes, want %d", m, 3*480+240)
	}
	if hol.IsWorkday(day(t, "2025-03-04")) || !hol.IsWorkday(day(t, "2025-03-08")) || hol.IsWorkday(day(t, "2025-03-15")) {
		t.Error("the exceptions are not applied to their dates only")
	}
	if std.MinutesPerDay() != 480 || hol.MinutesPerDay() != 480 {
		t.Errorf("a standard day is %d minutes", std.MinutesPerDay())
	}
	if s, e := hol.DayStart(day(t, "2025-03-08")), hol.DayEnd(day(t, "2025-03-08")); s != 480 || e != 720 {
		t.Errorf("the worked Saturday runs %d–%d", s, e)
	}
}

func TestStoredCalendarIsTheResourcesWeek(t *testing.T) {
	// As a resource's calendar column holds it: Monday to Saturday, with a
	// lunch break on weekdays, periods in any order and overlapping.
	var periods []WorkPeriod
	for wd := 1; wd <= 5; wd++ {
		periods = append(periods, WorkPeriod{wd, "13:00", "18:00"}, WorkPeriod{wd, "08:00", "12:00"}, WorkPeriod{wd, "11:00", "12:00"})
	}
	periods = append(periods, WorkPeriod{6, "08:00", "12:00"})
	c, err := StoredCalendar(periods, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := c.Week()
	if len(w[0]) != 0 || len(w[1]) != 2 || w[1][0] != (Period{480, 720}) || w[1][1] != (Period{780, 1080}) || len(w[6]) != 1 {
		t.Fatalf("week %v", w)
	}
	if c.MinutesPerDay() != 540 {
		t.Errorf("a day is %d minutes, want 540 (the five weekdays)", c.MinutesPerDay())
	}
	if got := c.AddWorkdays(day(t, "2025-03-07"), 1); got.String() != "2025-03-08" {
		t.Errorf("the day after Friday is %s, want Saturday", got)
	}

	for _, c := range []struct {
		name    string
		periods []WorkPeriod
		except  []Exception
		problem Problem
	}{
		{"no period", nil, nil, ProblemNoWorkingTime},
		{"weekday 7", []WorkPeriod{{7, "08:00", "12:00"}}, nil, ProblemBadCalendar},
		{"25 o'clock", []WorkPeriod{{1, "08:00", "25:00"}}, nil, ProblemBadCalendar},
		{"end before start", []WorkPeriod{{1, "12:00", "08:00"}}, nil, ProblemBadCalendar},
		{"not a time", []WorkPeriod{{1, "8h", "12:00"}}, nil, ProblemBadCalendar},
		{"exception ends before it starts", []WorkPeriod{{1, "08:00", "12:00"}},
			[]Exception{{From: day(t, "2025-03-05"), To: day(t, "2025-03-04")}}, ProblemBadCalendar},
		{"exceptions overlap", []WorkPeriod{{1, "08:00", "12:00"}},
			[]Exception{{From: day(t, "2025-03-03"), To: day(t, "2025-03-05")}, {From: day(t, "2025-03-05"), To: day(t, "2025-03-05")}}, ProblemBadCalendar},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := StoredCalendar(c.periods, c.except)
			var in *InputError
			if !errors.As(err, &in) || in.Problem != c.problem {
				t.Fatalf("got %v, want %s", err, c.problem)
			}
		})
	}
}
