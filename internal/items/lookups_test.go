package items_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

func TestLookupsFindByTextIgnoringAccents(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	if _, err := w.db.Exec(ctx, `INSERT INTO app_user (login, name, email, active) VALUES
		('joao', 'João Sá', 'joao@example.com', true), ('jo', 'Joana Antiga', 'jo@example.com', false);
		INSERT INTO company (name) VALUES ('Águia Ltda'), ('Beta SA');
		INSERT INTO user_group (name) VALUES ('Auditória Interna')`); err != nil {
		t.Fatal(err)
	}
	users, err := w.svc.LoadUsers(ctx, w.ana, items.LookupInput{Text: "joa"})
	if err != nil || len(users) != 1 || users[0].Name != "João Sá" {
		t.Fatalf("users by text (the inactive one left out): %+v %v", users, err)
	}
	users, err = w.svc.LoadUsers(ctx, w.ana, items.LookupInput{IDs: []int64{w.bia.UserID}})
	if err != nil || len(users) != 1 || users[0].Name != "Bia" {
		t.Fatalf("users by id: %+v %v", users, err)
	}
	companies, err := w.svc.LoadCompanies(ctx, w.ana, items.LookupInput{Text: "aguia"})
	if err != nil || len(companies) != 1 || companies[0].Name != "Águia Ltda" {
		t.Fatalf("companies: %+v %v", companies, err)
	}
	// Groups (a project's members, GROUPS fields) are the user groups, not the organizational units.
	groups, err := w.svc.LoadGroups(ctx, w.ana, items.LookupInput{Text: "auditoria"})
	if err != nil || len(groups) != 1 || groups[0].Name != "Auditória Interna" {
		t.Fatalf("groups: %+v %v", groups, err)
	}
	found, err := w.svc.LoadGenericItems(ctx, w.ana, items.LookupInput{ComponentID: w.task, Text: "7", Limit: 5})
	if err != nil || len(found) == 0 || found[0].FormattedID != 7 {
		t.Fatalf("items by number: %+v %v", found, err)
	}
	if _, err := w.svc.LoadUsers(ctx, w.ana, items.LookupInput{Text: strings.Repeat("x", 201)}); err == nil {
		t.Fatal("a 201-character text was accepted")
	}
}

func TestLoadPicklistItemsFollowsTheParentValue(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	values := func(opts []items.PicklistOption) string {
		var v []string
		for _, o := range opts {
			v = append(v, o.Value)
		}
		return strings.Join(v, ",")
	}
	it := "it"
	sub, err := w.svc.LoadPicklistItems(ctx, w.ana, items.PicklistInput{ComponentID: w.task, Attribute: "subarea", ParentValue: &it})
	if err != nil || values(sub) != "dev,infra" || sub[0].Text != "Desenvolvimento" {
		t.Fatalf("subareas of it: %+v %v", sub, err)
	}
	all, err := w.svc.LoadPicklistItems(ctx, w.ana, items.PicklistInput{ComponentID: w.task, Attribute: "subarea"})
	if err != nil || values(all) != "dev,infra,logistics" || all[2].ParentValue == nil || *all[2].ParentValue != "ops" {
		t.Fatalf("every subarea: %+v %v", all, err)
	}
	var priority int64
	if err := w.db.QueryRow(ctx, `SELECT picklist_id FROM attribute WHERE component_id = $1 AND key = 'priority'`, w.task).Scan(&priority); err != nil {
		t.Fatal(err)
	}
	// A parent value means nothing to a picklist that depends on none.
	prio, err := w.svc.LoadPicklistItems(ctx, w.ana, items.PicklistInput{PicklistID: priority, ParentValue: &it})
	if err != nil || values(prio) != "low,medium,high" || prio[2].Color != "#EF5350" {
		t.Fatalf("priorities: %+v %v", prio, err)
	}
	_, err = w.svc.LoadPicklistItems(ctx, w.ana, items.PicklistInput{ComponentID: w.task, Attribute: "cost"})
	var he *httpx.Error
	if !errors.As(err, &he) || he.Key != "items.notAPicklist" {
		t.Fatalf("not a picklist: %v", err)
	}
}

