package timesheets

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Bounds of the team list.
const (
	// MaxTeamDays is the longest period the team list covers.
	MaxTeamDays = 93
	// MaxTeamRows is how many entries the team list and its export hold;
	// the counts and totals cover all that match.
	MaxTeamRows = 2000
)

// TeamInput is the body of getTeamTimesheets and exportTeamTimesheets: the
// period (YYYY-MM-DD, both days in, at most MaxTeamDays) and optionally a
// project, a person and a state.
type TeamInput struct {
	From      string   `json:"from"`
	To        string   `json:"to"`
	ProjectID httpx.ID `json:"projectId"`
	UserID    httpx.ID `json:"userId"`
	State     string   `json:"state"`
}

// TeamEntry is one time entry of the team list.
type TeamEntry struct {
	ID            int64      `json:"id"`
	UserID        int64      `json:"userId"`
	UserName      string     `json:"userName"`
	ItemID        int64      `json:"itemId"`
	ComponentID   int64      `json:"componentId"`
	ComponentName string     `json:"componentName"`
	FormattedID   int64      `json:"FormattedID"`
	Title         string     `json:"Title"`
	ProjectID     int64      `json:"projectId"`
	ProjectName   string     `json:"projectName"`
	Date          string     `json:"date"`
	Minutes       int        `json:"minutes"`
	Start         *string    `json:"start"`
	End           *string    `json:"end"`
	Description   string     `json:"description"`
	State         string     `json:"state"`
	SubmittedAt   *time.Time `json:"submittedAt"`
	Reviewer      string     `json:"reviewer"`
	ReviewedAt    *time.Time `json:"reviewedAt"`
	ReviewNote    string     `json:"reviewNote"`
}

// StateTotal counts the entries of one state and sums their minutes.
type StateTotal struct {
	State   string `json:"state"`
	Count   int    `json:"count"`
	Minutes int    `json:"minutes"`
}

// Choice is a project or a person the team list's filters offer.
type Choice struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Team answers getTeamTimesheets.
type Team struct {
	From    string      `json:"from"`
	To      string      `json:"to"`
	Entries []TeamEntry `json:"entries"`
	// Count and TotalMinutes cover every entry the filters match;
	// Truncated: Entries holds the first MaxTeamRows only.
	Count        int  `json:"count"`
	TotalMinutes int  `json:"totalMinutes"`
	Truncated    bool `json:"truncated"`
	// States counts each state under the other filters (the state chips).
	States []StateTotal `json:"states"`
	// Projects are those the caller manages (all for a panel
	// administrator); People those with entries in them in the period.
	Projects []Choice `json:"projects"`
	People   []Choice `json:"people"`
	// CanReview: the caller manages a project or administers the panel.
	CanReview bool `json:"canReview"`
}

// teamFilter is a checked TeamInput.
type teamFilter struct {
	from, to        time.Time
	project, person int64
	state           string
}

