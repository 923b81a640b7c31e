package engine

import (
	"reflect"
	"testing"
)

// want is a task as a planner would check it by hand.
type want struct {
	start, finish string
	tf, ff        int
	critical      bool
}

// network is a project with its hand computation. Working days are
// numbered from the project start (Monday 2025-03-03 is day 0 on the
// Standard calendar: 3/3=0 … 3/7=4, 3/10=5 … 3/14=9, 3/17=10 …); "0-3" is
// a task starting at day 0 and finishing at the end of day 2 (early start
// 0, early finish 3); LF/LS are late finish and start.
type network struct {
	name     string
	project  Project
	tasks    map[int64]want
	critical []bool // per link, when checked
	warnings []Warning
}

func monday(t testing.TB) Date { return day(t, "2025-03-03") }

func task(id int64, title string, days int) Task { return Task{ID: id, Title: title, Duration: days} }

func link(pred, succ int64, typ LinkType, lag int) Link {
	return Link{Pred: pred, Succ: succ, Type: typ, Lag: lag}
}

func checkNetwork(t *testing.T, n network) Result {
	t.Helper()
	if n.project.Start.IsZero() {
		n.project.Start = monday(t)
	}
	got, err := Schedule(n.project)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range got.Tasks {
		w, ok := n.tasks[r.ID]
		if !ok {
			continue
		}
		title := n.project.Tasks[i].Title
		if r.Start.String() != w.start || r.Finish.String() != w.finish {
			t.Errorf("%s runs %s to %s, want %s to %s", title, r.Start, r.Finish, w.start, w.finish)
		}
		if r.TotalFloat != w.tf || r.FreeFloat != w.ff || r.Critical != w.critical {
			t.Errorf("%s has total float %d, free float %d, critical %v; want %d, %d, %v",
				title, r.TotalFloat, r.FreeFloat, r.Critical, w.tf, w.ff, w.critical)
		}
	}
	if n.critical != nil {
		for l, r := range got.Links {
			if r.Critical != n.critical[l] {
				t.Errorf("link %d %d→%d (float %d) critical %v, want %v", l, r.Pred, r.Succ, r.Float, r.Critical, n.critical[l])
			}
		}
	}
	if !reflect.DeepEqual(got.Warnings, n.warnings) {
		t.Errorf("warnings %+v, want %+v", got.Warnings, n.warnings)
	}
	return got
}

