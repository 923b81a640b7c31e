package items

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// Predecessors of an item (the predecessors form control, docs/items.md):
// the items it depends on, as in a project schedule.

// DependencyTypes are the ways an item may depend on a predecessor: finish
// to start (the default), start to start, finish to finish, start to finish.
var DependencyTypes = []string{"FS", "SS", "FF", "SF"}

const (
	// MaxPredecessorLag bounds a lag in days, either way (ten years).
	MaxPredecessorLag = 3650
	// MaxPredecessors caps the predecessors of one item.
	MaxPredecessors = 200
)

// predecessorRoutes mounts the predecessors calls.
func (h *Handler) predecessorRoutes(r chi.Router) {
	r.Get("/loadPredecessorsFormData", h.loadPredecessors)
	r.Post("/loadPredecessorChoices", httpx.HandleOptional(h.currentUser, h.svc.LoadPredecessorChoices))
	r.Post("/addPredecessor", httpx.HandleOptional(h.currentUser, h.svc.AddPredecessor))
	r.Post("/updatePredecessor", httpx.HandleOptional(h.currentUser, h.svc.UpdatePredecessor))
	r.Post("/removePredecessor", httpx.HandleOptional(h.currentUser, h.svc.RemovePredecessor))
}

func (h *Handler) loadPredecessors(w http.ResponseWriter, r *http.Request) {
	c, ok := h.caller(w, r)
	if !ok {
		return
	}
	item, comp, err := QueryItem(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out, err := h.svc.LoadPredecessors(r.Context(), c, PredecessorInput{ItemID: httpx.ID(item), ComponentID: httpx.ID(comp)})
	httpx.Answer(w, r, out, err)
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
func (s *Service) predecessorOf(ctx context.Context, c Caller, in PredecessorInput) (*Item, error) {
	t, err := s.loadType(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	return ReadItem(ctx, s.store.db, c, t.comp.ID, int64(in.ItemID), false)
}

// LoadPredecessors answers loadPredecessorsFormData: the item's
// predecessors in the order they were added.
func (s *Service) LoadPredecessors(ctx context.Context, c Caller, in PredecessorInput) (*PredecessorList, error) {
	it, err := s.predecessorOf(ctx, c, in)
	if err != nil {
		return nil, err
	}
	return s.predecessorList(ctx, s.store.db, c, it)
}

func (s *Service) predecessorList(ctx context.Context, q Querier, c Caller, it *Item) (*PredecessorList, error) {
	rows, err := q.Query(ctx, `SELECT i.id, i.number, i.title, c.id, coalesce(c.name ->> $4, c.name ->> 'pt-BR'),
			coalesce(st.name ->> $4, st.name ->> 'pt-BR', ''), coalesce(st.color, ''), p.dependency_type, p.lag_days,
			NOT (c.retired_at IS NULL AND `+componentReadable+` AND `+itemReadable+`)
		FROM item_predecessor p JOIN item i ON i.id = p.predecessor_id JOIN component c ON c.id = i.component_id
			LEFT JOIN item_status st ON st.id = i.status_id
		WHERE p.item_id = $3 AND i.deleted_at IS NULL
		ORDER BY p.created_at, p.predecessor_id`, c.UserID, c.PanelAdmin, it.ID, langOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("predecessors: %w", err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Predecessor])
	if err != nil {
		return nil, fmt.Errorf("predecessors: %w", err)
	}
	for i := range list {
		if list[i].Hidden {
			list[i] = Predecessor{Type: list[i].Type, Lag: list[i].Lag, Hidden: true}
		}
	}
	ok, err := CanUpdate(ctx, q, c, it.ComponentID, it.ID)
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
func (s *Service) changePredecessors(ctx context.Context, c Caller, in PredecessorInput, change func(pgx.Tx, *Item) (bool, error)) (*PredecessorList, error) {
	t, err := s.loadType(ctx, c, int64(in.ComponentID))
	if err != nil {
		return nil, err
	}
	var out *PredecessorList
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		it, err := ReadItem(ctx, tx, c, t.comp.ID, int64(in.ItemID), true)
		if err != nil {
			return err
		}
		if ok, err := CanUpdate(ctx, tx, c, it.ComponentID, it.ID); err != nil {
			return err
		} else if !ok {
			return httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
		}
		changed, err := change(tx, it)
		if err != nil {
			return err
		}
		if changed {
			if err := writePredecessorVersion(ctx, tx, c, it.ID); err != nil {
				return err
			}
		}
		out, err = s.predecessorList(ctx, tx, c, it)
		return err
	})
	return out, err
}

// writePredecessorVersion records a change of predecessors as a version of
// the item (the version trigger takes the predecessors' snapshot). The
// item's modified_at stays: a form open on the item still saves.
func writePredecessorVersion(ctx context.Context, tx pgx.Tx, c Caller, item int64) error {
	if _, err := tx.Exec(ctx, `UPDATE item SET version = version + 1 WHERE id = $1`, item); err != nil {
		return fmt.Errorf("predecessors version: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO item_version (item_id, version, title, project_id, parent_id, status_id, responsible_id,
			modifier_id, modified_at, reason, attributes, operation)
		SELECT id, version, title, project_id, parent_id, status_id, responsible_id, $2, greatest(now(), modified_at), reason, attributes,
			'predecessors'
		FROM item WHERE id = $1`, item, c.UserID); err != nil {
		return fmt.Errorf("predecessors version: %w", err)
	}
	return nil
}

// candidate is an item offered or given as a predecessor.
type candidate struct {
	ID          int64
	Number      int64
	Title       string
	ComponentID int64
	ProjectID   *int64
}

// readableCandidate loads item id when the caller may read it.
func readableCandidate(ctx context.Context, q Querier, c Caller, id int64) (*candidate, error) {
	var p candidate
	err := q.QueryRow(ctx, `SELECT i.id, i.number, i.title, i.component_id, i.project_id
		FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.id = $3 AND c.retired_at IS NULL AND `+componentReadable+` AND `+itemReadable,
		c.UserID, c.PanelAdmin, id).Scan(&p.ID, &p.Number, &p.Title, &p.ComponentID, &p.ProjectID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("predecessor %d: %w", id, err)
	}
	return &p, nil
}

// AddPredecessor answers addPredecessor: the item comes to depend on
// predecessorId, of the same project and of the control's type (the item's
// own when the control names none). Refused: the item itself, a
// predecessor already there, one that depends on the item (at any depth: a
// cycle), more than MaxPredecessors.
func (s *Service) AddPredecessor(ctx context.Context, c Caller, in PredecessorInput) (*PredecessorList, error) {
	if err := checkDependency(&in); err != nil {
		return nil, err
	}
	if in.PredecessorID == 0 {
		return nil, httpx.Invalid("predecessorId", "items.predecessors.required")
	}
	if in.PredecessorID == in.ItemID {
		return nil, httpx.Invalid("predecessorId", "items.predecessors.self")
	}
	return s.changePredecessors(ctx, c, in, func(tx pgx.Tx, it *Item) (bool, error) {
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
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('item_predecessor'), ($1 % 2147483647)::int)`, project); err != nil {
			return false, fmt.Errorf("predecessors lock: %w", err)
		}
		var exists, cycle bool
		var count int
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item_predecessor WHERE item_id = $1 AND predecessor_id = $2),
				(WITH RECURSIVE before(id) AS (
					SELECT predecessor_id FROM item_predecessor WHERE item_id = $2
					UNION SELECT p.predecessor_id FROM item_predecessor p JOIN before b ON p.item_id = b.id)
				SELECT EXISTS (SELECT 1 FROM before WHERE id = $1)),
				(SELECT count(*) FROM item_predecessor WHERE item_id = $1)`, it.ID, p.ID).Scan(&exists, &cycle, &count); err != nil {
			return false, fmt.Errorf("predecessors check: %w", err)
		}
		switch {
		case exists:
			return false, httpx.Invalid("predecessorId", "items.predecessors.duplicate", "item", number)
		case cycle:
			return false, httpx.Invalid("predecessorId", "items.predecessors.cycle", "item", number)
		case count >= MaxPredecessors:
			return false, httpx.Invalid("predecessorId", "items.predecessors.tooMany", "max", MaxPredecessors)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO item_predecessor (item_id, predecessor_id, dependency_type, lag_days, created_by)
			VALUES ($1, $2, $3, $4, $5)`, it.ID, p.ID, in.Type, in.Lag, c.UserID); err != nil {
			return false, fmt.Errorf("add predecessor: %w", err)
		}
		return true, nil
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
func (s *Service) UpdatePredecessor(ctx context.Context, c Caller, in PredecessorInput) (*PredecessorList, error) {
	if err := checkDependency(&in); err != nil {
		return nil, err
	}
	return s.changePredecessors(ctx, c, in, func(tx pgx.Tx, it *Item) (bool, error) {
		if _, err := readableCandidate(ctx, tx, c, int64(in.PredecessorID)); err != nil {
			return false, err
		}
		var before struct {
			Type string
			Lag  int
		}
		err := tx.QueryRow(ctx, `SELECT dependency_type, lag_days FROM item_predecessor WHERE item_id = $1 AND predecessor_id = $2 FOR UPDATE`,
			it.ID, int64(in.PredecessorID)).Scan(&before.Type, &before.Lag)
		if errors.Is(err, pgx.ErrNoRows) {
			return false, httpx.Fail(http.StatusNotFound, "items.predecessors.gone")
		}
		if err != nil {
			return false, fmt.Errorf("predecessor: %w", err)
		}
		if before.Type == in.Type && before.Lag == in.Lag {
			return false, nil
		}
		if _, err := tx.Exec(ctx, `UPDATE item_predecessor SET dependency_type = $3, lag_days = $4 WHERE item_id = $1 AND predecessor_id = $2`,
			it.ID, int64(in.PredecessorID), in.Type, in.Lag); err != nil {
			return false, fmt.Errorf("update predecessor: %w", err)
		}
		return true, nil
	})
}

// RemovePredecessor answers removePredecessor: the item no longer depends
// on a predecessor the caller may read.
func (s *Service) RemovePredecessor(ctx context.Context, c Caller, in PredecessorInput) (*PredecessorList, error) {
	return s.changePredecessors(ctx, c, in, func(tx pgx.Tx, it *Item) (bool, error) {
		if _, err := readableCandidate(ctx, tx, c, int64(in.PredecessorID)); err != nil {
			return false, err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM item_predecessor WHERE item_id = $1 AND predecessor_id = $2`, it.ID, int64(in.PredecessorID))
		if err != nil {
			return false, fmt.Errorf("remove predecessor: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return false, httpx.Fail(http.StatusNotFound, "items.predecessors.gone")
		}
		return true, nil
	})
}

// LoadPredecessorChoices answers loadPredecessorChoices: items the caller
// may read that could become predecessors (the control's type, the item's
// project, not the item, not a predecessor yet), by title (accents
// ignored) or FormattedID; 50 by default, 200 at most. An item that would
// close a cycle is offered and refused with its reason when chosen.
func (s *Service) LoadPredecessorChoices(ctx context.Context, c Caller, in PredecessorInput) ([]ComboRow, error) {
	it, err := s.predecessorOf(ctx, c, in)
	if err != nil {
		return nil, err
	}
	allowed := it.ComponentID
	if in.PredecessorComponentID != 0 {
		if _, err := s.store.component(ctx, c, int64(in.PredecessorComponentID), langOf(ctx)); err != nil {
			return nil, err
		}
		allowed = int64(in.PredecessorComponentID)
	}
	look := LookupInput{Text: in.Text, Limit: in.Limit}
	pattern, err := look.check()
	if err != nil {
		return nil, err
	}
	rows, err := s.store.db.Query(ctx, `SELECT i.id, i.number, i.title, c.id, coalesce(c.name ->> $9, c.name ->> 'pt-BR')
		FROM item i JOIN component c ON c.id = i.component_id
		WHERE i.component_id = $4 AND i.project_id IS NOT DISTINCT FROM $5 AND c.retired_at IS NULL AND i.id <> $3
		  AND NOT EXISTS (SELECT 1 FROM item_predecessor p WHERE p.item_id = $3 AND p.predecessor_id = i.id)
		  AND `+componentReadable+` AND `+itemReadable+`
		  AND (tramita_unaccent(i.title) ILIKE tramita_unaccent($6) OR i.number::text = $7)
		ORDER BY (i.number::text = $7) DESC, i.created_at DESC, i.id DESC LIMIT $8`,
		c.UserID, c.PanelAdmin, it.ID, allowed, it.ProjectID, pattern, look.Text, look.Limit, langOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("predecessor choices: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[ComboRow])
	if err != nil {
		return nil, fmt.Errorf("predecessor choices: %w", err)
	}
	return out, nil
}
