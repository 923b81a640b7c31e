package items

// Who may read what: one rule for every query that returns items. The core's
// queries write it from these conditions; the modules select from the SQL
// functions of migration 00100 (readable_item...), held to them by a test.

// access writes the SQL conditions of one caller's rights: User and Admin are
// SQL expressions (normally placeholders), over the aliases c component, p
// project, i item. Nothing of a request becomes text: values stay parameters.
type access struct {
	User  string
	Admin string
}

// callerAccess is the caller as $1 (user id) and $2 (panel administrator),
// the first two arguments of every query that applies these rules.
var callerAccess = access{User: "$1", Admin: "$2"}

// Right is a right a group may hold over an item type (component_grant).
type Right string

// The rights of component_grant.
const (
	RightRead   Right = "read"
	RightCreate Right = "create"
	RightUpdate Right = "update"
	RightDelete Right = "delete"
)

// grantColumn maps a right to its column; an unknown right is read, the
// narrowest one, so a mistake never widens access.
func grantColumn(r Right) string {
	switch r {
	case RightCreate:
		return "cg.can_create"
	case RightUpdate:
		return "cg.can_update"
	case RightDelete:
		return "cg.can_delete"
	}
	return "cg.can_read"
}

// member holds over group g when the caller is in it (a group of all users
// holds everyone).
func (a access) member() string {
	return `(g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = ` + a.User + `))`
}

// ApplicationUsable holds when the caller may use the application whose id
// is the column appID (getAllowedApplications decides the same way).
func (a access) ApplicationUsable(appID string) string {
	return `(` + a.Admin + ` OR ` + a.usesApplication(appID) + `)`
}

// ComponentGranted holds over component c when a group of the caller has
// right on the type; it says nothing about the application (see
// ComponentReadable).
func (a access) ComponentGranted(r Right) string {
	return `(` + a.Admin + ` OR ` + a.granted(r) + `)`
}

// ComponentReadable holds over component c: the caller may use its
// application and a group of the caller has read on the type.
func (a access) ComponentReadable() string {
	return `(` + a.Admin + ` OR (` + a.usesApplication("c.application_id") + ` AND ` + a.granted(RightRead) + `))`
}

func (a access) usesApplication(appID string) string {
	return `EXISTS (
		SELECT 1 FROM application_group ag JOIN user_group g ON g.id = ag.group_id
		WHERE ag.application_id = ` + appID + ` AND ` + a.member() + `)`
}

func (a access) granted(r Right) string {
	return `EXISTS (SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
		WHERE cg.component_id = c.id AND ` + grantColumn(r) + ` AND ` + a.member() + `)`
}

// The project roles (project_member.role, project_group.role; migration
// 00105): every role reads the project's items, manager and member change
// them, read_only never.
const (
	RoleManager  = "manager"
	RoleMember   = "member"
	RoleReadOnly = "read_only"
)

// writeRoles is the SQL list of the roles that change a project's items.
const writeRoles = `('manager', 'member')`

// inProject holds when the caller holds a role in the project whose id is
// the column project, their own or a group's; with write, a role that
// changes items. The strongest role wins, so one such row is enough. The
// subquery names no outer column: PostgreSQL hashes the caller's projects
// once instead of probing the members for every row a list scans.
func (a access) inProject(project string, write bool) string {
	own, grp := "", ""
	if write {
		own = ` AND pm.role IN ` + writeRoles
		grp = ` AND pg.role IN ` + writeRoles
	}
	return project + ` IN (SELECT pm.project_id FROM project_member pm WHERE pm.user_id = ` + a.User + own + `
	UNION ALL SELECT pg.project_id FROM project_group pg JOIN user_group g ON g.id = pg.group_id
		WHERE ` + a.member() + grp + `)`
}

// ProjectReadable holds over project p for whoever holds a role in it.
func (a access) ProjectReadable() string {
	return `(` + a.Admin + ` OR ` + a.inProject("p.id", false) + `)`
}

// ProjectWritable holds over project p for its managers and members.
func (a access) ProjectWritable() string {
	return `(` + a.Admin + ` OR ` + a.inProject("p.id", true) + `)`
}

// ItemReadable holds over item i (not deleted): outside projects it follows
// the type only (AND ComponentReadable where the type is not checked); in a
// project the caller must hold a role in it too.
func (a access) ItemReadable() string { return a.item(false) }

// ItemWritable is ItemReadable for changes: the role must be manager or member.
func (a access) ItemWritable() string { return a.item(true) }

func (a access) item(write bool) string {
	return `(i.deleted_at IS NULL AND (` + a.Admin + ` OR i.project_id IS NULL
	OR ` + a.inProject("i.project_id", write) + `))`
}

// The caller's conditions as this package's queries use them.
var (
	componentReadable = callerAccess.ComponentReadable()
	projectReadable   = callerAccess.ProjectReadable()
	itemReadable      = callerAccess.ItemReadable()
	itemWritable      = callerAccess.ItemWritable()
)

// componentGrant is componentReadable with another right in place of read
// (without the application check, which deleting does not ask).
func componentGrant(right string) string {
	if right == "delete" {
		return callerAccess.ComponentGranted(RightDelete)
	}
	return componentReadable
}