func TestScheduleComputesHandCheckedNetworks(t *testing.T) {
	networks := []network{
		// A 3d; B 2d and C 4d after A; D 2d after B and C.
		// Forward: A 0-3, B 3-5, C 3-7, D 7-9; the project ends at 9.
		// Backward: D LF 9 LS 7; B LF 7 LS 5; C LF 7 LS 3; A LF min(5, 3)=3.
		// TF = LS-ES: A 0, B 2, C 0, D 0. FF: B = D.ES-B.EF = 7-5 = 2.
		// Links: A→B float B.LS-A.EF = 2; A→C 0; B→D 7-5 = 2; C→D 0.
		{name: "finish-to-start, the textbook network",
			project: Project{Tasks: []Task{task(1, "A", 3), task(2, "B", 2), task(3, "C", 4), task(4, "D", 2)},
				Links: []Link{link(1, 2, FS, 0), link(1, 3, FS, 0), link(2, 4, FS, 0), link(3, 4, FS, 0)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-05", 0, 0, true},
				2: {"2025-03-06", "2025-03-07", 2, 2, false},
				3: {"2025-03-06", "2025-03-11", 0, 0, true},
				4: {"2025-03-12", "2025-03-13", 0, 0, true}},
			critical: []bool{false, true, false, true}},

		// A 2d 0-2; B 1d FS+2: ES 2+2 = 4 (Fri 3/7), 4-5. End 5.
		// B LS 4; A LF <= 4-2 = 2: TF 0. Lag days are working days: the
		// lag (Wed, Thu) does not cross the weekend, B's next does.
		// C 3d FS+1 after B: ES 5+1 = 6 (Tue 3/11), 6-9; end 9, so B TF 0.
		{name: "finish-to-start with a lag over a weekend",
			project: Project{Tasks: []Task{task(1, "A", 2), task(2, "B", 1), task(3, "C", 3)},
				Links: []Link{link(1, 2, FS, 2), link(2, 3, FS, 1)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-04", 0, 0, true},
				2: {"2025-03-07", "2025-03-07", 0, 0, true},
				3: {"2025-03-11", "2025-03-13", 0, 0, true}},
			critical: []bool{true, true}},

		// A 3d 0-3; B 2d FS-1 (a lead): ES 3-1 = 2, 2-4 (Wed-Thu). End 4.
		// A LF <= B.LS(2)+1 = 3: TF 0. C 1d FS-5 after A: ES max(0, -2) = 0:
		// a lead never starts a task before the project; C LF 4, TF 3;
		// FF = end 4 - 1 = 3.
		{name: "finish-to-start with a lead, held at the project start",
			project: Project{Tasks: []Task{task(1, "A", 3), task(2, "B", 2), task(3, "C", 1)},
				Links: []Link{link(1, 2, FS, -1), link(1, 3, FS, -5)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-05", 0, 0, true},
				2: {"2025-03-05", "2025-03-06", 0, 0, true},
				3: {"2025-03-03", "2025-03-03", 3, 3, false}},
			critical: []bool{true, false}},

		// A 3d 0-3; B 2d SS+1: ES 0+1 = 1, 1-3. D 3d starting no earlier
		// than Thu 3/6 (day 3), 3-6; C 2d SS-2 after D: ES 3-2 = 1, 1-3.
		// End 6. B, C: LF 6 LS 4, TF 3, FF 6-3 = 3. A: LS <= B.LS-1 = 3, TF
		// 3; FF B.ES-(A.ES+1) = 0: A's start cannot slip without B's. D TF
		// 0; the link D→C has float C.LS(4)+2-D.ES(3) = 3, A→B 4-1-0 = 3.
		{name: "start-to-start with a lag and a lead",
			project: Project{Tasks: []Task{task(1, "A", 3), task(2, "B", 2), task(3, "C", 2),
				{ID: 4, Title: "D", Duration: 3, Constraint: StartNoEarlierThan, ConstraintDate: day(t, "2025-03-06")}},
				Links: []Link{link(1, 2, SS, 1), link(4, 3, SS, -2)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-05", 3, 0, false},
				2: {"2025-03-04", "2025-03-05", 3, 3, false},
				3: {"2025-03-04", "2025-03-05", 3, 3, false},
				4: {"2025-03-06", "2025-03-10", 0, 0, true}},
			critical: []bool{false, false}},

		// A 3d 0-3; B 2d FF+1: EF >= 4, ES 2, 2-4 (Wed-Thu). End 4.
		// B TF 0; A LF <= B.LF(4)-1 = 3: TF 0.
		// C 4d 0-4; D 2d FF-1 after C: EF >= 3, ES 1, 1-3; D LF 4 TF 1 FF
		// min(end 4-3) = 1; C LF <= D.LF(4)+1 = 5 but <= end 4: TF 0.
		{name: "finish-to-finish with a lag and a lead",
			project: Project{Tasks: []Task{task(1, "A", 3), task(2, "B", 2), task(3, "C", 4), task(4, "D", 2)},
				Links: []Link{link(1, 2, FF, 1), link(3, 4, FF, -1)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-05", 0, 0, true},
				2: {"2025-03-05", "2025-03-06", 0, 0, true},
				3: {"2025-03-03", "2025-03-06", 0, 0, true},
				4: {"2025-03-04", "2025-03-05", 1, 1, false}},
			critical: []bool{true, false}},

		// A 2d 0-2; B 2d SF+3: EF >= A.ES+3 = 3, ES 1, 1-3 (Tue-Wed).
		// D 2d starting no earlier than Mon 3/10 (day 5), 5-7; C 1d SF-2
		// after D: EF >= 5-2 = 3, ES 2 (Wed 3/5). End 7. B LF 7 TF 4, FF
		// 7-3 = 4; A LS <= B.LF-3 = 4: TF 4, FF B.EF-(A.ES+3) = 0. C LF 7
		// TF 4 FF 4. D TF 0.
		{name: "start-to-finish with a lag and a lead",
			project: Project{Tasks: []Task{task(1, "A", 2), task(2, "B", 2), task(3, "C", 1),
				{ID: 4, Title: "D", Duration: 2, Constraint: StartNoEarlierThan, ConstraintDate: day(t, "2025-03-10")}},
				Links: []Link{link(1, 2, SF, 3), link(4, 3, SF, -2)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-04", 4, 0, false},
				2: {"2025-03-04", "2025-03-05", 4, 4, false},
				3: {"2025-03-05", "2025-03-05", 4, 4, false},
				4: {"2025-03-10", "2025-03-11", 0, 0, true}},
			critical: []bool{false, false}},

		// Carnival (Mon-Tue 3/3-3/4) off, Saturday 3/8 worked. Working days:
		// 3/5=0, 3/6=1, 3/7=2, 3/8=3, 3/10=4, 3/11=5. A 3d 0-3 (Wed-Fri);
		// B 2d FS 3-5: the Saturday and Monday. C 1d FS+1 after B: 6 (Tue).
		{name: "a calendar with holidays and a worked Saturday",
			project: Project{Calendar: holidays(t), Tasks: []Task{task(1, "A", 3), task(2, "B", 2), task(3, "C", 1)},
				Links: []Link{link(1, 2, FS, 0), link(2, 3, FS, 1)}},
			tasks: map[int64]want{
				1: {"2025-03-05", "2025-03-07", 0, 0, true},
				2: {"2025-03-08", "2025-03-10", 0, 0, true},
				3: {"2025-03-12", "2025-03-12", 0, 0, true}}},

		// The project starts on Saturday 3/1: day 0 is Monday 3/3.
		{name: "a start on a weekend waits for the first working day",
			project: Project{Start: day(t, "2025-03-01"), Tasks: []Task{task(1, "A", 1)}},
			tasks:   map[int64]want{1: {"2025-03-03", "2025-03-03", 0, 0, true}}},

		// A 2d 0-2; B 2d FS after A but no earlier than Mon 3/10 (day 5): 5-7.
		// End 7. B TF 0; A LF <= 5: TF 3, FF B.ES-A.EF = 3. The link has
		// float 3 and is not critical: the constraint drives B.
		// C 1d no earlier than Sat 3/1 (before the start): day 0.
		{name: "start no earlier than",
			project: Project{Tasks: []Task{task(1, "A", 2),
				{ID: 2, Title: "B", Duration: 2, Constraint: StartNoEarlierThan, ConstraintDate: day(t, "2025-03-10")},
				{ID: 3, Title: "C", Duration: 1, Constraint: StartNoEarlierThan, ConstraintDate: day(t, "2025-03-01")}},
				Links: []Link{link(1, 2, FS, 0)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-04", 3, 3, false},
				2: {"2025-03-10", "2025-03-11", 0, 0, true},
				3: {"2025-03-03", "2025-03-03", 6, 6, false}},
			critical: []bool{false}},

		// A 3d 0-3; B 2d FS, must finish on Fri 3/7 (ends at 5): ES 3, 3-5.
		// End 5: B LF min(5, 5) TF 0; A LF <= 3 TF 0.
		{name: "must finish on, met",
			project: Project{Tasks: []Task{task(1, "A", 3),
				{ID: 2, Title: "B", Duration: 2, Constraint: MustFinishOn, ConstraintDate: day(t, "2025-03-07")}},
				Links: []Link{link(1, 2, FS, 0)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-05", 0, 0, true},
				2: {"2025-03-06", "2025-03-07", 0, 0, true}},
			critical: []bool{true}},

		// A 5d 0-5; B 2d FS, must finish on Wed 3/5 (ends at 3): B stays
		// 1-3 though A asks 5: the link is broken by 4 days (a warning).
		// End 5. B LF min(5, 3) = 3: TF 0, and FF 0 (end 5-3 = 2, but free
		// float never exceeds total float). A LF <= B.LS 1: TF 1-5 = -4, FF
		// B.ES-A.EF = -4; the link's float -4: critical, negative.
		{name: "must finish on, broken by its predecessor",
			project: Project{Tasks: []Task{task(1, "A", 5),
				{ID: 2, Title: "B", Duration: 2, Constraint: MustFinishOn, ConstraintDate: day(t, "2025-03-05")}},
				Links: []Link{link(1, 2, FS, 0)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-07", -4, -4, true},
				2: {"2025-03-04", "2025-03-05", 0, 0, true}},
			critical: []bool{true},
			warnings: []Warning{{Task: 2, Link: 0, Days: 4}}},

		// A 3d 0-3; B manual Tue 3/4 to Wed 3/5 (1-3) after A: stays, the
		// link broken by 3-1 = 2 days. C 1d after B: 3-4 (Thu 3/6).
		// D manual Mon 3/10, 2 days (5-7) after A: kept, no warning; E 1d
		// after D: 7-8 (Wed 3/12). End 8. E TF 0, D LS 5 TF 0; C LF 8 TF 4
		// FF 4; B LF <= C.LS 7: TF 4, FF C.ES-B.EF = 0. A LF <= min(B.LS
		// 5, D.LS 5): TF 2 — late dates do not pin a manual task — but FF
		// B.ES-A.EF = -2, the days the link is broken by.
		{name: "manual tasks stay put and warn",
			project: Project{Tasks: []Task{task(1, "A", 3),
				{ID: 2, Title: "B", Manual: true, Start: day(t, "2025-03-04"), Finish: day(t, "2025-03-05")},
				task(3, "C", 1),
				{ID: 4, Title: "D", Manual: true, Start: day(t, "2025-03-10"), Duration: 2},
				task(5, "E", 1)},
				Links: []Link{link(1, 2, FS, 0), link(2, 3, FS, 0), link(1, 4, FS, 0), link(4, 5, FS, 0)}},
			tasks: map[int64]want{
				1: {"2025-03-03", "2025-03-05", 2, -2, false},
				2: {"2025-03-04", "2025-03-05", 4, 0, false},
				3: {"2025-03-06", "2025-03-06", 4, 4, false},
				4: {"2025-03-10", "2025-03-11", 0, 0, true},
				5: {"2025-03-12", "2025-03-12", 0, 0, true}},
			warnings: []Warning{{Task: 2, Link: 0, Days: 2}}},
	}
	for _, n := range networks {
		t.Run(n.name, func(t *testing.T) { checkNetwork(t, n) })
	}
}
