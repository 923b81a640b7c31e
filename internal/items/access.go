package items

// Who may read what. Both fragments take $1 the user id and $2 whether the
// user is a panel administrator, and are ANDed into every query that returns
// items, so lists, lookups, exports and search share one rule.

// componentReadable holds over component c: the caller may use its
// application and a group of the caller has read on the type.
const componentReadable = `($2 OR (EXISTS (
		SELECT 1 FROM application_group ag JOIN user_group g ON g.id = ag.group_id
		WHERE ag.application_id = c.application_id
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1)))
	AND EXISTS (
		SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
		WHERE cg.component_id = c.id AND cg.can_read
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1)))))`

// componentGrant is componentReadable with another right in place of read.
func componentGrant(right string) string {
	switch right {
	case "delete":
		return `($2 OR EXISTS (SELECT 1 FROM component_grant cg JOIN user_group g ON g.id = cg.group_id
		WHERE cg.component_id = c.id AND cg.can_delete
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1))))`
	}
	return componentReadable
}

// projectReadable holds over project p for a member or its manager.
const projectReadable = `($2 OR p.manager_id = $1 OR EXISTS (
	SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1))`

// itemReadable holds over item i: an item outside projects follows its type
// only; an item in a project also needs the caller in the project.
const itemReadable = `(i.deleted_at IS NULL AND ($2 OR i.project_id IS NULL OR EXISTS (
	SELECT 1 FROM project p WHERE p.id = i.project_id AND (p.manager_id = $1 OR EXISTS (
		SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1)))))`

// itemWritable is itemReadable for changes: project members need write.
const itemWritable = `(i.deleted_at IS NULL AND ($2 OR i.project_id IS NULL OR EXISTS (
	SELECT 1 FROM project p WHERE p.id = i.project_id AND (p.manager_id = $1 OR EXISTS (
		SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1 AND pm.can_write)))))`
