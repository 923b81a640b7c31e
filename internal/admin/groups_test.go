package admin_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/admin"
)

func TestGroups(t *testing.T) {
	e := newEnv(t)
	var g admin.Group
	e.do(e.root, "POST", "/admin/groups/save", map[string]any{"name": " Vendas "}).want(200).decode(&g)
	if g.ID == 0 || g.Name != "Vendas" {
		t.Fatalf("created %+v", g)
	}
	e.do(e.root, "POST", "/admin/groups/save", map[string]any{"id": g.ID, "name": "Comercial"}).want(200)
	if r := e.do(e.root, "POST", "/admin/groups/save", map[string]any{"name": "comercial"}).want(400); r.message() != "Já existe um registro com este nome." {
		t.Errorf("duplicate: %q", r.message())
	}
	var list []admin.Group
	e.do(e.root, "POST", "/admin/groups/list", map[string]string{"name": "MERC"}).want(200).decode(&list)
	if len(list) != 1 || list[0].Name != "Comercial" {
		t.Errorf("filtered %+v", list)
	}
	e.do(e.root, "POST", "/admin/groups/members", map[string]any{"groupId": g.ID, "userIds": []int64{e.ana}}).want(200)
	var members []admin.Member
	e.do(e.root, "GET", "/admin/groups/members?groupId="+itoa(g.ID), nil).want(200).decode(&members)
	if len(members) != 1 || members[0].Login != "ana" {
		t.Errorf("members %+v", members)
	}
	r := e.do(e.root, "POST", "/admin/groups/delete", map[string]any{"id": g.ID}).want(http.StatusConflict)
	if r.message() != "O grupo está em uso (membros: 1) e não pode ser excluído." {
		t.Errorf("in use: %q", r.message())
	}
	var todos int64
	if err := e.db.QueryRow(context.Background(), `SELECT id FROM user_group WHERE all_users`).Scan(&todos); err != nil {
		t.Fatal(err)
	}
	for _, call := range []struct {
		path string
		body any
	}{
		{"/admin/groups/delete", map[string]any{"id": todos}},
		{"/admin/groups/save", map[string]any{"id": todos, "name": "Everybody"}},
	} {
		if r := e.do(e.root, "POST", call.path, call.body).want(http.StatusConflict); r.message() != "O grupo de todos os usuários não pode ser renomeado nem excluído." {
			t.Errorf("%s: %q", call.path, r.message())
		}
	}
	e.do(e.root, "POST", "/admin/groups/members", map[string]any{"groupId": g.ID, "userIds": []int64{}}).want(200)
	e.do(e.root, "POST", "/admin/groups/delete", map[string]any{"id": g.ID}).want(200)
	kinds := e.count(`SELECT count(DISTINCT kind) FROM audit_event WHERE detail->>'entity' = 'group'`)
	if kinds != 4 {
		t.Errorf("%d kinds of group events, want created, renamed, members, deleted", kinds)
	}
}

func TestCompanies(t *testing.T) {
	e := newEnv(t)
	var c admin.Company
	e.do(e.root, "POST", "/admin/companies/save", map[string]any{"name": "Acme", "taxId": "11.222.333/0001-81",
		"address": "Rua A, 1", "contact": "Zé", "email": "contato@acme.com.br", "phone": "+55 11 5555-0000"}).want(200).decode(&c)
	if c.ID == 0 || c.TaxID != "11.222.333/0001-81" {
		t.Fatalf("created %+v", c)
	}
	tests := []struct {
		name    string
		body    map[string]any
		message string
	}{
		{"name required", map[string]any{"name": ""}, "Obrigatório"},
		{"bad e-mail", map[string]any{"name": "B", "email": "x"}, "Invalid email"},
		{"wrong CNPJ check digit", map[string]any{"name": "B", "taxId": "11.222.333/0001-82"}, "CNPJ inválido: confira os dígitos verificadores."},
		{"CNPJ too short", map[string]any{"name": "B", "taxId": "11.222.333/0001"}, "CNPJ inválido: confira os dígitos verificadores."},
		{"name taken", map[string]any{"name": "Acme"}, "Já existe um registro com este nome."},
		{"unknown additional field", map[string]any{"name": "B", "additionalFields": map[string]any{"42": "x"}}, "O campo adicional não existe."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if r := e.do(e.root, "POST", "/admin/companies/save", tt.body).want(400); r.message() != tt.message {
				t.Errorf("message %q", r.message())
			}
		})
	}
	if _, err := e.db.Exec(context.Background(), `UPDATE app_user SET company_id = $1 WHERE id = $2`, c.ID, e.ana); err != nil {
		t.Fatal(err)
	}
	e.lang = "en"
	if r := e.do(e.root, "POST", "/admin/companies/delete", map[string]any{"id": c.ID}).want(409); r.message() != "The company is in use (users: 1) and cannot be deleted." {
		t.Errorf("in use: %q", r.message())
	}
	e.lang = ""
	if _, err := e.db.Exec(context.Background(), `UPDATE app_user SET company_id = NULL`); err != nil {
		t.Fatal(err)
	}
	e.do(e.root, "POST", "/admin/companies/delete", map[string]any{"id": c.ID}).want(200)
	e.do(e.root, "GET", "/admin/companies/get?companyId="+itoa(c.ID), nil).want(404)
}

