package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/rules"
)

// operation is an operation of an application the caller may use.
type operation struct {
	ID, ApplicationID int64
	ComponentID       *int64
	Key               string
	Name              text
	apppkg.Operation
}

func (o *operation) result() string {
	if o.Result == "" {
		return "message"
	}
	return o.Result
}

// OperationRef names an operation: operationId (its id, or its key with
// appID).
type OperationRef struct {
	OperationID Ref      `json:"operationId"`
	AppID       httpx.ID `json:"appID"`
}

// loadOperation reads the operation ref names, if the caller may use its
// application and is in one of its groups, when it names any (else not
// found, as a missing one).
func loadOperation(ctx context.Context, q querier, c Caller, ref OperationRef) (*operation, error) {
	if ref.OperationID.empty() {
		return nil, httpx.Invalid("operationId", "workflow.operationNotFound")
	}
	o := &operation{}
	err := q.QueryRow(ctx, `SELECT o.id, o.application_id, o.component_id, o.key, o.name, o.spec FROM operation o
		WHERE o.retired_at IS NULL AND (o.id = $3 OR ($3 = 0 AND o.key = $4 AND o.application_id = $5))
		  AND o.application_id IN (SELECT a.id FROM usable_application($1, $2) a)`,
		c.UserID, c.PanelAdmin, ref.OperationID.ID, ref.OperationID.Key, int64(ref.AppID)).
		Scan(&o.ID, &o.ApplicationID, &o.ComponentID, &o.Key, &o.Name, &o.Operation)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.Fail(http.StatusNotFound, "workflow.operationNotFound")
	}
	if err != nil {
		return nil, fmt.Errorf("operation: %w", err)
	}
	if len(o.Groups) > 0 && !c.PanelAdmin {
		mine, err := callerGroups(ctx, q, c.UserID)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(o.Groups, func(g string) bool { return mine[strings.ToLower(g)] }) {
			return nil, httpx.Fail(http.StatusNotFound, "workflow.operationNotFound")
		}
	}
	return o, nil
}

// OperationView is an operation as the operation page and the lists' bulk
// menus show it: its parameter form in the caller's language.
type OperationView struct {
	ID            int64           `json:"id"`
	Key           string          `json:"key"`
	Name          string          `json:"name"`
	ApplicationID int64           `json:"applicationId"`
	ComponentID   *int64          `json:"componentId"`
	Bulk          bool            `json:"bulk"`
	Result        string          `json:"result"`
	Parameters    []ParameterView `json:"parameters"`
}

// ParameterView is a field of the parameter form.
type ParameterView struct {
	Key      string       `json:"key"`
	Name     string       `json:"name"`
	Type     string       `json:"type"`
	Required bool         `json:"required"`
	Options  []OptionView `json:"options,omitempty"`
}

// OptionView is a choice of a PICKLIST parameter.
type OptionView struct {
	Value string `json:"value"`
	Text  string `json:"text"`
	Color string `json:"color,omitempty"`
}

func (s *Service) view(ctx context.Context, q querier, o *operation, lang string) (*OperationView, error) {
	v := &OperationView{ID: o.ID, Key: o.Key, Name: o.Name.in(lang), ApplicationID: o.ApplicationID, ComponentID: o.ComponentID,
		Bulk: o.Bulk, Result: o.result(), Parameters: []ParameterView{}}
	for _, p := range o.Parameters {
		pv := ParameterView{Key: p.Key, Name: text(p.Name).in(lang), Type: p.Type, Required: p.Required}
		if p.Type == "PICKLIST" {
			opts, err := picklistOptions(ctx, q, o.ApplicationID, p.Picklist)
			if err != nil {
				return nil, err
			}
			for _, op := range opts {
				pv.Options = append(pv.Options, OptionView{Value: op.value, Text: op.text.in(lang), Color: op.color})
			}
		}
		v.Parameters = append(v.Parameters, pv)
	}
	return v, nil
}

type option struct {
	value, color string
	text         text
}

