package engine

import (
	"fmt"
	"slices"
	"time"
)

// Period is a stretch of working time in a day, in minutes since midnight:
// 08:00–12:00 is {480, 720}.
type Period struct {
	From, To int
}

// Week is the working time of each day of the week, indexed by
// time.Weekday (Sunday first). A day without periods is not worked.
type Week [7][]Period

// Exception changes the days From to To (both included): without Work they
// are not worked (a holiday); with Work they are worked in those periods
// (a Saturday worked, a shorter day).
type Exception struct {
	From, To Date
	Name     string
	Work     []Period
}

// maxExceptionDays bounds one exception, so a typo cannot expand to
// centuries of days.
const maxExceptionDays = 3660

// Calendar is a work calendar: the working time of each weekday, with
// exceptions on given dates. Build it with NewCalendar or Standard.
type Calendar struct {
	week       Week
	exceptions []Exception
	byDate     map[Date][]Period
	perDay     int
}

// Standard is the calendar a project without one schedules on: Monday to
// Friday, 08:00–12:00 and 13:00–17:00, as MS Project's "Standard".
func Standard() *Calendar {
	day := []Period{{480, 720}, {780, 1020}}
	c, _ := NewCalendar(Week{nil, day, day, day, day, day, nil}, nil)
	return c
}

// NewCalendar checks and builds a calendar. Overlapping periods of one day
// are merged; exceptions may not overlap each other. A week without a
// working day is refused (ProblemNoWorkingTime): nothing could be scheduled.
func NewCalendar(week Week, exceptions []Exception) (*Calendar, error) {
	c := &Calendar{byDate: map[Date][]Period{}}
	working := false
	for d, periods := range week {
		merged, err := mergePeriods(periods)
		if err != nil {
			return nil, &InputError{Problem: ProblemBadCalendar, Detail: time.Weekday(d).String() + ": " + err.Error()}
		}
		c.week[d] = merged
		working = working || len(merged) > 0
	}
	if !working {
		return nil, &InputError{Problem: ProblemNoWorkingTime, Detail: "no day of the week is worked"}
	}
	c.exceptions = make([]Exception, 0, len(exceptions))
	for _, e := range exceptions {
		if e.From.IsZero() || e.To < e.From || int(e.To-e.From) >= maxExceptionDays {
			return nil, &InputError{Problem: ProblemBadCalendar,
				Detail: fmt.Sprintf("exception %q: %s to %s", e.Name, e.From, e.To)}
		}
		work, err := mergePeriods(e.Work)
		if err != nil {
			return nil, &InputError{Problem: ProblemBadCalendar, Detail: fmt.Sprintf("exception %q: %v", e.Name, err)}
		}
		for d := e.From; d <= e.To; d++ {
			if _, twice := c.byDate[d]; twice {
				return nil, &InputError{Problem: ProblemBadCalendar, Detail: fmt.Sprintf("exceptions overlap on %s", d)}
			}
			c.byDate[d] = work
		}
		e.Work = work
		c.exceptions = append(c.exceptions, e)
	}
	slices.SortFunc(c.exceptions, func(a, b Exception) int { return int(a.From - b.From) })
	c.perDay = commonDayMinutes(c.week)
	return c, nil
}

// mergePeriods sorts periods and joins those that overlap or touch.
func mergePeriods(periods []Period) ([]Period, error) {
	if len(periods) == 0 {
		return nil, nil
	}
	sorted := slices.Clone(periods)
	for _, p := range sorted {
		if p.From < 0 || p.To > 24*60 || p.To <= p.From {
			return nil, fmt.Errorf("period %s–%s", clock(p.From), clock(p.To))
		}
	}
	slices.SortFunc(sorted, func(a, b Period) int { return a.From - b.From })
	out := sorted[:1]
	for _, p := range sorted[1:] {
		if last := &out[len(out)-1]; p.From <= last.To {
			last.To = max(last.To, p.To)
		} else {
			out = append(out, p)
		}
	}
	return out, nil
}

