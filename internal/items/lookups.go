package items

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Limits of the lookups that fill pickers.
const (
	LookupDefaultLimit = 50
	LookupMaxLimit     = 200
)

// LookupInput is the body of loadUsers, loadCompanies, loadGenericItems and
// (internal/orgunits) loadOrganizationalStructures: a text typed in a
// picker, or the ids of the values already chosen (to show their names).
type LookupInput struct {
	Text  string  `json:"text"`
	IDs   []int64 `json:"ids"`
	Limit int     `json:"limit"`
	// loadGenericItems: the type whose items are offered, and optionally the
	// project they must be in.
	ComponentID int64 `json:"componentId"`
	ProjectID   int64 `json:"projectId"`
}

// Check validates the input (text length, ids, limit; the limit defaulted
// and capped) and returns the ILIKE pattern of its text.
func (in *LookupInput) Check() (string, error) {
	in.Text = strings.TrimSpace(in.Text)
	if utf8.RuneCountInString(in.Text) > SearchMaxText {
		return "", httpx.Invalid("text", "items.searchTooLong", "max", SearchMaxText)
	}
	if len(in.IDs) > LookupMaxLimit {
		return "", httpx.Invalid("ids", "items.tooManyIds", "max", LookupMaxLimit)
	}
	if in.Limit <= 0 {
		in.Limit = LookupDefaultLimit
	}
	in.Limit = min(in.Limit, LookupMaxLimit)
	if in.IDs == nil {
		in.IDs = []int64{}
	}
	return likePattern(in.Text), nil
}

// UserChoice is a user offered by a picker. Login and e-mail are only for
// administrators; everyone gets the name and, for a picture, the address of
// AvatarPath (empty without one), not the image.
type UserChoice struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Login  string `json:"login,omitempty"`
	Email  string `json:"email,omitempty"`
	Avatar string `json:"avatar"`
}

// AvatarPath is where a user's picture is served (the profile module), with
// ?v= changing whenever the user does so it may be cached.
const AvatarPath = "/api/users/avatar/"

// LoadUsers answers loadUsers: active users whose name contains the text
// (accents ignored), or the users with these ids. An administrator (panel
// admin or administrator) also finds them by login and e-mail and sees both;
// nobody else does, so a picker cannot list everybody's addresses.
func (s *Service) LoadUsers(ctx context.Context, c Caller, in LookupInput) ([]UserChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	return s.store.users(ctx, c.UserID, like, in)
}

// LoadGroups answers loadGroups: the user groups (but 'Todos', everybody's)
// by name, or by ids, for GROUPS and USERS_OR_GROUPS fields and a project's
// members; the organizational units are loadOrganizationalStructures'.
func (s *Service) LoadGroups(ctx context.Context, c Caller, in LookupInput) ([]Choice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	return s.store.groups(ctx, like, in)
}

// LoadCompanies answers loadCompanies: companies by name, or by ids.
func (s *Service) LoadCompanies(ctx context.Context, c Caller, in LookupInput) ([]Choice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	return s.store.companies(ctx, like, in)
}

// ItemChoice is an item offered by a picker (GENERIC_ITEM_TYPE attributes).
type ItemChoice struct {
	ID          int64  `json:"id"`
	FormattedID int64  `json:"FormattedID"`
	Title       string `json:"Title"`
	ProjectName string `json:"ProjectName"`
}

// LoadGenericItems answers loadGenericItems: items of a type the caller may
// read whose title contains the text (or whose FormattedID is the number
// typed), newest first; or the readable items with these ids.
func (s *Service) LoadGenericItems(ctx context.Context, c Caller, in LookupInput) ([]ItemChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	if _, err := s.store.component(ctx, c, in.ComponentID, i18n.LangOf(ctx)); err != nil {
		return nil, err
	}
	if in.ProjectID != 0 {
		if ok, err := s.store.projectVisible(ctx, c, in.ProjectID); err != nil {
			return nil, err
		} else if !ok {
			return nil, httpx.NotFound()
		}
	}
	number, err := strconv.ParseInt(in.Text, 10, 64)
	if err != nil {
		number = -1
	}
	return s.store.genericItems(ctx, c, like, number, in)
}

// PicklistInput is the body of loadPicklistItems: the picklist by id, or by
// the attribute that uses it (componentId + attribute key).
type PicklistInput struct {
	PicklistID  int64  `json:"picklistId"`
	ComponentID int64  `json:"componentId"`
	Attribute   string `json:"attribute"`
	// ParentValue is the chosen value of the picklist this one depends on;
	// absent (null), every item is answered with its parentValue.
	ParentValue *string `json:"parentValue"`
}

