package engine

import (
	"fmt"
	"time"
)

// Date is a calendar day without time or zone. The zero Date is no date
// (an unset manual start, a constraint without its date).
type Date int32

// daysTo1970 is the number of days from 0001-01-01 to 1970-01-01; Date 1
// is 0001-01-01, a Monday.
const daysTo1970 = 719162

// DateOf is the Date of year, month and day; out-of-range values normalise
// as time.Date's do (31 April is 1 May).
func DateOf(year int, month time.Month, day int) Date {
	return DateFromTime(time.Date(year, month, day, 0, 0, 0, 0, time.UTC))
}

// DateFromTime is the calendar day of t in t's own location.
func DateFromTime(t time.Time) Date {
	y, m, d := t.Date()
	u := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return Date(u.Unix()/86400 + daysTo1970 + 1)
}

// ParseDate reads YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return 0, fmt.Errorf("date %q: %w", s, err)
	}
	return DateFromTime(t), nil
}

// Time is midnight UTC of d.
func (d Date) Time() time.Time {
	return time.Unix((int64(d)-daysTo1970-1)*86400, 0).UTC()
}

// At is d at minute (minutes since midnight) in UTC.
func (d Date) At(minute int) time.Time {
	return d.Time().Add(time.Duration(minute) * time.Minute)
}

// Weekday is d's day of the week.
func (d Date) Weekday() time.Weekday { return time.Weekday(int(d) % 7) }

// AddDays is d moved by n calendar days.
func (d Date) AddDays(n int) Date { return d + Date(n) }

// IsZero holds for the zero Date (no date).
func (d Date) IsZero() bool { return d == 0 }

// String is YYYY-MM-DD, or "" for the zero Date.
func (d Date) String() string {
	if d == 0 {
		return ""
	}
	return d.Time().Format(time.DateOnly)
}
