package engine

import "slices"

// sort orders the nodes so that every edge goes forward (Kahn's algorithm,
// ties by node number, so the order is the same for the same input), or
// reports the cycle that stops it.
func (pl *plan) sort() error {
	nodes := 2 * pl.n
	pl.out, pl.in = make([][]int32, nodes), make([][]int32, nodes)
	leaving, waiting := make([]int, nodes), make([]int, nodes)
	for _, e := range pl.edges {
		leaving[e.from]++
		waiting[e.to]++
	}
	// One backing array for all the edge lists.
	lists := make([]int32, 2*len(pl.edges))
	for v := range nodes {
		pl.out[v], lists = lists[:0:leaving[v]], lists[leaving[v]:]
		pl.in[v], lists = lists[:0:waiting[v]], lists[waiting[v]:]
	}
	for k, e := range pl.edges {
		pl.out[e.from] = append(pl.out[e.from], int32(k))
		pl.in[e.to] = append(pl.in[e.to], int32(k))
	}
	pl.order = make([]int32, 0, nodes)
	for v := range nodes {
		if pl.active(v) && waiting[v] == 0 {
			pl.order = append(pl.order, int32(v))
		}
	}
	for next := 0; next < len(pl.order); next++ {
		for _, k := range pl.out[pl.order[next]] {
			to := pl.edges[k].to
			if waiting[to]--; waiting[to] == 0 {
				pl.order = append(pl.order, to)
			}
		}
	}
	active := pl.n
	for i := range pl.n {
		if pl.summary[i] {
			active++
		}
	}
	if len(pl.order) == active {
		return nil
	}
	return pl.cycle(waiting)
}

// cycle walks back from a node left waiting through predecessors also
// left waiting until one repeats: every waiting node has one, so the walk
// closes a cycle. It is named by tasks, in link order, from its first task.
func (pl *plan) cycle(waiting []int) error {
	start := slices.IndexFunc(waiting, func(w int) bool { return w > 0 })
	seenAt := map[int32]int{}
	var walk []int32
	v := int32(start)
	for {
		if at, ok := seenAt[v]; ok {
			walk = walk[at:]
			break
		}
		seenAt[v] = len(walk)
		walk = append(walk, v)
		for _, k := range pl.in[v] {
			if from := pl.edges[k].from; waiting[from] > 0 {
				v = from
				break
			}
		}
	}
	slices.Reverse(walk)
	var tasks []int
	for _, v := range walk {
		t := pl.task(int(v))
		if len(tasks) == 0 || tasks[len(tasks)-1] != t {
			tasks = append(tasks, t)
		}
	}
	if len(tasks) > 1 && tasks[0] == tasks[len(tasks)-1] {
		tasks = tasks[:len(tasks)-1]
	}
	first := 0
	for k, t := range tasks {
		if t < tasks[first] {
			first = k
		}
	}
	e := &CycleError{}
	for k := range tasks {
		e.Tasks = append(e.Tasks, pl.ref(tasks[(first+k)%len(tasks)]))
	}
	return e
}

// pass holds the numbers of both passes, per node, in working days from
// the project start: es is a task's early start (a gate's or finish node's
// one moment), ls the late one; atEnd places a moment at the end of the
// day before it (see TaskResult.AtDayEnd).
type pass struct {
	es, ls []int
	atEnd  []bool
	driver []int // per gate: the link that set it, -1 a constraint
	finish int   // the project's early finish
}

func (ps *pass) early(pl *plan, v int32, fin bool) int {
	if fin {
		return ps.es[v] + pl.dur[v]
	}
	return ps.es[v]
}

func (ps *pass) late(pl *plan, v int32, fin bool) int {
	if fin {
		return ps.ls[v] + pl.dur[v]
	}
	return ps.ls[v]
}

// asks is the start e asks of its successor and the link that asks it (a
// summary's, through its gate); not held when e's predecessor is a gate
// nothing holds.
func (ps *pass) asks(pl *plan, e edge) (at, link int, held bool) {
	if ps.es[e.from] == negInf {
		return 0, 0, false
	}
	at = ps.early(pl, e.from, e.fromFin) + e.lag
	if e.toFin {
		at -= pl.dur[e.to]
	}
	link = e.link
	if link < 0 && pl.gate(e.from) {
		link = ps.driver[e.from]
	}
	return at, link, true
}

