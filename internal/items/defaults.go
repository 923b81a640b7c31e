package items

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items/filter"
)

// DefaultValues is the answer of getDefaultValueQuery.
type DefaultValues struct {
	QueryID     int64 `json:"queryId"`
	ComponentID int64 `json:"componentID"`
	// Values are by field key: what a new item gets so that the query
	// would list it. Parameters are resolved (@me to the caller's id,
	// @today to today at 00:00 UTC, @project to the project asked for).
	Values map[string]any `json:"values"`
	// Attributes are the attribute keys that name this query as their
	// default-value query.
	Attributes []string `json:"attributes"`
}

// DefaultValueQuery answers getDefaultValueQuery: the values a query fixes.
// Only tests that pin one value and must all hold count (equals, is, =, one
// isAnyOf value, at the top or under AND); OR, ranges and negations fix none.
func (s *Service) DefaultValueQuery(ctx context.Context, c Caller, queryID, projectID int64) (DefaultValues, error) {
	out := DefaultValues{QueryID: queryID, Values: map[string]any{}, Attributes: []string{}}
	comp, cond, err := s.store.readableQuery(ctx, c, queryID)
	if err != nil {
		return DefaultValues{}, err
	}
	out.ComponentID = comp
	if projectID != 0 {
		if ok, err := s.store.projectVisible(ctx, c, projectID); err != nil {
			return DefaultValues{}, err
		} else if !ok {
			return DefaultValues{}, httpx.NotFound()
		}
	}
	var node filter.Node
	if err := json.Unmarshal(cond, &node); err != nil {
		return DefaultValues{}, fmt.Errorf("query %d: %w", queryID, err)
	}
	params := filter.Params{Me: c.UserID, Project: projectID, Today: s.now()}
	pinned(node, params, out.Values)
	keys, err := s.store.defaultQueryAttributes(ctx, queryID)
	if err != nil {
		return DefaultValues{}, err
	}
	out.Attributes = append(out.Attributes, keys...)
	return out, nil
}

// pinned collects the single values n requires into values.
func pinned(n filter.Node, p filter.Params, values map[string]any) {
	if len(n.Conditions) > 0 {
		if strings.EqualFold(n.Logic, "OR") {
			return
		}
		for _, sub := range n.Conditions {
			pinned(sub, p, values)
		}
		return
	}
	v := n.Value
	switch n.Operator {
	case "equals", "is", "=":
	case "isAnyOf":
		list, ok := v.([]any)
		if !ok || len(list) != 1 {
			return
		}
		v = list[0]
	default:
		return
	}
	if n.Field == "" || v == nil {
		return
	}
	switch v {
	case "@me":
		v = p.Me
	case "@today":
		y, m, d := p.Today.UTC().Date()
		v = time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)
	case "@project":
		if p.Project == 0 {
			return
		}
		v = p.Project
	}
	values[n.Field] = v
}