func checkTeam(in TeamInput) (*teamFilter, error) {
	var v httpx.Validation
	f := &teamFilter{project: int64(in.ProjectID), person: int64(in.UserID), state: strings.TrimSpace(in.State)}
	from, errFrom := time.Parse(time.DateOnly, strings.TrimSpace(in.From))
	to, errTo := time.Parse(time.DateOnly, strings.TrimSpace(in.To))
	switch {
	case errFrom != nil || from.Year() < 1753 || from.Year() > 9999:
		v.Add("from", "timesheets.dateInvalid")
	case errTo != nil || to.Year() < 1753 || to.Year() > 9999:
		v.Add("to", "timesheets.dateInvalid")
	case to.Before(from):
		v.Add("to", "timesheets.periodReversed")
	case to.Sub(from) > (MaxTeamDays-1)*24*time.Hour:
		v.Add("to", "timesheets.periodTooLong", "max", MaxTeamDays)
	}
	switch f.state {
	case "", stateDraft, stateSubmitted, stateApproved, stateRejected:
	default:
		v.Add("state", "timesheets.stateInvalid")
	}
	if f.project < 0 {
		v.Add("projectId", "error.idInvalid", "field", "projectId")
	}
	if f.person < 0 {
		v.Add("userId", "error.idInvalid", "field", "userId")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	f.from, f.to = from, to
	return f, nil
}

// GetTeamTimesheets answers getTeamTimesheets: the entries on items of the
// projects the caller manages (a panel administrator: all), by person, day
// and item. A project the caller does not manage is refused (403).
func (s *Service) GetTeamTimesheets(ctx context.Context, c items.Caller, in TeamInput) (*Team, error) {
	f, err := checkTeam(in)
	if err != nil {
		return nil, err
	}
	out := &Team{From: f.from.Format(time.DateOnly), To: f.to.Format(time.DateOnly)}
	if out.Projects, err = s.store.managedProjects(ctx, c); err != nil {
		return nil, err
	}
	out.CanReview = c.PanelAdmin || len(out.Projects) > 0
	if err := mayList(c, f, out.Projects); err != nil {
		return nil, err
	}
	if out.States, err = s.store.teamStates(ctx, c, f); err != nil {
		return nil, err
	}
	for _, st := range out.States {
		if f.state == "" || f.state == st.State {
			out.Count += st.Count
			out.TotalMinutes += st.Minutes
		}
	}
	if out.People, err = s.store.teamPeople(ctx, c, f); err != nil {
		return nil, err
	}
	if out.Entries, err = s.store.teamEntries(ctx, c, f, MaxTeamRows); err != nil {
		return nil, err
	}
	out.Truncated = out.Count > len(out.Entries)
	return out, nil
}

// mayList refuses a project filter the caller does not manage.
func mayList(c items.Caller, f *teamFilter, managed []Choice) error {
	if f.project == 0 || c.PanelAdmin {
		return nil
	}
	for _, p := range managed {
		if p.ID == f.project {
			return nil
		}
	}
	return httpx.Fail(http.StatusForbidden, "timesheets.notManagerList")
}

// ExportTeamTimesheets answers exportTeamTimesheets: the team list as
// filtered, as an xlsx (its first MaxTeamRows entries).
func (s *Service) ExportTeamTimesheets(ctx context.Context, c items.Caller, in TeamInput) (*excelize.File, string, error) {
	team, err := s.GetTeamTimesheets(ctx, c, in)
	if err != nil {
		return nil, "", err
	}
	f := excelize.NewFile()
	sheet := localize(ctx, "timesheets.xlsx.sheet")
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return nil, "", err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, "", err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, "", err
	}
	dateFmt, hoursFmt := "dd/mm/yyyy", "[h]:mm"
	dateStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &dateFmt})
	if err != nil {
		return nil, "", err
	}
	hoursStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &hoursFmt})
	if err != nil {
		return nil, "", err
	}
	cols := []struct {
		key   string
		width float64
	}{{"person", 24}, {"date", 12}, {"project", 24}, {"item", 10}, {"title", 40}, {"hours", 9}, {"state", 14},
		{"description", 40}, {"reviewer", 24}, {"reason", 40}}
	header := make([]any, len(cols))
	for i, col := range cols {
		if err := sw.SetColWidth(i+1, i+1, col.width); err != nil {
			return nil, "", err
		}
		header[i] = excelize.Cell{StyleID: bold, Value: localize(ctx, "timesheets.xlsx."+col.key)}
	}
	if err := sw.SetRow("A1", header); err != nil {
		return nil, "", err
	}
	for n, e := range team.Entries {
		day, _ := time.Parse(time.DateOnly, e.Date)
		row := []any{text(e.UserName), excelize.Cell{StyleID: dateStyle, Value: day}, text(e.ProjectName),
			"#" + strconv.FormatInt(e.FormattedID, 10), text(e.Title), excelize.Cell{StyleID: hoursStyle, Value: float64(e.Minutes) / (24 * 60)},
			localize(ctx, "timesheets.state."+e.State), text(e.Description), text(e.Reviewer), text(e.ReviewNote)}
		cell, err := excelize.CoordinatesToCellName(1, n+2)
		if err != nil {
			return nil, "", err
		}
		if err := sw.SetRow(cell, row); err != nil {
			return nil, "", err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, "", err
	}
	return f, "timesheets-" + team.From + "-" + team.To + ".xlsx", nil
}

// text keeps a spreadsheet from reading a text as a formula.
func text(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
