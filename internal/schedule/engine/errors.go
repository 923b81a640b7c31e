package engine

import (
	"fmt"
	"strings"
)

// Problem names what is wrong with a schedule's input, so that a caller can
// answer each with its own message.
type Problem string

// The problems Schedule and NewCalendar report as an *InputError.
const (
	ProblemDuplicateTask     Problem = "duplicateTask"     // two tasks with one id
	ProblemUnknownParent     Problem = "unknownParent"     // Parent names no task of the project
	ProblemParentCycle       Problem = "parentCycle"       // a task is its own ancestor
	ProblemBadDuration       Problem = "badDuration"       // below 0 or above MaxDuration
	ProblemBadProgress       Problem = "badProgress"       // not within 0 to 100
	ProblemNoStart           Problem = "noStart"           // no project start, or a manual task without start
	ProblemFinishBeforeStart Problem = "finishBeforeStart" // a manual task
	ProblemBadConstraint     Problem = "badConstraint"     // unknown kind, no date, or must-finish-on on a summary
	ProblemUnknownTask       Problem = "unknownTask"       // a link names a task not in the project
	ProblemSelfLink          Problem = "selfLink"          // a task linked to itself
	ProblemDuplicateLink     Problem = "duplicateLink"     // two links between the same tasks
	ProblemBadLinkType       Problem = "badLinkType"       // not FS, SS, FF or SF
	ProblemLagOutOfRange     Problem = "lagOutOfRange"     // beyond ±MaxLag
	ProblemSummaryLink       Problem = "summaryLink"       // FF/SF into a summary, SS/SF out of one
	ProblemLinkToOwnSummary  Problem = "linkToOwnSummary"  // a task linked to a summary that holds it
	ProblemOutOfRange        Problem = "outOfRange"        // a date or finish too far from the project start
	ProblemBadCalendar       Problem = "badCalendar"       // a period or exception that does not make sense
	ProblemNoWorkingTime     Problem = "noWorkingTime"     // a week without a working day
)

// TaskRef names a task in an error.
type TaskRef struct {
	ID    int64
	Title string
}

func (r TaskRef) String() string {
	if r.Title == "" {
		return fmt.Sprintf("#%d", r.ID)
	}
	return fmt.Sprintf("#%d %s", r.ID, r.Title)
}

// InputError is input the engine refuses: the caller's to fix, never a
// fault of the engine. Task is the task concerned (a link's successor),
// Other a link's predecessor; Detail says more in English.
type InputError struct {
	Problem Problem
	Task    TaskRef
	Other   TaskRef
	Detail  string
}

func (e *InputError) Error() string {
	var b strings.Builder
	b.WriteString("schedule: ")
	b.WriteString(string(e.Problem))
	if e.Task.ID != 0 {
		b.WriteString(": " + e.Task.String())
	}
	if e.Other.ID != 0 {
		b.WriteString(" after " + e.Other.String())
	}
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	return b.String()
}

// CycleError is a chain of links that comes back to where it started:
// Tasks in link order, each the predecessor of the next and the last the
// predecessor of the first.
type CycleError struct {
	Tasks []TaskRef
}

func (e *CycleError) Error() string {
	names := make([]string, 0, len(e.Tasks)+1)
	for _, t := range e.Tasks {
		names = append(names, t.String())
	}
	if len(e.Tasks) > 0 {
		names = append(names, e.Tasks[0].String())
	}
	return "schedule: the links make a cycle: " + strings.Join(names, " → ")
}
