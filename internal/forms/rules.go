package forms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/rules"
)

// RuleRunner runs a business rule (internal/rules.Runtime).
type RuleRunner interface {
	Run(ctx context.Context, r rules.Rule, in rules.Input) (*rules.Output, error)
}

// RuleHosts gives a rule of type componentID what it may reach inside tx
// (items.query as the caller, messages.send); flush sends the messages the
// rule left, inside tx. internal/workflow supplies it.
type RuleHosts func(ctx context.Context, tx pgx.Tx, c items.Caller, componentID int64) (host rules.Host, flush func(context.Context) error, err error)

// FormRules runs the named rules of forms (docs/forms.md, "Form rules"): a
// button's or field change's, a window's, and the onSave rule inside
// saveItem's transaction.
type FormRules struct {
	svc         *items.Service
	db          *pgxpool.Pool
	run         RuleRunner
	hosts       RuleHosts
	currentUser items.CurrentUser
}

// NewFormRules returns the form rules over the item core svc; db runs a
// rule's transaction.
func NewFormRules(svc *items.Service, db *pgxpool.Pool, run RuleRunner, hosts RuleHosts, currentUser items.CurrentUser) *FormRules {
	return &FormRules{svc: svc, db: db, run: run, hosts: hosts, currentUser: currentUser}
}

// Routes mounts the calls as single routes, which chi prefers to the
// /genericItem sub-router of Handler. saveItem is served here too, so the
// onSave rule runs: the item core holds no rules runtime of its own.
func (fr *FormRules) Routes(r chi.Router) {
	r.Post("/genericItem/executeFormBusinessRule", httpx.HandleOptional(fr.currentUser, func(ctx context.Context, c items.Caller, in RuleInput) (*RuleResult, error) {
		return fr.Execute(ctx, c, in, false)
	}))
	r.Post("/genericItem/executeWindowCallResultFunction", httpx.HandleOptional(fr.currentUser, func(ctx context.Context, c items.Caller, in RuleInput) (*RuleResult, error) {
		return fr.Execute(ctx, c, in, true)
	}))
	r.Post("/genericItem/saveItem", httpx.HandleOptional(fr.currentUser, fr.SaveItem))
	r.Post("/genericItem/updateItemField", httpx.HandleOptional(fr.currentUser, fr.UpdateItemField))
	r.Post("/genericItem/bulkUpdateItems", httpx.HandleOptional(fr.currentUser, fr.BulkUpdateItems))
}

// RuleInput is the body of executeFormBusinessRule and
// executeWindowCallResultFunction: the form, the rule, the item as edited, the
// changed field (onChange) and a window's values.
type RuleInput struct {
	ComponentID httpx.ID     `json:"componentID"`
	FormID      httpx.ID     `json:"formID"`
	Rule        string       `json:"rule"`
	Field       string       `json:"field"`
	Item        items.Values `json:"item"`
	Params      items.Values `json:"params"`
}

// RuleResult is their answer: the fields the rule changed with their new
// values (the form puts them in; saveItem checks them), a message, and the
// rule's return value.
type RuleResult struct {
	Message string          `json:"Message"`
	Item    map[string]any  `json:"item"`
	Changed []string        `json:"changed"`
	Result  json.RawMessage `json:"result"`
}

// Execute runs a rule the form names on the values being edited and writes
// nothing of the item (the user saves the form), only the rule's messages;
// a refusal is a 422 with the rule's message, a broken rule a 500.
func (fr *FormRules) Execute(ctx context.Context, c items.Caller, in RuleInput, window bool) (*RuleResult, error) {
	if strings.TrimSpace(in.Rule) == "" {
		return nil, httpx.Invalid("rule", "workflow.formRuleNotFound")
	}
	f, err := fr.svc.ReadForm(ctx, c, int64(in.ComponentID), int64(in.FormID))
	if err != nil {
		return nil, err
	}
	if !names(f, in.Rule) {
		return nil, httpx.Fail(http.StatusNotFound, "workflow.formRuleNotFound")
	}
	values := in.Item
	if values == nil {
		values = items.Values{}
	}
	windowValues := map[string]any{}
	if window {
		if windowValues, err = fr.windowParams(ctx, f, in.Rule, in.Params); err != nil {
			return nil, err
		}
	}
	var res *RuleResult
	err = pgx.BeginFunc(ctx, fr.db, func(tx pgx.Tx) error {
		it := &items.Item{ComponentID: f.Component.ID, Attributes: map[string]any{}}
		if id, _ := items.IDOf(values["id"]); id > 0 {
			stored, err := items.ReadItem(ctx, tx, c, f.Component.ID, id, false)
			if err != nil {
				return err
			}
			it = stored
		}
		params := map[string]any{"trigger": "button", "field": in.Field}
		if in.Field != "" {
			params["trigger"] = "change"
		}
		if window {
			params["trigger"] = "window"
		}
		for k, v := range windowValues {
			if _, taken := params[k]; !taken {
				params[k] = v
			}
		}
		out, flush, err := fr.runRule(ctx, tx, c, f, in.Rule, it, values, params, false)
		if err != nil {
			return err
		}
		res = &RuleResult{Item: map[string]any{}, Changed: []string{}, Result: out.Result, Message: message(out.Result)}
		for _, k := range out.Changed {
			res.Item[k] = out.Item[k]
			res.Changed = append(res.Changed, k)
		}
		return flush(ctx)
	})
	if err != nil {
		return nil, rules.HTTPError(err)
	}
	return res, nil
}

