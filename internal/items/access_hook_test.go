package items

// AccessConditions are the core's own access conditions for user and admin
// (SQL expressions), over the aliases i (item), c (component), p (project):
// tests hold the SQL functions the modules use (readable_item...) to them.
func AccessConditions(user, admin string) (itemReadable, itemWritable, componentReadable, componentUpdatable, projectReadable string) {
	a := access{User: user, Admin: admin}
	return a.ItemReadable(), a.ItemWritable(), a.ComponentReadable(), a.ComponentGranted(RightUpdate), a.ProjectReadable()
}
