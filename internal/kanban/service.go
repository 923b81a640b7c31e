// Package kanban serves kanban boards: a column per status of a view's type,
// cards filtered by its query and the access rules, per-column WIP limits
// (docs/kanban.md). Moving a card is a workflow transition.
package kanban

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/filter"
	"github.com/tramita/tramita/internal/items/schema"
	"github.com/tramita/tramita/internal/items/table"
)

// Paging of a column.
const (
	DefaultPage = 200
	MaxPage     = 1000
	MaxWIP      = 10000
	MaxSearch   = 200
	// MaxTeamLanes bounds the responsible lanes a board shows without
	// cards: a big organisation's every reader is not a lane.
	MaxTeamLanes = 30
)

// Caller is the signed-in user as boards need it.
type Caller struct {
	UserID     int64
	PanelAdmin bool
}

// CurrentUser returns the caller of a request, if signed in.
type CurrentUser func(ctx context.Context) (Caller, bool)

// Service answers the board calls.
type Service struct {
	store *Store
	now   func() time.Time
	lanes LaneWriter
}

// NewService returns the service; now is the clock (@today in queries).
func NewService(store *Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// WithLanes lets the service change a card's lane (setLane) through w.
func (s *Service) WithLanes(w LaneWriter) *Service {
	s.lanes = w
	return s
}

// BoardInput selects a board and its cards. QueryID nil takes the type's
// default query; 0 takes every item. Search keeps the cards whose title
// contains it or whose FormattedID it is.
type BoardInput struct {
	ViewID    int64
	QueryID   *int64
	ProjectID int64
	Limit     int
	Search    string
}

// PageInput selects a page of one column.
type PageInput struct {
	BoardInput
	StatusID int64
	Offset   int
}

// Board is the answer of getBoard.
type Board struct {
	View    ViewInfo `json:"view"`
	QueryID int64    `json:"queryId"`
	// ViewQuery is the package's query that bounds the board (nil: none).
	ViewQuery    *QueryRef  `json:"viewQuery"`
	Queries      []QueryRef `json:"queries"`
	ColorField   string     `json:"colorField"`
	Swimlane     string     `json:"swimlane"`
	Swimlanes    []Lane     `json:"swimlanes"`
	Columns      []Column   `json:"columns"`
	Users        []User     `json:"users"`
	PageSize     int        `json:"pageSize"`
	CanConfigure bool       `json:"canConfigure"`
	// WIPStrict: a move past a column's limit is refused (the package's
	// wipStrict), not only warned about.
	WIPStrict bool `json:"wipStrict"`
}

// ViewInfo names the view and its type.
type ViewInfo struct {
	ID            int64  `json:"id"`
	Key           string `json:"key"`
	Name          string `json:"name"`
	ComponentID   int64  `json:"componentId"`
	ComponentKey  string `json:"componentKey"`
	ComponentName string `json:"componentName"`
	ApplicationID int64  `json:"applicationId"`
}

// QueryRef is a query the board may be filtered by.
type QueryRef struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	IsDefault bool   `json:"isDefault"`
}

// Lane groups cards into swimlanes by responsible or by a picklist; every option
// is a lane, cards or not. A dependent picklist's card fits only lanes whose
// Parent is its DependsOn value (or empty), as updateItemField checks.
type Lane struct {
	Field     string       `json:"field"`
	Name      string       `json:"name"`
	Options   []LaneOption `json:"options"`
	Capped    bool         `json:"capped"` // users past MaxTeamLanes were left out
	DependsOn string       `json:"dependsOn"`
}

// LaneOption is one value of a lane field.
type LaneOption struct {
	Value  string `json:"value"`
	Text   string `json:"text"`
	Color  string `json:"color"`
	Parent string `json:"parent"`
}

// Column is a status with its first cards.
type Column struct {
	ID       int64  `json:"id"`
	Key      string `json:"key"`
	Name     string `json:"name"`
	Color    string `json:"color"`
	Initial  bool   `json:"initial"`
	Final    bool   `json:"final"`
	WIPLimit int    `json:"wipLimit"`
	// WIPDefault is the package's limit (0: none); WIPLimit is the one in
	// force, an administrator's when they set one.
	WIPDefault int `json:"wipDefault"`
	Total      int `json:"total"`
	// TotalKind says what Total is, as a list's total: "exact", "estimate"
	// (the planner's, for a column too large to count) or "atLeast".
	TotalKind string `json:"totalKind"`
	Cards     []Card `json:"cards"`
}

