package timesheets

import (
	"encoding/json"
	"time"
)

// span is a work period of a weekday in minutes from midnight, [from, to).
type span struct{ from, to int }

// workPeriods is a person's work calendar as automatic entries read it: the
// periods of each weekday (Sunday first), whose sums are the capacities the
// week grid shows, the holidays (YYYY-MM-DD), which have none, and a
// resource's exceptions, whose periods replace their weekday's.
type workPeriods struct {
	week       [7][]span
	holidays   map[string]bool
	exceptions map[string][]span
}

// defaultPeriods is the week without a work calendar: 8 hours Monday to
// Friday, as the grid counts it, from 08:00 to 12:00 and 13:00 to 17:00.
func defaultPeriods() workPeriods {
	out := workPeriods{holidays: map[string]bool{}, exceptions: map[string][]span{}}
	for d := time.Monday; d <= time.Friday; d++ {
		out.week[d] = []span{{8 * 60, 12 * 60}, {13 * 60, 17 * 60}}
	}
	return out
}

// readPeriods reads a stored work calendar (admin.Calendar); one missing,
// unreadable or without periods is the default week.
func readPeriods(raw []byte) workPeriods {
	var cal struct {
		WorkPeriods []struct {
			WeekDay int    `json:"weekDay"`
			Start   string `json:"start"`
			End     string `json:"end"`
		} `json:"workPeriods"`
		Holidays []struct {
			Date string `json:"date"`
		} `json:"holidays"`
		Exceptions []struct {
			Date    string `json:"date"`
			Periods []struct {
				Start string `json:"start"`
				End   string `json:"end"`
			} `json:"periods"`
		} `json:"exceptions"`
	}
	if raw == nil || json.Unmarshal(raw, &cal) != nil || len(cal.WorkPeriods) == 0 {
		return defaultPeriods()
	}
	out := workPeriods{holidays: map[string]bool{}, exceptions: map[string][]span{}}
	for _, p := range cal.WorkPeriods {
		if sp, ok := readSpan(p.Start, p.End); ok && p.WeekDay >= 0 && p.WeekDay <= 6 {
			out.week[p.WeekDay] = append(out.week[p.WeekDay], sp)
		}
	}
	for _, h := range cal.Holidays {
		out.holidays[h.Date] = true
	}
	for _, e := range cal.Exceptions {
		periods := []span{}
		for _, p := range e.Periods {
			if sp, ok := readSpan(p.Start, p.End); ok {
				periods = append(periods, sp)
			}
		}
		out.exceptions[e.Date] = periods
	}
	return out
}

// readSpan reads a period's start and end (HH:MM, end after start).
func readSpan(start, end string) (span, bool) {
	from, okFrom := minutesOfDay(start)
	to, okTo := minutesOfDay(end)
	return span{from, to}, okFrom && okTo && to > from
}

// periods are day's periods: none on a holiday, an exception's own, else
// its weekday's.
func (w workPeriods) periods(day time.Time) []span {
	date := day.Format(time.DateOnly)
	if w.holidays[date] {
		return nil
	}
	if p, ok := w.exceptions[date]; ok {
		return p
	}
	return w.week[day.Weekday()]
}

// capacity is the work of day: its periods' sum, at most a day.
func (w workPeriods) capacity(day time.Time) int {
	sum := 0
	for _, p := range w.periods(day) {
		sum += p.to - p.from
	}
	return min(sum, MaxDayMinutes)
}

// worked is the work of day (a UTC date) that falls from from to to: the
// overlap of its periods with that time, at most the day's capacity.
func (w workPeriods) worked(day, from, to time.Time) int {
	sum := 0
	for _, p := range w.periods(day) {
		start := maxTime(day.Add(time.Duration(p.from)*time.Minute), from)
		end := minTime(day.Add(time.Duration(p.to)*time.Minute), to)
		if end.After(start) {
			sum += int(end.Sub(start) / time.Minute)
		}
	}
	return min(sum, w.capacity(day))
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// dayOf is t's UTC date, the day entries are recorded on.
func dayOf(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// splitDay shares a day's capacity over n items in quarter hours; what does
// not divide goes to the first. With fewer quarter hours than items, the
// first items get one each and the others none.
func splitDay(capacity, n int) []int {
	if n <= 0 || capacity <= 0 {
		return nil
	}
	out := make([]int, n)
	each := capacity / n / 15 * 15
	if each == 0 {
		for i := range min(n, capacity/15) {
			out[i] = 15
		}
		out[0] += capacity % 15
		return out
	}
	for i := range out {
		out[i] = each
	}
	out[0] = capacity - each*(n-1)
	return out
}
