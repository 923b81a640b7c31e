// Package projects is who works in a project and how: the users and groups
// of a project, each with a role (manager, member, read_only), and the calls
// that load and save them (docs/projects.md). The access rule these roles
// feed is the item core's (internal/items/store_access.go, migration 00105);
// this module only writes the rows it reads.
package projects

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// The roles a user or a group holds in a project (the item core's names).
const (
	RoleManager  = items.RoleManager
	RoleMember   = items.RoleMember
	RoleReadOnly = items.RoleReadOnly
)

// Roles lists the roles, strongest first.
var Roles = []string{RoleManager, RoleMember, RoleReadOnly}

// Caller is the signed-in user as these calls need them: the audit log
// names their login and address.
type Caller struct {
	UserID     int64
	PanelAdmin bool
	Login      string
	Address    string
}

// Service runs the project permission calls.
type Service struct {
	store *Store
	now   func() time.Time
	// items reads the item history for the project page.
	items itemHistory
}

// NewService returns the service over pool; now is the audit log's clock.
func NewService(pool *pgxpool.Pool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: NewStore(pool), now: now, items: items.NewService(items.NewStore(pool), now)}
}

// ProjectInput names a project.
type ProjectInput struct {
	ProjectID httpx.ID `json:"projectId"`
}

// UserRole is a user's own role in a project.
type UserRole struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Login string `json:"login"`
	Role  string `json:"role"`
}

// GroupRole is a group's role in a project; its members hold it.
type GroupRole struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Role string `json:"role"`
}

// Permissions is loadProjectPermissions' answer. ReadOnly says the caller
// may not change them (neither a manager of the project nor a panel
// administrator).
type Permissions struct {
	ProjectID   int64       `json:"projectId"`
	ProjectName string      `json:"projectName"`
	ReadOnly    bool        `json:"readOnly"`
	Users       []UserRole  `json:"users"`
	Groups      []GroupRole `json:"groups"`
}

// Grant is one user or group and its role in saveProjectPermissions.
type Grant struct {
	ID   httpx.ID `json:"id"`
	Role string   `json:"role"`
}

// SaveInput is saveProjectPermissions' body: the project's whole lists,
// which replace the ones it has.
type SaveInput struct {
	ProjectID httpx.ID `json:"projectId"`
	Users     []Grant  `json:"users"`
	Groups    []Grant  `json:"groups"`
}

// Title is getProjectTitle's answer.
type Title struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
}

// LoadPermissions answers loadProjectPermissions: anyone who may read the
// project sees its users and groups; an unknown project and one the caller
// may not read answer the same 404.
func (s *Service) LoadPermissions(ctx context.Context, c Caller, in ProjectInput) (*Permissions, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	var out *Permissions
	err := pgx.BeginTxFunc(ctx, s.store.db, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		out, err = s.store.permissions(ctx, tx, c, int64(in.ProjectID))
		return err
	})
	return out, err
}

// GetTitle answers getProjectTitle: the name of a project the caller may read.
func (s *Service) GetTitle(ctx context.Context, c Caller, in ProjectInput) (*Title, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	name, _, err := s.store.project(ctx, s.store.db, c, int64(in.ProjectID), false)
	if err != nil {
		return nil, err
	}
	return &Title{ID: int64(in.ProjectID), Title: name}, nil
}

