package projects

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// UpdateProjectInput is updateProject's body: only the fields given change
// (null counts as absent); "" clears a text or a date, 0 the calendar. The
// project form controls send what they edit, so two controls saving at once
// do not undo each other as two whole saveProject bodies would.
type UpdateProjectInput struct {
	ProjectID   httpx.ID    `json:"projectId"`
	Name        *string     `json:"name"`
	Code        *string     `json:"code"`
	ManagerID   *httpx.ID   `json:"managerId"`
	StartDate   *string     `json:"startDate"`
	FinishDate  *string     `json:"finishDate"`
	Description *string     `json:"description"`
	CalendarID  *httpx.ID   `json:"calendarId"`
	ItemTypeIDs *[]httpx.ID `json:"itemTypeIds"`
}

// UpdateProject answers updateProject: a panel administrator or a manager of
// the project changes the fields given, with saveProject's checks, in one
// transaction that locks the project and writes saveProject's audit event.
func (s *Service) UpdateProject(ctx context.Context, c Caller, in UpdateProjectInput) (*Project, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	id := int64(in.ProjectID)
	lang := i18n.LangOf(ctx)
	var out *Project
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if err := s.store.lockProject(ctx, tx, id); err != nil {
			return err
		}
		before, err := s.store.readProject(ctx, tx, c, id, lang)
		if err != nil {
			return err
		}
		if !before.CanEdit {
			return httpx.Fail(http.StatusForbidden, "projects.notEditor")
		}
		whole := in.over(before)
		f, err := checkFields(whole)
		if err != nil {
			return err
		}
		if err := s.checkReferences(ctx, tx, c, whole, before, &f); err != nil {
			return err
		}
		if _, err := s.store.writeProject(ctx, tx, c, id, f); err != nil {
			return err
		}
		if out, err = s.store.readProject(ctx, tx, c, id, lang); err != nil {
			return err
		}
		return s.recordSave(ctx, tx, c, before, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// over is the whole saveProject body: the project as it is with the fields
// given put over it.
func (in UpdateProjectInput) over(p *Project) SaveProjectInput {
	out := SaveProjectInput{ID: httpx.ID(p.ID), Name: p.Name, Code: p.Code, ManagerID: httpx.ID(p.ManagerID),
		StartDate: p.StartDate, FinishDate: p.FinishDate, Description: p.Description, CalendarID: httpx.ID(p.CalendarID)}
	for _, t := range p.ItemTypes {
		out.ItemTypeIDs = append(out.ItemTypeIDs, httpx.ID(t.ID))
	}
	set := func(to *string, from *string) {
		if from != nil {
			*to = *from
		}
	}
	set(&out.Name, in.Name)
	set(&out.Code, in.Code)
	set(&out.StartDate, in.StartDate)
	set(&out.FinishDate, in.FinishDate)
	set(&out.Description, in.Description)
	if in.ManagerID != nil {
		out.ManagerID = *in.ManagerID
	}
	if in.CalendarID != nil {
		out.CalendarID = *in.CalendarID
	}
	if in.ItemTypeIDs != nil {
		out.ItemTypeIDs = *in.ItemTypeIDs
	}
	return out
}
