package timesheets

import (
	"slices"
	"testing"
	"time"
)

func TestSplitDayInQuarterHoursWithTheRestOnTheFirst(t *testing.T) {
	for _, c := range []struct {
		capacity, n int
		want        []int
	}{
		{480, 3, []int{180, 150, 150}},
		{480, 4, []int{120, 120, 120, 120}},
		{480, 7, []int{120, 60, 60, 60, 60, 60, 60}},
		{30, 3, []int{15, 15, 0}},
		{40, 3, []int{25, 15, 0}},
		{10, 2, []int{10, 0}},
		{120, 10, []int{15, 15, 15, 15, 15, 15, 15, 15, 0, 0}},
		{480, 0, nil},
		{0, 2, nil},
	} {
		if got := splitDay(c.capacity, c.n); !slices.Equal(got, c.want) {
			t.Errorf("splitDay(%d, %d) = %v, want %v", c.capacity, c.n, got, c.want)
		}
	}
}

func TestWorkedIsTheCalendarsTimeInASpan(t *testing.T) {
	cal := readPeriods([]byte(`{"workPeriods":[{"weekDay":4,"start":"09:00","end":"13:00"},{"weekDay":4,"start":"14:00","end":"18:00"}],
		"holidays":[{"date":"2025-06-05"}],
		"exceptions":[{"date":"2025-06-12","periods":[{"start":"09:00","end":"11:00"}]},{"date":"2025-06-19","periods":[]},
			{"date":"2025-06-21","periods":[{"start":"08:00","end":"10:00"}]}]}`))
	at := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v }
	thu := time.Date(2025, 5, 29, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name     string
		day      time.Time
		from, to string
		want     int
	}{
		{"whole day", thu, "2025-05-28T00:00:00Z", "2025-05-30T00:00:00Z", 480},
		{"from the middle of the morning", thu, "2025-05-29T10:00:00Z", "2025-05-30T00:00:00Z", 420},
		{"over lunch only", thu, "2025-05-29T13:00:00Z", "2025-05-29T14:00:00Z", 0},
		{"a day without periods", thu.AddDate(0, 0, 1), "2025-05-28T00:00:00Z", "2025-06-01T00:00:00Z", 0},
		{"a holiday", thu.AddDate(0, 0, 7), "2025-06-01T00:00:00Z", "2025-06-07T00:00:00Z", 0},
		{"an exception's shorter day", thu.AddDate(0, 0, 14), "2025-06-12T10:00:00Z", "2025-06-13T00:00:00Z", 60},
		{"an exception's day off", thu.AddDate(0, 0, 21), "2025-06-19T00:00:00Z", "2025-06-20T00:00:00Z", 0},
		{"an exception's Saturday at work", thu.AddDate(0, 0, 23), "2025-06-21T00:00:00Z", "2025-06-22T00:00:00Z", 120},
	} {
		if got := cal.worked(c.day, at(c.from), at(c.to)); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	if got := defaultPeriods().capacity(thu); got != defaultDayMinutes {
		t.Errorf("the default week's Thursday: %d", got)
	}
}
