// Package orgunits owns the organizational structure: units in a tree, with
// members and a manager, managed in administration and offered by
// loadOrganizationalStructures to ORGANIZATIONAL_STRUCTURE attributes.
package orgunits

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// MaxNameLength is the longest unit name, as the other administration names.
const MaxNameLength = 200

// MaxMembers bounds the members one save may set.
const MaxMembers = 5000

// Service holds the structure's rules.
type Service struct {
	store *Store
	now   func() time.Time
}

// NewService returns the service; now nil is time.Now.
func NewService(db *pgxpool.Pool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: &Store{db: db}, now: now}
}

// Actor is the caller and their address, for the audit log.
type Actor struct {
	auth.Principal
	Address string
}

func allow(a Actor) error {
	switch {
	case !a.Complete():
		return httpx.Unauthorized()
	case !a.Admin():
		return httpx.Forbidden()
	}
	return nil
}

// Node is a unit as loadOrganizationalStructures answers it.
type Node struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	ParentID *int64 `json:"parentId"`
	Children []Node `json:"children"`
}

// LoadOrganizationalStructures answers loadOrganizationalStructures for any
// signed-in user: with ids, those units (even inactive ones, to name chosen
// values); else the units offered (active, under active ancestors) whose name
// contains the text, as a tree with their ancestors.
func (s *Service) LoadOrganizationalStructures(ctx context.Context, in items.LookupInput) ([]Node, error) {
	like, err := in.Check()
	if err != nil {
		return nil, err
	}
	if len(in.IDs) > 0 {
		return s.store.unitsByID(ctx, in.IDs)
	}
	flat, err := s.store.matching(ctx, like, in.Limit)
	if err != nil {
		return nil, err
	}
	return buildTree(flat), nil
}

// buildTree nests flat (ordered by name) under their parents; a unit whose
// parent is not among them is a root.
func buildTree(flat []Node) []Node {
	present := map[int64]bool{}
	children := map[int64][]int64{}
	byID := map[int64]Node{}
	var roots []int64
	for _, n := range flat {
		present[n.ID] = true
		byID[n.ID] = n
	}
	for _, n := range flat {
		if n.ParentID != nil && present[*n.ParentID] {
			children[*n.ParentID] = append(children[*n.ParentID], n.ID)
		} else {
			roots = append(roots, n.ID)
		}
	}
	var build func(id int64) Node
	build = func(id int64) Node {
		n := byID[id]
		n.Children = []Node{}
		for _, c := range children[id] {
			n.Children = append(n.Children, build(c))
		}
		return n
	}
	out := []Node{}
	for _, id := range roots {
		out = append(out, build(id))
	}
	return out
}

// Member is a user in a unit.
type Member struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Unit is a unit as administration edits it; the list is flat, each unit
// naming its parent, ordered by name.
type Unit struct {
	ID          int64    `json:"id"`
	Name        string   `json:"name"`
	ParentID    *int64   `json:"parentId"`
	Active      bool     `json:"active"`
	ManagerID   *int64   `json:"managerId"`
	ManagerName string   `json:"managerName"`
	Members     []Member `json:"members"`
}

// Units lists every unit for administration.
func (s *Service) Units(ctx context.Context, a Actor) ([]Unit, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	return s.store.units(ctx, s.store.db, nil)
}

// SaveInput creates (id 0) or changes a unit: its name, parent (nil: top
// level), active flag, manager and the whole list of members.
type SaveInput struct {
	ID        int64   `json:"id"`
	Name      string  `json:"name"`
	ParentID  *int64  `json:"parentId"`
	Active    *bool   `json:"active"`
	ManagerID *int64  `json:"managerId"`
	MemberIDs []int64 `json:"memberIds"`
}

func (in *SaveInput) check() error {
	in.Name = strings.TrimSpace(in.Name)
	switch {
	case in.Name == "":
		return httpx.Invalid("name", "error.required")
	case utf8.RuneCountInString(in.Name) > MaxNameLength:
		return httpx.Invalid("name", "admin.tooLong", "max", MaxNameLength)
	case in.ID < 0:
		return httpx.Invalid("id", "admin.invalidID")
	case in.ParentID != nil && *in.ParentID <= 0:
		return httpx.Invalid("parentId", "orgunits.unknownParent")
	case in.ParentID != nil && *in.ParentID == in.ID:
		return httpx.Invalid("parentId", "orgunits.cycle")
	case in.ManagerID != nil && *in.ManagerID <= 0:
		return httpx.Invalid("managerId", "admin.unknownUser")
	case len(in.MemberIDs) > MaxMembers:
		return httpx.Invalid("memberIds", "orgunits.tooManyMembers", "max", MaxMembers)
	}
	in.MemberIDs = distinct(in.MemberIDs)
	return nil
}

