package engine

import (
	"fmt"
	"math"
	"strconv"
)

// Moments beyond any schedule: a summary no link holds, a node with no
// successor.
const (
	negInf = math.MinInt32
	posInf = math.MaxInt32
)

// plan is a project checked and laid out for the passes. Every task has a
// node (a summary's is its gate: where its links and constraint hold its
// tasks' starts); a summary also has a finish node, n+i, the latest finish
// of its tasks, which its own successors follow.
type plan struct {
	p        Project
	tl       *timeline
	index    map[int64]int
	children [][]int
	summary  []bool
	roots    []int
	n        int

	dur   []int // per node: a task's duration, 0 for gates and finish nodes
	edges []edge
	links int       // index of the first edge that is a Project link
	out   [][]int32 // per node: edges leaving it
	in    [][]int32 // per node: edges reaching it
	order []int32   // nodes in dependency order
}

// edge holds point(to) >= point(from) + lag, where a point is a node's
// start or, with fromFin/toFin, its finish. link is the index of the
// Project link it stands for, -1 for a summary's own structure.
type edge struct {
	from, to       int32
	fromFin, toFin bool
	lag            int
	link           int
}

// Schedule computes the dates, floats and critical path of p: a forward
// pass from p.Start over the calendar, then a backward pass from the
// latest finish. The same input gives the same result. Bad input is an
// *InputError, links that loop a *CycleError.
func Schedule(p Project) (Result, error) {
	pl, err := newPlan(p)
	if err != nil {
		return Result{}, err
	}
	if err := pl.sort(); err != nil {
		return Result{}, err
	}
	return pl.run()
}

func (pl *plan) ref(i int) TaskRef {
	return TaskRef{ID: pl.p.Tasks[i].ID, Title: pl.p.Tasks[i].Title}
}

func (pl *plan) bad(problem Problem, i int, detail string) error {
	e := &InputError{Problem: problem, Detail: detail}
	if i >= 0 {
		e.Task = pl.ref(i)
	}
	return e
}

func newPlan(p Project) (*plan, error) {
	if p.Calendar == nil {
		p.Calendar = Standard()
	}
	n := len(p.Tasks)
	pl := &plan{p: p, n: n, index: make(map[int64]int, n), children: make([][]int, n), summary: make([]bool, n)}
	if p.Start.IsZero() {
		return nil, pl.bad(ProblemNoStart, -1, "the project has no start")
	}
	if p.Calendar.perDay == 0 {
		return nil, pl.bad(ProblemNoWorkingTime, -1, "a calendar not made by NewCalendar")
	}
	pl.tl = newTimeline(p.Calendar, p.Start)
	for i, t := range p.Tasks {
		if _, twice := pl.index[t.ID]; twice {
			return nil, pl.bad(ProblemDuplicateTask, i, "")
		}
		pl.index[t.ID] = i
	}
	for i, t := range p.Tasks {
		if t.Parent == 0 {
			pl.roots = append(pl.roots, i)
			continue
		}
		parent, ok := pl.index[t.Parent]
		if !ok {
			return nil, pl.bad(ProblemUnknownParent, i, "parent "+strconv.FormatInt(t.Parent, 10))
		}
		pl.children[parent] = append(pl.children[parent], i)
		pl.summary[parent] = true
	}
	if err := pl.checkTree(); err != nil {
		return nil, err
	}
	for i := range p.Tasks {
		if err := pl.checkTask(i); err != nil {
			return nil, err
		}
	}
	pl.dur = make([]int, 2*n)
	pl.edges = make([]edge, 0, 2*n+len(p.Links))
	for i, t := range p.Tasks {
		if !pl.summary[i] {
			pl.dur[i] = t.Duration
		}
	}
	// A summary's gate holds each of its tasks' starts; each task's finish
	// holds the summary's finish node.
	for s, kids := range pl.children {
		for _, c := range kids {
			pl.edges = append(pl.edges, edge{from: int32(s), to: int32(c), link: -1})
			from, fin := int32(c), true
			if pl.summary[c] {
				from, fin = int32(n+c), false
			}
			pl.edges = append(pl.edges, edge{from: from, to: int32(n + s), fromFin: fin, link: -1})
		}
	}
	return pl, pl.addLinks()
}

// checkTree refuses a task that is its own ancestor.
func (pl *plan) checkTree() error {
	depth := make([]int, pl.n) // 0 unknown, -1 on the walk, else the depth
	for i := range pl.p.Tasks {
		var walk []int
		j := i
		for depth[j] == 0 {
			depth[j] = -1
			walk = append(walk, j)
			parent := pl.p.Tasks[j].Parent
			if parent == 0 {
				break
			}
			j = pl.index[parent]
			if depth[j] == -1 {
				return pl.bad(ProblemParentCycle, j, "")
			}
		}
		base := 0
		if depth[j] > 0 {
			base = depth[j]
		}
		for k := len(walk) - 1; k >= 0; k-- {
			if depth[walk[k]] == -1 {
				base++
				depth[walk[k]] = base
			}
		}
	}
	return nil
}

