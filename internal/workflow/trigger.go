package workflow

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/rules"
)

// TriggerInput is the body of triggerAction (spec: ids, componentId,
// action, reason, responsibleId) and of executeTaskAction (which may name
// its one item as itemId).
type TriggerInput struct {
	IDs           []httpx.ID `json:"ids"`
	ItemID        httpx.ID   `json:"itemId"`
	ComponentID   httpx.ID   `json:"componentId"`
	Action        Ref        `json:"action"`
	Reason        string     `json:"reason"`
	ResponsibleID httpx.ID   `json:"responsibleId"`
}

// Moved is one item after a transition.
type Moved struct {
	ID                    int64     `json:"id"`
	FormattedID           int64     `json:"FormattedID"`
	Version               int       `json:"version"`
	Status                StatusRef `json:"status"`
	ResponsibleID         *int64    `json:"responsibleId"`
	ModificationDateTicks int64     `json:"modificationDateTicks"`
	// Changed names the fields the action's rule wrote.
	Changed []string `json:"changed"`
}

// TriggerResult is the answer of triggerAction and executeTaskAction.
type TriggerResult struct {
	Message string  `json:"Message"`
	Items   []Moved `json:"items"`
}

// Trigger answers triggerAction: every selected item moves in one transaction
// or none does; items are locked in id order, so two triggers never wait on
// each other crosswise, and messages and pushes leave with the commit.
func (s *Service) Trigger(ctx context.Context, c Caller, in TriggerInput) (*TriggerResult, error) {
	ids, err := selection(in.IDs)
	if err != nil {
		return nil, err
	}
	if in.Action.empty() {
		return nil, httpx.Invalid("action", "workflow.actionNotFound")
	}
	reason := strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(reason) > maxReason {
		return nil, httpx.Invalid("reason", "workflow.reasonTooLong", "max", maxReason)
	}
	lang := i18n.LangOf(ctx)
	// One rule run is bounded by the runtime; a batch of them by this, so a
	// transition never holds its locks for long.
	ctx, cancel := context.WithTimeout(ctx, maxTransitionTime)
	defer cancel()
	var res *TriggerResult
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		comp, its, err := s.selected(ctx, tx, c, int64(in.ComponentID), ids, true)
		if err != nil {
			return err
		}
		a, err := comp.findAction(in.Action)
		if err != nil {
			return err
		}
		to := comp.statusByKey[a.To]
		if to == nil {
			return httpx.Fail(http.StatusNotFound, "workflow.actionNotFound")
		}
		if a.RequiresReason && reason == "" {
			return httpx.Invalid("reason", "workflow.reasonRequired")
		}
		var responsible *int64
		switch {
		case in.ResponsibleID != 0:
			if err := checkResponsible(ctx, tx, comp, a, int64(in.ResponsibleID)); err != nil {
				return err
			}
			id := int64(in.ResponsibleID)
			responsible = &id
		case a.AsksResponsible:
			return httpx.Invalid("responsibleId", "workflow.responsibleRequired")
		}
		r, err := s.runner(ctx, tx, c, comp)
		if err != nil {
			return err
		}
		for _, it := range its {
			if !r.may(a, it) {
				return httpx.Fail(http.StatusForbidden, "workflow.actionNotAllowed", "action", a.Name.in(lang))
			}
			if !comp.from(a, it.StatusID) {
				return comp.wrongStatus(a, it, lang)
			}
		}
		h := &host{q: tx, c: c, comp: comp, lang: lang}
		user, err := ruleUser(ctx, tx, c.UserID)
		if err != nil {
			return err
		}
		res = &TriggerResult{Items: []Moved{}}
		assigned := map[int64][]*item{}
		for _, it := range its {
			var changed []string
			if a.Rule != "" {
				out, err := s.runRule(ctx, comp, a, it, user, h, reason, responsible, false)
				if err != nil {
					return err
				}
				if err := applyRule(comp, it, comp.Key+"."+a.Key, out); err != nil {
					return err
				}
				changed = out.Changed
			}
			before := it.ResponsibleID
			if s.left != nil && it.StatusID != nil && *it.StatusID != to.ID {
				if err := s.left(ctx, tx, c.UserID, it.ID, *it.StatusID, it.ResponsibleID); err != nil {
					return err
				}
			}
			moved, err := move(ctx, tx, c, comp, it, to, responsible, reason)
			if err != nil {
				return err
			}
			if changed == nil {
				changed = []string{}
			}
			moved.Changed = changed
			res.Items = append(res.Items, *moved)
			if responsible != nil && *responsible != c.UserID && (before == nil || *before != *responsible) {
				assigned[*responsible] = append(assigned[*responsible], it)
			}
		}
		// Strict WIP limits are checked here, where every path into a column
		// passes, and after the rules wrote the items, so an attribute a rule
		// sets that brings an item onto the board counts too.
		if s.wip != nil {
			if err := s.wip(ctx, tx, c.UserID, comp.ID, to.ID, ids, lang); err != nil {
				return err
			}
		}
		for user, list := range assigned {
			if err := s.notify(ctx, tx, c, comp, a, to, user, list, reason); err != nil {
				return err
			}
		}
		for _, m := range h.sent {
			if err := s.send(ctx, tx, m.user, m.title, m.text); err != nil {
				return err
			}
		}
		res.Message = i18n.T(i18n.From(ctx), "workflow.moved", "count", len(its), "status", to.Name.in(lang))
		return nil
	})
	if err != nil {
		return nil, rules.HTTPError(err)
	}
	return res, nil
}

