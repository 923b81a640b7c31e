package engine

import (
	"errors"
	"reflect"
	"testing"
)

func child(id, parent int64, title string, days int, progress float64) Task {
	return Task{ID: id, Parent: parent, Title: title, Duration: days, Progress: progress}
}

func TestSummariesRollUpTheirTasks(t *testing.T) {
	// Phase P (10): A 3d 0-3, 100% done; B 2d FS 3-5, 50%. Phase Q (20),
	// FS after P: C 2d and D 1d start at P's finish 5 (Mon 3/10): C 5-7,
	// D 5-6. M, a milestone FS after Q: at 7, the end of Tue 3/11.
	// Backward: end 7. Q's finish node late 7: C LF 7 TF 0, D LF 7 TF 1
	// (FF: Q's finish 7 - 6 = 1, M not moved). Q's gate late min(C.LS 5,
	// D.LS 6) = 5, so P's finish late 5: B LF 5 TF 0, A TF 0.
	// P: 3/3-3/7, 5 days, TF min(0, 0) = 0, progress (3*100+2*50)/5 = 80.
	// Q: 3/10-3/11, 2 days, TF min(0, 1) = 0. Links P→Q and Q→M float 0.
	n := network{
		project: Project{Tasks: []Task{
			{ID: 10, Title: "P"}, child(1, 10, "A", 3, 100), child(2, 10, "B", 2, 50),
			{ID: 20, Title: "Q"}, child(3, 20, "C", 2, 0), child(4, 20, "D", 1, 0),
			task(5, "M", 0)},
			Links: []Link{link(1, 2, FS, 0), link(10, 20, FS, 0), link(20, 5, FS, 0)}},
		tasks: map[int64]want{
			10: {"2025-03-03", "2025-03-07", 0, 0, true},
			1:  {"2025-03-03", "2025-03-05", 0, 0, true},
			2:  {"2025-03-06", "2025-03-07", 0, 0, true},
			20: {"2025-03-10", "2025-03-11", 0, 0, true},
			3:  {"2025-03-10", "2025-03-11", 0, 0, true},
			4:  {"2025-03-10", "2025-03-10", 1, 1, false},
			5:  {"2025-03-11", "2025-03-11", 0, 0, true}},
		critical: []bool{true, true, true},
	}
	got := checkNetwork(t, n)
	type outline struct {
		id              int64
		outline         string
		level, duration int
		summary         bool
		progress        float64
	}
	var tree []outline
	for _, i := range got.TreeOrder {
		r := got.Tasks[i]
		tree = append(tree, outline{r.ID, r.Outline, r.Level, r.Duration, r.Summary, r.Progress})
	}
	wantTree := []outline{{10, "1", 1, 5, true, 80}, {1, "1.1", 2, 3, false, 100}, {2, "1.2", 2, 2, false, 50},
		{20, "2", 1, 2, true, 0}, {3, "2.1", 2, 2, false, 0}, {4, "2.2", 2, 1, false, 0}, {5, "3", 1, 0, false, 0}}
	if !reflect.DeepEqual(tree, wantTree) {
		t.Errorf("tree\n%v, want\n%v", tree, wantTree)
	}
	if m := got.Tasks[6]; !m.Milestone || !m.AtDayEnd {
		t.Errorf("M is milestone %v at the day's end %v", m.Milestone, m.AtDayEnd)
	}
	if got.Start.String() != "2025-03-03" || got.Finish.String() != "2025-03-11" {
		t.Errorf("the project runs %s to %s", got.Start, got.Finish)
	}
}

