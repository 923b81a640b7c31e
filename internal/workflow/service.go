// Package workflow runs items' workflow: the actions a caller may run, who may
// become responsible, validation rules and transitions (docs/workflow.md), from
// application packages' actions and statuses, with rules run by internal/rules.
package workflow

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/rules"
)

// Limits of a request.
const (
	MaxIDs    = 500
	maxReason = 4000
	// maxTransitionTime bounds a whole transition, rules of every item
	// included (each rule also has its own limit).
	maxTransitionTime = 30 * time.Second
)

// Caller is the signed-in user as the workflow needs it.
type Caller struct {
	UserID     int64
	PanelAdmin bool
}

// CurrentUser returns the caller of a request, if signed in.
type CurrentUser func(ctx context.Context) (Caller, bool)

// SendFunc gives a user an in-app message (and a push) inside tx, so a
// transition and its notices land together or not at all.
type SendFunc func(ctx context.Context, tx pgx.Tx, userID int64, title, text string) error

// Service runs the workflow calls.
type Service struct {
	pool  *pgxpool.Pool
	rules *rules.Runtime
	send  SendFunc
	wip   WIPCheck
	left  StatusLeft
}

// WIPCheck refuses a move of ids into status statusID of type componentID
// that would overfill a column whose board holds it strictly (the kanban
// module's rule), inside the transaction that moved them.
type WIPCheck func(ctx context.Context, tx pgx.Tx, user, componentID, statusID int64, ids []int64, lang string) error

// WithWIPCheck makes every transition ask check before it is written.
func (s *Service) WithWIPCheck(check WIPCheck) *Service {
	s.wip = check
	return s
}

// StatusLeft is told, inside a transition's transaction and before the item
// moves, that item leaves status with responsible (nil: nobody) in charge;
// the timesheets module makes the person's automatic entries from it.
type StatusLeft func(ctx context.Context, tx pgx.Tx, by, item, status int64, responsible *int64) error

// WithStatusLeft makes every transition out of a status tell left.
func (s *Service) WithStatusLeft(left StatusLeft) *Service {
	s.left = left
	return s
}

// NewService returns the service.
func NewService(pool *pgxpool.Pool, rt *rules.Runtime, send SendFunc) *Service {
	return &Service{pool: pool, rules: rt, send: send}
}

// Ref names an action (or a rule) by id or by key: 12, "12", "approve",
// {"id": 12} or {"key": "approve"}.
type Ref struct {
	ID  int64
	Key string
}

func (r *Ref) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*r = Ref{}
	case b[0] == '{':
		var o struct {
			ID  json.Number `json:"id"`
			Key string      `json:"key"`
		}
		if err := json.Unmarshal(b, &o); err != nil {
			return err
		}
		r.Key = o.Key
		if o.ID != "" {
			n, err := strconv.ParseInt(string(o.ID), 10, 64)
			if err != nil {
				return err
			}
			r.ID = n
		}
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			r.ID = n
		} else {
			r.Key = s
		}
	default:
		n, err := strconv.ParseInt(string(b), 10, 64)
		if err != nil {
			return &json.UnmarshalTypeError{Value: "number " + string(b), Type: nil}
		}
		r.ID = n
	}
	return nil
}

func (r Ref) empty() bool { return r.ID == 0 && r.Key == "" }

// selection checks the ids of a call: at least one, at most MaxIDs, each
// once.
func selection(ids []httpx.ID) ([]int64, error) {
	if len(ids) == 0 {
		return nil, httpx.Fail(http.StatusBadRequest, "workflow.selectAtLeastOne")
	}
	if len(ids) > MaxIDs {
		return nil, httpx.Fail(http.StatusBadRequest, "workflow.tooManyIds", "max", MaxIDs)
	}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if id <= 0 {
			return nil, httpx.Invalid("ids", "workflow.selectAtLeastOne")
		}
		if !slices.Contains(out, int64(id)) {
			out = append(out, int64(id))
		}
	}
	slices.Sort(out)
	return out, nil
}

// selected loads the selected items and their one type (componentID, when
// given, must be it).
func (s *Service) selected(ctx context.Context, q querier, c Caller, componentID int64, ids []int64, lock bool) (*component, []*item, error) {
	its, err := loadItems(ctx, q, c, ids, lock)
	if err != nil {
		return nil, nil, err
	}
	compID := its[0].ComponentID
	for _, it := range its {
		if it.ComponentID != compID {
			return nil, nil, httpx.Fail(http.StatusBadRequest, "workflow.mixedTypes")
		}
	}
	if componentID != 0 && componentID != compID {
		return nil, nil, httpx.NotFound()
	}
	comp, err := loadComponent(ctx, q, c, compID)
	if err != nil {
		return nil, nil, err
	}
	if err := loadValues(ctx, q, comp, its); err != nil {
		return nil, nil, err
	}
	return comp, its, nil
}

// runner decides who may run actions of one type.
type runner struct {
	c      Caller
	comp   *component
	groups map[string]bool
}