// wrongStatus refuses a for it, naming the item's status.
func (comp *component) wrongStatus(a *action, it *item, lang string) error {
	name := "—"
	if it.StatusID != nil && comp.statuses[*it.StatusID] != nil {
		name = comp.statuses[*it.StatusID].Name.in(lang)
	}
	return httpx.Fail(http.StatusConflict, "workflow.wrongStatus", "action", a.Name.in(lang), "item", it.Number, "status", name)
}

// ExecuteTaskAction answers executeTaskAction: triggerAction on exactly one
// item ('Selecione apenas um item' for more).
func (s *Service) ExecuteTaskAction(ctx context.Context, c Caller, in TriggerInput) (*TriggerResult, error) {
	if in.ItemID != 0 && !slices.Contains(in.IDs, in.ItemID) {
		in.IDs = append(in.IDs, in.ItemID)
	}
	if len(in.IDs) > 1 {
		return nil, httpx.Fail(http.StatusBadRequest, "workflow.selectOnlyOne")
	}
	return s.Trigger(ctx, c, in)
}

// move writes the transition of it and its version.
func move(ctx context.Context, tx pgx.Tx, c Caller, comp *component, it *item, to *status, responsible *int64, reason string) (*Moved, error) {
	ch := items.Change{Operation: "action", StatusID: &to.ID, Reason: &reason, Title: &it.Title, Attributes: it.Attributes}
	if responsible != nil {
		ch.SetResponsible, ch.ResponsibleID = true, responsible
	}
	saved, err := items.Mutate(ctx, tx, c.UserID, it.ID, ch)
	if err != nil {
		return nil, err
	}
	m := Moved{ID: saved.ID, FormattedID: saved.Number, Version: saved.Version, ResponsibleID: saved.ResponsibleID}
	modified := saved.ModifiedAt
	m.Status = StatusRef{ID: to.ID, Key: to.Key, Name: to.Name.in(i18n.LangOf(ctx)), Color: to.Color, Final: to.Final}
	m.ModificationDateTicks = ticks(modified)
	return &m, nil
}

// notify tells user, in their own language, that items are now theirs.
func (s *Service) notify(ctx context.Context, tx pgx.Tx, c Caller, comp *component, a *action, to *status, user int64, list []*item, reason string) error {
	var lang, who string
	if err := tx.QueryRow(ctx, `SELECT u.language, (SELECT name FROM app_user WHERE id = $2) FROM app_user u WHERE u.id = $1`,
		user, c.UserID).Scan(&lang, &who); err != nil {
		return fmt.Errorf("responsible language: %w", err)
	}
	l := i18n.Parse(lang)
	typeName := comp.Name.in(string(l))
	var title, body string
	reasonLine := ""
	if reason != "" {
		reasonLine = i18n.T(l, "workflow.reasonLine", "reason", reason)
	}
	if len(list) == 1 {
		it := list[0]
		title = i18n.T(l, "workflow.newResponsibleTitle", "type", typeName, "id", it.Number)
		body = i18n.T(l, "workflow.newResponsibleText", "user", who, "title", it.Title, "action", a.Name.in(string(l)),
			"status", to.Name.in(string(l)), "reason", reasonLine)
	} else {
		numbers := make([]string, len(list))
		for i, it := range list {
			numbers[i] = fmt.Sprint(it.Number)
		}
		title = i18n.T(l, "workflow.newResponsibleManyTitle", "count", len(list), "type", typeName)
		body = i18n.T(l, "workflow.newResponsibleManyText", "user", who, "ids", strings.Join(numbers, ", "),
			"action", a.Name.in(string(l)), "status", to.Name.in(string(l)), "reason", reasonLine)
	}
	return s.send(ctx, tx, user, title, body)
}

