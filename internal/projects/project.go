package projects

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// A project's status: an archived project stays readable, and the item core
// creates no new item in it nor offers it in the pickers (loadProjects).
const (
	StatusActive   = "active"
	StatusArchived = "archived"
)

// The longest name, code and description a project takes, in characters.
const (
	MaxName        = 200
	MaxCode        = 20
	MaxDescription = 10000
)

// Named is an id and its name.
type Named struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Project is a project as loadProject answers it. Dates are YYYY-MM-DD, ""
// when not set; ids 0 when not set. CanEdit says the caller may edit and
// archive it (a panel administrator or a manager of the project).
type Project struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	Code         string    `json:"code"`
	Description  string    `json:"description"`
	StartDate    string    `json:"startDate"`
	FinishDate   string    `json:"finishDate"`
	Status       string    `json:"status"`
	ManagerID    int64     `json:"managerId"`
	ManagerName  string    `json:"managerName"`
	CalendarID   int64     `json:"calendarId"`
	CalendarName string    `json:"calendarName"`
	CreatedBy    int64     `json:"createdBy"`
	CreatedAt    time.Time `json:"createdAt"`
	ModifiedAt   time.Time `json:"modifiedAt"`
	CanEdit      bool      `json:"canEdit"`
	// ItemTypes are the project-scoped types allowed in the project; none:
	// every project-scoped type.
	ItemTypes []Named `json:"itemTypes"`
}

// ProjectRow is one project of listProjects. Members counts the users with
// a role of their own, Groups the groups with one.
type ProjectRow struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Code        string `json:"code"`
	ManagerID   int64  `json:"managerId"`
	ManagerName string `json:"managerName"`
	StartDate   string `json:"startDate"`
	FinishDate  string `json:"finishDate"`
	Status      string `json:"status"`
	Members     int64  `json:"members"`
	Groups      int64  `json:"groups"`
	// CanEdit: the caller may edit and archive it (an administrator or a manager, own role or a group's).
	CanEdit bool `json:"canEdit"`
}

// SaveProjectInput is saveProject's body: id 0 creates a project. The whole
// project is sent: an absent field is cleared, except managerId, which 0
// leaves as it is (a new project's is the caller).
type SaveProjectInput struct {
	ID          httpx.ID   `json:"id"`
	Name        string     `json:"name"`
	Code        string     `json:"code"`
	ManagerID   httpx.ID   `json:"managerId"`
	StartDate   string     `json:"startDate"`
	FinishDate  string     `json:"finishDate"`
	Description string     `json:"description"`
	CalendarID  httpx.ID   `json:"calendarId"`
	ItemTypeIDs []httpx.ID `json:"itemTypeIds"`
}

// ListProjectsInput is listProjects' body.
type ListProjectsInput struct {
	Status string `json:"status"` // active (default), archived or all
	Text   string `json:"text"`
}

// ArchiveInput is archiveProject's body.
type ArchiveInput struct {
	ProjectID httpx.ID `json:"projectId"`
	Archived  bool     `json:"archived"`
}

// Archived is archiveProject's answer: the project, and how many of its
// items are open (not in a final status), so the page can warn.
type Archived struct {
	*Project
	OpenItems int64 `json:"openItems"`
}

// LoadProject answers loadProject: a project the caller may read.
func (s *Service) LoadProject(ctx context.Context, c Caller, in ProjectInput) (*Project, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	return s.store.readProject(ctx, s.store.db, c, int64(in.ProjectID), i18n.LangOf(ctx))
}

// ListProjects answers listProjects: the projects the caller may read, of
// a status, by name.
func (s *Service) ListProjects(ctx context.Context, c Caller, in ListProjectsInput) ([]ProjectRow, error) {
	status := in.Status
	switch status {
	case "":
		status = StatusActive
	case "all":
		status = ""
	case StatusActive, StatusArchived:
	default:
		return nil, httpx.Invalid("status", "projects.statusUnknown", "status", in.Status)
	}
	like := ""
	if text := strings.TrimSpace(in.Text); text != "" {
		like = "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(text) + "%"
	}
	return s.store.listProjects(ctx, c, status, like)
}

