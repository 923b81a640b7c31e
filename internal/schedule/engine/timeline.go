package engine

import "sort"

// maxSpan bounds how many working days from the project start a schedule
// may reach either way, so a runaway input cannot expand the timeline
// without end; maxYears bounds the dates it is given.
const (
	maxSpan  = 40000
	maxYears = 100
)

// timeline numbers the working days of a calendar from the project start:
// day 0 is the first working day on or after it. The engine computes on
// these numbers; a number b used as a moment is the start of working day b
// (the end of day b-1).
type timeline struct {
	cal    *Calendar
	origin Date
	fwd    []Date // fwd[i]: working day i
	back   []Date // back[j]: working day -(j+1)
	full   bool   // a day beyond maxSpan was asked for
}

func newTimeline(cal *Calendar, start Date) *timeline {
	origin := cal.NextWorkday(start)
	return &timeline{cal: cal, origin: origin, fwd: []Date{origin}}
}

// growFwd makes fwd reach working day i, or a date past until.
func (t *timeline) growFwd(i int, until Date) {
	for len(t.fwd) <= i || t.fwd[len(t.fwd)-1] < until {
		if len(t.fwd) > maxSpan {
			t.full = true
			return
		}
		t.fwd = append(t.fwd, t.cal.NextWorkday(t.fwd[len(t.fwd)-1]+1))
	}
}

// growBack makes back reach working day -(j+1), or a date before until.
func (t *timeline) growBack(j int, until Date) {
	for len(t.back) <= j || (len(t.back) > 0 && t.back[len(t.back)-1] >= until) || (len(t.back) == 0 && t.origin >= until) {
		if len(t.back) > maxSpan {
			t.full = true
			return
		}
		d := t.origin
		if len(t.back) > 0 {
			d = t.back[len(t.back)-1]
		}
		d--
		for !t.cal.IsWorkday(d) {
			d--
		}
		t.back = append(t.back, d)
	}
}

// date is working day i.
func (t *timeline) date(i int) Date {
	if i >= 0 {
		t.growFwd(i, 0)
		return t.fwd[min(i, len(t.fwd)-1)]
	}
	j := -i - 1
	t.growBack(j, t.origin)
	return t.back[min(j, len(t.back)-1)]
}

// startOf is the number of the first working day on or after d.
func (t *timeline) startOf(d Date) int {
	if d >= t.origin {
		t.growFwd(0, d)
		return sort.Search(len(t.fwd), func(i int) bool { return t.fwd[i] >= d })
	}
	t.growBack(0, d)
	// back descends: the working days before the origin and on or after d
	// come first.
	return -sort.Search(len(t.back), func(j int) bool { return t.back[j] < d })
}

// finishOf is the moment a task finishing on d ends: the end of the last
// working day on or before d.
func (t *timeline) finishOf(d Date) int {
	if d >= t.origin {
		t.growFwd(0, d+1)
		return sort.Search(len(t.fwd), func(i int) bool { return t.fwd[i] > d })
	}
	t.growBack(0, d)
	return -sort.Search(len(t.back), func(j int) bool { return t.back[j] <= d })
}