func TestSummaryConstraintsAndNestingHoldTheirTasks(t *testing.T) {
	// R (30) starts no earlier than Wed 3/5 (day 2) and holds S (31),
	// which holds E 1d: E 2-3. F 2d FS-1 after R (R's finish is 3): 2-4,
	// Wed-Thu. End 4: F TF 0; E LF <= F.LS(2)+1 = 3 through R's and S's
	// finish nodes: TF 0, and so R and S.
	n := network{
		project: Project{Tasks: []Task{
			{ID: 30, Title: "R", Constraint: StartNoEarlierThan, ConstraintDate: day(t, "2025-03-05")},
			{ID: 31, Parent: 30, Title: "S"}, child(1, 31, "E", 1, 0), task(2, "F", 2)},
			Links: []Link{link(30, 2, FS, -1)}},
		tasks: map[int64]want{
			30: {"2025-03-05", "2025-03-05", 0, 0, true},
			31: {"2025-03-05", "2025-03-05", 0, 0, true},
			1:  {"2025-03-05", "2025-03-05", 0, 0, true},
			2:  {"2025-03-05", "2025-03-06", 0, 0, true}},
	}
	checkNetwork(t, n)

	// A link into a summary holds its tasks' starts; a manual task in it
	// that starts earlier stays and warns with the summary's link.
	// A 2d 0-2; T (40) FS after A holds G 1d (2-3) and H manual Mon 3/3 1d:
	// H is broken by 2 days, by link 0 through T.
	got := checkNetwork(t, network{
		project: Project{Tasks: []Task{task(1, "A", 2), {ID: 40, Title: "T"}, child(2, 40, "G", 1, 0),
			{ID: 3, Parent: 40, Title: "H", Manual: true, Start: day(t, "2025-03-03"), Duration: 1}},
			Links: []Link{link(1, 40, FS, 0)}},
		tasks: map[int64]want{
			2: {"2025-03-05", "2025-03-05", 0, 0, true},
			3: {"2025-03-03", "2025-03-03", 2, 2, false}},
		warnings: []Warning{{Task: 3, Link: 0, Days: 2}},
	})
	if got.Tasks[1].Start.String() != "2025-03-03" {
		t.Errorf("T starts %s, with its manual task", got.Tasks[1].Start)
	}
}

func TestMilestonesSitAtTheStartOrTheEndOfTheirDay(t *testing.T) {
	// M0 0d at the project start: start of Mon 3/3. A 2d FS after M0: 0-2.
	// M1 FS after A: at 2, after a finish, the end of Tue 3/4. M2 SS+1
	// after A: at 1, after a start, the start of Tue 3/4. B 1d after M1:
	// 2-3, Wed 3/5. M3 must finish on Fri 3/7: at 5, the end of that day,
	// which is the project's end. B LS 4 TF 2; M1 LS 4 TF 2 FF 0; M2 TF 4;
	// A LF <= min(M1.LS 4, M2.LS 5-1+2): TF 2; M0 TF 2, FF 0.
	got := checkNetwork(t, network{
		project: Project{Tasks: []Task{task(1, "M0", 0), task(2, "A", 2), task(3, "M1", 0), task(4, "M2", 0), task(5, "B", 1),
			{ID: 6, Title: "M3", Constraint: MustFinishOn, ConstraintDate: day(t, "2025-03-07")}},
			Links: []Link{link(1, 2, FS, 0), link(2, 3, FS, 0), link(2, 4, SS, 1), link(3, 5, FS, 0)}},
		tasks: map[int64]want{
			1: {"2025-03-03", "2025-03-03", 2, 0, false},
			3: {"2025-03-04", "2025-03-04", 2, 0, false},
			4: {"2025-03-04", "2025-03-04", 4, 4, false},
			5: {"2025-03-05", "2025-03-05", 2, 2, false},
			6: {"2025-03-07", "2025-03-07", 0, 0, true}},
	})
	for i, atEnd := range []bool{false, false, true, false, false, true} {
		if r := got.Tasks[i]; r.AtDayEnd != atEnd || r.Milestone != (r.Duration == 0) {
			t.Errorf("%s at the day's end %v, want %v", got.Tasks[i].Outline, r.AtDayEnd, atEnd)
		}
	}
}

