package kanban

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// LaneWriter writes the field a card's swimlane shows through the paths
// that own it (wired in internal/server): the board never writes an item
// itself. It also names the responsible lanes, by the rule that writes them.
type LaneWriter interface {
	// Field writes a picklist attribute as a list's cell edit does
	// (updateItemField: editInGrid, the form's read-only fields, the update
	// right, the value's checks, the form's onSave rule, the version stamp).
	Field(ctx context.Context, c Caller, componentID, itemID int64, field string, value, stamp any) error
	// Responsible changes the item's responsible (nil: none) as the
	// workflow does (workflow.Service.SetResponsible).
	Responsible(ctx context.Context, c Caller, componentID, itemID int64, responsible *int64, stamp int64, board string) error
	// Team names the users whose responsible lanes a board shows even
	// without cards: at most limit, and whether others were left out
	// (workflow.Service.LaneTeam: who Responsible would accept).
	Team(ctx context.Context, c Caller, componentID, projectID int64, limit int) ([]int64, bool, error)
}

// LaneInput is the body of setLane: the card (itemId, with the ticks the board
// showed) goes to the lane where field is value (a user id for ResponsibleName,
// an option's value for a picklist, or null).
type LaneInput struct {
	ViewID                int64  `json:"viewID"`
	ItemID                int64  `json:"itemId"`
	Field                 string `json:"field"`
	Value                 any    `json:"value"`
	ModificationDateTicks any    `json:"modificationDateTicks"`
}

// LaneResult is the answer of setLane.
type LaneResult struct {
	Message string `json:"Message"`
}

// SetLane answers setLane: the field must be one the board offers as
// swimlanes, the value one of its lanes; the write is the owner's
// (LaneWriter), with its permission and validation.
func (s *Service) SetLane(ctx context.Context, c Caller, in LaneInput) (*LaneResult, error) {
	if s.lanes == nil {
		return nil, httpx.NotFound()
	}
	if in.ViewID <= 0 {
		return nil, httpx.Invalid("viewID", "items.viewNotFound")
	}
	b, err := s.store.board(ctx, c, in.ViewID)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	l := i18n.From(ctx)
	if in.ItemID <= 0 {
		return nil, httpx.NotFound()
	}
	var lane string
	if in.Field == "ResponsibleName" {
		user, ok := userID(in.Value)
		if !ok {
			return nil, httpx.Invalid("value", "kanban.laneValue", "field", i18n.T(l, "kanban.responsible"))
		}
		stamp, _ := ticksOf(in.ModificationDateTicks)
		if err := s.lanes.Responsible(ctx, c, b.ComponentID, in.ItemID, user, stamp, b.ViewName.in(lang)); err != nil {
			return nil, err
		}
		lane = i18n.T(l, "kanban.noResponsible")
		if user != nil {
			users, err := s.store.users(ctx, []int64{*user})
			if err != nil {
				return nil, err
			}
			if len(users) == 1 {
				lane = users[0].Name
			}
		}
	} else {
		var attr *attributeDef
		for i := range b.Attributes {
			if b.Attributes[i].Key == in.Field && b.Attributes[i].Type == "PICKLIST" {
				attr = &b.Attributes[i]
			}
		}
		if attr == nil {
			return nil, httpx.Invalid("field", "kanban.laneField", "field", in.Field)
		}
		var value any
		lane = i18n.T(l, "kanban.noValue")
		if v, ok := in.Value.(string); ok && v != "" {
			found := false
			for _, o := range attr.Picklist {
				if o.Value == v {
					found, lane = true, o.Text.in(lang)
				}
			}
			if !found {
				return nil, httpx.Invalid("value", "kanban.laneValue", "field", attr.Name.in(lang))
			}
			value = v
		} else if in.Value != nil && in.Value != "" {
			return nil, httpx.Invalid("value", "kanban.laneValue", "field", attr.Name.in(lang))
		}
		if err := s.lanes.Field(ctx, c, b.ComponentID, in.ItemID, attr.Key, value, in.ModificationDateTicks); err != nil {
			return nil, err
		}
	}
	number, err := s.store.itemNumber(ctx, in.ItemID)
	if err != nil {
		return nil, err
	}
	return &LaneResult{Message: i18n.T(l, "kanban.laneSet", "type", b.ComponentName.in(lang), "id", number, "lane", lane)}, nil
}

// userID reads a lane's user: a whole number (JSON number or digits), or
// null / 0 for no responsible.
func userID(v any) (*int64, bool) {
	var n int64
	switch x := v.(type) {
	case nil:
		return nil, true
	case float64:
		if x != math.Trunc(x) || x < 0 || x > 1<<53 {
			return nil, false
		}
		n = int64(x)
	case json.Number:
		var err error
		if n, err = x.Int64(); err != nil || n < 0 {
			return nil, false
		}
	case string:
		var err error
		if n, err = strconv.ParseInt(x, 10, 64); err != nil || n < 0 {
			return nil, false
		}
	default:
		return nil, false
	}
	if n == 0 {
		return nil, true
	}
	return &n, true
}

// ticksOf reads a modificationDateTicks as the browser sends it (a number,
// maybe rounded to a double, or its digits).
func ticksOf(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		return int64(x), x > 0
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return n, n > 0
		}
		f, err := x.Float64()
		return int64(f), err == nil && f > 0
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		return n, err == nil && n > 0
	}
	return 0, false
}

// itemNumber is an item's FormattedID.
func (s *Store) itemNumber(ctx context.Context, id int64) (int64, error) {
	var n int64
	if err := s.pool.QueryRow(ctx, `SELECT number FROM live_item WHERE id = $1`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("item number: %w", err)
	}
	return n, nil
}
