// Package schedule is when items happen relative to each other: the
// predecessors of an item (the predecessors form control), as in a project
// schedule. It reads, checks and versions items through the item core
// (internal/items).
package schedule

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// DependencyTypes are the ways an item may depend on a predecessor: finish
// to start (the default), start to start, finish to finish, start to finish.
var DependencyTypes = []string{"FS", "SS", "FF", "SF"}

const (
	// MaxPredecessorLag bounds a lag in days, either way (ten years).
	MaxPredecessorLag = 3650
	// MaxPredecessors caps the predecessors of one item.
	MaxPredecessors = 200
)

// Types is what the service asks of the item core besides its functions:
// a form's type as the caller may read it, and new items of it
// (*items.Service).
type Types interface {
	ReadComponent(ctx context.Context, c items.Caller, id int64) (*items.Component, error)
	// NewItems creates items of a type, as scheduleUpload does.
	NewItems(ctx context.Context, c items.Caller, componentID int64) (*items.NewItems, error)
}

// Service runs the predecessors calls.
type Service struct {
	store *Store
	types Types
}

// NewService returns the service.
func NewService(store *Store, types Types) *Service {
	return &Service{store: store, types: types}
}

// PredecessorInput is the body of the predecessors calls: the form's item
// (itemId of componentId) and the predecessor they add, change or remove.
type PredecessorInput struct {
	ItemID        httpx.ID `json:"itemId"`
	ComponentID   httpx.ID `json:"componentId"`
	PredecessorID httpx.ID `json:"predecessorId"`
	// PredecessorComponentID is the type the control names (its
	// componentId); 0: predecessors are of the item's own type.
	PredecessorComponentID httpx.ID `json:"predecessorComponentId"`
	// Type is FS (when empty), SS, FF or SF; Lag is in days.
	Type string `json:"type"`
	Lag  int    `json:"lag"`
	// Text and Limit narrow loadPredecessorChoices (title or FormattedID).
	Text  string `json:"text"`
	Limit int    `json:"limit"`
}

// Predecessor is one predecessor as the control shows it. One the caller
// may not read keeps its type and lag but is not named (Hidden, no id).
type Predecessor struct {
	ID            int64  `json:"id"`
	FormattedID   int64  `json:"FormattedID"`
	Title         string `json:"Title"`
	ComponentID   int64  `json:"componentId"`
	ComponentName string `json:"componentName"`
	StatusName    string `json:"StatusName"`
	StatusColor   string `json:"StatusColor"`
	Type          string `json:"type"`
	Lag           int    `json:"lag"`
	Hidden        bool   `json:"hidden"`
}

// PredecessorList is the answer of every predecessors call but the choices.
type PredecessorList struct {
	Rows []Predecessor `json:"rows"`
	// CanEdit: the caller may add, change and remove predecessors.
	CanEdit bool `json:"canEdit"`
	MaxLag  int  `json:"maxLag"`
	Max     int  `json:"max"`
}

// predecessorOf loads the form's item, readable by the caller.
func (s *Service) predecessorOf(ctx context.Context, c items.Caller, in PredecessorInput) (*items.Item, error) {
	comp, err := s.types.ReadComponent(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	return items.ReadItem(ctx, s.store.db, c, comp.ID, int64(in.ItemID), false)
}

// LoadPredecessors answers loadPredecessorsFormData: the item's
// predecessors in the order they were added.
func (s *Service) LoadPredecessors(ctx context.Context, c items.Caller, in PredecessorInput) (*PredecessorList, error) {
	it, err := s.predecessorOf(ctx, c, in)
	if err != nil {
		return nil, err
	}
	return s.predecessorList(ctx, s.store.db, c, it)
}

// predecessorList lists the item's predecessors that are not deleted, in
// the order they were added; one the caller may not read is not named.
func (s *Service) predecessorList(ctx context.Context, q items.Querier, c items.Caller, it *items.Item) (*PredecessorList, error) {
	deps, err := s.store.predecessors(ctx, q, it.ID)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(deps))
	for i, d := range deps {
		ids[i] = d.ID
	}
	refs, err := items.ItemRefs(ctx, q, c, ids)
	if err != nil {
		return nil, err
	}
	list := []Predecessor{}
	for _, d := range deps {
		ref, ok := refs[d.ID]
		switch {
		case !ok:
		case !ref.Readable || ref.Retired:
			list = append(list, Predecessor{Type: d.Type, Lag: d.Lag, Hidden: true})
		default:
			list = append(list, Predecessor{ID: ref.ID, FormattedID: ref.Number, Title: ref.Title, ComponentID: ref.ComponentID,
				ComponentName: ref.ComponentName, StatusName: ref.StatusName, StatusColor: ref.StatusColor, Type: d.Type, Lag: d.Lag})
		}
	}
	ok, err := items.CanUpdate(ctx, q, c, it.ComponentID, it.ID)
	if err != nil {
		return nil, err
	}
	return &PredecessorList{Rows: list, CanEdit: ok, MaxLag: MaxPredecessorLag, Max: MaxPredecessors}, nil
}