func picklistOptions(ctx context.Context, q querier, app int64, key string) ([]option, error) {
	rows, err := q.Query(ctx, `SELECT pi.value, pi.text, pi.color FROM picklist_item pi JOIN picklist pl ON pl.id = pi.picklist_id
		WHERE pl.application_id = $1 AND pl.key = $2 AND pi.retired_at IS NULL ORDER BY pi.sort_order, pi.id`, app, key)
	if err != nil {
		return nil, fmt.Errorf("picklist %s: %w", key, err)
	}
	defer rows.Close()
	var out []option
	for rows.Next() {
		var o option
		if err := rows.Scan(&o.value, &o.text, &o.color); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// GetOperation answers getOperation: the definition the operation page
// (/runtime/{appID}/operation/{operationID}/{title}) builds its form from.
func (s *Service) GetOperation(ctx context.Context, c Caller, in OperationRef) (*OperationView, error) {
	o, err := loadOperation(ctx, s.pool, c, in)
	if err != nil {
		return nil, err
	}
	return s.view(ctx, s.pool, o, i18n.LangOf(ctx))
}

// OperationsInput is the body of getOperations: the operations of an
// application, or the bulk operations of an item type.
type OperationsInput struct {
	AppID       httpx.ID `json:"appID"`
	ComponentID httpx.ID `json:"componentId"`
}

// GetOperations answers getOperations.
func (s *Service) GetOperations(ctx context.Context, c Caller, in OperationsInput) ([]OperationView, error) {
	if in.AppID == 0 && in.ComponentID == 0 {
		return nil, httpx.Invalid("appID", "workflow.operationNotFound")
	}
	rows, err := s.pool.Query(ctx, `SELECT o.id FROM operation o
		WHERE o.retired_at IS NULL AND ($3::bigint = 0 OR o.application_id = $3) AND ($4::bigint = 0 OR (o.component_id = $4 AND (o.spec->>'bulk')::boolean))
		  AND o.application_id IN (SELECT a.id FROM usable_application($1, $2) a) ORDER BY o.sort_order, o.id`, c.UserID, c.PanelAdmin, int64(in.AppID), int64(in.ComponentID))
	if err != nil {
		return nil, fmt.Errorf("operations: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	out := []OperationView{}
	for _, id := range ids {
		v, err := s.GetOperation(ctx, c, OperationRef{OperationID: Ref{ID: id}})
		if errors.Is(err, httpx.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, *v)
	}
	return out, nil
}

// RunInput is the body of executeOperationBusinessRule and
// executeOperationCallResultFunction: the operation and the values of its
// parameter form.
type RunInput struct {
	OperationRef
	Params Values `json:"params"`
}

// Values is a JSON object whose numbers stay exact.
type Values map[string]any

func (v *Values) UnmarshalJSON(b []byte) error {
	if strings.TrimSpace(string(b)) == "null" {
		*v = nil
		return nil
	}
	m, err := decodeObject(string(b))
	if err != nil {
		return &json.UnmarshalTypeError{Value: "not an object", Type: nil}
	}
	*v = m
	return nil
}

// OperationResult is what an operation answers: a message, a table, or a
// file (inline, base64, in the JSON answer; as itself from
// executeOperationCallResultFunction).
type OperationResult struct {
	Message string           `json:"Message"`
	Result  string           `json:"result"`
	Columns []TableColumn    `json:"columns,omitempty"`
	Rows    []map[string]any `json:"rows,omitempty"`
	File    *File            `json:"file,omitempty"`
	// Items are the items a bulk operation changed.
	Items []Changed `json:"items,omitempty"`
}

// TableColumn is a column of a table result.
type TableColumn struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

// File is a file result.
type File struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Size    int    `json:"size"`
	Content []byte `json:"content"`
}

// Changed is an item a bulk operation's rule changed.
type Changed struct {
	ID                    int64    `json:"id"`
	FormattedID           int64    `json:"FormattedID"`
	Version               int      `json:"version"`
	ModificationDateTicks int64    `json:"modificationDateTicks"`
	Changed               []string `json:"changed"`
}

// maxOperationTime bounds a whole operation (a bulk one runs its rule on
// each item).
const maxOperationTime = 30 * time.Second

// RunOperation answers executeOperationBusinessRule: the parameters are checked
// against the operation's form and its rule runs in a transaction that writes
// only its messages; bulk operations go through executeBulkOperation.
func (s *Service) RunOperation(ctx context.Context, c Caller, in RunInput) (*OperationResult, error) {
	ctx, cancel := context.WithTimeout(ctx, maxOperationTime)
	defer cancel()
	var res *OperationResult
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		o, err := loadOperation(ctx, tx, c, in.OperationRef)
		if err != nil {
			return err
		}
		if o.Bulk {
			return httpx.Fail(http.StatusBadRequest, "workflow.selectAtLeastOne")
		}
		params, err := s.params(ctx, tx, o, in.Params)
		if err != nil {
			return err
		}
		user, err := ruleUser(ctx, tx, c.UserID)
		if err != nil {
			return err
		}
		comp := &component{ApplicationID: o.ApplicationID, attrTypes: map[string]string{}}
		if o.ComponentID != nil {
			if comp, err = loadComponent(ctx, tx, c, *o.ComponentID); err != nil {
				return err
			}
		}
		h := &host{q: tx, c: c, comp: comp, lang: i18n.LangOf(ctx)}
		out, err := s.rules.Run(ctx, rules.Rule{Name: "operation." + o.Key, Source: o.Rule},
			rules.Input{Item: map[string]any{}, User: user, Params: params, Host: h})
		if err != nil {
			return err
		}
		if res, err = o.read(ctx, out.Result); err != nil {
			return err
		}
		return s.flush(ctx, tx, h)
	})
	if err != nil {
		return nil, rules.HTTPError(err)
	}
	return res, nil
}

func (s *Service) flush(ctx context.Context, tx pgx.Tx, h *host) error {
	for _, m := range h.sent {
		if err := s.send(ctx, tx, m.user, m.title, m.text); err != nil {
			return err
		}
	}
	return nil
}

// BulkInput is the body of executeBulkOperation.
type BulkInput struct {
	RunInput
	IDs         []httpx.ID `json:"ids"`
	ComponentID httpx.ID   `json:"componentId"`
}

// RunBulk answers executeBulkOperation: the rule runs on each selected item
// the caller may update, locked in id order, and every item is written with a
// version in one transaction, or none is.
func (s *Service) RunBulk(ctx context.Context, c Caller, in BulkInput) (*OperationResult, error) {
	ids, err := selection(in.IDs)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, maxOperationTime)
	defer cancel()
	var res *OperationResult
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		o, err := loadOperation(ctx, tx, c, in.OperationRef)
		if err != nil {
			return err
		}
		if !o.Bulk || o.ComponentID == nil {
			return httpx.Fail(http.StatusNotFound, "workflow.operationNotFound")
		}
		if in.ComponentID != 0 && int64(in.ComponentID) != *o.ComponentID {
			return httpx.NotFound()
		}
		comp, its, err := s.selected(ctx, tx, c, *o.ComponentID, ids, true)
		if err != nil {
			return err
		}
		for _, it := range its {
			if !c.PanelAdmin && !(comp.CanUpdate && it.Writable) {
				return httpx.Fail(http.StatusForbidden, "workflow.notWritable")
			}
		}
		params, err := s.params(ctx, tx, o, in.Params)
		if err != nil {
			return err
		}
		user, err := ruleUser(ctx, tx, c.UserID)
		if err != nil {
			return err
		}
		h := &host{q: tx, c: c, comp: comp, lang: i18n.LangOf(ctx)}
		res = &OperationResult{Result: o.result(), Items: []Changed{}}
		name := "operation." + o.Key
		for _, it := range its {
			out, err := s.rules.Run(ctx, rules.Rule{Name: name, Source: o.Rule},
				rules.Input{Item: ruleItem(comp, it), User: user, Params: params, Host: h})
			if err != nil {
				return err
			}
			if r, err := o.read(ctx, out.Result); err != nil {
				return err
			} else if r.Message != "" {
				res.Message = r.Message
			}
			if len(out.Changed) == 0 {
				continue
			}
			if err := applyRule(comp, it, name, out); err != nil {
				return err
			}
			ch, err := rewrite(ctx, tx, c, it)
			if err != nil {
				return err
			}
			ch.Changed = out.Changed
			res.Items = append(res.Items, *ch)
		}
		if res.Message == "" || res.Message == i18n.T(i18n.From(ctx), "workflow.operationDone") {
			res.Message = i18n.T(i18n.From(ctx), "workflow.bulkDone", "count", len(its))
		}
		return s.flush(ctx, tx, h)
	})
	if err != nil {
		return nil, rules.HTTPError(err)
	}
	return res, nil
}

