package projects

import (
	"context"
	"math"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// StatusCount is how many of a type's items in a project are in a status.
type StatusCount struct {
	ID    int64  `json:"id"`
	Key   string `json:"key"`
	Name  string `json:"name"`
	Color string `json:"color"`
	Final bool   `json:"final"`
	Count int64  `json:"count"`
}

// TypeCount is a type's items in a project: Total, Open (not in a final
// status) and per status; KanbanViewID is the type's first board (0: none).
type TypeCount struct {
	ID            int64         `json:"id"`
	Key           string        `json:"key"`
	Name          string        `json:"name"`
	Icon          string        `json:"icon"`
	ApplicationID int64         `json:"applicationId"`
	KanbanViewID  int64         `json:"kanbanViewId"`
	Total         int64         `json:"total"`
	Open          int64         `json:"open"`
	Statuses      []StatusCount `json:"statuses"`
}

// Summary is projectSummary's answer: the project's live items the caller
// may read, counted per type and status; Progress is the share (0–100) of
// those in a final status among the types that have one, nil when there are
// none; Activity the newest versions of its items, newest first.
type Summary struct {
	ProjectID int64           `json:"projectId"`
	Total     int64           `json:"total"`
	Open      int64           `json:"open"`
	Done      int64           `json:"done"`
	Progress  *float64        `json:"progress"`
	Types     []TypeCount     `json:"types"`
	Activity  []ActivityEntry `json:"activity"`
}

// Summary answers projectSummary for a caller who may read the project (an
// unknown project and one they may not read answer the same 404).
func (s *Service) Summary(ctx context.Context, c Caller, in ProjectInput) (*Summary, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	id := int64(in.ProjectID)
	out := &Summary{ProjectID: id}
	err := pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, _, err := s.store.project(ctx, tx, c, id, false); err != nil {
			return err
		}
		var err error
		out.Types, err = s.store.typeCounts(ctx, tx, c, id, i18n.LangOf(ctx))
		return err
	})
	if err != nil {
		return nil, err
	}
	var done, withFinal int64
	for _, t := range out.Types {
		out.Total += t.Total
		out.Open += t.Open
		hasFinal := false
		for _, st := range t.Statuses {
			hasFinal = hasFinal || st.Final
		}
		if hasFinal {
			withFinal += t.Total
			done += t.Total - t.Open
		}
	}
	out.Done = out.Total - out.Open
	if withFinal > 0 {
		p := math.Round(float64(done)*1000/float64(withFinal)) / 10
		out.Progress = &p
	}
	out.Activity, err = s.activity(ctx, items.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, id)
	if err != nil {
		return nil, err
	}
	return out, nil
}
