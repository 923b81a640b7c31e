// Package engine schedules a project: from its start, over a work calendar
// (working weekdays and hours, holidays, worked exceptions), it places
// tasks of so many working days after the links between them (FS, SS, FF,
// SF with lags and leads in working days), honours constraints (start no
// earlier than, must finish on) and manual tasks, rolls summaries up from
// their tasks and finds the critical path (total and free float per task,
// critical tasks and links).
//
// It is pure computation: no database, no HTTP. Callers build a Project
// from what they store (StoredCalendar maps a resource's calendar) and
// turn an *InputError or *CycleError into a message. docs/schedule.md
// describes the rules.
package engine