// SaveProject answers saveProject: a panel administrator creates a project
// (its manager the one given, or the caller); a panel administrator or a
// manager of the project edits it. All in one transaction with one audit
// event; the answer is the project as loadProject gives it.
func (s *Service) SaveProject(ctx context.Context, c Caller, in SaveProjectInput) (*Project, error) {
	f, err := checkFields(in)
	if err != nil {
		return nil, err
	}
	id := int64(in.ID)
	lang := i18n.LangOf(ctx)
	var out *Project
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		var before *Project
		if id == 0 {
			if !c.PanelAdmin {
				return httpx.Fail(http.StatusForbidden, "projects.notCreator")
			}
		} else {
			if err := s.store.lockProject(ctx, tx, id); err != nil {
				return err
			}
			var err error
			if before, err = s.store.readProject(ctx, tx, c, id, lang); err != nil {
				return err
			}
			if !before.CanEdit {
				return httpx.Fail(http.StatusForbidden, "projects.notEditor")
			}
		}
		if err := s.checkReferences(ctx, tx, c, in, before, &f); err != nil {
			return err
		}
		saved, err := s.store.writeProject(ctx, tx, c, id, f)
		if err != nil {
			return err
		}
		if out, err = s.store.readProject(ctx, tx, c, saved, lang); err != nil {
			return err
		}
		return s.recordSave(ctx, tx, c, before, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkFields checks what needs no database: the name, code, description
// and dates, all at once.
func checkFields(in SaveProjectInput) (fields, error) {
	f := fields{name: strings.TrimSpace(in.Name), code: strings.TrimSpace(in.Code), description: strings.TrimSpace(in.Description)}
	var v httpx.Validation
	switch {
	case f.name == "":
		v.Add("name", "projects.nameRequired")
	case utf8.RuneCountInString(f.name) > MaxName:
		v.Add("name", "projects.nameTooLong", "max", MaxName)
	}
	if utf8.RuneCountInString(f.code) > MaxCode {
		v.Add("code", "projects.codeTooLong", "max", MaxCode)
	}
	if utf8.RuneCountInString(f.description) > MaxDescription {
		v.Add("description", "projects.descriptionTooLong", "max", MaxDescription)
	}
	var days [2]time.Time
	for i, d := range []struct {
		field, text string
		to          **string
	}{{"startDate", in.StartDate, &f.start}, {"finishDate", in.FinishDate, &f.finish}} {
		text := strings.TrimSpace(d.text)
		if text == "" {
			continue
		}
		day, err := time.Parse(time.DateOnly, text)
		if err != nil || day.Year() < 1753 {
			v.Add(d.field, "projects.dateInvalid", "date", d.text)
			continue
		}
		days[i], *d.to = day, &text
	}
	if f.start != nil && f.finish != nil && days[1].Before(days[0]) {
		v.Add("finishDate", "projects.finishBeforeStart", "start", days[0].Format("02/01/2006"), "finish", days[1].Format("02/01/2006"))
	}
	return f, v.Err()
}

// checkReferences checks the manager, calendar, item types and code against
// the database and fills them into f; before is the project as it is (nil
// for a new one): a value it holds already is not asked again (a manager
// deactivated since stays until changed).
func (s *Service) checkReferences(ctx context.Context, tx pgx.Tx, c Caller, in SaveProjectInput, before *Project, f *fields) error {
	manager := int64(in.ManagerID)
	switch {
	case manager == 0 && before == nil:
		manager = c.UserID
	case manager == 0:
		manager = before.ManagerID
	}
	if manager != 0 {
		if before == nil || manager != before.ManagerID {
			if ok, err := s.store.activeUser(ctx, tx, manager); err != nil {
				return fmt.Errorf("check manager: %w", err)
			} else if !ok {
				return httpx.Invalid("managerId", "projects.managerNotActive", "id", manager)
			}
		}
		f.manager = &manager
	}
	if calendar := int64(in.CalendarID); calendar != 0 {
		if before == nil || calendar != before.CalendarID {
			if ok, err := s.store.activeCalendar(ctx, tx, calendar); err != nil {
				return fmt.Errorf("check calendar: %w", err)
			} else if !ok {
				return httpx.Invalid("calendarId", "projects.calendarNotFound", "id", calendar)
			}
		}
		f.calendar = &calendar
	}
	f.types = []int64{}
	for _, t := range in.ItemTypeIDs {
		if !slices.Contains(f.types, int64(t)) {
			f.types = append(f.types, int64(t))
		}
	}
	var kept []int64
	if before != nil {
		for _, t := range before.ItemTypes {
			kept = append(kept, t.ID)
		}
	}
	if i, err := s.store.firstUnusableType(ctx, tx, c, f.types, kept); err != nil {
		return err
	} else if i >= 0 {
		at := slices.Index(httpx.IDs(in.ItemTypeIDs), f.types[i])
		return httpx.Invalid(fmt.Sprintf("itemTypeIds[%d]", at), "projects.itemTypeNotUsable", "id", f.types[i])
	}
	if f.code != "" {
		id := int64(0)
		if before != nil {
			id = before.ID
		}
		if taken, err := s.store.codeTaken(ctx, tx, f.code, id); err != nil {
			return fmt.Errorf("check code: %w", err)
		} else if taken {
			return duplicateCode(f.code)
		}
	}
	return nil
}

// ArchiveProject answers archiveProject: a panel administrator or a manager
// of the project archives it (archived true) or brings it back. Archiving a
// project with open items is allowed; the answer counts them so the page
// can warn. A call that changes nothing logs nothing.
func (s *Service) ArchiveProject(ctx context.Context, c Caller, in ArchiveInput) (*Archived, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	id := int64(in.ProjectID)
	lang := i18n.LangOf(ctx)
	out := &Archived{}
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if err := s.store.lockProject(ctx, tx, id); err != nil {
			return err
		}
		p, err := s.store.readProject(ctx, tx, c, id, lang)
		if err != nil {
			return err
		}
		if !p.CanEdit {
			return httpx.Fail(http.StatusForbidden, "projects.notEditor")
		}
		if out.OpenItems, err = s.store.openItems(ctx, tx, id); err != nil {
			return err
		}
		status, kind := StatusActive, "project.unarchive"
		if in.Archived {
			status, kind = StatusArchived, "project.archive"
		}
		if p.Status == status {
			out.Project = p
			return nil
		}
		if err := s.store.setStatus(ctx, tx, id, status); err != nil {
			return err
		}
		if out.Project, err = s.store.readProject(ctx, tx, c, id, lang); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Event{At: s.now(), UserID: c.UserID, Login: c.Login, Kind: kind, Address: c.Address,
			Detail: map[string]any{"entity": "project", "entityId": id, "project": p.Name, "openItems": out.OpenItems}})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// auditFields are the fields of a project the audit log compares.
func auditFields(p *Project) map[string]any {
	types := make([]int64, len(p.ItemTypes))
	for i, t := range p.ItemTypes {
		types[i] = t.ID
	}
	slices.Sort(types)
	return map[string]any{"name": p.Name, "code": p.Code, "description": p.Description, "startDate": p.StartDate,
		"finishDate": p.FinishDate, "managerId": p.ManagerID, "calendarId": p.CalendarID, "itemTypeIds": types}
}

// recordSave writes the audit event of a save: project.create with the new
// project's fields, or project.update with each changed field's from and
// to; a save that changes nothing logs nothing.
func (s *Service) recordSave(ctx context.Context, tx pgx.Tx, c Caller, before, after *Project) error {
	detail := map[string]any{"entity": "project", "entityId": after.ID, "project": after.Name}
	kind := "project.create"
	if before == nil {
		detail["fields"] = auditFields(after)
	} else {
		kind = "project.update"
		old, now := auditFields(before), auditFields(after)
		changed := map[string]any{}
		for k, v := range now {
			if fmt.Sprint(old[k]) != fmt.Sprint(v) {
				changed[k] = map[string]any{"from": old[k], "to": v}
			}
		}
		if len(changed) == 0 {
			return nil
		}
		detail["changed"] = changed
	}
	return audit.Record(ctx, tx, audit.Event{At: s.now(), UserID: c.UserID, Login: c.Login, Kind: kind, Address: c.Address, Detail: detail})
}

// duplicateCode answers 409 naming the field code: another project uses it.
func duplicateCode(code string) *httpx.Error {
	e := httpx.Invalid("code", "projects.codeTaken", "code", code)
	e.Status = http.StatusConflict
	return e
}