func (s *Service) runner(ctx context.Context, q querier, c Caller, comp *component) (*runner, error) {
	g, err := callerGroups(ctx, q, c.UserID)
	if err != nil {
		return nil, err
	}
	return &runner{c: c, comp: comp, groups: g}, nil
}

// may reports whether the caller may run a on it (it nil: on some item of
// the type, for the actions of a status).
func (r *runner) may(a *action, it *item) bool {
	if r.c.PanelAdmin {
		return true
	}
	if a.AllowedTo == nil {
		return r.comp.CanUpdate && (it == nil || it.Writable)
	}
	for _, g := range a.AllowedTo.Groups {
		if r.groups[strings.ToLower(g)] {
			return true
		}
	}
	if it == nil {
		return a.AllowedTo.Responsible || a.AllowedTo.Creator
	}
	is := func(p *int64) bool { return p != nil && *p == r.c.UserID }
	return (a.AllowedTo.Responsible && is(it.ResponsibleID)) || (a.AllowedTo.Creator && is(it.CreatorID))
}

// from reports whether a leaves status id.
func (comp *component) from(a *action, statusID *int64) bool {
	if statusID == nil {
		return false
	}
	st := comp.statuses[*statusID]
	return st != nil && slices.Contains(a.From, st.Key)
}

// ActionsInput is the body of getActions (spec: pitId, componentId,
// stateId, ids). pitId is the legacy client's name of the type.
type ActionsInput struct {
	PitID       httpx.ID   `json:"pitId"`
	ComponentID httpx.ID   `json:"componentId"`
	StateID     httpx.ID   `json:"stateId"`
	IDs         []httpx.ID `json:"ids"`
}

// StatusRef is a status as an answer shows it.
type StatusRef struct {
	ID    int64  `json:"id"`
	Key   string `json:"key"`
	Name  string `json:"name"`
	Color string `json:"color"`
	Final bool   `json:"final"`
}

// ActionView is an action the caller may run.
type ActionView struct {
	ID              int64       `json:"id"`
	Key             string      `json:"key"`
	Name            string      `json:"name"`
	From            []StatusRef `json:"from"`
	To              StatusRef   `json:"to"`
	AsksReason      bool        `json:"asksReason"`
	RequiresReason  bool        `json:"requiresReason"`
	AsksResponsible bool        `json:"asksResponsible"`
	// RuleID is what validateByRule takes (the action's id) when the action
	// has a validation rule; 0 when it has none.
	RuleID int64 `json:"ruleId"`
}

func (comp *component) view(a *action, lang string) ActionView {
	ref := func(st *status) StatusRef {
		return StatusRef{ID: st.ID, Key: st.Key, Name: st.Name.in(lang), Color: st.Color, Final: st.Final}
	}
	v := ActionView{ID: a.ID, Key: a.Key, Name: a.Name.in(lang), From: []StatusRef{},
		AsksReason: a.AsksReason || a.RequiresReason, RequiresReason: a.RequiresReason, AsksResponsible: a.AsksResponsible}
	for _, k := range a.From {
		if st := comp.statusByKey[k]; st != nil {
			v.From = append(v.From, ref(st))
		}
	}
	if st := comp.statusByKey[a.To]; st != nil {
		v.To = ref(st)
	}
	if a.Rule != "" {
		v.RuleID = a.ID
	}
	return v
}

// Actions answers getActions: with ids, the actions the caller may run on
// every selected item; with only a status, those leaving it that the caller
// may run on some item (the kanban's columns).
func (s *Service) Actions(ctx context.Context, c Caller, in ActionsInput) ([]ActionView, error) {
	compID := int64(in.ComponentID)
	if compID == 0 {
		compID = int64(in.PitID)
	}
	var comp *component
	var its []*item
	var err error
	if len(in.IDs) == 0 {
		if in.StateID == 0 || compID == 0 {
			return nil, httpx.Fail(http.StatusBadRequest, "workflow.selectAtLeastOne")
		}
		if comp, err = loadComponent(ctx, s.pool, c, compID); err != nil {
			return nil, err
		}
		if comp.statuses[int64(in.StateID)] == nil {
			return nil, httpx.NotFound()
		}
	} else {
		ids, err := selection(in.IDs)
		if err != nil {
			return nil, err
		}
		if comp, its, err = s.selected(ctx, s.pool, c, compID, ids, false); err != nil {
			return nil, err
		}
	}
	r, err := s.runner(ctx, s.pool, c, comp)
	if err != nil {
		return nil, err
	}
	out := []ActionView{}
	state := int64(in.StateID)
	for _, a := range comp.actions {
		ok := true
		if its == nil {
			ok = comp.from(a, &state) && r.may(a, nil)
		}
		for _, it := range its {
			if !comp.from(a, it.StatusID) || !r.may(a, it) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, comp.view(a, i18n.LangOf(ctx)))
		}
	}
	if its != nil && len(out) == 0 {
		return nil, httpx.Fail(http.StatusUnprocessableEntity, "workflow.noActions")
	}
	return out, nil
}