// Card is an item as a card shows it. Values holds the picklist attributes
// (swimlanes, colour) by key.
type Card struct {
	ID            int64             `json:"id"`
	FormattedID   int64             `json:"FormattedID"`
	Title         string            `json:"title"`
	StatusID      int64             `json:"statusId"`
	ResponsibleID *int64            `json:"responsibleId"`
	Color         string            `json:"color"`
	Values        map[string]string `json:"values"`
	// ModificationDateTicks is the item's version as the board read it
	// (setLane refuses a card changed since).
	ModificationDateTicks int64 `json:"modificationDateTicks"`
}

// Page is the answer of getColumn.
type Page struct {
	StatusID  int64  `json:"statusId"`
	Offset    int    `json:"offset"`
	Total     int    `json:"total"`
	TotalKind string `json:"totalKind"`
	Cards     []Card `json:"cards"`
	Users     []User `json:"users"`
}

// prepared is a board under a request: its definition and the card query.
type prepared struct {
	b       *board
	query   *cardQuery
	queryID int64
	color   *attributeDef
	limit   int
	// viewQuery is the package's query of the view, when it has one.
	viewQuery *queryDef
}

func (s *Service) prepare(ctx context.Context, c Caller, in BoardInput) (*prepared, error) {
	if in.ViewID <= 0 {
		return nil, httpx.Invalid("viewID", "items.viewNotFound")
	}
	if in.Limit < 0 || in.Limit > MaxPage {
		return nil, httpx.Invalid("limit", "kanban.paramLimit", "max", MaxPage, "default", DefaultPage)
	}
	search := strings.TrimSpace(in.Search)
	if utf8.RuneCountInString(search) > MaxSearch {
		return nil, httpx.Invalid("search", "kanban.paramSearch", "max", MaxSearch)
	}
	b, err := s.store.board(ctx, c, in.ViewID)
	if err != nil {
		return nil, err
	}
	attrs := make([]schema.Attr, 0, len(b.Attributes))
	for _, a := range b.Attributes {
		attrs = append(attrs, schema.Attr{ID: a.ID, Key: a.Key, Type: a.Type})
	}
	fields := schema.Build(attrs)
	q := &cardQuery{table: table.Name(b.ComponentID), args: []any{c.UserID, c.PanelAdmin, b.ComponentID}, where: []string{"i.component_id = $3"}}
	if in.ProjectID != 0 {
		q.args = append(q.args, in.ProjectID)
		q.where = append(q.where, "i.project_id = $"+strconv.Itoa(len(q.args)))
	}
	if search != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(search) + "%"
		q.args = append(q.args, like)
		cond := "i.title ILIKE $" + strconv.Itoa(len(q.args))
		// The FormattedID compared as a number, so that the title's trigram
		// index and the number's index together find a rare search's cards.
		if digits := strings.TrimPrefix(search, "#"); digits != "" {
			if n, err := strconv.ParseInt(digits, 10, 64); err == nil && strconv.FormatInt(n, 10) == digits {
				q.args = append(q.args, n)
				cond = "(" + cond + " OR i.number = $" + strconv.Itoa(len(q.args)) + ")"
			}
		}
		q.where = append(q.where, cond)
	}
	p := &prepared{b: b, query: q, limit: in.Limit}
	if p.limit == 0 {
		p.limit = DefaultPage
	}
	var chosen *queryDef
	switch {
	case in.QueryID == nil:
		for i := range b.Queries {
			if b.Queries[i].Default {
				chosen = &b.Queries[i]
			}
		}
	case *in.QueryID != 0:
		for i := range b.Queries {
			if b.Queries[i].ID == *in.QueryID {
				chosen = &b.Queries[i]
			}
		}
		if chosen == nil {
			return nil, httpx.Invalid("queryID", "items.queryNotFound")
		}
	}
	apply := func(def *queryDef) error {
		var node filter.Node
		if err := json.Unmarshal(def.Condition, &node); err != nil {
			return fmt.Errorf("query %d: %w", def.ID, err)
		}
		sql, args, err := filter.Compile(fields.Filter(), node, filter.Params{Me: c.UserID, Project: in.ProjectID, Today: s.now()}, len(q.args))
		if err != nil {
			var fe *filter.Error
			if errors.As(err, &fe) {
				return httpx.Invalid("queryID", fe.Key, fe.Args...)
			}
			return err
		}
		q.where, q.args = append(q.where, sql), append(q.args, args...)
		return nil
	}
	// The view's own query (the package's) bounds the board whatever the
	// user picks: cards, totals and pages all pass through it. A query a
	// later import retired is no longer there and bounds nothing.
	if i := slices.IndexFunc(b.Queries, func(d queryDef) bool { return d.Key == b.QueryKey }); b.QueryKey != "" && i >= 0 {
		if err := apply(&b.Queries[i]); err != nil {
			return nil, err
		}
		p.viewQuery = &b.Queries[i]
	}
	if chosen != nil {
		if err := apply(chosen); err != nil {
			return nil, err
		}
		p.queryID = chosen.ID
	}
	terms := make([]filter.Sort, 0, len(b.Sort))
	for _, t := range b.Sort {
		terms = append(terms, filter.Sort(t))
	}
	if q.order, err = filter.OrderBy(fields.Order(), terms); err != nil {
		return nil, fmt.Errorf("kanban view %d sort: %w", b.ViewID, err)
	}
	for i := range b.Attributes {
		a := &b.Attributes[i]
		if a.Type != "PICKLIST" {
			continue
		}
		q.carried = append(q.carried, table.Attr{ID: a.ID, Key: a.Key, Type: a.Type})
		if b.Fields["color"] == a.Key {
			p.color = a
		}
	}
	return p, nil
}