// ruleUser is the caller as rules see them.
func ruleUser(ctx context.Context, q querier, id int64) (rules.User, error) {
	u := rules.User{ID: id}
	err := q.QueryRow(ctx, `SELECT name, login::text, email::text FROM app_user WHERE id = $1`, id).Scan(&u.Name, &u.Login, &u.Email)
	if err != nil {
		return u, fmt.Errorf("rule user: %w", err)
	}
	return u, nil
}

// runRule runs a's rule on it.
func (s *Service) runRule(ctx context.Context, comp *component, a *action, it *item, user rules.User, h *host,
	reason string, responsible *int64, validateOnly bool) (*rules.Output, error) {
	from := ""
	if it.StatusID != nil && comp.statuses[*it.StatusID] != nil {
		from = comp.statuses[*it.StatusID].Key
	}
	params := map[string]any{"action": a.Key, "from": from, "to": a.To, "reason": reason,
		"responsibleId": responsible, "lang": h.lang, "validateOnly": validateOnly}
	return s.rules.Run(ctx, rules.Rule{Name: comp.Key + "." + a.Key, Source: a.Rule},
		rules.Input{Item: ruleItem(comp, it), User: user, Params: params, Host: h})
}

// ValidateInput is the body of validateByRule (spec: stateId, componentId,
// ids, ruleId); ruleId is the action's id (getActions' ruleId), or action.
type ValidateInput struct {
	StateID       httpx.ID   `json:"stateId"`
	ComponentID   httpx.ID   `json:"componentId"`
	IDs           []httpx.ID `json:"ids"`
	RuleID        Ref        `json:"ruleId"`
	Action        Ref        `json:"action"`
	Reason        string     `json:"reason"`
	ResponsibleID httpx.ID   `json:"responsibleId"`
}

// Validation is the answer of validateByRule when the rule allows the move.
type Validation struct {
	Valid   bool   `json:"valid"`
	Message string `json:"Message"`
}

// ValidateByRule answers validateByRule: the action's rule runs on each
// selected item as the transition would run it, and nothing is written or
// sent. A refusal is a 422 with the rule's message.
func (s *Service) ValidateByRule(ctx context.Context, c Caller, in ValidateInput) (*Validation, error) {
	ids, err := selection(in.IDs)
	if err != nil {
		return nil, err
	}
	// The reason triggerAction would refuse is refused before the rule runs
	// on it, not one call later.
	reason := strings.TrimSpace(in.Reason)
	if utf8.RuneCountInString(reason) > maxReason {
		return nil, httpx.Invalid("reason", "workflow.reasonTooLong", "max", maxReason)
	}
	ref := in.RuleID
	if ref.empty() {
		ref = in.Action
	}
	if ref.empty() {
		return nil, httpx.Invalid("ruleId", "workflow.ruleNotFound")
	}
	lang := i18n.LangOf(ctx)
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	comp, its, err := s.selected(ctx, tx, c, int64(in.ComponentID), ids, false)
	if err != nil {
		return nil, err
	}
	a, err := comp.findAction(ref)
	if err != nil {
		return nil, httpx.Fail(http.StatusNotFound, "workflow.ruleNotFound")
	}
	r, err := s.runner(ctx, tx, c, comp)
	if err != nil {
		return nil, err
	}
	for _, it := range its {
		if !r.may(a, it) {
			return nil, httpx.Fail(http.StatusForbidden, "workflow.actionNotAllowed", "action", a.Name.in(lang))
		}
		if in.StateID != 0 && (it.StatusID == nil || *it.StatusID != int64(in.StateID)) || !comp.from(a, it.StatusID) {
			return nil, comp.wrongStatus(a, it, lang)
		}
	}
	if a.Rule == "" {
		return &Validation{Valid: true, Message: i18n.T(i18n.From(ctx), "workflow.noRule")}, nil
	}
	user, err := ruleUser(ctx, tx, c.UserID)
	if err != nil {
		return nil, err
	}
	var responsible *int64
	if in.ResponsibleID != 0 {
		id := int64(in.ResponsibleID)
		responsible = &id
	}
	h := &host{q: tx, c: c, comp: comp, lang: lang}
	for _, it := range its {
		if _, err := s.runRule(ctx, comp, a, it, user, h, reason, responsible, true); err != nil {
			return nil, rules.HTTPError(err)
		}
	}
	return &Validation{Valid: true, Message: i18n.T(i18n.From(ctx), "workflow.validated")}, nil
}
