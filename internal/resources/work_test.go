package resources_test

import (
	"context"
	"testing"

	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/resources"
	"github.com/tramita/tramita/internal/testkit"
)

// What a resource works on: its projects and its open items (responsible)
// and tasks (named in a RESOURCES field), only as far as the caller may read.
func TestResourceWork(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	one := func(sql string, args ...any) int64 {
		t.Helper()
		var id int64
		if err := db.QueryRow(ctx, sql, args...).Scan(&id); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return id
	}
	root := one(`INSERT INTO app_user (login, name, panel_admin) VALUES ('root', 'Root', true) RETURNING id`)
	bia := one(`INSERT INTO app_user (login, name) VALUES ('bia', 'Bia Lima') RETURNING id`)
	caio := one(`INSERT INTO app_user (login, name) VALUES ('caio', 'Caio Reis') RETURNING id`)
	svc := resources.NewService(db, nil)
	person := one(`INSERT INTO resource (user_id) VALUES ($1) RETURNING id`, bia)
	room := one(`INSERT INTO resource (name) VALUES ('Sala 2') RETURNING id`)

	app := one(`INSERT INTO application (key, name) VALUES ('obras', '{"pt-BR": "Obras"}') RETURNING id`)
	everyone := one(`SELECT id FROM user_group WHERE all_users`)
	if _, err := db.Exec(ctx, `INSERT INTO application_group VALUES ($1, $2)`, app, everyone); err != nil {
		t.Fatal(err)
	}
	task := one(`INSERT INTO component (application_id, key, name, project_scoped) VALUES ($1, 'tarefa', '{"pt-BR": "Tarefa", "en": "Task"}', true) RETURNING id`, app)
	if _, err := db.Exec(ctx, `INSERT INTO component_grant (component_id, group_id) VALUES ($1, $2)`, task, everyone); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type) VALUES ($1, 'equipe', '{"pt-BR": "Equipe"}', 'RESOURCES'),
		($1, 'apoio', '{"pt-BR": "Apoio"}', 'RESOURCES')`, task); err != nil {
		t.Fatal(err)
	}
	// Viaduto: Caio is in it, but Bia's item there is of a type he may not
	// read; the project must not tell him she works in it.
	secret := one(`INSERT INTO component (application_id, key, name, project_scoped) VALUES ($1, 'sigilo', '{"pt-BR": "Sigilo"}', true) RETURNING id`, app)
	if _, err := db.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type) VALUES ($1, 'equipe', '{"pt-BR": "Equipe"}', 'RESOURCES')`, secret); err != nil {
		t.Fatal(err)
	}
	// The types' tables, as the server's start makes them.
	if _, err := table.EnsureAll(ctx, db); err != nil {
		t.Fatal(err)
	}
	doing := one(`INSERT INTO item_status (component_id, key, name) VALUES ($1, 'doing', '{"pt-BR": "Fazendo", "en": "Doing"}') RETURNING id`, task)
	done := one(`INSERT INTO item_status (component_id, key, name, final) VALUES ($1, 'done', '{"pt-BR": "Feito"}', true) RETURNING id`, task)
	open := one(`INSERT INTO project (name) VALUES ('Ponte') RETURNING id`)
	closed := one(`INSERT INTO project (name, manager_id) VALUES ('Túnel', $1) RETURNING id`, root)
	if _, err := db.Exec(ctx, `INSERT INTO project_member (project_id, user_id) VALUES ($1, $2), ($1, $3)`, open, bia, caio); err != nil {
		t.Fatal(err)
	}
	n := int64(0)
	item := func(title string, project, status int64, responsible *int64, values map[string]any) int64 {
		n++
		id := one(`INSERT INTO item (component_id, number, title, project_id, status_id, responsible_id)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, task, n, title, project, status, responsible)
		if err := table.WriteValues(ctx, db, task, table.Row{ID: id, Values: values}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	mine := item("Fundação", open, doing, &bia, nil)
	item("Projeto", open, done, &bia, map[string]any{"equipe": bia}) // final: not pending
	assignedOne := item("Concreto", open, doing, &caio, map[string]any{"equipe": bia})
	assignedOther := item("Aço", open, doing, nil, map[string]any{"equipe": caio, "apoio": bia}) // in another RESOURCES field
	hidden := item("Escavação", closed, doing, &bia, nil)                                        // Túnel: Caio is not in it
	bridge := one(`INSERT INTO project (name) VALUES ('Viaduto') RETURNING id`)
	if _, err := db.Exec(ctx, `INSERT INTO project_member (project_id, user_id) VALUES ($1, $2)`, bridge, caio); err != nil {
		t.Fatal(err)
	}
	sealed := one(`INSERT INTO item (component_id, number, title, project_id, responsible_id)
		VALUES ($1, 1, 'Sigiloso', $2, $3) RETURNING id`, secret, bridge, bia)
	if err := table.WriteValues(ctx, db, secret, table.Row{ID: sealed, Values: map[string]any{"equipe": bia}}); err != nil {
		t.Fatal(err)
	}

	ids := func(list []resources.PendingItem) []int64 {
		out := []int64{}
		for _, p := range list {
			out = append(out, p.ID)
		}
		return out
	}
	asCaio := resources.Caller{UserID: caio}
	asRoot := resources.Caller{UserID: root, PanelAdmin: true}

	projects, err := svc.Projects(ctx, asCaio, person)
	if err != nil || len(projects) != 1 || projects[0].ID != open {
		t.Errorf("Caio sees Bia's projects %+v %v, want only Ponte", projects, err)
	}
	projects, err = svc.Projects(ctx, asRoot, person)
	if err != nil || len(projects) != 3 {
		t.Errorf("the administrator sees Bia's projects %+v %v, want Ponte, Túnel and Viaduto", projects, err)
	}
	if got, err := svc.Pending(ctx, asCaio, person, 0, resources.WorkItems); err != nil || !same(ids(got), []int64{mine}) {
		t.Errorf("Bia's pending items for Caio %v %v, want [%d]", ids(got), err, mine)
	} else if got[0].StatusName != "Fazendo" || got[0].Component != "Tarefa" || got[0].FormattedID != "1" {
		t.Errorf("pending item %+v", got[0])
	}
	if got, err := svc.Pending(i18n.With(ctx, i18n.En), asRoot, person, closed, resources.WorkItems); err != nil || !same(ids(got), []int64{hidden}) || got[0].StatusName != "Doing" {
		t.Errorf("Bia's pending items in Túnel for the administrator %+v %v", got, err)
	}
	if got, err := svc.Pending(ctx, asCaio, person, open, resources.WorkTasks); err != nil || !same(ids(got), []int64{assignedOther, assignedOne}) {
		t.Errorf("Bia's tasks %v %v, want [%d %d] (newest change first)", ids(got), err, assignedOther, assignedOne)
	}
	if got, err := svc.Pending(ctx, asRoot, room, 0, resources.WorkItems); err != nil || len(got) != 0 {
		t.Errorf("a room has no items: %v %v", got, err)
	}
	if _, err := svc.Pending(ctx, asRoot, 1<<40, 0, resources.WorkItems); err == nil {
		t.Error("an unknown resource must be refused")
	}
}

func same(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