// card turns a row into a card: the colour is the colour of the view's
// colour picklist option, else the status's.
func (p *prepared) card(r cardRow, statusColor map[int64]string) Card {
	c := Card{ID: r.ID, FormattedID: r.Number, Title: r.Title, StatusID: r.StatusID, ResponsibleID: r.ResponsibleID,
		Color: statusColor[r.StatusID], Values: map[string]string{}, ModificationDateTicks: ticks(r.ModifiedAt)}
	for k, v := range r.Values {
		if s, ok := v.(string); ok {
			c.Values[k] = s
		}
	}
	if p.color != nil {
		for _, o := range p.color.Picklist {
			if o.Value == c.Values[p.color.Key] && o.Color != "" {
				c.Color = o.Color
			}
		}
	}
	return c
}

// statusIDs are the board's columns.
func (p *prepared) statusIDs() []int64 {
	ids := make([]int64, 0, len(p.b.Statuses))
	for _, st := range p.b.Statuses {
		ids = append(ids, st.ID)
	}
	return ids
}

func (p *prepared) statusColors() map[int64]string {
	out := map[int64]string{}
	for _, st := range p.b.Statuses {
		out[st.ID] = st.Color
	}
	return out
}

// Board answers getBoard: the view, its columns in workflow order with
// their first cards and totals, the swimlanes it can be grouped by with
// their lanes, and the users the cards and the responsible lanes show.
func (s *Service) Board(ctx context.Context, c Caller, in BoardInput) (*Board, error) {
	p, err := s.prepare(ctx, c, in)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	b := p.b
	rows, err := s.store.cards(ctx, p.query, p.statusIDs(), 0, p.limit)
	if err != nil {
		return nil, err
	}
	limits, err := s.store.wipLimits(ctx, b.ViewID)
	if err != nil {
		return nil, err
	}
	out := &Board{
		View: ViewInfo{ID: b.ViewID, Key: b.ViewKey, Name: b.ViewName.in(lang), ComponentID: b.ComponentID,
			ComponentKey: b.ComponentKey, ComponentName: b.ComponentName.in(lang), ApplicationID: b.ApplicationID},
		QueryID: p.queryID, Queries: []QueryRef{}, Swimlanes: []Lane{{Field: "ResponsibleName", Options: []LaneOption{}}},
		Columns: []Column{}, PageSize: p.limit, CanConfigure: c.PanelAdmin, WIPStrict: b.WIPStrict,
	}
	for _, q := range b.Queries {
		out.Queries = append(out.Queries, QueryRef{ID: q.ID, Name: q.Name.in(lang), IsDefault: q.Default})
	}
	if q := p.viewQuery; q != nil {
		out.ViewQuery = &QueryRef{ID: q.ID, Name: q.Name.in(lang), IsDefault: q.Default}
	}
	for _, a := range b.Attributes {
		if a.Type != "PICKLIST" {
			continue
		}
		lane := Lane{Field: a.Key, Name: a.Name.in(lang), Options: []LaneOption{}, DependsOn: a.DependsOn}
		for _, o := range a.Picklist {
			lane.Options = append(lane.Options, LaneOption{Value: o.Value, Text: o.Text.in(lang), Color: o.Color, Parent: o.Parent})
		}
		out.Swimlanes = append(out.Swimlanes, lane)
	}
	if l := b.Fields["swimlane"]; slices.ContainsFunc(out.Swimlanes, func(x Lane) bool { return x.Field == l }) {
		out.Swimlane = l
	}
	if p.color != nil {
		out.ColorField = p.color.Key
	}
	colors := p.statusColors()
	index := map[int64]int{}
	for _, st := range b.Statuses {
		index[st.ID] = len(out.Columns)
		limit, set := limits[st.ID]
		if !set {
			limit = b.WIP[st.Key]
		}
		out.Columns = append(out.Columns, Column{ID: st.ID, Key: st.Key, Name: st.Name.in(lang), Color: st.Color,
			Initial: st.Initial, Final: st.Final, WIPLimit: limit, WIPDefault: b.WIP[st.Key], Cards: []Card{}})
	}
	var people []int64
	for _, r := range rows {
		col := &out.Columns[index[r.StatusID]]
		col.Cards = append(col.Cards, p.card(r, colors))
		if r.ResponsibleID != nil && !slices.Contains(people, *r.ResponsibleID) {
			people = append(people, *r.ResponsibleID)
		}
	}
	var full, shown []int64
	for i := range out.Columns {
		col := &out.Columns[i]
		if len(col.Cards) > 0 {
			shown = append(shown, col.ID)
		}
		if n, ok := items.PageTotal(len(col.Cards), p.limit, 0); ok {
			col.Total, col.TotalKind = int(n), items.TotalExact
		} else {
			full = append(full, col.ID)
		}
	}
	counted, err := s.store.totals(ctx, p.query, full, shown)
	if err != nil {
		return nil, err
	}
	for _, id := range full {
		col := &out.Columns[index[id]]
		col.Total, col.TotalKind = counted[id].N, counted[id].Kind
	}
	var team []int64
	if s.lanes != nil {
		if team, out.Swimlanes[0].Capped, err = s.lanes.Team(ctx, c, b.ComponentID, in.ProjectID, MaxTeamLanes); err != nil {
			return nil, err
		}
	}
	for _, id := range team {
		if !slices.Contains(people, id) {
			people = append(people, id)
		}
	}
	if out.Users, err = s.store.users(ctx, people); err != nil {
		return nil, err
	}
	for _, u := range out.Users {
		if slices.Contains(team, u.ID) {
			out.Swimlanes[0].Options = append(out.Swimlanes[0].Options, LaneOption{Value: strconv.FormatInt(u.ID, 10), Text: u.Name})
		}
	}
	return out, nil
}

