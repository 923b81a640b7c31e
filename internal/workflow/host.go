package workflow

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/rules"
)

// ruleItem is the item as a rule sees it: system fields by their keys and
// the attributes by theirs.
func ruleItem(comp *component, it *item) map[string]any {
	out := map[string]any{}
	for k, v := range it.Attributes {
		out[k] = v
	}
	out["id"] = it.ID
	out["FormattedID"] = it.Number
	out["Title"] = it.Title
	out["ProjectID"] = it.ProjectID
	out["ResponsibleID"] = it.ResponsibleID
	out["CreatorID"] = it.CreatorID
	out["Version"] = it.Version
	out["CreationDate"] = it.CreatedAt.UTC().Format(time.RFC3339)
	out["LastModify"] = it.ModifiedAt.UTC().Format(time.RFC3339)
	out["StatusID"] = it.StatusID
	if it.StatusID != nil {
		if st := comp.statuses[*it.StatusID]; st != nil {
			out["StatusKey"] = st.Key
		}
	}
	return out
}

// systemKeys are the fields of ruleItem that are not attributes; a rule may
// write Title only.
var systemKeys = map[string]bool{"id": true, "FormattedID": true, "Title": true, "ProjectID": true, "ResponsibleID": true,
	"CreatorID": true, "Version": true, "CreationDate": true, "LastModify": true, "StatusID": true, "StatusKey": true}

// applyRule writes what the rule changed into it: Title and attributes of
// the type, each of the attribute's kind. Anything else is the rule's bug.
func applyRule(comp *component, it *item, rule string, out *rules.Output) error {
	for _, k := range out.Changed {
		v, present := out.Item[k]
		bad := func() error {
			return &httpx.Error{Status: 500, Key: "workflow.badRuleValue", Args: []any{"field", k},
				Cause: fmt.Errorf("rule %s wrote %q = %v", rule, k, v)}
		}
		if k == "Title" {
			t, ok := v.(string)
			if !ok || strings.TrimSpace(t) == "" || len(t) > 2000 {
				return bad()
			}
			it.Title = t
			continue
		}
		if systemKeys[k] {
			return bad()
		}
		typ, known := comp.attrTypes[k]
		if !known {
			return bad()
		}
		if !present || v == nil {
			delete(it.Attributes, k)
			continue
		}
		norm, ok := attributeValue(typ, v)
		if !ok {
			return bad()
		}
		it.Attributes[k] = norm
	}
	return nil
}

