// Package calendar serves the calendar view of an application: the items of
// its types with a calendar view, placed by the view's start and finish
// dates, and their moves written through the item core (docs/calendar.md).
package calendar

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Limits of a range.
const (
	// MaxEvents bounds the events of one answer: a month of a busy
	// organisation; past it the answer says truncated.
	MaxEvents = 2000
	// MaxRangeDays bounds a range: a month view with its leading and
	// trailing weeks is 42 days, a little more is left for lists.
	MaxRangeDays = 100
	// MaxProjects bounds the projects the project filter offers.
	MaxProjects = 500
)

// Caller is the signed-in user as the calendar needs it.
type Caller struct {
	UserID     int64
	PanelAdmin bool
}

// CurrentUser returns the caller of a request, if signed in.
type CurrentUser func(ctx context.Context) (Caller, bool)

// Service answers the calendar calls.
type Service struct {
	store *Store
	hours HoursSource
}

// NewService returns the service.
func NewService(store *Store) *Service { return &Service{store: store} }

// HoursSource lists the caller's recorded hours per item and day in [from,
// to) and whether there were more than it lists (the timesheets module,
// wired by internal/server, so the calendar reads no table of another).
type HoursSource func(ctx context.Context, c Caller, from, to time.Time) ([]Hours, bool, error)

// WithHours makes the Agenda show the caller's hours beside their items.
func (s *Service) WithHours(src HoursSource) *Service {
	s.hours = src
	return s
}

// Hours is what the caller recorded on one item on one day: the Agenda
// shows it as an all-day entry that opens the item.
type Hours struct {
	Date          string `json:"date"`
	Minutes       int    `json:"minutes"`
	ItemID        int64  `json:"itemId"`
	ComponentID   int64  `json:"componentId"`
	ApplicationID int64  `json:"applicationId"`
	FormattedID   int64  `json:"FormattedID"`
	Title         string `json:"Title"`
	Description   string `json:"description"`
}

// ItemsInput is the body of getCalendarItems: the application, the range
// [from, to) as dates (YYYY-MM-DD) or RFC 3339 times, and the filters (0:
// any). Mine keeps the items the caller is responsible for.
type ItemsInput struct {
	ApplicationID httpx.ID `json:"applicationId"`
	From          string   `json:"from"`
	To            string   `json:"to"`
	ProjectID     httpx.ID `json:"projectId"`
	ComponentID   httpx.ID `json:"componentId"`
	ResponsibleID httpx.ID `json:"responsibleId"`
	Mine          bool     `json:"mine"`
}

// Items is the answer of getCalendarItems.
type Items struct {
	Events []Event `json:"events"`
	// Truncated: the range holds more than MaxEvents events; the first
	// MaxEvents by start are shown.
	Truncated bool `json:"truncated"`
	// Agenda: the application has no types of its own, so the calendar is
	// the caller's items of every application (Gestão do Trabalho).
	Agenda bool `json:"agenda"`
	// Hours: on the Agenda, the caller's recorded hours in the range, per
	// item and day (HoursTruncated: the source listed only the first).
	Hours          []Hours `json:"hours"`
	HoursTruncated bool    `json:"hoursTruncated"`
	// Holidays in the range, of the project's work calendar when one
	// project is asked, else of the caller's own.
	Holidays []Holiday  `json:"holidays"`
	Types    []TypeRef  `json:"types"`
	Projects []Named    `json:"projects"`
	Users    []Named    `json:"users"`
	Range    RangeShown `json:"range"`
}

// RangeShown is the range the answer covers, as the server read it.
type RangeShown struct {
	From time.Time `json:"from"`
	To   time.Time `json:"to"`
}

// TypeRef is an item type with a calendar view.
type TypeRef struct {
	ComponentID     int64  `json:"componentId"`
	Name            string `json:"name"`
	ViewID          int64  `json:"viewId"`
	ApplicationID   int64  `json:"applicationId"`
	ApplicationName string `json:"applicationName"`
	// HasFinish: the view names a finish date, so an event may be resized.
	HasFinish bool `json:"hasFinish"`
}

// Named is a project or a user a filter offers.
type Named struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Event is an item on the calendar. Start and Finish are the view's dates
// as stored (RFC 3339, UTC); either may be null, not both.
type Event struct {
	ItemID          int64      `json:"itemId"`
	ComponentID     int64      `json:"componentId"`
	ApplicationID   int64      `json:"applicationId"`
	FormattedID     int64      `json:"FormattedID"`
	Title           string     `json:"Title"`
	Start           *time.Time `json:"start"`
	Finish          *time.Time `json:"finish"`
	StatusName      string     `json:"StatusName"`
	StatusColor     string     `json:"StatusColor"`
	ComponentName   string     `json:"componentName"`
	ProjectID       *int64     `json:"projectId"`
	ProjectName     string     `json:"projectName"`
	ResponsibleID   *int64     `json:"responsibleId"`
	ResponsibleName string     `json:"responsibleName"`
	CanEdit         bool       `json:"canEdit"`
}