// forward computes early dates in dependency order and the warnings of
// tasks that stay put.
func (pl *plan) forward() (*pass, []Warning) {
	nodes := 2 * pl.n
	ps := &pass{es: make([]int, nodes), ls: make([]int, nodes), atEnd: make([]bool, nodes), driver: make([]int, nodes)}
	var warnings []Warning
	for _, v := range pl.order {
		gate, finNode := pl.gate(v), v >= int32(pl.n)
		best, bestEnd, driver := negInf, false, -1
		take := func(at int, atEnd bool, link int) {
			if at > best || (at == best && bestEnd && !atEnd) {
				best, bestEnd, driver = at, atEnd, link
			}
		}
		if !gate && !finNode {
			take(0, false, -1)
		}
		if !finNode {
			if t := pl.p.Tasks[v]; t.Constraint == StartNoEarlierThan {
				take(pl.tl.startOf(t.ConstraintDate), false, -1)
			}
		}
		for _, k := range pl.in[v] {
			e := pl.edges[k]
			if at, link, held := ps.asks(pl, e); held {
				atEnd := ps.atEnd[e.from]
				if pl.dur[e.from] > 0 {
					atEnd = e.fromFin
				}
				take(at, atEnd, link)
			}
		}
		if finNode || gate {
			ps.es[v], ps.atEnd[v], ps.driver[v] = best, bestEnd, driver
			continue
		}
		fixed, fixedAt, fixedEnd := pl.fixedStart(int(v))
		if !fixed {
			ps.es[v], ps.atEnd[v] = best, bestEnd
			continue
		}
		ps.es[v], ps.atEnd[v] = fixedAt, fixedEnd
		warnings = pl.violations(ps, v, warnings)
	}
	ps.finish = 0
	for i := range pl.n {
		if !pl.summary[i] {
			ps.finish = max(ps.finish, ps.es[i]+pl.dur[i])
		}
	}
	return ps, warnings
}

// fixedStart is where a manual or must-finish-on task stays.
func (pl *plan) fixedStart(i int) (bool, int, bool) {
	t := pl.p.Tasks[i]
	switch {
	case t.Manual:
		start := pl.tl.startOf(t.Start)
		if !t.Finish.IsZero() {
			pl.dur[i] = max(0, pl.tl.finishOf(t.Finish)-start)
		}
		return true, start, false
	case t.Constraint == MustFinishOn:
		return true, pl.tl.finishOf(t.ConstraintDate) - pl.dur[i], true
	}
	return false, 0, false
}

// violations adds a warning for each link that asks task v to start later
// than it stays.
func (pl *plan) violations(ps *pass, v int32, warnings []Warning) []Warning {
	for _, k := range pl.in[v] {
		at, link, held := ps.asks(pl, pl.edges[k])
		if !held || at <= ps.es[v] {
			continue
		}
		w := Warning{Task: pl.p.Tasks[v].ID, Link: link, Days: at - ps.es[v]}
		if !slices.ContainsFunc(warnings, func(o Warning) bool { return o.Task == w.Task && o.Link == w.Link }) {
			warnings = append(warnings, w)
		}
	}
	return warnings
}

// backward computes late dates in reverse dependency order: nothing may
// finish after the project's early finish, a must-finish-on task after
// its date, nor delay a successor's late date.
func (pl *plan) backward(ps *pass) {
	for k := len(pl.order) - 1; k >= 0; k-- {
		v := pl.order[k]
		lateFinish := ps.finish
		if v < int32(pl.n) && !pl.gate(v) {
			if t := pl.p.Tasks[v]; t.Constraint == MustFinishOn && !t.Manual {
				lateFinish = min(lateFinish, pl.tl.finishOf(t.ConstraintDate))
			}
		}
		late := lateFinish - pl.dur[v]
		for _, j := range pl.out[v] {
			e := pl.edges[j]
			at := ps.late(pl, e.to, e.toFin) - e.lag
			if e.fromFin {
				at -= pl.dur[v]
			}
			late = min(late, at)
		}
		ps.ls[v] = late
	}
}

// freeFloats is, per task, how far it can slip before it moves another
// task or the project's finish. A slip that only moves a summary's gate or
// finish node moves the tasks those hold, so their slack adds up.
func (pl *plan) freeFloats(ps *pass) []int {
	through := make([]int, 2*pl.n)
	for k := len(pl.order) - 1; k >= 0; k-- {
		v := pl.order[k]
		slack := posInf
		if v < int32(pl.n) && !pl.gate(v) {
			slack = ps.finish - ps.es[v] - pl.dur[v]
		}
		for _, j := range pl.out[v] {
			e := pl.edges[j]
			s := ps.early(pl, e.to, e.toFin) - ps.early(pl, v, e.fromFin) - e.lag
			if e.to >= int32(pl.n) || pl.gate(e.to) {
				s += through[e.to]
			}
			slack = min(slack, s)
		}
		through[v] = slack
	}
	return through
}