// Save creates or changes a unit. The tree is locked for the change, so
// two moves at once cannot close a cycle between them.
func (s *Service) Save(ctx context.Context, a Actor, in SaveInput) (Unit, error) {
	if err := allow(a); err != nil {
		return Unit{}, err
	}
	if err := in.check(); err != nil {
		return Unit{}, err
	}
	active := in.Active == nil || *in.Active
	var saved Unit
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if err := lockTree(ctx, tx); err != nil {
			return err
		}
		var before *Unit
		if in.ID != 0 {
			b, err := s.store.unit(ctx, tx, in.ID)
			if err != nil {
				return err
			}
			before = &b
		}
		if in.ParentID != nil {
			ok, cycle, err := s.store.parentFits(ctx, tx, *in.ParentID, in.ID)
			switch {
			case err != nil:
				return err
			case !ok:
				return httpx.Invalid("parentId", "orgunits.unknownParent")
			case cycle:
				return httpx.Invalid("parentId", "orgunits.cycle")
			}
		}
		users := in.MemberIDs
		if in.ManagerID != nil {
			users = append([]int64{*in.ManagerID}, users...)
		}
		if known, err := s.store.knownUsers(ctx, tx, users); err != nil {
			return err
		} else if known != len(distinct(users)) {
			field := "memberIds"
			if in.ManagerID != nil {
				if ok, err := s.store.knownUsers(ctx, tx, []int64{*in.ManagerID}); err != nil {
					return err
				} else if ok == 0 {
					field = "managerId"
				}
			}
			return httpx.Invalid(field, "admin.unknownUser")
		}
		id, err := s.store.write(ctx, tx, in, active)
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.ConstraintName == "org_unit_sibling_name" {
			return httpx.Invalid("name", "orgunits.nameTaken")
		}
		if err != nil {
			return err
		}
		saved, err = s.store.unit(ctx, tx, id)
		if err != nil {
			return err
		}
		kind := "admin.orgUnit.created"
		var b any
		if before != nil {
			kind, b = "admin.orgUnit.updated", auditView(*before)
		}
		return s.record(ctx, tx, a, kind, id, b, auditView(saved))
	})
	return saved, err
}

// Delete removes a unit that has no child units and that no item's value
// names (its values would lose their name).
func (s *Service) Delete(ctx context.Context, a Actor, id int64) error {
	if err := allow(a); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if err := lockTree(ctx, tx); err != nil {
			return err
		}
		u, err := s.store.unit(ctx, tx, id)
		if err != nil {
			return err
		}
		children, err := s.store.childCount(ctx, tx, id)
		if err != nil {
			return err
		}
		if children > 0 {
			return httpx.Fail(http.StatusConflict, pluralKey("orgunits.hasChildren", children), "count", children)
		}
		uses, err := s.store.itemUses(ctx, tx, id)
		if err != nil {
			return err
		}
		if uses > 0 {
			return httpx.Fail(http.StatusConflict, pluralKey("orgunits.inUse", uses), "count", uses)
		}
		if err := s.store.remove(ctx, tx, id); err != nil {
			return err
		}
		return s.record(ctx, tx, a, "admin.orgUnit.deleted", id, auditView(u), nil)
	})
}

// pluralKey picks the message's singular or plural form.
func pluralKey(key string, n int) string {
	if n == 1 {
		return key + "One"
	}
	return key + "Other"
}

// auditView is a unit as the audit log keeps it: member ids, not names.
func auditView(u Unit) map[string]any {
	members := make([]int64, 0, len(u.Members))
	for _, m := range u.Members {
		members = append(members, m.ID)
	}
	return map[string]any{"name": u.Name, "parentId": u.ParentID, "active": u.Active, "managerId": u.ManagerID,
		"members": members}
}

func (s *Service) record(ctx context.Context, db audit.Execer, a Actor, kind string, id int64, before, after any) error {
	detail := audit.ChangeDetail("orgUnit", id, before, after)
	if err := audit.Record(ctx, db, audit.Event{At: s.now(), UserID: a.UserID, Login: a.Login, Kind: kind,
		Address: a.Address, Detail: detail}); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}

func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := []int64{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