// Items answers getCalendarItems: the events of the range the caller may
// read, by start, at most MaxEvents, with what the filters offer.
func (s *Service) Items(ctx context.Context, c Caller, in ItemsInput) (*Items, error) {
	from, to, err := readRange(in.From, in.To)
	if err != nil {
		return nil, err
	}
	if in.ApplicationID <= 0 {
		return nil, httpx.Invalid("applicationId", "calendar.application")
	}
	app, err := s.store.application(ctx, c, int64(in.ApplicationID))
	if err != nil {
		return nil, err
	}
	views, err := s.store.views(ctx, c, app)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	out := &Items{Events: []Event{}, Agenda: app.agenda, Hours: []Hours{}, Types: []TypeRef{}, Projects: []Named{}, Users: []Named{},
		Range: RangeShown{From: from, To: to}}
	if out.Holidays, err = s.store.holidays(ctx, c, int64(in.ProjectID), from, to); err != nil {
		return nil, err
	}
	if app.agenda && s.hours != nil {
		if out.Hours, out.HoursTruncated, err = s.hours(ctx, c, from, to); err != nil {
			return nil, err
		}
	}
	for _, v := range views {
		out.Types = append(out.Types, TypeRef{ComponentID: v.ComponentID, Name: v.ComponentName.In(lang), ViewID: v.ViewID,
			ApplicationID: v.ApplicationID, ApplicationName: v.ApplicationName.In(lang), HasFinish: v.Finish != nil})
	}
	f := filters{from: from, to: to, project: int64(in.ProjectID), responsible: int64(in.ResponsibleID)}
	// The Agenda is always the caller's own items; elsewhere Mine asks it.
	if app.agenda || in.Mine {
		f.responsible = c.UserID
	}
	for _, v := range views {
		if in.ComponentID != 0 && v.ComponentID != int64(in.ComponentID) {
			continue
		}
		left := MaxEvents - len(out.Events)
		if left <= 0 {
			out.Truncated = true
			break
		}
		rows, err := s.store.events(ctx, c, v, f, left+1)
		if err != nil {
			return nil, err
		}
		if len(rows) > left {
			rows, out.Truncated = rows[:left], true
		}
		for _, r := range rows {
			r.ComponentName, r.ApplicationID = v.ComponentName.In(lang), v.ApplicationID
			r.StatusName = r.status.In(lang)
			out.Events = append(out.Events, r.Event)
		}
	}
	// Several types come one after another: the answer is in time order.
	slices.SortStableFunc(out.Events, func(a, b Event) int { return firstDate(a).Compare(firstDate(b)) })
	if out.Projects, err = s.store.projects(ctx, c); err != nil {
		return nil, err
	}
	seen := map[int64]bool{}
	for _, e := range out.Events {
		if e.ResponsibleID != nil && !seen[*e.ResponsibleID] {
			seen[*e.ResponsibleID] = true
			out.Users = append(out.Users, Named{ID: *e.ResponsibleID, Name: e.ResponsibleName})
		}
	}
	slices.SortFunc(out.Users, func(a, b Named) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	return out, nil
}

func firstDate(e Event) time.Time {
	if e.Start != nil {
		return *e.Start
	}
	return *e.Finish
}

// readRange reads [from, to): both required, from before to, at most
// MaxRangeDays apart.
func readRange(fromText, toText string) (time.Time, time.Time, error) {
	from, ok := readDate(fromText)
	if !ok {
		return time.Time{}, time.Time{}, httpx.Invalid("from", "calendar.badDate", "field", "from")
	}
	to, ok := readDate(toText)
	if !ok {
		return time.Time{}, time.Time{}, httpx.Invalid("to", "calendar.badDate", "field", "to")
	}
	if !to.After(from) {
		return time.Time{}, time.Time{}, httpx.Invalid("to", "calendar.rangeOrder")
	}
	if to.Sub(from) > MaxRangeDays*24*time.Hour {
		return time.Time{}, time.Time{}, httpx.Invalid("to", "calendar.rangeTooLong", "max", MaxRangeDays)
	}
	return from, to, nil
}

// readDate reads a date (YYYY-MM-DD, midnight UTC, as date attributes are
// stored) or an RFC 3339 time, in years a calendar shows.
func readDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		if t, err = time.Parse(time.RFC3339, s); err != nil {
			return time.Time{}, false
		}
	}
	t = t.UTC()
	return t, t.Year() >= 1900 && t.Year() <= 9999
}

// MoveInput is the body of moveCalendarItem: the item (of componentId) and
// its new dates; finish is left out or null when the view has none.
type MoveInput struct {
	ItemID      httpx.ID `json:"itemId"`
	ComponentID httpx.ID `json:"componentId"`
	Start       string   `json:"start"`
	Finish      *string  `json:"finish"`
}

// Moved is the answer of moveCalendarItem: the event as saved.
type Moved struct {
	Message string `json:"Message"`
	Event   Event  `json:"event"`
}

// Move answers moveCalendarItem: the type's calendar view says which
// attributes the dates are; the item changes through the item core (its
// version and history) when the caller may change it.
func (s *Service) Move(ctx context.Context, c Caller, in MoveInput) (*Moved, error) {
	if in.ItemID <= 0 || in.ComponentID <= 0 {
		return nil, httpx.NotFound()
	}
	start, ok := readDate(in.Start)
	if !ok {
		return nil, httpx.Invalid("start", "calendar.badDate", "field", "start")
	}
	var finish *time.Time
	if in.Finish != nil && strings.TrimSpace(*in.Finish) != "" {
		f, ok := readDate(*in.Finish)
		if !ok {
			return nil, httpx.Invalid("finish", "calendar.badDate", "field", "finish")
		}
		if f.Before(start) {
			return nil, httpx.Invalid("finish", "calendar.finishBeforeStart")
		}
		finish = &f
	}
	v, err := s.store.typeView(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	e, err := s.store.move(ctx, c, v, int64(in.ItemID), start, finish)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	e.ComponentName, e.ApplicationID = v.ComponentName.In(lang), v.ApplicationID
	e.StatusName = e.status.In(lang)
	l := i18n.From(ctx)
	return &Moved{Message: i18n.T(l, "calendar.moved", "type", e.ComponentName, "id", e.FormattedID), Event: e.Event}, nil
}

// errNotWritable refuses a move of an item the caller may read but not
// change (a read-only member, a type without the update right).
func errNotWritable() error { return httpx.Fail(http.StatusForbidden, "calendar.notWritable") }