// Column answers getColumn: the cards of one column from offset.
func (s *Service) Column(ctx context.Context, c Caller, in PageInput) (*Page, error) {
	if in.Offset < 0 {
		return nil, httpx.Invalid("offset", "kanban.paramOffset")
	}
	p, err := s.prepare(ctx, c, in.BoardInput)
	if err != nil {
		return nil, err
	}
	if !slices.ContainsFunc(p.b.Statuses, func(st statusDef) bool { return st.ID == in.StatusID }) {
		return nil, httpx.Invalid("statusID", "kanban.paramStatus")
	}
	rows, err := s.store.cards(ctx, p.query, []int64{in.StatusID}, in.Offset, p.limit)
	if err != nil {
		return nil, err
	}
	out := &Page{StatusID: in.StatusID, Offset: in.Offset, Cards: []Card{}}
	colors := p.statusColors()
	var people []int64
	for _, r := range rows {
		out.Cards = append(out.Cards, p.card(r, colors))
		if r.ResponsibleID != nil && !slices.Contains(people, *r.ResponsibleID) {
			people = append(people, *r.ResponsibleID)
		}
	}
	if n, ok := items.PageTotal(len(rows), p.limit, in.Offset); ok {
		out.Total, out.TotalKind = int(n), items.TotalExact
	} else {
		// The total the board shows: its share among the columns with a card.
		firsts, err := s.store.cards(ctx, p.query, p.statusIDs(), 0, 1)
		if err != nil {
			return nil, err
		}
		shown := make([]int64, 0, len(firsts))
		for _, r := range firsts {
			shown = append(shown, r.StatusID)
		}
		counted, err := s.store.totals(ctx, p.query, []int64{in.StatusID}, shown)
		if err != nil {
			return nil, err
		}
		out.Total, out.TotalKind = counted[in.StatusID].N, counted[in.StatusID].Kind
	}
	if out.Users, err = s.store.users(ctx, people); err != nil {
		return nil, err
	}
	return out, nil
}

