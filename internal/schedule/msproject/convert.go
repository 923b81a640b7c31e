package msproject

import (
	"math"
	"strconv"
	"time"

	"github.com/tramita/tramita/internal/schedule/engine"
)

// FromSchedule is the file of a scheduled project: its tasks in work
// breakdown order (ID 1, 2, …; UID the task's id), dates, durations,
// slack and links as r computed them on p's calendar.
func FromSchedule(name string, p engine.Project, r engine.Result) *File {
	cal := p.Calendar
	if cal == nil {
		cal = engine.Standard()
	}
	perDay := cal.MinutesPerDay()
	f := &File{Name: name, MinutesPerDay: perDay, CalendarName: "Standard", Calendar: cal,
		Start: r.Start.At(cal.DayStart(r.Start)), Finish: r.Finish.At(cal.DayEnd(r.Finish))}
	preds := map[int64][]Predecessor{}
	for _, l := range p.Links {
		preds[l.Succ] = append(preds[l.Succ], Predecessor{UID: l.Pred, Type: l.Type, Lag: l.Lag * perDay * 10, LagFormat: lagDays})
	}
	for n, i := range r.TreeOrder {
		in, out := p.Tasks[i], r.Tasks[i]
		t := Task{UID: in.ID, ID: int64(n + 1), Name: in.Title, OutlineLevel: out.Level, OutlineNumber: out.Outline,
			Duration: out.Duration * perDay, Summary: out.Summary, Milestone: out.Milestone, Manual: in.Manual && !out.Summary,
			Critical: out.Critical, PercentComplete: int(math.Round(out.Progress)),
			TotalSlack: out.TotalFloat * perDay * 10, FreeSlack: out.FreeFloat * perDay * 10, Predecessors: preds[in.ID]}
		t.Start, t.Finish = out.Start.At(cal.DayStart(out.Start)), out.Finish.At(cal.DayEnd(out.Finish))
		if out.Milestone && out.AtDayEnd {
			t.Start = t.Finish
		} else if out.Milestone {
			t.Finish = t.Start
		}
		switch in.Constraint {
		case engine.StartNoEarlierThan:
			t.ConstraintType, t.ConstraintDate = constraintStartNoEarlierThan, in.ConstraintDate.At(cal.DayStart(in.ConstraintDate))
		case engine.MustFinishOn:
			t.ConstraintType, t.ConstraintDate = constraintMustFinishOn, in.ConstraintDate.At(cal.DayEnd(in.ConstraintDate))
		}
		f.Tasks = append(f.Tasks, t)
	}
	return f
}

func toXML(f *File) xmlProject {
	x := xmlProject{SaveVersion: 14, Name: f.Name, Title: f.Name, ScheduleFromStart: 1,
		StartDate: formatTime(f.Start), FinishDate: formatTime(f.Finish), MinutesPerDay: f.MinutesPerDay, DaysPerMonth: 20, DurationFormat: 7}
	if f.Calendar != nil {
		x.CalendarUID = 1
		x.Calendars = []xmlCalendar{calendarToXML(f.CalendarName, f.Calendar)}
		for _, periods := range f.Calendar.Week() {
			for _, p := range periods {
				x.MinutesPerWeek += p.To - p.From
			}
		}
	}
	if !f.Start.IsZero() {
		x.DefaultStartTime = f.Start.Format("15:04:05")
	}
	if !f.Finish.IsZero() {
		x.DefaultFinishTime = f.Finish.Format("15:04:05")
	}
	for _, t := range f.Tasks {
		active := flag(!t.Inactive)
		xt := xmlTask{UID: t.UID, ID: t.ID, Name: t.Name, Active: &active, Manual: flag(t.Manual), WBS: t.OutlineNumber,
			OutlineNumber: t.OutlineNumber, OutlineLevel: t.OutlineLevel, Start: formatTime(t.Start), Finish: formatTime(t.Finish),
			Duration: formatDuration(t.Duration), DurationFormat: 7, Milestone: flag(t.Milestone), Summary: flag(t.Summary),
			Critical: flag(t.Critical), FreeSlack: t.FreeSlack, TotalSlack: t.TotalSlack, PercentComplete: t.PercentComplete,
			ConstraintType: t.ConstraintType, CalendarUID: -1, ConstraintDate: formatTime(t.ConstraintDate)}
		for _, p := range t.Predecessors {
			xt.PredecessorLink = append(xt.PredecessorLink, xmlLink{PredecessorUID: p.UID, Type: linkCodes[p.Type], LinkLag: p.Lag, LagFormat: p.LagFormat})
		}
		x.Tasks = append(x.Tasks, xt)
	}
	return x
}

