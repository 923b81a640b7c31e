package forms

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// ProjectWorkflowsInput is loadProjectWorkflows' body.
type ProjectWorkflowsInput struct {
	ProjectID httpx.ID `json:"projectId"`
}

// WorkflowStatus is a status of a type's workflow, in its order.
type WorkflowStatus struct {
	ID      int64  `json:"id"`
	Key     string `json:"key"`
	Name    string `json:"name"`
	Color   string `json:"color"`
	Initial bool   `json:"initial"`
	Final   bool   `json:"final"`
}

// WorkflowAction is an action that moves an item from any status of From
// (status keys) to To.
type WorkflowAction struct {
	Key  string   `json:"key"`
	Name string   `json:"name"`
	From []string `json:"from"`
	To   string   `json:"to"`
}

// TypeWorkflow is the workflow an item type uses: its package defines one
// per type, so every project shows the same.
type TypeWorkflow struct {
	ComponentID int64            `json:"componentId"`
	Name        string           `json:"name"`
	Statuses    []WorkflowStatus `json:"statuses"`
	Actions     []WorkflowAction `json:"actions"`
}

// ProjectWorkflows is loadProjectWorkflows' answer.
type ProjectWorkflows struct {
	ProjectID int64          `json:"projectId"`
	Types     []TypeWorkflow `json:"types"`
}

// LoadProjectWorkflows answers loadProjectWorkflows (the project workflows
// control): for each item type the project allows (its project_item_type
// list; none: every project-scoped type) that the caller may read, its
// statuses and actions. A project the caller may not read is not found.
func (s *Service) LoadProjectWorkflows(ctx context.Context, c items.Caller, in ProjectWorkflowsInput) (*ProjectWorkflows, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	project, lang := int64(in.ProjectID), i18n.LangOf(ctx)
	var readable bool
	if err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM readable_project($1, $2) WHERE id = $3)`,
		c.UserID, c.PanelAdmin, project).Scan(&readable); err != nil {
		return nil, fmt.Errorf("project workflows: %w", err)
	}
	if !readable {
		return nil, httpx.NotFound()
	}
	rows, err := s.db.Query(ctx, `SELECT c.id, coalesce(nullif(c.name ->> $4, ''), c.name ->> 'pt-BR', c.key)
		FROM readable_component($1, $2) c
		WHERE c.project_scoped AND c.retired_at IS NULL
		  AND (c.id IN (SELECT component_id FROM project_item_type WHERE project_id = $3)
		       OR NOT EXISTS (SELECT 1 FROM project_item_type WHERE project_id = $3))
		ORDER BY c.application_id, c.sort_order, c.id`, c.UserID, c.PanelAdmin, project, lang)
	if err != nil {
		return nil, fmt.Errorf("project workflows: %w", err)
	}
	types, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (TypeWorkflow, error) {
		t := TypeWorkflow{Statuses: []WorkflowStatus{}, Actions: []WorkflowAction{}}
		return t, r.Scan(&t.ComponentID, &t.Name)
	})
	if err != nil {
		return nil, fmt.Errorf("project workflows: %w", err)
	}
	for i := range types {
		if err := s.readWorkflow(ctx, &types[i], lang); err != nil {
			return nil, err
		}
	}
	return &ProjectWorkflows{ProjectID: project, Types: types}, nil
}

// readWorkflow fills a type's statuses and actions in their package order,
// retired ones left out.
func (s *Service) readWorkflow(ctx context.Context, t *TypeWorkflow, lang string) error {
	rows, err := s.db.Query(ctx, `SELECT id, key, coalesce(nullif(name ->> $2, ''), name ->> 'pt-BR', key), color, initial, final
		FROM item_status WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, t.ComponentID, lang)
	if err != nil {
		return fmt.Errorf("workflow statuses: %w", err)
	}
	if t.Statuses, err = pgx.CollectRows(rows, pgx.RowToStructByPos[WorkflowStatus]); err != nil {
		return fmt.Errorf("workflow statuses: %w", err)
	}
	rows, err = s.db.Query(ctx, `SELECT key, coalesce(nullif(name ->> $2, ''), name ->> 'pt-BR', key), spec
		FROM item_action WHERE component_id = $1 AND retired_at IS NULL ORDER BY sort_order, id`, t.ComponentID, lang)
	if err != nil {
		return fmt.Errorf("workflow actions: %w", err)
	}
	t.Actions, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (WorkflowAction, error) {
		var a WorkflowAction
		var spec []byte
		if err := r.Scan(&a.Key, &a.Name, &spec); err != nil {
			return a, err
		}
		var def struct {
			From []string `json:"from"`
			To   string   `json:"to"`
		}
		if err := json.Unmarshal(spec, &def); err != nil {
			return a, err
		}
		a.From, a.To = def.From, def.To
		if a.From == nil {
			a.From = []string{}
		}
		return a, nil
	})
	if err != nil {
		return fmt.Errorf("workflow actions: %w", err)
	}
	return nil
}