// checkDependency validates the type (FS when empty) and the lag.
func checkDependency(in *PredecessorInput) error {
	if in.Type == "" {
		in.Type = "FS"
	}
	if !slices.Contains(DependencyTypes, in.Type) {
		return httpx.Invalid("type", "items.predecessors.badType")
	}
	if in.Lag < -MaxPredecessorLag || in.Lag > MaxPredecessorLag {
		return httpx.Invalid("lag", "items.predecessors.badLag", "max", MaxPredecessorLag)
	}
	return nil
}

// changePredecessors runs change in a transaction on the form's item,
// locked, once the caller may change it; a change that returns true writes
// a version of the item (its history), and the answer is the new list.
func (s *Service) changePredecessors(ctx context.Context, c items.Caller, in PredecessorInput, change func(pgx.Tx, *items.Item) (bool, error)) (*PredecessorList, error) {
	comp, err := s.types.ReadComponent(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	var out *PredecessorList
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		it, err := items.ReadItem(ctx, tx, c, comp.ID, int64(in.ItemID), true)
		if err != nil {
			return err
		}
		if ok, err := items.CanUpdate(ctx, tx, c, it.ComponentID, it.ID); err != nil {
			return err
		} else if !ok {
			return httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
		}
		changed, err := change(tx, it)
		if err != nil {
			return err
		}
		// A version of the item records the change (the version trigger
		// takes the predecessors' snapshot); the item's modified_at stays, so
		// a form open on the item still saves.
		if changed {
			if _, err := items.Mutate(ctx, tx, c.UserID, it.ID, items.Change{Operation: "predecessors", KeepModified: true}); err != nil {
				return fmt.Errorf("predecessors version: %w", err)
			}
		}
		out, err = s.predecessorList(ctx, tx, c, it)
		return err
	})
	return out, err
}

// readableCandidate loads item id, offered or given as a predecessor, when
// the caller may read it.
func readableCandidate(ctx context.Context, q items.Querier, c items.Caller, id int64) (*items.ItemRef, error) {
	refs, err := items.ItemRefs(ctx, q, c, []int64{id})
	if err != nil {
		return nil, err
	}
	p, ok := refs[id]
	if !ok || !p.Readable || p.Retired {
		return nil, httpx.NotFound()
	}
	return &p, nil
}

// AddPredecessor makes the item depend on predecessorId, of its project and of
// the control's type (else the item's own). Refused: the item itself, one
// already there, one depending on it at any depth, or past MaxPredecessors.
func (s *Service) AddPredecessor(ctx context.Context, c items.Caller, in PredecessorInput) (*PredecessorList, error) {
	if err := checkDependency(&in); err != nil {
		return nil, err
	}
	if in.PredecessorID == 0 {
		return nil, httpx.Invalid("predecessorId", "items.predecessors.required")
	}
	if in.PredecessorID == in.ItemID {
		return nil, httpx.Invalid("predecessorId", "items.predecessors.self")
	}
	return s.changePredecessors(ctx, c, in, func(tx pgx.Tx, it *items.Item) (bool, error) {
		p, err := readableCandidate(ctx, tx, c, int64(in.PredecessorID))
		if err != nil {
			return false, err
		}
		number := fmt.Sprintf("#%d %s", p.Number, p.Title)
		allowed := it.ComponentID
		if in.PredecessorComponentID != 0 {
			allowed = int64(in.PredecessorComponentID)
		}
		if p.ComponentID != allowed {
			return false, httpx.Invalid("predecessorId", "items.predecessors.wrongType", "item", number)
		}
		if !sameProject(it.ProjectID, p.ProjectID) {
			return false, httpx.Invalid("predecessorId", "items.predecessors.otherProject", "item", number)
		}
		// Two additions at once could each close half of a cycle: within a
		// project they take turns.
		project := int64(0)
		if it.ProjectID != nil {
			project = *it.ProjectID
		}
		if err := s.store.lockProject(ctx, tx, project); err != nil {
			return false, err
		}
		exists, cycle, count, err := s.store.check(ctx, tx, it.ID, p.ID)
		if err != nil {
			return false, err
		}
		switch {
		case exists:
			return false, httpx.Invalid("predecessorId", "items.predecessors.duplicate", "item", number)
		case cycle:
			return false, httpx.Invalid("predecessorId", "items.predecessors.cycle", "item", number)
		case count >= MaxPredecessors:
			return false, httpx.Invalid("predecessorId", "items.predecessors.tooMany", "max", MaxPredecessors)
		}
		return true, s.store.add(ctx, tx, it.ID, p.ID, in.Type, in.Lag, c.UserID)
	})
}

