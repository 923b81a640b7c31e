package engine

// LinkType is how a link ties its successor to its predecessor, with the
// names item_predecessor stores.
type LinkType string

// The four link types.
const (
	FS LinkType = "FS" // the successor starts after the predecessor finishes
	SS LinkType = "SS" // starts after the predecessor starts
	FF LinkType = "FF" // finishes after the predecessor finishes
	SF LinkType = "SF" // finishes after the predecessor starts
)

// ConstraintKind is a date a task is held to besides its links.
type ConstraintKind string

// The constraints the engine honours; the zero value is as soon as possible.
const (
	AsSoonAsPossible   ConstraintKind = ""
	StartNoEarlierThan ConstraintKind = "SNET" // links may push it later
	MustFinishOn       ConstraintKind = "MFO"  // stays on its date; a link that asks later is violated
)

// Limits of the input, as the predecessors' own (MaxPredecessorLag).
const (
	MaxLag      = 3650 // working days either way
	MaxDuration = 3650 // working days
)

// Task is one task of a project. A task that is some task's Parent is a
// summary: its dates, duration and progress come from its tasks, so its
// Duration, Manual, Start and Finish are not read.
type Task struct {
	ID     int64
	Title  string
	Parent int64 // 0 at the top of the work breakdown
	// Duration in working days; 0 is a milestone.
	Duration int
	// Progress in percent, 0 to 100.
	Progress float64
	// Manual tasks stay on Start (to Finish, when set, else for Duration)
	// whatever their links say; a link they break is a Warning.
	Manual        bool
	Start, Finish Date
	Constraint    ConstraintKind
	// ConstraintDate is the date of StartNoEarlierThan and MustFinishOn.
	ConstraintDate Date
}

// Link makes Succ wait for Pred. Lag is in working days, negative for a
// lead (overlap).
type Link struct {
	Pred, Succ int64
	Type       LinkType
	Lag        int
}

// Project is what Schedule computes: tasks from Start on Calendar (nil:
// Standard). Tasks keep their order among their siblings.
type Project struct {
	Start    Date
	Calendar *Calendar
	Tasks    []Task
	Links    []Link
}

// TaskResult is a task as scheduled. Dates are days of work: a task of one
// day starts and finishes on the same date. Floats are in working days;
// negative float means a date or manual task the links cannot meet.
type TaskResult struct {
	ID int64
	// Outline numbers the task in the work breakdown ("1.2.3"); Level is
	// its depth, 1 at the top.
	Outline            string
	Level              int
	Summary, Milestone bool
	// Start and Finish are the early (scheduled) dates, LateStart and
	// LateFinish the latest that do not move the project's finish.
	Start, Finish         Date
	LateStart, LateFinish Date
	// AtDayEnd places a milestone at the end of its date rather than the
	// start: one that follows a finish, as MS Project shows it.
	AtDayEnd   bool
	Duration   int
	Progress   float64
	TotalFloat int
	// FreeFloat is how far the task can slip without moving another task
	// or the project's finish, never more than TotalFloat.
	FreeFloat int
	Critical  bool
}

// LinkResult is a link as scheduled: Float is how far its predecessor's
// side could move before the link moved the project's finish; a link is
// critical at 0 or less.
type LinkResult struct {
	Link
	Float    int
	Critical bool
}

// Warning is a link that a task staying put (manual or must-finish-on)
// breaks by Days working days. Link is its index in Project.Links, or -1
// when it is a summary's start-no-earlier-than that the task breaks.
type Warning struct {
	Task int64
	Link int
	Days int
}

// Result is a scheduled project. Tasks and Links are in the input's order;
// TreeOrder lists Tasks' indexes in work breakdown order (a summary before
// its tasks).
type Result struct {
	Start, Finish Date
	Tasks         []TaskResult
	Links         []LinkResult
	TreeOrder     []int
	Warnings      []Warning
}
