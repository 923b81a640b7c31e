// Package reports runs the reports of application packages: the rows of an
// item type its reader may see, grouped, aggregated and charted, and their
// Excel workbook. Definitions come from the packages (definition/).
package reports

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/tramita/tramita/internal/httpx"
)

// Caller is who reads a report.
type Caller struct {
	UserID     int64
	PanelAdmin bool
}

// CurrentUser names the caller of a request.
type CurrentUser func(ctx context.Context) (Caller, bool)

// Limits of one reading.
const (
	// MaxRows is how many detail rows the viewer shows; groups and totals
	// always count every row.
	MaxRows = 2000
	// MaxExportRows is how many rows the Excel workbook holds.
	MaxExportRows = 100000
	// MaxPeriodYears bounds the period parameter.
	MaxPeriodYears = 20
)

// Query is what the viewer's URL asks: the report, the application of the
// page that shows it, and the parameters the reader filled.
type Query struct {
	ReportID    int64
	AppID       int64 // 0: the report's own application
	From, To    *time.Time
	Project     int64
	Status      int64
	Responsible int64
}

// ParseQuery reads the viewer's query string. Parameters the report does not
// declare are checked for their type all the same: the page passes its whole
// URL, and a malformed value is a mistake the reader should see.
func ParseQuery(q url.Values) (Query, error) {
	var out Query
	var v httpx.Validation
	id := func(field string) int64 {
		raw := q.Get(field)
		if raw == "" {
			return 0
		}
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n <= 0 {
			v.Add(field, "reports.badNumber", "field", field)
			return 0
		}
		return n
	}
	date := func(field string) *time.Time {
		raw := q.Get(field)
		if raw == "" {
			return nil
		}
		t, err := time.Parse(time.DateOnly, raw)
		if err != nil {
			t, err = time.Parse(time.RFC3339, raw)
		}
		if err != nil || t.Year() < 1753 || t.Year() > 9999 {
			v.Add(field, "reports.badDate", "field", field)
			return nil
		}
		return &t
	}
	out.ReportID = id("reportID")
	if q.Get("reportID") == "" {
		v.Add("reportID", "reports.reportRequired")
	}
	out.AppID = id("appID")
	out.Project, out.Status, out.Responsible = id("project"), id("status"), id("responsible")
	out.From, out.To = date("from"), date("to")
	if err := v.Err(); err != nil {
		return Query{}, err
	}
	if out.From != nil && out.To != nil {
		if out.To.Before(*out.From) {
			return Query{}, httpx.Invalid("to", "reports.periodOrder")
		}
		if out.From.AddDate(MaxPeriodYears, 0, 0).Before(*out.To) {
			return Query{}, httpx.Invalid("to", "reports.periodTooLong", "max", MaxPeriodYears)
		}
	}
	return out, nil
}

// Service runs reports.
type Service struct{ store *Store }

// NewService returns the service.
func NewService(store *Store) *Service { return &Service{store: store} }

// Run reads the report q names as c may see it, with at most MaxRows rows.
func (s *Service) Run(ctx context.Context, c Caller, q Query) (Result, error) {
	return s.run(ctx, c, q, MaxRows)
}

// Export reads the report for its workbook, with at most MaxExportRows rows.
func (s *Service) Export(ctx context.Context, c Caller, q Query) (Result, error) {
	return s.run(ctx, c, q, MaxExportRows)
}

func (s *Service) run(ctx context.Context, c Caller, q Query, maxRows int) (Result, error) {
	def, err := s.store.report(ctx, c, q.ReportID)
	if err != nil {
		return Result{}, err
	}
	if q.AppID != 0 && q.AppID != def.ApplicationID {
		return Result{}, httpx.Fail(http.StatusNotFound, "reports.otherApplication")
	}
	// A parameter the report does not offer does not filter it.
	offered := map[string]bool{}
	for _, p := range def.Spec.Parameters {
		offered[p] = true
	}
	if !offered["period"] {
		q.From, q.To = nil, nil
	}
	if !offered["project"] {
		q.Project = 0
	}
	if !offered["status"] {
		q.Status = 0
	}
	if !offered["responsible"] {
		q.Responsible = 0
	}
	return s.store.run(ctx, c, def, q, maxRows)
}