func sameProject(a, b *int64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// UpdatePredecessor answers updatePredecessor: a new type and lag for a
// predecessor the caller may read.
func (s *Service) UpdatePredecessor(ctx context.Context, c items.Caller, in PredecessorInput) (*PredecessorList, error) {
	if err := checkDependency(&in); err != nil {
		return nil, err
	}
	return s.changePredecessors(ctx, c, in, func(tx pgx.Tx, it *items.Item) (bool, error) {
		if _, err := readableCandidate(ctx, tx, c, int64(in.PredecessorID)); err != nil {
			return false, err
		}
		before, err := s.store.dependency(ctx, tx, it.ID, int64(in.PredecessorID))
		if err != nil {
			return false, err
		}
		if before == nil {
			return false, httpx.Fail(http.StatusNotFound, "items.predecessors.gone")
		}
		if before.Type == in.Type && before.Lag == in.Lag {
			return false, nil
		}
		return true, s.store.update(ctx, tx, it.ID, int64(in.PredecessorID), in.Type, in.Lag)
	})
}

// RemovePredecessor answers removePredecessor: the item no longer depends
// on a predecessor the caller may read.
func (s *Service) RemovePredecessor(ctx context.Context, c items.Caller, in PredecessorInput) (*PredecessorList, error) {
	return s.changePredecessors(ctx, c, in, func(tx pgx.Tx, it *items.Item) (bool, error) {
		if _, err := readableCandidate(ctx, tx, c, int64(in.PredecessorID)); err != nil {
			return false, err
		}
		removed, err := s.store.remove(ctx, tx, it.ID, int64(in.PredecessorID))
		if err != nil {
			return false, err
		}
		if !removed {
			return false, httpx.Fail(http.StatusNotFound, "items.predecessors.gone")
		}
		return true, nil
	})
}

// LoadPredecessorChoices answers the readable items that could become
// predecessors, by title (accents ignored) or FormattedID, 50 by default and
// 200 at most. One that would close a cycle is offered, refused when chosen.
func (s *Service) LoadPredecessorChoices(ctx context.Context, c items.Caller, in PredecessorInput) ([]items.ComboRow, error) {
	it, err := s.predecessorOf(ctx, c, in)
	if err != nil {
		return nil, err
	}
	allowed := it.ComponentID
	if in.PredecessorComponentID != 0 {
		if _, err := s.types.ReadComponent(ctx, c, int64(in.PredecessorComponentID)); err != nil {
			return nil, err
		}
		allowed = int64(in.PredecessorComponentID)
	}
	deps, err := s.store.predecessors(ctx, s.store.db, it.ID)
	if err != nil {
		return nil, err
	}
	exclude := []int64{it.ID}
	for _, d := range deps {
		exclude = append(exclude, d.ID)
	}
	return items.ItemChoices(ctx, s.store.db, c, items.ItemQuery{ComponentID: allowed, ProjectID: it.ProjectID, Exclude: exclude,
		Text: in.Text, Limit: in.Limit})
}

// Dependents refuses deleting an item while a live item has it as a
// predecessor (items.DeleteGuard).
func (s *Service) Dependents(ctx context.Context, tx pgx.Tx, ids []int64) ([]items.Dependent, error) {
	return s.store.successors(ctx, tx, ids)
}