func fromXML(x xmlProject) (*File, error) {
	f := &File{Name: x.Name, MinutesPerDay: x.MinutesPerDay}
	if f.Name == "" {
		f.Name = x.Title
	}
	if f.MinutesPerDay <= 0 {
		f.MinutesPerDay = 480
	}
	var err error
	if f.Start, err = parseTime(x.StartDate); err != nil {
		return nil, err
	}
	if f.Finish, err = parseTime(x.FinishDate); err != nil {
		return nil, err
	}
	if f.CalendarName, f.Calendar, err = calendarFromXML(x.Calendars, x.CalendarUID); err != nil {
		return nil, err
	}
	for _, xt := range x.Tasks {
		t := Task{UID: xt.UID, ID: xt.ID, Name: xt.Name, OutlineLevel: xt.OutlineLevel, OutlineNumber: xt.OutlineNumber,
			Summary: xt.Summary == 1, Milestone: xt.Milestone == 1, Manual: xt.Manual == 1, Critical: xt.Critical == 1,
			Inactive: (xt.Active != nil && *xt.Active == 0) || xt.IsNull == 1, PercentComplete: xt.PercentComplete,
			ConstraintType: xt.ConstraintType, TotalSlack: xt.TotalSlack, FreeSlack: xt.FreeSlack}
		if t.Start, err = parseTime(xt.Start); err != nil {
			return nil, err
		}
		if t.Finish, err = parseTime(xt.Finish); err != nil {
			return nil, err
		}
		if t.ConstraintDate, err = parseTime(xt.ConstraintDate); err != nil {
			return nil, err
		}
		if xt.Duration != "" {
			if t.Duration, err = parseDuration(xt.Duration); err != nil {
				return nil, &FormatError{Reason: "task " + strconv.FormatInt(xt.UID, 10) + ": " + err.Error()}
			}
		}
		for _, l := range xt.PredecessorLink {
			typ, ok := linkType(l.Type)
			if !ok {
				return nil, &FormatError{Reason: "task " + strconv.FormatInt(xt.UID, 10) + ": link type " + strconv.Itoa(l.Type)}
			}
			if l.CrossProject == 1 {
				continue
			}
			t.Predecessors = append(t.Predecessors, Predecessor{UID: l.PredecessorUID, Type: typ, Lag: l.LinkLag, LagFormat: l.LagFormat})
		}
		f.Tasks = append(f.Tasks, t)
	}
	return f, nil
}

// Project is what the engine schedules of f: its tasks but the project's
// own summary (outline level 0), inactive and blank ones; parents from
// the outline levels; durations and lags in days of MinutesPerDay (a
// percent lag as that share of the predecessor's duration); constraints
// start-no-earlier-than and must-finish-on, others as soon as possible;
// links to tasks not read left out.
func (f *File) Project() engine.Project {
	p := engine.Project{Start: engine.DateFromTime(f.Start), Calendar: f.Calendar}
	cal := f.Calendar
	if cal == nil {
		cal = engine.Standard()
	}
	days := func(minutes int) int { return int(math.Round(float64(minutes) / float64(f.MinutesPerDay))) }
	duration := map[int64]int{}
	var parents []Task // the open summaries by level
	for _, t := range f.Tasks {
		if t.OutlineLevel < 1 || t.Inactive {
			continue
		}
		parents = parents[:min(len(parents), t.OutlineLevel-1)]
		task := engine.Task{ID: t.UID, Title: t.Name, Duration: days(t.Duration), Progress: float64(t.PercentComplete)}
		if len(parents) > 0 {
			task.Parent = parents[len(parents)-1].UID
		}
		for len(parents) < t.OutlineLevel {
			parents = append(parents, t)
		}
		if t.Manual {
			task.Manual = true
			task.Start, task.Finish = startDay(t.Start, cal), finishDay(t.Finish, cal)
			if task.Duration == 0 {
				task.Finish = 0
			}
		}
		switch t.ConstraintType {
		case constraintStartNoEarlierThan:
			task.Constraint, task.ConstraintDate = engine.StartNoEarlierThan, startDay(t.ConstraintDate, cal)
		case constraintMustFinishOn:
			task.Constraint, task.ConstraintDate = engine.MustFinishOn, finishDay(t.ConstraintDate, cal)
		}
		duration[t.UID] = task.Duration
		p.Tasks = append(p.Tasks, task)
	}
	for _, t := range f.Tasks {
		if _, ok := duration[t.UID]; !ok {
			continue
		}
		for _, l := range t.Predecessors {
			pred, ok := duration[l.UID]
			if !ok {
				continue
			}
			lag := int(math.Round(float64(l.Lag) / 10 / float64(f.MinutesPerDay)))
			if l.LagFormat == lagPercent || l.LagFormat == lagElapsedPercent {
				lag = int(math.Round(float64(l.Lag) / 1000 * float64(pred)))
			}
			p.Links = append(p.Links, engine.Link{Pred: l.UID, Succ: t.UID, Type: l.Type, Lag: lag})
		}
	}
	return p
}

// startDay is the day work starts at t: the next working day when t is at
// or after the end of its day's work.
func startDay(t time.Time, cal *engine.Calendar) engine.Date {
	d := engine.DateFromTime(t)
	if !t.IsZero() && t.Hour()*60+t.Minute() >= cal.DayEnd(d) {
		return cal.AddWorkdays(d+1, 0)
	}
	return d
}

// finishDay is the day work finishes at t: MS Project writes a finish at
// the start of a day's work (08:00) for the end of the working day before.
func finishDay(t time.Time, cal *engine.Calendar) engine.Date {
	d := engine.DateFromTime(t)
	if !t.IsZero() && cal.IsWorkday(d) && t.Hour()*60+t.Minute() <= cal.DayStart(d) {
		return cal.AddWorkdays(d, -1)
	}
	return d
}