// rewrite stores what a bulk operation's rule wrote into it, with a version.
func rewrite(ctx context.Context, tx pgx.Tx, c Caller, it *item) (*Changed, error) {
	saved, err := items.Mutate(ctx, tx, c.UserID, it.ID, items.Change{Operation: "bulk", Title: &it.Title, Attributes: it.Attributes})
	if err != nil {
		return nil, fmt.Errorf("bulk operation: %w", err)
	}
	ch := Changed{ID: saved.ID, FormattedID: saved.Number, Version: saved.Version}
	modified := saved.ModifiedAt
	ch.ModificationDateTicks = ticks(modified)
	return &ch, nil
}

// params checks the values of o's parameter form as a form button's window
// is checked (forms.CheckParameters); the rule also gets lang (pt-BR or en)
// unless a parameter is called so.
func (s *Service) params(ctx context.Context, q querier, o *operation, in Values) (map[string]any, error) {
	lang := i18n.LangOf(ctx)
	out, err := forms.CheckParameters(o.Parameters, in, lang, func(picklist string) ([]string, error) {
		opts, err := picklistOptions(ctx, q, o.ApplicationID, picklist)
		values := make([]string, len(opts))
		for i, op := range opts {
			values[i] = op.value
		}
		return values, err
	})
	if err != nil {
		return nil, err
	}
	if _, taken := out["lang"]; !taken {
		out["lang"] = lang
	}
	return out, nil
}
