package resources

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/httpx"
)

// Calendar is a resource's work calendar: the user's calendar shape
// (workPeriods and holidays, checked by admin.CheckCalendar) and the
// exceptions, an additive field readers of the older shape ignore.
type Calendar struct {
	admin.Calendar
	Exceptions []Exception `json:"exceptions,omitempty"`
}

// Exception is one date worked differently from its weekday: the periods
// worked that day, none for a day off. Name says why (optional).
type Exception struct {
	Date    string   `json:"date"`
	Name    string   `json:"name"`
	Periods []Period `json:"periods"`
}

// Period is a stretch of an exception's day, HH:MM to HH:MM.
type Period struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

const (
	maxExceptions       = 200
	maxExceptionPeriods = 10
	maxExceptionName    = 100
	maxCostRate         = 9_999_999_999.99 // numeric(12, 2)
)

var clockTime = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

// tidy trims names, puts exceptions in date order and their periods in
// time order, and gives every exception a list of periods.
func (c *Calendar) tidy() {
	c.Tidy()
	for i := range c.Exceptions {
		e := &c.Exceptions[i]
		e.Name = strings.TrimSpace(e.Name)
		if e.Periods == nil {
			e.Periods = []Period{}
		}
		slices.SortStableFunc(e.Periods, func(a, b Period) int { return strings.Compare(a.Start, b.Start) })
	}
	slices.SortStableFunc(c.Exceptions, func(a, b Exception) int { return strings.Compare(a.Date, b.Date) })
}

// checkCalendar adds the calendar's problems to v: the user calendar's
// rules, then each exception's: a real date, once, not a holiday too (a
// holiday is already a day off), periods in order without overlap.
func checkCalendar(c Calendar, v *httpx.Validation) {
	admin.CheckCalendar(c.Calendar, v)
	if len(c.Exceptions) > maxExceptions {
		v.Add("calendar.exceptions", "resources.tooManyExceptions", "max", maxExceptions)
		return
	}
	holiday := make(map[string]bool, len(c.Holidays))
	for _, h := range c.Holidays {
		holiday[h.Date] = true
	}
	seen := make(map[string]bool, len(c.Exceptions))
	for i, e := range c.Exceptions {
		field := fmt.Sprintf("calendar.exceptions[%d]", i)
		d, err := time.Parse(time.DateOnly, e.Date)
		switch {
		case err != nil || d.Year() < 1900 || d.Year() > 2200:
			v.Add(field+".date", "resources.exceptionDate")
			continue
		case seen[e.Date]:
			v.Add(field+".date", "resources.exceptionTwice", "date", d.Format("02/01/2006"))
			continue
		case holiday[e.Date]:
			v.Add(field+".date", "resources.exceptionOnHoliday", "date", d.Format("02/01/2006"))
			continue
		case utf8.RuneCountInString(e.Name) > maxExceptionName:
			v.Add(field+".name", "resources.exceptionNameTooLong", "max", maxExceptionName)
			continue
		case len(e.Periods) > maxExceptionPeriods:
			v.Add(field+".periods", "resources.tooManyPeriods", "max", maxExceptionPeriods)
			continue
		}
		seen[e.Date] = true
		for j, p := range e.Periods {
			pf := fmt.Sprintf("%s.periods[%d]", field, j)
			switch {
			case !clockTime.MatchString(p.Start):
				v.Add(pf+".start", "admin.invalidTime")
			case !clockTime.MatchString(p.End):
				v.Add(pf+".end", "admin.invalidTime")
			case p.End <= p.Start:
				v.Add(pf+".end", "admin.periodEndBeforeStart")
			case j > 0 && p.Start < e.Periods[j-1].End:
				v.Add(pf+".start", "resources.periodsOverlap")
			}
		}
	}
}

// checkCostRate wants no rate or one from 0 to numeric(12, 2)'s largest,
// with at most two decimals (cents).
func checkCostRate(rate *float64, v *httpx.Validation) {
	if rate == nil {
		return
	}
	r := *rate
	switch {
	case math.IsNaN(r) || r < 0:
		v.Add("costRate", "resources.costRateNegative")
	case r > maxCostRate:
		v.Add("costRate", "resources.costRateTooLarge")
	case math.Abs(r*100-math.Round(r*100)) > 1e-6:
		v.Add("costRate", "resources.costRateCents")
	}
}
