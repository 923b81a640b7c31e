package engine

import (
	"strconv"
)

// run makes both passes and turns working-day numbers into dates.
func (pl *plan) run() (Result, error) {
	ps, warnings := pl.forward()
	tooFar := &InputError{Problem: ProblemOutOfRange, Detail: "the schedule reaches more than " + strconv.Itoa(maxSpan) + " working days from the project start"}
	if pl.tl.full || ps.finish > maxSpan {
		return Result{}, tooFar
	}
	pl.backward(ps)
	free := pl.freeFloats(ps)
	res := Result{Tasks: make([]TaskResult, pl.n), Links: make([]LinkResult, len(pl.p.Links)), Warnings: warnings}
	res.Start = pl.tl.date(0)
	res.Finish = res.Start
	for i, t := range pl.p.Tasks {
		if pl.summary[i] {
			continue
		}
		d, atEnd := pl.dur[i], ps.atEnd[i] && pl.dur[i] == 0
		r := TaskResult{ID: t.ID, Milestone: d == 0, AtDayEnd: atEnd, Duration: d, Progress: t.Progress,
			TotalFloat: ps.ls[i] - ps.es[i], FreeFloat: free[i]}
		r.Start, r.Finish = pl.dates(ps.es[i], d, atEnd)
		r.LateStart, r.LateFinish = pl.dates(ps.ls[i], d, atEnd)
		r.FreeFloat = min(r.FreeFloat, r.TotalFloat)
		r.Critical = r.TotalFloat <= 0
		res.Tasks[i] = r
		res.Start, res.Finish = min(res.Start, r.Start), max(res.Finish, r.Finish)
	}
	pl.rollUp(&res, ps)
	for l, k := range pl.p.Links {
		e := pl.edges[pl.links+l]
		float := ps.late(pl, e.to, e.toFin) - e.lag - ps.early(pl, e.from, e.fromFin)
		res.Links[l] = LinkResult{Link: k, Float: float, Critical: float <= 0}
	}
	if pl.tl.full {
		return Result{}, tooFar
	}
	return res, nil
}

// dates are the first and last days of a task of d days starting at
// working day b; a milestone's one date.
func (pl *plan) dates(b, d int, atEnd bool) (Date, Date) {
	if d > 0 {
		return pl.tl.date(b), pl.tl.date(b + d - 1)
	}
	if atEnd {
		b--
	}
	day := pl.tl.date(b)
	return day, day
}

// total is what a summary adds up of its tasks.
type total struct {
	start, finish int // working-day numbers
	weighted      float64
	days          int
	progress      float64
	leaves        int
}

// rollUp numbers the work breakdown and gives each summary the span,
// floats and progress (weighted by duration) of its tasks.
func (pl *plan) rollUp(res *Result, ps *pass) {
	var visit func(i, level int, outline string) total
	visit = func(i, level int, outline string) total {
		res.TreeOrder = append(res.TreeOrder, i)
		r := &res.Tasks[i]
		r.Outline, r.Level = outline, level
		if !pl.summary[i] {
			p := pl.p.Tasks[i].Progress
			return total{start: ps.es[i], finish: ps.es[i] + pl.dur[i], weighted: p * float64(pl.dur[i]), days: pl.dur[i], progress: p, leaves: 1}
		}
		var sum total
		*r = TaskResult{ID: pl.p.Tasks[i].ID, Outline: outline, Level: level, Summary: true}
		for k, c := range pl.children[i] {
			t := visit(c, level+1, outline+"."+strconv.Itoa(k+1))
			kid := res.Tasks[c]
			if k == 0 {
				sum = t
				r.Start, r.Finish, r.LateStart, r.LateFinish = kid.Start, kid.Finish, kid.LateStart, kid.LateFinish
				r.TotalFloat, r.FreeFloat = kid.TotalFloat, kid.FreeFloat
				continue
			}
			sum.start, sum.finish = min(sum.start, t.start), max(sum.finish, t.finish)
			sum.weighted, sum.days, sum.progress, sum.leaves = sum.weighted+t.weighted, sum.days+t.days, sum.progress+t.progress, sum.leaves+t.leaves
			r.Start, r.Finish = min(r.Start, kid.Start), max(r.Finish, kid.Finish)
			r.LateStart, r.LateFinish = min(r.LateStart, kid.LateStart), max(r.LateFinish, kid.LateFinish)
			r.TotalFloat, r.FreeFloat = min(r.TotalFloat, kid.TotalFloat), min(r.FreeFloat, kid.FreeFloat)
		}
		r.Duration = sum.finish - sum.start
		r.Critical = r.TotalFloat <= 0
		if sum.days > 0 {
			r.Progress = sum.weighted / float64(sum.days)
		} else {
			r.Progress = sum.progress / float64(sum.leaves)
		}
		return sum
	}
	for k, i := range pl.roots {
		visit(i, 1, strconv.Itoa(k+1))
	}
}
