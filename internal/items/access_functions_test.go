package items_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/items"
)

// The modules beside the core read items through SQL functions the core
// owns (readable_item, writable_item, readable_component,
// updatable_component, readable_project; migration 00100). They must say
// exactly what the core's own conditions say, for every user, item, type
// and project, administrators included.
func TestAccessFunctionsAgreeWithTheCoresConditions(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	// A user in no group and a deleted item widen the matrix; so do project
	// roles held through groups: Caio's group is a member of "Nova Sede"
	// and read-only in "Implantação do ERP", Dora's group manages
	// "Transformação Digital", and the group of all users reads "Implantação
	// do ERP"; Bia is read-only there by her own row too.
	for _, sql := range []string{
		`INSERT INTO app_user (login, name) VALUES ('caio', 'Caio'), ('dora', 'Dora'), ('eli', 'Eli')`,
		`INSERT INTO user_group (name) VALUES ('Obra'), ('Gestão'), ('Vazio')`,
		`INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u
			WHERE (g.name, u.login) IN (('Obra', 'caio'), ('Gestão', 'dora'))`,
		`INSERT INTO project_group (project_id, group_id, role) SELECT p.id, g.id, r.role FROM project p, user_group g,
			(VALUES ('Nova Sede', 'Obra', 'member'), ('Implantação do ERP', 'Obra', 'read_only'),
				('Transformação Digital', 'Gestão', 'manager'), ('Implantação do ERP', 'Todos', 'read_only'),
				('Nova Sede', 'Vazio', 'manager')) r(project, grp, role)
			WHERE p.name = r.project AND g.name = r.grp`,
		`INSERT INTO project_member (project_id, user_id, role) SELECT p.id, u.id, 'read_only' FROM project p, app_user u
			WHERE p.name = 'Implantação do ERP' AND u.login = 'bia'`,
	} {
		if _, err := w.db.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.db.Exec(ctx, `UPDATE item SET deleted_at = now() WHERE id = (SELECT min(id) FROM item)`); err != nil {
		t.Fatal(err)
	}
	readable, writable, compReadable, compUpdatable, projReadable := items.AccessConditions("u.uid", "u.admin")
	users := `(SELECT id AS uid, admin FROM app_user, (VALUES (false), (true)) v(admin)) u`
	cases := []struct {
		name, sql string
	}{
		{"readable_item", `SELECT count(*) FROM ` + users + `, item i JOIN component c ON c.id = i.component_id
			WHERE EXISTS (SELECT 1 FROM readable_item(u.uid, u.admin) r WHERE r.id = i.id) <> (` + readable + ` AND ` + compReadable + `)`},
		{"writable_item", `SELECT count(*) FROM ` + users + `, item i JOIN component c ON c.id = i.component_id
			WHERE EXISTS (SELECT 1 FROM writable_item(u.uid, u.admin) r WHERE r.id = i.id) <> (` + writable + ` AND ` + compReadable + ` AND ` + compUpdatable + `)`},
		{"readable_component", `SELECT count(*) FROM ` + users + `, component c
			WHERE EXISTS (SELECT 1 FROM readable_component(u.uid, u.admin) r WHERE r.id = c.id) <> ` + compReadable},
		{"updatable_component", `SELECT count(*) FROM ` + users + `, component c
			WHERE EXISTS (SELECT 1 FROM updatable_component(u.uid, u.admin) r WHERE r.id = c.id) <> (` + compReadable + ` AND ` + compUpdatable + `)`},
		{"readable_project", `SELECT count(*) FROM ` + users + `, project p
			WHERE EXISTS (SELECT 1 FROM readable_project(u.uid, u.admin) r WHERE r.id = p.id) <> ` + projReadable},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var differ int
			if err := w.db.QueryRow(ctx, tc.sql).Scan(&differ); err != nil {
				t.Fatal(err)
			}
			if differ != 0 {
				t.Errorf("%s disagrees with the core's condition on %d (user, row) pairs", tc.name, differ)
			}
		})
	}
	// The matrix is not trivially empty: some pairs are readable, some not.
	var yes, no int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM readable_item(u.uid, u.admin) r WHERE r.id = i.id)),
			count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM readable_item(u.uid, u.admin) r WHERE r.id = i.id))
		FROM `+users+`, item i`).Scan(&yes, &no); err != nil {
		t.Fatal(err)
	}
	if yes == 0 || no == 0 {
		t.Fatalf("readable %d, not readable %d: the matrix says nothing", yes, no)
	}
	// Nor are the roles: read-only readers that may not write are there,
	// by their own row (Bia) and by a group (Caio in "Implantação do ERP").
	var readOnly int
	if err := w.db.QueryRow(ctx, `SELECT count(DISTINCT u.login) FROM app_user u, item i
		WHERE u.login IN ('bia', 'caio', 'eli') AND i.project_id IS NOT NULL
		  AND EXISTS (SELECT 1 FROM readable_project(u.id, false) p WHERE p.id = i.project_id)
		  AND NOT EXISTS (SELECT 1 FROM writable_item(u.id, false) r WHERE r.id = i.id)`).Scan(&readOnly); err != nil {
		t.Fatal(err)
	}
	if readOnly != 3 {
		t.Fatalf("%d of Bia, Caio and Eli read a project's item they may not change; want 3", readOnly)
	}
}

// PostgreSQL inlines the access functions into the calling query (no
// Function Scan), so a module's plan can use the item table's indexes.
func TestAccessFunctionsAreInlined(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	for _, sql := range []string{
		`SELECT i.id FROM readable_item($1, $2) i WHERE i.component_id = $3`,
		`SELECT i.id FROM writable_item($1, $2) i WHERE i.component_id = $3`,
		`SELECT c.id FROM readable_component($1, $2) c WHERE c.id = $3`,
		`SELECT p.id FROM readable_project($1, $2) p WHERE p.id = $3`,
	} {
		rows, err := w.db.Query(ctx, `EXPLAIN `+sql, w.bia.UserID, false, w.task)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, line)
		}
		rows.Close()
		for _, line := range plan {
			if strings.Contains(line, "Function Scan") {
				t.Errorf("%s is not inlined:\n%s", sql, strings.Join(plan, "\n"))
				break
			}
		}
	}
}