func TestAutoScheduleMovesSuccessorsWhenAPredecessorMoves(t *testing.T) {
	p := Project{Start: monday(t), Tasks: []Task{task(1, "A", 2), task(2, "B", 3), task(3, "C", 1), task(4, "D", 1)},
		Links: []Link{link(1, 2, FS, 0), link(2, 3, FS, 0), link(1, 4, SS, 0)}}
	before, err := Schedule(p)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Schedule(p)
	if !reflect.DeepEqual(before, again) {
		t.Fatal("the same project scheduled twice differs")
	}
	// A is dragged to Monday 3/10: B, C and D follow it by a week.
	p.Tasks[0].Constraint, p.Tasks[0].ConstraintDate = StartNoEarlierThan, day(t, "2025-03-10")
	after, err := Schedule(p)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.Tasks {
		if after.Tasks[i].Start != before.Tasks[i].Start+7 || after.Tasks[i].Finish != before.Tasks[i].Finish+7 {
			t.Errorf("%s moved from %s to %s", p.Tasks[i].Title, before.Tasks[i].Start, after.Tasks[i].Start)
		}
	}
	// A longer A moves the chain but not D, tied to A's start.
	p.Tasks[0].Duration = 4
	longer, _ := Schedule(p)
	if longer.Tasks[2].Start != after.Tasks[2].Start+2 || longer.Tasks[3].Start != after.Tasks[3].Start {
		t.Errorf("C starts %s, D %s", longer.Tasks[2].Start, longer.Tasks[3].Start)
	}
}

func TestCyclesAreNamedInLinkOrder(t *testing.T) {
	for _, c := range []struct {
		name    string
		project Project
		want    string
	}{
		{"three tasks", Project{Tasks: []Task{task(1, "Projetar", 1), task(2, "Construir", 1), task(3, "Testar", 1), task(4, "Fora", 1)},
			Links: []Link{link(4, 1, FS, 0), link(2, 3, FS, 0), link(1, 2, SS, 0), link(3, 1, FF, 0)}},
			"schedule: the links make a cycle: #1 Projetar → #2 Construir → #3 Testar → #1 Projetar"},
		{"two tasks", Project{Tasks: []Task{task(1, "A", 1), task(2, "B", 1)},
			Links: []Link{link(2, 1, FS, 0), link(1, 2, FS, 0)}},
			"schedule: the links make a cycle: #1 A → #2 B → #1 A"},
		// S1 → S2 holds Y; Y → X, and X is in S1.
		{"through summaries", Project{Tasks: []Task{{ID: 1, Title: "S1"}, child(2, 1, "X", 1, 0), {ID: 3, Title: "S2"}, child(4, 3, "Y", 1, 0)},
			Links: []Link{link(1, 3, FS, 0), link(4, 2, FS, 0)}},
			"schedule: the links make a cycle: #1 S1 → #3 S2 → #4 Y → #2 X → #1 S1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.project.Start = monday(t)
			_, err := Schedule(c.project)
			var cycle *CycleError
			if !errors.As(err, &cycle) || err.Error() != c.want {
				t.Fatalf("got %v, want %s", err, c.want)
			}
		})
	}
}