// attributeValue checks v against the attribute type as the filter's casts
// and the exports expect it, normalising dates to RFC 3339 UTC.
func attributeValue(typ string, v any) (any, bool) {
	switch typ {
	case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		n, ok := v.(json.Number)
		if !ok {
			return nil, false
		}
		if typ == "INTEGER" {
			_, err := strconv.ParseInt(string(n), 10, 64)
			return n, err == nil
		}
		_, ok = new(big.Rat).SetString(string(n))
		return n, ok
	case "BOOLEAN":
		_, ok := v.(bool)
		return v, ok
	case "DATE_TIME":
		s, ok := v.(string)
		if !ok {
			return nil, false
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil || t.Year() < 1753 || t.Year() > 9999 {
			return nil, false
		}
		return t.UTC().Format(time.RFC3339), true
	case "USERS", "GROUPS", "PROJECT", "GENERIC_ITEM_TYPE", "COMPANY", "RESOURCES", "ITEM_TYPE_STATUS", "ORGANIZATIONAL_STRUCTURE", "CALENDAR", "USERS_OR_GROUPS":
		n, ok := v.(json.Number)
		if !ok {
			return nil, false
		}
		id, err := strconv.ParseInt(string(n), 10, 64)
		return n, err == nil && id > 0
	default:
		s, ok := v.(string)
		return v, ok && len(s) <= 200000
	}
}

// outgoing is a message a rule sent; it leaves with the transition.
type outgoing struct {
	user        int64
	title, text string
}

// host is what a rule of one call may reach: the items its caller may read
// (through q, so a rule inside a transition sees it as it is being written)
// and messages, held until the transition commits.
type host struct {
	q    querier
	c    Caller
	comp *component
	lang string
	sent []outgoing
}

func (h *host) SendMessage(ctx context.Context, user int64, title, text string) error {
	var ok bool
	if err := h.q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM app_user WHERE id = $1 AND active)`, user).Scan(&ok); err != nil {
		return err
	}
	if !ok {
		return &rules.HostError{Message: fmt.Sprintf("user %d does not exist or is not active", user)}
	}
	h.sent = append(h.sent, outgoing{user: user, title: title, text: text})
	return nil
}

// QueryItems answers items.query: items of a type of the same application
// the caller may read, whose fields equal where's values (attributes in
// their columns of the type's table, so their indexes serve it).
func (h *host) QueryItems(ctx context.Context, q rules.Query) ([]map[string]any, error) {
	compID := h.comp.ID
	if compID == 0 && q.Component == "" {
		return nil, &rules.HostError{Message: "give the component (a type key) to query"}
	}
	if q.Component != "" && q.Component != h.comp.Key {
		err := h.q.QueryRow(ctx, `SELECT id FROM component WHERE application_id = $1 AND key = $2 AND retired_at IS NULL`,
			h.comp.ApplicationID, q.Component).Scan(&compID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, &rules.HostError{Message: fmt.Sprintf("unknown type %q", q.Component)}
		}
		if err != nil {
			return nil, err
		}
	}
	comp, err := loadComponent(ctx, h.q, h.c, compID)
	if err != nil {
		if errors.Is(err, httpx.ErrNotFound) {
			return nil, &rules.HostError{Message: fmt.Sprintf("unknown type %q", q.Component)}
		}
		return nil, err
	}
	args := []any{h.c.UserID, h.c.PanelAdmin, comp.ID}
	where := []string{"i.component_id = $3"}
	param := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	columns := map[string]string{"id": "i.id", "FormattedID": "i.number", "ProjectID": "i.project_id",
		"ResponsibleID": "i.responsible_id", "CreatorID": "i.creator_id", "StatusID": "i.status_id"}
	for k, v := range q.Where {
		if col, ok := columns[k]; ok {
			f, isNum := v.(float64)
			if !isNum || f != float64(int64(f)) {
				return nil, &rules.HostError{Message: fmt.Sprintf("%s takes a whole number", k)}
			}
			where = append(where, col+" = "+param(int64(f)))
			continue
		}
		switch k {
		case "Title", "StatusKey":
			str, ok := v.(string)
			if !ok {
				return nil, &rules.HostError{Message: fmt.Sprintf("%s takes a text", k)}
			}
			if k == "Title" {
				where = append(where, "i.title = "+param(str))
			} else {
				where = append(where, "i.status_id = (SELECT s.id FROM item_status s WHERE s.component_id = $3 AND s.key = "+param(str)+")")
			}
		default:
			a, ok := comp.attr(k)
			if !ok {
				return nil, &rules.HostError{Message: fmt.Sprintf("unknown field %q of %q", k, comp.Key)}
			}
			where = append(where, valueIs(a, v, param))
		}
	}
	sql := `SELECT i.id, i.component_id, i.number, i.title, i.project_id, i.status_id, i.responsible_id, i.creator_id,
			i.version, ` + comp.values() + `::text, i.created_at, i.modified_at, false
		FROM readable_item($1, $2) i JOIN ` + table.Name(comp.ID) + ` t ON t.id = i.id WHERE ` + strings.Join(where, " AND ") + ` ORDER BY i.id LIMIT ` + param(q.Limit)
	rows, err := h.q.Query(ctx, sql, args...)
	if err != nil {
		return nil, &rules.HostError{Message: "the query could not run: check the values of where"}
	}
	defer rows.Close()
	var out []map[string]any
	for rows.Next() {
		it := &item{}
		var attrs string
		if err := rows.Scan(&it.ID, &it.ComponentID, &it.Number, &it.Title, &it.ProjectID, &it.StatusID, &it.ResponsibleID,
			&it.CreatorID, &it.Version, &attrs, &it.CreatedAt, &it.ModifiedAt, &it.Writable); err != nil {
			return nil, err
		}
		if it.Attributes, err = decodeObject(attrs); err != nil {
			return nil, err
		}
		out = append(out, ruleItem(comp, it))
	}
	return out, rows.Err()
}

// RuleHost gives a rule that runs outside a transition (a form's rule) what
// rules of type componentID reach: items.query as the caller, and
// messages.send, whose messages leave when flush is called inside tx.
func (s *Service) RuleHost(ctx context.Context, tx pgx.Tx, c Caller, componentID int64) (rules.Host, func(context.Context) error, error) {
	comp, err := loadComponent(ctx, tx, c, componentID)
	if err != nil {
		return nil, nil, err
	}
	h := &host{q: tx, c: c, comp: comp, lang: i18n.LangOf(ctx)}
	return h, func(ctx context.Context) error { return s.flush(ctx, tx, h) }, nil
}