// PicklistOption is an item of a picklist.
type PicklistOption struct {
	Value         string  `json:"value"`
	Text          string  `json:"text"`
	Color         string  `json:"color"`
	Image         string  `json:"image"`
	IsFontAwesome bool    `json:"isFontAwesome"`
	ParentValue   *string `json:"parentValue"`
}

// LoadPicklistItems answers loadPicklistItems in the caller's language, in
// the package's order. A picklist is readable when a type of its
// application is.
func (s *Service) LoadPicklistItems(ctx context.Context, c Caller, in PicklistInput) ([]PicklistOption, error) {
	lang := i18n.LangOf(ctx)
	if in.PicklistID == 0 {
		comp, err := s.store.component(ctx, c, in.ComponentID, lang)
		if err != nil {
			return nil, err
		}
		for _, a := range comp.Attributes {
			if a.Key == in.Attribute && a.PicklistID != nil {
				in.PicklistID = *a.PicklistID
			}
		}
		if in.PicklistID == 0 {
			return nil, httpx.Invalid("attribute", "items.notAPicklist", "field", in.Attribute)
		}
	}
	dependent, err := s.store.picklistDependent(ctx, c, in.PicklistID)
	if err != nil {
		return nil, err
	}
	filterParent := dependent && in.ParentValue != nil
	parent := ""
	if filterParent {
		parent = *in.ParentValue
	}
	return s.store.picklistItems(ctx, in.PicklistID, lang, filterParent, parent)
}

// StatusChoice is a status offered by the picker of an ITEM_TYPE_STATUS
// attribute, with the colour the lists show it in.
type StatusChoice struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Color   string `json:"color"`
	Initial bool   `json:"initial"`
	Final   bool   `json:"final"`
}

// LoadItemTypeStatuses answers loadItemTypeStatuses: the statuses of a type
// the caller may read (an ITEM_TYPE_STATUS control's target, else the form's)
// in the package's order; text narrows by name, ids resolves chosen values.
func (s *Service) LoadItemTypeStatuses(ctx context.Context, c Caller, in LookupInput) ([]StatusChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	t, err := s.loadType(ctx, c, in.ComponentID)
	if err != nil {
		return nil, err
	}
	return s.store.typeStatuses(ctx, t.comp.ID, like, in, i18n.LangOf(ctx))
}

// CalendarChoice is a work calendar offered by the picker of a CALENDAR
// attribute: the calendar of a resource (a person or a named resource,
// administration's resources), by the resource's id.
type CalendarChoice struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Minutes of work in a week, from the calendar's periods.
	WeeklyMinutes int `json:"weeklyMinutes"`
	Periods       int `json:"periods"`
}

// LoadCalendars answers loadCalendars: work calendars of active resources by
// name (accents ignored) or by ids. Offered to every signed-in user, as users
// and companies are: they carry no item data.
func (s *Service) LoadCalendars(ctx context.Context, c Caller, in LookupInput) ([]CalendarChoice, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	return s.store.calendars(ctx, like, in)
}

// ReadComponent is item type id as the caller may read it; one the caller
// may not read is not found, as one that does not exist. The modules beside
// the core check a form's type with it before reading its item (ReadItem).
func (s *Service) ReadComponent(ctx context.Context, c Caller, id int64) (*Component, error) {
	return s.store.component(ctx, c, id, i18n.LangOf(ctx))
}

// ItemRef is an item as another module names it (a predecessor, a row of a
// schedule), in the caller's language.
type ItemRef struct {
	ID            int64
	Number        int64
	Title         string
	ComponentID   int64
	ComponentName string
	ProjectID     *int64
	StatusName    string
	StatusColor   string
	// Readable: the caller may read the item (its type and its project).
	// An item the caller may not read carries its id only.
	Readable bool
	// Retired: its type is retired (kept for history, offered nowhere).
	Retired bool
}

// ComboRow is an item a picker offers (ItemChoices, internal/forms'
// loadManyToManyComboData); ComponentName says its type (item links offer
// every type).
type ComboRow struct {
	ID            int64  `json:"id"`
	FormattedID   int64  `json:"FormattedID"`
	Title         string `json:"Title"`
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
}

// ItemQuery narrows ItemChoices: items of one type in one project (nil:
// outside projects), but those excluded, whose title contains Text (accents
// ignored) or whose number is Text; Limit 50 by default, 200 at most.
type ItemQuery struct {
	ComponentID int64
	ProjectID   *int64
	Exclude     []int64
	Text        string
	Limit       int
}