// The calls are mounted with the spec's methods (exports: internal/itemio).
func TestRoutesAnswerFilesAndLookups(t *testing.T) {
	w := newWorld(t)
	r := chi.NewRouter()
	items.NewHandler(w.svc, func(context.Context) (items.Caller, bool) { return w.ana, true }).Routes(r)
	srv := httptest.NewServer(r)
	defer srv.Close()
	post := func(path, body string) *http.Response {
		t.Helper()
		res, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	if res := post("/genericItem/loadCompanies", ""); res.StatusCode != 200 {
		t.Fatalf("lookup without a body: %d", res.StatusCode)
	}
	if res := post("/genericItem/loadGenericItems", `{"componentId": 999999}`); res.StatusCode != 404 {
		t.Fatalf("items of a missing type: %d", res.StatusCode)
	}
	res, err := http.Get(srv.URL + "/genericItem/getAllowedsProjectItemTypes?componentId=" + itoa(w.task))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("getAllowedsProjectItemTypes: %v %v", res, err)
	}
	res.Body.Close()
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Status and calendar attributes have pickers: the statuses of the type
// with their colours, the work calendars of active resources; a value
// outside them is refused.
func TestStatusAndCalendarLookupsAndTheirChecks(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var room, old int64
	if err := w.db.QueryRow(ctx, `INSERT INTO resource (name, calendar) VALUES ('Sala de reunião',
		'{"workPeriods": [{"weekDay": 1, "start": "08:00", "end": "12:00"}, {"weekDay": 2, "start": "13:00", "end": "17:30"}]}')
		RETURNING id`).Scan(&room); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `INSERT INTO resource (name, active) VALUES ('Sala antiga', false) RETURNING id`).Scan(&old); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO attribute (component_id, key, name, type, edit_in_grid) VALUES
		($1, 'phase', '{"pt-BR": "Fase"}', 'ITEM_TYPE_STATUS', true), ($1, 'workCalendar', '{"pt-BR": "Calendário"}', 'CALENDAR', true)`,
		w.task); err != nil {
		t.Fatal(err)
	}
	w.ensureTable(t, w.task)
	statuses, err := w.svc.LoadItemTypeStatuses(ctx, w.ana, items.LookupInput{ComponentID: w.task})
	if err != nil || len(statuses) != 4 || statuses[0].Name != "A fazer" || statuses[0].Color != "#90A4AE" || !statuses[0].Initial ||
		!statuses[3].Final {
		t.Fatalf("statuses: %+v %v", statuses, err)
	}
	if found, err := w.svc.LoadItemTypeStatuses(ctx, w.ana, items.LookupInput{ComponentID: w.task, Text: "concluida"}); err != nil ||
		len(found) != 1 || found[0].Name != "Concluída" {
		t.Fatalf("statuses by text: %+v %v", found, err)
	}
	calendars, err := w.svc.LoadCalendars(ctx, w.ana, items.LookupInput{Text: "sala"})
	if err != nil || len(calendars) != 1 || calendars[0].ID != room || calendars[0].WeeklyMinutes != 510 || calendars[0].Periods != 2 {
		t.Fatalf("calendars (the inactive one left out): %+v %v", calendars, err)
	}

	task := w.newTask(t, nil)
	edit := func(field string, value any) (*items.SaveItemResult, error) {
		now, err := w.svc.RefreshItem(ctx, w.ana, items.RefreshInput{ItemID: httpx.ID(task.ID), Component: httpx.ID(w.task)})
		if err != nil {
			t.Fatal(err)
		}
		return w.svc.UpdateItemField(ctx, w.ana, items.UpdateFieldInput{ItemID: httpx.ID(task.ID), ComponentID: httpx.ID(w.task),
			Field: field, Value: value, ModificationDateTicks: now.ModificationDateTicks})
	}
	var foreignStatus int64
	if err := w.db.QueryRow(ctx, `SELECT s.id FROM item_status s JOIN component c ON c.id = s.component_id WHERE c.key <> 'task' LIMIT 1`).
		Scan(&foreignStatus); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		field string
		value int64
	}{{"phase", foreignStatus}, {"workCalendar", old}, {"workCalendar", 999999}} {
		if _, err := edit(c.field, c.value); status(err) != 400 {
			t.Fatalf("%s = %d: %v", c.field, c.value, err)
		}
	}
	if _, err := edit("phase", statuses[1].ID); err != nil {
		t.Fatalf("a status of the type: %v", err)
	}
	res, err := edit("workCalendar", room)
	if err != nil || res.Display["workCalendar"] != "Sala de reunião" || res.Display["phase"] != "Em andamento" {
		t.Fatalf("a calendar: %+v %v", res, err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE component_grant SET can_read = false WHERE component_id = $1`, w.task); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.LoadItemTypeStatuses(ctx, w.ana, items.LookupInput{ComponentID: w.task}); !errors.Is(err, httpx.ErrNotFound) {
		t.Fatalf("statuses of a type the caller may not read: %v", err)
	}
}

func TestLoadUsersShowsLoginsAndAddressesOnlyToAdministrators(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	var admin, panelAdmin int64
	if err := w.db.QueryRow(ctx, `INSERT INTO app_user (login, name, email, administrator) VALUES ('root', 'Raiz', 'root@example.com', true) RETURNING id`).Scan(&admin); err != nil {
		t.Fatal(err)
	}
	if err := w.db.QueryRow(ctx, `INSERT INTO app_user (login, name, email, panel_admin) VALUES ('painel', 'Painel', 'painel@example.com', true) RETURNING id`).Scan(&panelAdmin); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE app_user SET email = 'bia@example.com', avatar = 'data:image/png;base64,iVBORw0KGgo=' WHERE id = $1`, w.bia.UserID); err != nil {
		t.Fatal(err)
	}
	answer := func(c items.Caller, in items.LookupInput) string {
		t.Helper()
		users, err := w.svc.LoadUsers(ctx, c, in)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(users)
		return string(b)
	}
	avatar := regexp.MustCompile(`"avatar":"/api/users/avatar/` + strconv.FormatInt(w.bia.UserID, 10) + `\?v=\d+"`)

	plain := answer(w.ana, items.LookupInput{IDs: []int64{w.bia.UserID}})
	if strings.Contains(plain, `"login"`) || strings.Contains(plain, `"email"`) || strings.Contains(plain, "data:") || !avatar.MatchString(plain) {
		t.Errorf("a plain user's answer: %s", plain)
	}
	// Nor can a plain user find people by login or address.
	if got := answer(w.ana, items.LookupInput{Text: "bia@example"}); got != "[]" {
		t.Errorf("a plain user searched by e-mail: %s", got)
	}
	for name, c := range map[string]items.Caller{"administrator": {UserID: admin}, "panel admin": {UserID: panelAdmin, PanelAdmin: true}} {
		got := answer(c, items.LookupInput{Text: "bia@example"})
		if !strings.Contains(got, `"login":"bia"`) || !strings.Contains(got, `"email":"bia@example.com"`) || strings.Contains(got, "data:") || !avatar.MatchString(got) {
			t.Errorf("%s's answer: %s", name, got)
		}
	}
}