// BoardsInput selects the boards of an application (0: every application).
type BoardsInput struct {
	AppID int64
}

// Boards answers getBoards: the kanban views the caller may open, each
// with its runtime link.
func (s *Service) Boards(ctx context.Context, c Caller, in BoardsInput) ([]BoardRef, error) {
	refs, names, comps, err := s.store.boards(ctx, c, in.AppID)
	if err != nil {
		return nil, err
	}
	lang := i18n.LangOf(ctx)
	out := []BoardRef{}
	for i, r := range refs {
		r.Name, r.ComponentName = names[i].in(lang), comps[i].in(lang)
		r.Link = Link(r.ApplicationID, r.ID, r.Name)
		out = append(out, r)
	}
	return out, nil
}

// Link is the runtime path of a board (spec section 2).
func Link(appID, viewID int64, title string) string {
	return "/runtime/" + strconv.FormatInt(appID, 10) + "/kanban/" + strconv.FormatInt(viewID, 10) + "/" + pathEscape(title)
}

// WIPInput sets the work-in-progress limits of a board: a limit per status
// id; 0 removes one.
type WIPInput struct {
	ViewID int64      `json:"viewID"`
	Limits []WIPLimit `json:"limits"`
}

// WIPLimit is the limit of one column.
type WIPLimit struct {
	StatusID int64 `json:"statusId"`
	Limit    int   `json:"limit"`
}

// SaveWIPLimits answers saveWipLimits: panel administrators set the limits
// of a board; they replace the board's limits.
func (s *Service) SaveWIPLimits(ctx context.Context, c Caller, in WIPInput) (*Board, error) {
	if !c.PanelAdmin {
		return nil, httpx.Forbidden()
	}
	b, err := s.store.board(ctx, c, in.ViewID)
	if err != nil {
		return nil, err
	}
	// Stored are the limits that differ from the package's: one equal to
	// the default follows the package (a re-import may change it), and 0
	// on a column the package limits is kept as "no limit".
	limits := map[int64]int{}
	v := &httpx.Validation{}
	for i, l := range in.Limits {
		field := "limits[" + strconv.Itoa(i) + "]"
		st := slices.IndexFunc(b.Statuses, func(st statusDef) bool { return st.ID == l.StatusID })
		if st < 0 {
			v.Add(field+".statusId", "error.invalid")
		}
		if l.Limit < 0 || l.Limit > MaxWIP {
			v.Add(field+".limit", "error.invalid")
		}
		if st >= 0 && l.Limit != b.WIP[b.Statuses[st].Key] {
			limits[l.StatusID] = l.Limit
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.store.saveWipLimits(ctx, c.UserID, b.ViewID, limits); err != nil {
		return nil, err
	}
	return s.Board(ctx, c, BoardInput{ViewID: b.ViewID, Limit: 1})
}
