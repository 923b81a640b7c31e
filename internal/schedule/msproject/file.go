// Package msproject reads and writes MS Project XML (MSPDI, the Project
// element of http://schemas.microsoft.com/project), the file MS Project
// and ProjectLibre open and save: tasks with their outline, dates,
// durations and predecessors, and the project's work calendar.
package msproject

import (
	"time"

	"github.com/tramita/tramita/internal/schedule/engine"
)

// Namespace is MSPDI's XML namespace.
const Namespace = "http://schemas.microsoft.com/project"

// File is a project as MS Project XML holds it. Durations are minutes of
// work and lags and slack tenths of a minute, as in the file; a day is
// MinutesPerDay.
type File struct {
	Name          string
	Start, Finish time.Time
	MinutesPerDay int
	CalendarName  string
	// Calendar is the project's calendar (CalendarUID), nil when the file
	// has none.
	Calendar *engine.Calendar
	Tasks    []Task
}

// Task is one task of a File, in the file's order (ID).
type Task struct {
	UID, ID       int64
	Name          string
	OutlineLevel  int
	OutlineNumber string
	Start, Finish time.Time
	// Duration in minutes of work.
	Duration                             int
	Summary, Milestone, Manual, Critical bool
	// Inactive tasks (Active 0) take no part in the schedule.
	Inactive        bool
	PercentComplete int
	// ConstraintType is MSPDI's code (0 as soon as possible, 3 must
	// finish on, 4 start no earlier than, …) for ConstraintDate.
	ConstraintType int
	ConstraintDate time.Time
	// TotalSlack and FreeSlack in tenths of a minute.
	TotalSlack, FreeSlack int
	Predecessors          []Predecessor
}

// Predecessor is a PredecessorLink: the task UID waits for, how, and the
// lag in tenths of a minute (LagFormat 7, days, when written here; a
// percent format holds tenths of a percent of the predecessor's duration).
type Predecessor struct {
	UID       int64
	Type      engine.LinkType
	Lag       int
	LagFormat int
}

// MSPDI's codes for link types, constraints and lag formats.
const (
	constraintMustFinishOn       = 3
	constraintStartNoEarlierThan = 4
	lagDays                      = 7
	lagPercent                   = 19
	lagElapsedPercent            = 20
)

var linkCodes = map[engine.LinkType]int{engine.FF: 0, engine.FS: 1, engine.SF: 2, engine.SS: 3}

func linkType(code int) (engine.LinkType, bool) {
	for t, c := range linkCodes {
		if c == code {
			return t, true
		}
	}
	return "", false
}