// SaveItem answers saveItem with the form's onSave rule.
func (fr *FormRules) SaveItem(ctx context.Context, c items.Caller, in items.SaveItemInput) (*items.SaveItemResult, error) {
	return fr.svc.SaveItemWith(ctx, c, in, fr.onSave)
}

// UpdateItemField answers updateItemField with the onSave rule of the
// type's first form: a list's edit must pass the checks a form save runs.
func (fr *FormRules) UpdateItemField(ctx context.Context, c items.Caller, in items.UpdateFieldInput) (*items.SaveItemResult, error) {
	return fr.svc.UpdateItemFieldWith(ctx, c, in, fr.onSave)
}

// BulkUpdateItems answers bulkUpdateItems with the form's onSave rule run
// for each item; one refusal refuses the whole edit.
func (fr *FormRules) BulkUpdateItems(ctx context.Context, c items.Caller, in items.BulkUpdateInput) (*items.BulkResult, error) {
	return fr.svc.BulkUpdateItemsWith(ctx, c, in, fr.onSave)
}

// onSave, the core's SaveHook, runs a form's onSave rule on the values being
// saved; what it changes is saved as if the user had typed it, so the form's
// checks apply.
func (fr *FormRules) onSave(ctx context.Context, tx pgx.Tx, c items.Caller, f *items.FormView, it *items.Item, item items.Values) (items.Values, error) {
	out, flush, err := fr.runRule(ctx, tx, c, f, f.OnSave, it, item, map[string]any{"trigger": "save", "new": it.ID == 0}, true)
	if err != nil {
		return nil, rules.HTTPError(err)
	}
	next := maps.Clone(item)
	if next == nil {
		next = items.Values{}
	}
	for _, k := range out.Changed {
		next[k] = out.Item[k]
	}
	return next, rules.HTTPError(flush(ctx))
}

// runRule loads rule key of the form's type and runs it on the stored item
// with the form's values over it. The rule may change only fields the form
// writes; anything else is its bug (500). Only a rule run by a save may send
// messages (saving).
func (fr *FormRules) runRule(ctx context.Context, tx pgx.Tx, c items.Caller, f *items.FormView, key string, it *items.Item,
	values items.Values, params map[string]any, saving bool) (*rules.Output, func(context.Context) error, error) {
	var source string
	err := tx.QueryRow(ctx, `SELECT source FROM component_rule WHERE component_id = $1 AND key = $2 AND retired_at IS NULL`,
		f.Component.ID, key).Scan(&source)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, httpx.Fail(http.StatusNotFound, "workflow.formRuleNotFound")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("rule %s: %w", key, err)
	}
	host, flush, err := fr.hosts(ctx, tx, c, f.Component.ID)
	if err != nil {
		return nil, nil, err
	}
	if !saving {
		host = unsavedHost{host}
	}
	user := rules.User{ID: c.UserID}
	if err := tx.QueryRow(ctx, `SELECT name, login::text, email::text FROM app_user WHERE id = $1`, c.UserID).
		Scan(&user.Name, &user.Login, &user.Email); err != nil {
		return nil, nil, fmt.Errorf("rule user: %w", err)
	}
	writable := f.Writable
	item := ruleItem(it)
	for k, v := range values {
		if writable[k] {
			item[k] = v
		}
	}
	params["lang"] = i18n.LangOf(ctx)
	name := f.Component.Key + "." + key
	out, err := fr.run.Run(ctx, rules.Rule{Name: name, Source: source}, rules.Input{Item: item, User: user, Params: params, Host: host})
	if err != nil {
		return nil, nil, err
	}
	for _, k := range out.Changed {
		if !writable[k] {
			return nil, nil, &httpx.Error{Status: http.StatusInternalServerError, Key: "workflow.badRuleValue", Args: []any{"field", k},
				Cause: fmt.Errorf("rule %s changed %q, which the form does not write", name, k)}
		}
	}
	return out, flush, nil
}

// unsavedHost is the host of a rule run on values the caller sends and does
// not save (a button, a field change, a window): messages.send is refused,
// else anyone could have the server message anyone with a text they chose.
type unsavedHost struct{ rules.Host }

func (unsavedHost) SendMessage(context.Context, int64, string, string) error {
	return &rules.HostError{Message: "only a form's onSave rule or a workflow transition may send messages, " +
		"not a button, a field change or a window"}
}

// ruleItem is the item as a form's rule sees it: its attributes and system
// fields by the keys the form sends them under.
func ruleItem(it *items.Item) map[string]any {
	v := items.FormState(it)
	v["id"], v["FormattedID"], v["Version"] = it.ID, it.Number, it.Version
	v["CreatorID"] = ptrValue(it.CreatorID)
	if it.ID != 0 {
		v["CreationDate"] = it.CreatedAt.UTC().Format(time.RFC3339)
		v["LastModify"] = it.ModifiedAt.UTC().Format(time.RFC3339)
	}
	return v
}

// ptrValue is an optional id as a form value: the number, or nil.
func ptrValue(id *int64) any {
	if id == nil {
		return nil
	}
	return *id
}

// names reports whether form f runs rule key: a button's rule, a
// control's onChange or its onSave.
func names(f *items.FormView, key string) bool {
	if f.OnSave == key {
		return true
	}
	var found bool
	var walk func(n *apppkg.Control)
	walk = func(n *apppkg.Control) {
		if n.Rule == key || n.OnChange == key {
			found = true
		}
		for i := range n.Children {
			walk(&n.Children[i])
		}
	}
	walk(f.Tree)
	return found
}

// message is the text a rule returned: a text, or an object's message.
func message(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &o) == nil {
		return o.Message
	}
	return ""
}
