package msproject

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"time"
)

// The elements written and read, in the order MSPDI's schema sets; the
// many others MS Project writes are skipped on reading.
type xmlProject struct {
	XMLName           xml.Name      `xml:"http://schemas.microsoft.com/project Project"`
	SaveVersion       int           `xml:"SaveVersion,omitempty"`
	Name              string        `xml:"Name,omitempty"`
	Title             string        `xml:"Title,omitempty"`
	ScheduleFromStart int           `xml:"ScheduleFromStart"`
	StartDate         string        `xml:"StartDate"`
	FinishDate        string        `xml:"FinishDate,omitempty"`
	CalendarUID       int           `xml:"CalendarUID"`
	DefaultStartTime  string        `xml:"DefaultStartTime,omitempty"`
	DefaultFinishTime string        `xml:"DefaultFinishTime,omitempty"`
	MinutesPerDay     int           `xml:"MinutesPerDay,omitempty"`
	MinutesPerWeek    int           `xml:"MinutesPerWeek,omitempty"`
	DaysPerMonth      int           `xml:"DaysPerMonth,omitempty"`
	DurationFormat    int           `xml:"DurationFormat,omitempty"`
	Calendars         []xmlCalendar `xml:"Calendars>Calendar"`
	Tasks             []xmlTask     `xml:"Tasks>Task"`
}

type xmlCalendar struct {
	UID             int            `xml:"UID"`
	Name            string         `xml:"Name"`
	IsBaseCalendar  int            `xml:"IsBaseCalendar"`
	BaseCalendarUID int            `xml:"BaseCalendarUID"`
	WeekDays        []xmlWeekDay   `xml:"WeekDays>WeekDay"`
	Exceptions      []xmlException `xml:"Exceptions>Exception"`
}

// xmlWeekDay is a day of the week (DayType 1, Sunday, to 7) or, with
// DayType 0, the dates of TimePeriod.
type xmlWeekDay struct {
	DayType      int              `xml:"DayType"`
	DayWorking   int              `xml:"DayWorking"`
	TimePeriod   *xmlTimePeriod   `xml:"TimePeriod,omitempty"`
	WorkingTimes []xmlWorkingTime `xml:"WorkingTimes>WorkingTime"`
}

type xmlTimePeriod struct {
	FromDate string `xml:"FromDate"`
	ToDate   string `xml:"ToDate"`
}

type xmlWorkingTime struct {
	FromTime string `xml:"FromTime"`
	ToTime   string `xml:"ToTime"`
}

// xmlException is MS Project 2007's form of an exception; Type 1 is
// every day of TimePeriod.
type xmlException struct {
	EnteredByOccurrences int              `xml:"EnteredByOccurrences"`
	TimePeriod           xmlTimePeriod    `xml:"TimePeriod"`
	Occurrences          int              `xml:"Occurrences"`
	Name                 string           `xml:"Name"`
	Type                 int              `xml:"Type"`
	DayWorking           int              `xml:"DayWorking"`
	WorkingTimes         []xmlWorkingTime `xml:"WorkingTimes>WorkingTime"`
}

type xmlTask struct {
	UID             int64     `xml:"UID"`
	ID              int64     `xml:"ID"`
	Name            string    `xml:"Name,omitempty"`
	Active          *int      `xml:"Active"`
	Manual          int       `xml:"Manual"`
	IsNull          int       `xml:"IsNull"`
	WBS             string    `xml:"WBS,omitempty"`
	OutlineNumber   string    `xml:"OutlineNumber,omitempty"`
	OutlineLevel    int       `xml:"OutlineLevel"`
	Start           string    `xml:"Start,omitempty"`
	Finish          string    `xml:"Finish,omitempty"`
	Duration        string    `xml:"Duration,omitempty"`
	DurationFormat  int       `xml:"DurationFormat,omitempty"`
	Milestone       int       `xml:"Milestone"`
	Summary         int       `xml:"Summary"`
	Critical        int       `xml:"Critical"`
	FreeSlack       int       `xml:"FreeSlack"`
	TotalSlack      int       `xml:"TotalSlack"`
	PercentComplete int       `xml:"PercentComplete"`
	ConstraintType  int       `xml:"ConstraintType"`
	CalendarUID     int       `xml:"CalendarUID"`
	ConstraintDate  string    `xml:"ConstraintDate,omitempty"`
	PredecessorLink []xmlLink `xml:"PredecessorLink"`
}

type xmlLink struct {
	PredecessorUID int64 `xml:"PredecessorUID"`
	Type           int   `xml:"Type"`
	CrossProject   int   `xml:"CrossProject"`
	LinkLag        int   `xml:"LinkLag"`
	LagFormat      int   `xml:"LagFormat"`
}

// FormatError is a file that is not an MS Project XML project, or one
// whose values cannot be read: the caller's to fix.
type FormatError struct {
	Reason string
}

func (e *FormatError) Error() string { return "msproject: not a project file: " + e.Reason }

// dateTime is MSPDI's date and time, without zone.
const dateTime = "2006-01-02T15:04:05"

// Read reads an MS Project XML project; anything else is a *FormatError.
// It reads what it is given: the caller bounds the size.
func Read(r io.Reader) (*File, error) {
	d := xml.NewDecoder(r)
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil, &FormatError{Reason: "no XML element"}
		}
		if err != nil {
			return nil, &FormatError{Reason: err.Error()}
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if start.Name.Space != Namespace || start.Name.Local != "Project" {
			return nil, &FormatError{Reason: fmt.Sprintf("the document is <%s> of %q, not <Project> of %q", start.Name.Local, start.Name.Space, Namespace)}
		}
		var x xmlProject
		if err := d.DecodeElement(&x, &start); err != nil {
			return nil, &FormatError{Reason: err.Error()}
		}
		return fromXML(x)
	}
}

// Write writes f as MS Project XML.
func Write(w io.Writer, f *File) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	e := xml.NewEncoder(w)
	e.Indent("", "\t")
	if err := e.Encode(toXML(f)); err != nil {
		return fmt.Errorf("msproject: write: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(dateTime)
}

func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(dateTime, s)
	if err != nil {
		return time.Time{}, &FormatError{Reason: fmt.Sprintf("date %q", s)}
	}
	return t, nil
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