// inRange holds for dates within maxYears of the project start.
func (pl *plan) inRange(d Date) bool {
	return d.IsZero() || (d > pl.p.Start-Date(maxYears*366) && d < pl.p.Start+Date(maxYears*366))
}

func (pl *plan) checkTask(i int) error {
	t := pl.p.Tasks[i]
	switch {
	case t.Progress < 0 || t.Progress > 100 || math.IsNaN(t.Progress):
		return pl.bad(ProblemBadProgress, i, fmt.Sprintf("%v", t.Progress))
	case !pl.inRange(t.Start) || !pl.inRange(t.Finish) || !pl.inRange(t.ConstraintDate):
		return pl.bad(ProblemOutOfRange, i, "a date more than 100 years from the project start")
	}
	switch t.Constraint {
	case AsSoonAsPossible:
	case StartNoEarlierThan, MustFinishOn:
		if t.ConstraintDate.IsZero() {
			return pl.bad(ProblemBadConstraint, i, string(t.Constraint)+" without a date")
		}
		if t.Constraint == MustFinishOn && pl.summary[i] {
			return pl.bad(ProblemBadConstraint, i, "a summary cannot have a must-finish-on date")
		}
	default:
		return pl.bad(ProblemBadConstraint, i, string(t.Constraint))
	}
	if pl.summary[i] {
		return nil
	}
	if t.Duration < 0 || t.Duration > MaxDuration {
		return pl.bad(ProblemBadDuration, i, strconv.Itoa(t.Duration))
	}
	if t.Manual {
		if t.Start.IsZero() {
			return pl.bad(ProblemNoStart, i, "a manual task needs a start")
		}
		if !t.Finish.IsZero() && t.Finish < t.Start {
			return pl.bad(ProblemFinishBeforeStart, i, t.Finish.String()+" before "+t.Start.String())
		}
	}
	return nil
}

// ancestor holds when a is an ancestor of t.
func (pl *plan) ancestor(a, t int) bool {
	for p := pl.p.Tasks[t].Parent; p != 0; {
		j := pl.index[p]
		if j == a {
			return true
		}
		p = pl.p.Tasks[j].Parent
	}
	return false
}

func (pl *plan) addLinks() error {
	pl.links = len(pl.edges)
	type pair struct{ a, b int }
	seen := make(map[pair]bool, len(pl.p.Links))
	for l, k := range pl.p.Links {
		succ, ok := pl.index[k.Succ]
		if !ok {
			return &InputError{Problem: ProblemUnknownTask, Task: TaskRef{ID: k.Succ}, Other: pl.refOf(k.Pred), Detail: "the successor is not in the project"}
		}
		pred, ok := pl.index[k.Pred]
		if !ok {
			return &InputError{Problem: ProblemUnknownTask, Task: pl.ref(succ), Other: TaskRef{ID: k.Pred}, Detail: "the predecessor is not in the project"}
		}
		fail := func(problem Problem, detail string) error {
			return &InputError{Problem: problem, Task: pl.ref(succ), Other: pl.ref(pred), Detail: detail}
		}
		switch {
		case pred == succ:
			return fail(ProblemSelfLink, "")
		case seen[pair{pred, succ}]:
			return fail(ProblemDuplicateLink, "")
		case k.Type != FS && k.Type != SS && k.Type != FF && k.Type != SF:
			return fail(ProblemBadLinkType, string(k.Type))
		case k.Lag < -MaxLag || k.Lag > MaxLag:
			return fail(ProblemLagOutOfRange, fmt.Sprintf("lag %d beyond ±%d working days", k.Lag, MaxLag))
		case pl.ancestor(pred, succ) || pl.ancestor(succ, pred):
			return fail(ProblemLinkToOwnSummary, "")
		case pl.summary[succ] && (k.Type == FF || k.Type == SF):
			return fail(ProblemSummaryLink, "a summary's finish follows its tasks: link it by its start (FS, SS)")
		case pl.summary[pred] && (k.Type == SS || k.Type == SF):
			return fail(ProblemSummaryLink, "a summary leads by its finish: link from it FS or FF")
		}
		seen[pair{pred, succ}] = true
		e := edge{from: int32(pred), to: int32(succ), lag: k.Lag, link: l,
			fromFin: k.Type == FS || k.Type == FF, toFin: k.Type == FF || k.Type == SF}
		if pl.summary[pred] {
			e.from, e.fromFin = int32(pl.n+pred), false
		}
		pl.edges = append(pl.edges, e)
	}
	return nil
}

func (pl *plan) refOf(id int64) TaskRef {
	if i, ok := pl.index[id]; ok {
		return pl.ref(i)
	}
	return TaskRef{ID: id}
}

// active holds for the nodes in use: every task's, and the finish nodes
// of summaries.
func (pl *plan) active(v int) bool { return v < pl.n || pl.summary[v-pl.n] }

// task is the index of the task a node stands for.
func (pl *plan) task(v int) int {
	if v >= pl.n {
		return v - pl.n
	}
	return v
}

// gate holds for a summary's gate node.
func (pl *plan) gate(v int32) bool { return v < int32(pl.n) && pl.summary[v] }