func TestAdditionalFieldsInTheUserForm(t *testing.T) {
	e := newEnv(t)
	var f admin.FieldDefinition
	e.do(e.root, "POST", "/admin/additionalFields/save", map[string]any{"entity": "user", "name": "Matrícula", "type": "INTEGER", "required": true}).
		want(200).decode(&f)
	var init admin.UserFormInitialData
	e.do(e.root, "GET", "/user/getUserFormInitialData?UserId=0", nil).want(200).decode(&init)
	if len(init.AdditionalFields) != 1 || init.AdditionalFields[0].Name != "Matrícula" || len(init.TimesheetTypes) != 3 {
		t.Fatalf("initial data %+v", init)
	}
	key := itoa(f.ID)
	base := map[string]any{"id": e.ana, "login": "ana", "name": "Ana", "email": "ana@example.com", "active": true}
	for _, tt := range []struct {
		value  any
		status int
	}{{nil, 400}, {"12", 400}, {1.5, 400}, {1234, 200}} {
		body := map[string]any{}
		for k, v := range base {
			body[k] = v
		}
		body["additionalFields"] = map[string]any{key: tt.value}
		e.do(e.root, "POST", "/user/saveUser", body).want(tt.status)
	}
	var form admin.UserForm
	e.do(e.root, "GET", "/user/getUsertoEdit?UserId="+itoa(e.ana), nil).want(200).decode(&form)
	if form.AdditionalFields[key] != float64(1234) {
		t.Errorf("values %+v", form.AdditionalFields)
	}
	e.do(e.root, "POST", "/admin/additionalFields/save", map[string]any{"id": f.ID, "entity": "user", "name": "Matrícula", "type": "STRING"}).want(400)

	var mentor admin.FieldDefinition
	e.do(e.root, "POST", "/admin/additionalFields/save", map[string]any{"entity": "user", "name": "Mentor", "type": "USERS"}).want(200).decode(&mentor)
	for _, tt := range []struct {
		value  any
		status int
	}{{99999, 400}, {e.root, 200}} {
		base["additionalFields"] = map[string]any{key: 1234, itoa(mentor.ID): tt.value}
		e.do(e.root, "POST", "/user/saveUser", base).want(tt.status)
	}
}

func TestAuditLog(t *testing.T) {
	e := newEnv(t)
	e.do(e.root, "POST", "/admin/groups/save", map[string]any{"name": "=HYPERLINK(\"http://x\")"}).want(200)
	e.do(e.root, "POST", "/admin/companies/save", map[string]any{"name": "Acme"}).want(200)
	var page admin.AuditPage
	e.do(e.root, "POST", "/admin/auditLog/list", map[string]any{"entity": "company"}).want(200).decode(&page)
	if page.Total != 1 || page.Rows[0].Action != "admin.company.created" || page.Rows[0].Address != "192.0.2.7" || *page.Rows[0].UserID != e.root {
		t.Fatalf("page %+v", page)
	}
	e.do(e.root, "POST", "/admin/auditLog/list", map[string]any{"action": "admin.", "pageSize": 1}).want(200).decode(&page)
	if page.Total != 2 || len(page.Rows) != 1 || page.Rows[0].Entity != "company" {
		t.Errorf("newest first, paged: %+v", page)
	}
	e.do(e.root, "POST", "/admin/auditLog/list", map[string]any{"from": "2030-01-02T00:00:00Z", "to": "2030-01-01T00:00:00Z"}).want(400)
	r := e.do(e.root, "POST", "/admin/auditLog/export", map[string]any{"entity": "group"}).want(200)
	records, err := csv.NewReader(strings.NewReader(r.Body.String())).ReadAll()
	if err != nil || len(records) != 2 {
		t.Fatalf("csv %q: %v", r.Body.String(), err)
	}
	for _, cell := range records[1] {
		if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
			t.Errorf("formula cell %q", cell)
		}
	}
}

func TestAuditLogIsAppendOnly(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.db.Exec(ctx, `INSERT INTO audit_event (at, user_id, login, kind) VALUES (now(), $1, 'ana', 'signin.success')`, e.ana); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{
		`UPDATE audit_event SET kind = 'x'`,
		`UPDATE audit_event SET user_id = NULL, login = 'someone'`,
		`DELETE FROM audit_event`,
		`TRUNCATE audit_event`,
	} {
		if _, err := e.db.Exec(ctx, sql); err == nil || !strings.Contains(err.Error(), "append-only") {
			t.Errorf("%s: %v", sql, err)
		}
	}
	// Deleting a user keeps its events, their login intact.
	e.do(e.root, "POST", "/user/deleteUsers", []int64{e.ana}).want(200)
	if n := e.count(`SELECT count(*) FROM audit_event WHERE login = 'ana' AND user_id IS NULL`); n != 1 {
		t.Errorf("%d events kept", n)
	}
}