// SavePermissions answers saveProjectPermissions: the lists replace the
// project's in one transaction, every change goes to the audit log, and the
// answer is the project's permissions as loadProjectPermissions gives them.
// Only a panel administrator or a manager of the project (by their own role
// or a group's) may save; the project keeps at least one manager.
func (s *Service) SavePermissions(ctx context.Context, c Caller, in SaveInput) (*Permissions, error) {
	if in.ProjectID == 0 {
		return nil, httpx.Invalid("projectId", "projects.projectMissing")
	}
	users, err := grants(in.Users, "users", "projects.userTwice")
	if err != nil {
		return nil, err
	}
	groups, err := grants(in.Groups, "groups", "projects.groupTwice")
	if err != nil {
		return nil, err
	}
	project := int64(in.ProjectID)
	var out *Permissions
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		name, manages, err := s.store.project(ctx, tx, c, project, true)
		if err != nil {
			return err
		}
		if !manages {
			return httpx.Fail(http.StatusForbidden, "projects.notManager")
		}
		before, err := s.store.permissions(ctx, tx, c, project)
		if err != nil {
			return err
		}
		if err := s.store.checkUsers(ctx, tx, users, before.Users); err != nil {
			return err
		}
		if err := s.store.checkGroups(ctx, tx, groups); err != nil {
			return err
		}
		if !slices.ContainsFunc(users, isManager) && !slices.ContainsFunc(groups, isManager) {
			return httpx.Fail(http.StatusConflict, "projects.lastManager")
		}
		if err := s.store.replace(ctx, tx, project, users, groups); err != nil {
			return err
		}
		if out, err = s.store.permissions(ctx, tx, c, project); err != nil {
			return err
		}
		out.ReadOnly = false
		return s.record(ctx, tx, c, project, name, before, out)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// role is one id's role as the store writes it.
type role struct {
	id   int64
	role string
}

func isManager(r role) bool { return r.role == RoleManager }

// grants checks one list's roles and repeats; field names the list.
func grants(list []Grant, field, twice string) ([]role, error) {
	out := make([]role, 0, len(list))
	seen := map[int64]bool{}
	for i, g := range list {
		at := fmt.Sprintf("%s[%d]", field, i)
		if g.ID == 0 {
			return nil, httpx.Invalid(at+".id", "error.idInvalid", "field", at+".id")
		}
		if !slices.Contains(Roles, g.Role) {
			return nil, httpx.Invalid(at+".role", "projects.roleUnknown", "role", g.Role)
		}
		if seen[int64(g.ID)] {
			return nil, httpx.Invalid(at+".id", twice, "id", int64(g.ID))
		}
		seen[int64(g.ID)] = true
		out = append(out, role{id: int64(g.ID), role: g.Role})
	}
	return out, nil
}

// change is one line of the audit detail: who or what, and the roles
// before and after ("" when absent).
type change struct {
	Kind string `json:"kind"` // user or group
	ID   int64  `json:"id"`
	Name string `json:"name"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// record writes one audit event of a save that changed something, naming
// the project and each user or group added, removed or given another role.
func (s *Service) record(ctx context.Context, tx pgx.Tx, c Caller, project int64, name string, before, after *Permissions) error {
	var added, removed, changed []change
	diff := func(kind string, old, new map[int64][2]string) {
		for id, o := range old {
			n, ok := new[id]
			switch {
			case !ok:
				removed = append(removed, change{Kind: kind, ID: id, Name: o[0], From: o[1]})
			case n[1] != o[1]:
				changed = append(changed, change{Kind: kind, ID: id, Name: n[0], From: o[1], To: n[1]})
			}
		}
		for id, n := range new {
			if _, ok := old[id]; !ok {
				added = append(added, change{Kind: kind, ID: id, Name: n[0], To: n[1]})
			}
		}
	}
	diff("user", userMap(before.Users), userMap(after.Users))
	diff("group", groupMap(before.Groups), groupMap(after.Groups))
	if len(added)+len(removed)+len(changed) == 0 {
		return nil
	}
	for _, l := range [][]change{added, removed, changed} {
		slices.SortFunc(l, func(a, b change) int { return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.ID, b.ID)) })
	}
	detail := map[string]any{"entity": "project", "entityId": project, "project": name}
	for k, l := range map[string][]change{"added": added, "removed": removed, "changed": changed} {
		if len(l) > 0 {
			detail[k] = l
		}
	}
	return audit.Record(ctx, tx, audit.Event{At: s.now(), UserID: c.UserID, Login: c.Login, Kind: "project.permissions",
		Address: c.Address, Detail: detail})
}

func userMap(l []UserRole) map[int64][2]string {
	m := make(map[int64][2]string, len(l))
	for _, u := range l {
		m[u.ID] = [2]string{u.Login, u.Role}
	}
	return m
}

func groupMap(l []GroupRole) map[int64][2]string {
	m := make(map[int64][2]string, len(l))
	for _, g := range l {
		m[g.ID] = [2]string{g.Name, g.Role}
	}
	return m
}