// commonDayMinutes is the length of the most usual working weekday (the
// longer on a tie): what "a day" of duration means in hours.
func commonDayMinutes(week Week) int {
	count := map[int]int{}
	best := 0
	for _, periods := range week {
		m := minutes(periods)
		if m == 0 {
			continue
		}
		count[m]++
		if count[m] > count[best] || (count[m] == count[best] && m > best) {
			best = m
		}
	}
	return best
}

func minutes(periods []Period) int {
	n := 0
	for _, p := range periods {
		n += p.To - p.From
	}
	return n
}

func clock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

// Work is the working time of day d.
func (c *Calendar) Work(d Date) []Period {
	if p, ok := c.byDate[d]; ok {
		return p
	}
	return c.week[d.Weekday()]
}

// IsWorkday holds when d has working time.
func (c *Calendar) IsWorkday(d Date) bool { return len(c.Work(d)) > 0 }

// WorkMinutes is the working time of day d in minutes.
func (c *Calendar) WorkMinutes(d Date) int { return minutes(c.Work(d)) }

// MinutesPerDay is how long a working day of duration is: the length of
// the most usual working weekday (480 for Standard).
func (c *Calendar) MinutesPerDay() int { return c.perDay }

// DayStart and DayEnd are when work starts and ends on d, in minutes since
// midnight; 0 on a day without work.
func (c *Calendar) DayStart(d Date) int {
	if w := c.Work(d); len(w) > 0 {
		return w[0].From
	}
	return 0
}

// DayEnd: see DayStart.
func (c *Calendar) DayEnd(d Date) int {
	if w := c.Work(d); len(w) > 0 {
		return w[len(w)-1].To
	}
	return 0
}

// Week is the calendar's week (periods merged).
func (c *Calendar) Week() Week {
	var w Week
	for d, p := range c.week {
		w[d] = slices.Clone(p)
	}
	return w
}

// Exceptions are the calendar's exceptions by date.
func (c *Calendar) Exceptions() []Exception { return slices.Clone(c.exceptions) }

// NextWorkday is d when d is worked, else the first working day after it.
func (c *Calendar) NextWorkday(d Date) Date {
	for !c.IsWorkday(d) {
		d++
	}
	return d
}

// AddWorkdays moves n working days from d, forwards or (n < 0) backwards;
// a d that is not worked counts from the next working day. AddWorkdays(d,
// 0) is NextWorkday(d); a task of duration n starting on d finishes on
// AddWorkdays(d, n-1).
func (c *Calendar) AddWorkdays(d Date, n int) Date {
	d = c.NextWorkday(d)
	for ; n > 0; n-- {
		d = c.NextWorkday(d + 1)
	}
	for ; n < 0; n++ {
		d--
		for !c.IsWorkday(d) {
			d--
		}
	}
	return d
}

// WorkdaysBetween counts the working days from `from` (included) to `to`
// (excluded); negative when to is before from. The duration of a task from
// start to finish is WorkdaysBetween(start, finish+1).
func (c *Calendar) WorkdaysBetween(from, to Date) int {
	return sumDays(from, to, func(d Date) int {
		if c.IsWorkday(d) {
			return 1
		}
		return 0
	})
}

// WorkMinutesBetween is the working time from `from` (included) to `to`
// (excluded) in minutes; negative when to is before from.
func (c *Calendar) WorkMinutesBetween(from, to Date) int { return sumDays(from, to, c.WorkMinutes) }

// sumDays adds up per(d) for the days from `from` to `to` (excluded), the
// sum negated when to is before from.
func sumDays(from, to Date, per func(Date) int) int {
	sign := 1
	if to < from {
		from, to, sign = to, from, -1
	}
	n := 0
	for d := from; d < to; d++ {
		n += per(d)
	}
	return sign * n
}