func TestBadInputIsRefusedWithItsProblem(t *testing.T) {
	base := func() Project {
		return Project{Tasks: []Task{task(1, "A", 2), task(2, "B", 2), {ID: 3, Title: "S"}, child(4, 3, "C", 1, 0)}}
	}
	with := func(change func(*Project)) Project {
		p := base()
		change(&p)
		return p
	}
	linked := func(l Link) Project { return with(func(p *Project) { p.Links = []Link{l} }) }
	for _, c := range []struct {
		name    string
		project Project
		problem Problem
		task    int64
		other   int64
	}{
		{"lag beyond ten years", linked(link(1, 2, FS, 3651)), ProblemLagOutOfRange, 2, 1},
		{"lead beyond ten years", linked(link(1, 2, SS, -3651)), ProblemLagOutOfRange, 2, 1},
		{"unknown predecessor", linked(link(9, 2, FS, 0)), ProblemUnknownTask, 2, 9},
		{"unknown successor", linked(link(1, 9, FS, 0)), ProblemUnknownTask, 9, 1},
		{"linked to itself", linked(link(1, 1, FS, 0)), ProblemSelfLink, 1, 1},
		{"a second link between two tasks", with(func(p *Project) { p.Links = []Link{link(1, 2, FS, 0), link(1, 2, SS, 0)} }), ProblemDuplicateLink, 2, 1},
		{"an unknown link type", linked(link(1, 2, "XX", 0)), ProblemBadLinkType, 2, 1},
		{"a task linked to its summary", linked(link(4, 3, FS, 0)), ProblemLinkToOwnSummary, 3, 4},
		{"a summary linked to its task", linked(link(3, 4, FS, 0)), ProblemLinkToOwnSummary, 4, 3},
		{"finish-to-finish into a summary", linked(link(1, 3, FF, 0)), ProblemSummaryLink, 3, 1},
		{"start-to-start from a summary", linked(link(3, 1, SS, 0)), ProblemSummaryLink, 1, 3},
		{"manual finish before start", with(func(p *Project) {
			p.Tasks[0].Manual, p.Tasks[0].Start, p.Tasks[0].Finish = true, day(t, "2025-03-05"), day(t, "2025-03-04")
		}), ProblemFinishBeforeStart, 1, 0},
		{"manual without start", with(func(p *Project) { p.Tasks[0].Manual = true }), ProblemNoStart, 1, 0},
		{"no project start", with(func(p *Project) { p.Start = 0 }), ProblemNoStart, 0, 0},
		{"a calendar not made by NewCalendar", with(func(p *Project) { p.Calendar = &Calendar{} }), ProblemNoWorkingTime, 0, 0},
		{"negative duration", with(func(p *Project) { p.Tasks[1].Duration = -1 }), ProblemBadDuration, 2, 0},
		{"progress over 100", with(func(p *Project) { p.Tasks[1].Progress = 101 }), ProblemBadProgress, 2, 0},
		{"two tasks with one id", with(func(p *Project) { p.Tasks[1].ID = 1 }), ProblemDuplicateTask, 1, 0},
		{"an unknown parent", with(func(p *Project) { p.Tasks[1].Parent = 99 }), ProblemUnknownParent, 2, 0},
		{"a summary inside its own task", with(func(p *Project) { p.Tasks[2].Parent = 4 }), ProblemParentCycle, 3, 0},
		{"a constraint without a date", with(func(p *Project) { p.Tasks[0].Constraint = StartNoEarlierThan }), ProblemBadConstraint, 1, 0},
		{"must finish on a summary", with(func(p *Project) {
			p.Tasks[2].Constraint, p.Tasks[2].ConstraintDate = MustFinishOn, day(t, "2025-03-05")
		}), ProblemBadConstraint, 3, 0},
		{"an unknown constraint", with(func(p *Project) { p.Tasks[0].Constraint = "ALAP" }), ProblemBadConstraint, 1, 0},
		{"a date two centuries away", with(func(p *Project) {
			p.Tasks[0].Constraint, p.Tasks[0].ConstraintDate = StartNoEarlierThan, day(t, "2225-03-05")
		}), ProblemOutOfRange, 1, 0},
		{"a chain longer than a century", with(func(p *Project) {
			p.Tasks = nil
			for i := range int64(15) {
				p.Tasks = append(p.Tasks, task(i+1, "", MaxDuration))
				if i > 0 {
					p.Links = append(p.Links, link(i, i+1, FS, MaxLag))
				}
			}
		}), ProblemOutOfRange, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.problem != ProblemNoStart || c.task != 0 {
				c.project.Start = monday(t)
			}
			_, err := Schedule(c.project)
			var in *InputError
			if !errors.As(err, &in) || in.Problem != c.problem || in.Task.ID != c.task || in.Other.ID != c.other {
				t.Fatalf("got %v, want %s on task %d (other %d)", err, c.problem, c.task, c.other)
			}
		})
	}
}
