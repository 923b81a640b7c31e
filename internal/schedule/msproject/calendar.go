package msproject

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/tramita/tramita/internal/schedule/engine"
)

// calendarToXML writes c as calendar 1: its week (DayType 1, Sunday, to
// 7) and its exceptions twice, as MS Project does: as DayType 0 days,
// which every version reads, and as Exceptions, MS Project 2007's form.
func calendarToXML(name string, c *engine.Calendar) xmlCalendar {
	x := xmlCalendar{UID: 1, Name: name, IsBaseCalendar: 1, BaseCalendarUID: -1}
	for d, periods := range c.Week() {
		x.WeekDays = append(x.WeekDays, xmlWeekDay{DayType: d + 1, DayWorking: flag(len(periods) > 0), WorkingTimes: workingTimes(periods)})
	}
	for _, e := range c.Exceptions() {
		period := &xmlTimePeriod{FromDate: formatTime(e.From.Time()), ToDate: formatTime(e.To.At(23*60 + 59))}
		x.WeekDays = append(x.WeekDays, xmlWeekDay{DayWorking: flag(len(e.Work) > 0), TimePeriod: period, WorkingTimes: workingTimes(e.Work)})
		x.Exceptions = append(x.Exceptions, xmlException{TimePeriod: *period, Occurrences: int(e.To-e.From) + 1, Name: e.Name,
			Type: 1, DayWorking: flag(len(e.Work) > 0), WorkingTimes: workingTimes(e.Work)})
	}
	return x
}

func workingTimes(periods []engine.Period) []xmlWorkingTime {
	var out []xmlWorkingTime
	for _, p := range periods {
		out = append(out, xmlWorkingTime{FromTime: clock(p.From), ToTime: clock(p.To % (24 * 60))})
	}
	return out
}

func clock(minute int) string { return fmt.Sprintf("%02d:%02d:00", minute/60, minute%60) }

// calendarFromXML reads calendar uid, its week completed from its base
// calendar. Exceptions are read from Exceptions of Type 1 (every day of a
// period, with their names), then from the DayType 0 days, where MS
// Project also expands recurring ones. Where they overlap, the first read
// holds.
func calendarFromXML(all []xmlCalendar, uid int) (string, *engine.Calendar, error) {
	byUID := map[int]xmlCalendar{}
	for _, c := range all {
		byUID[c.UID] = c
	}
	c, ok := byUID[uid]
	if !ok {
		return "", nil, nil
	}
	var week engine.Week
	known := [7]bool{}
	days := map[engine.Date]engine.Exception{}
	addDays := func(name string, period xmlTimePeriod, working int, times []xmlWorkingTime) error {
		from, err := parseTime(period.FromDate)
		if err != nil {
			return err
		}
		to, err := parseTime(period.ToDate)
		if err != nil {
			return err
		}
		work, err := periods(times)
		if err != nil {
			return err
		}
		if working == 0 {
			work = nil
		}
		for d := engine.DateFromTime(from); d <= engine.DateFromTime(to) && !from.IsZero(); d++ {
			if _, seen := days[d]; !seen {
				days[d] = engine.Exception{From: d, To: d, Name: name, Work: work}
			}
		}
		return nil
	}
	for seen := map[int]bool{}; !seen[c.UID]; {
		seen[c.UID] = true
		for _, e := range c.Exceptions {
			if e.Type == 1 {
				if err := addDays(e.Name, e.TimePeriod, e.DayWorking, e.WorkingTimes); err != nil {
					return "", nil, err
				}
			}
		}
		for _, wd := range c.WeekDays {
			switch {
			case wd.DayType >= 1 && wd.DayType <= 7 && !known[wd.DayType-1]:
				work, err := periods(wd.WorkingTimes)
				if err != nil {
					return "", nil, err
				}
				if wd.DayWorking == 0 {
					work = nil
				}
				week[wd.DayType-1], known[wd.DayType-1] = work, true
			case wd.DayType == 0 && wd.TimePeriod != nil:
				if err := addDays("", *wd.TimePeriod, wd.DayWorking, wd.WorkingTimes); err != nil {
					return "", nil, err
				}
			}
		}
		base, ok := byUID[c.BaseCalendarUID]
		if !ok {
			break
		}
		c = base
	}
	cal, err := engine.NewCalendar(week, exceptionRuns(days))
	if err != nil {
		return "", nil, &FormatError{Reason: "calendar: " + err.Error()}
	}
	return byUID[uid].Name, cal, nil
}

// exceptionRuns joins consecutive days of the same name and working time
// into one exception each.
func exceptionRuns(days map[engine.Date]engine.Exception) []engine.Exception {
	var out []engine.Exception
	for _, d := range slices.Sorted(maps.Keys(days)) {
		day := days[d]
		if n := len(out); n > 0 && out[n-1].To == d-1 && out[n-1].Name == day.Name && slices.Equal(out[n-1].Work, day.Work) {
			out[n-1].To = d
			continue
		}
		out = append(out, day)
	}
	return out
}

func periods(times []xmlWorkingTime) ([]engine.Period, error) {
	var out []engine.Period
	for _, wt := range times {
		from, err1 := time.Parse(time.TimeOnly, wt.FromTime)
		to, err2 := time.Parse(time.TimeOnly, wt.ToTime)
		if err1 != nil || err2 != nil {
			return nil, &FormatError{Reason: fmt.Sprintf("working time %s–%s", wt.FromTime, wt.ToTime)}
		}
		p := engine.Period{From: from.Hour()*60 + from.Minute(), To: to.Hour()*60 + to.Minute()}
		if p.To == 0 {
			p.To = 24 * 60 // a period ending at midnight
		}
		out = append(out, p)
	}
	return out, nil
}
