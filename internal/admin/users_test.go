package admin_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/auth"
)

func newUser(login string) map[string]any {
	return map[string]any{"id": 0, "login": login, "name": "Bruno " + login, "email": login + "@example.com",
		"active": true, "language": "pt-br", "timesheetType": "0", "autoTimesheetType": "0",
		"calendar": map[string]any{"workPeriods": []any{map[string]any{"weekDay": 1, "start": "08:00", "end": "12:00"}}}}
}

// withHolidays gives user u's calendar the holidays, date and name in turn.
func withHolidays(u map[string]any, dateAndName ...string) map[string]any {
	var hs []any
	for i := 0; i+1 < len(dateAndName); i += 2 {
		hs = append(hs, map[string]any{"date": dateAndName[i], "name": dateAndName[i+1]})
	}
	u["calendar"].(map[string]any)["holidays"] = hs
	return u
}

// A calendar's holidays are kept trimmed and in date order.
func TestUserCalendarKeepsItsHolidays(t *testing.T) {
	e := newEnv(t)
	var saved admin.SavedUser
	u := withHolidays(newUser("bruno"), "2026-12-25", " Natal ", "2026-04-21", "Tiradentes")
	u["passwordDelivery"] = "show"
	e.do(e.root, "POST", "/user/saveUser", u).want(200).decode(&saved)
	var form admin.UserForm
	e.do(e.root, "GET", "/user/getUsertoEdit?UserId="+itoa(saved.ID), nil).want(200).decode(&form)
	got := form.Calendar.Holidays
	if len(got) != 2 || got[0] != (admin.Holiday{Date: "2026-04-21", Name: "Tiradentes"}) || got[1] != (admin.Holiday{Date: "2026-12-25", Name: "Natal"}) {
		t.Fatalf("holidays %+v", got)
	}
}

func TestCreateUserMailsATemporaryPassword(t *testing.T) {
	e := newEnv(t)
	e.configureMail()
	var saved admin.SavedUser
	e.do(e.root, "POST", "/user/saveUser", newUser("bruno")).want(200).decode(&saved)
	if saved.ID == 0 || saved.Login != "bruno" || len(saved.Calendar.WorkPeriods) != 1 || saved.PasswordDelivery != "mail" ||
		saved.TemporaryPassword != "" {
		t.Fatalf("saved %+v", saved)
	}
	msgs := e.smtp.Messages()
	if len(msgs) != 1 || msgs[0].To[0] != "bruno@example.com" {
		t.Fatalf("mail %+v", msgs)
	}
	var password string
	for _, line := range strings.Split(msgs[0].Text, "\n") {
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "Senha temporária: "); ok {
			password = p
		}
	}
	var hash string
	var mustChange bool
	if err := e.db.QueryRow(context.Background(), `SELECT password_hash, must_change_password FROM app_user WHERE id = $1`, saved.ID).Scan(&hash, &mustChange); err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.VerifyPassword(hash, password); !ok || !mustChange {
		t.Errorf("mailed password %q works: %v, must change: %v", password, ok, mustChange)
	}
	if strings.Contains(e.do(e.root, "GET", "/user/getUsertoEdit?UserId=1", nil).Body.String(), "password") {
		t.Error("the form shows a password")
	}
	if n := e.count(`SELECT count(*) FROM audit_event WHERE kind = 'admin.user.created' AND user_id = $1 AND detail->>'entityId' = $2`,
		e.root, itoa(saved.ID)); n != 1 {
		t.Errorf("%d audit events", n)
	}
}

// Without a mail server (a fresh install) a new user's temporary password
// is shown once in the answer; with one, the administrator may still ask for
// it shown, and then nothing is mailed. Either way it must be changed.
func TestCreateUserShowsTheTemporaryPasswordOnce(t *testing.T) {
	for _, mail := range []bool{false, true} {
		e := newEnv(t)
		body := newUser("dora")
		if mail {
			e.configureMail()
			body["passwordDelivery"] = "show"
		}
		var init admin.UserFormInitialData
		if e.do(e.root, "GET", "/user/getUserFormInitialData?UserId=0", nil).want(200).decode(&init); init.MailConfigured != mail {
			t.Errorf("mailConfigured %v, want %v", init.MailConfigured, mail)
		}
		var saved admin.SavedUser
		e.do(e.root, "POST", "/user/saveUser", body).want(200).decode(&saved)
		if saved.ID == 0 || saved.PasswordDelivery != "show" || len(saved.TemporaryPassword) < 12 || len(e.smtp.Messages()) != 0 {
			t.Fatalf("mail server %v: saved %+v, mails %d", mail, saved, len(e.smtp.Messages()))
		}
		var hash string
		var mustChange bool
		if err := e.db.QueryRow(context.Background(), `SELECT password_hash, must_change_password FROM app_user WHERE id = $1`, saved.ID).
			Scan(&hash, &mustChange); err != nil {
			t.Fatal(err)
		}
		if ok, _ := auth.VerifyPassword(hash, saved.TemporaryPassword); !ok || !mustChange {
			t.Errorf("shown password works: %v, must change: %v", ok, mustChange)
		}
		if e.count(`SELECT count(*) FROM audit_event WHERE kind = 'admin.user.created' AND detail->'after'->>'passwordDelivery' = 'show'
			AND detail::text NOT LIKE '%'||$1||'%'`, saved.TemporaryPassword) != 1 {
			t.Error("the audit event does not say the password was shown, or holds it")
		}
		edited := body
		edited["id"], edited["name"] = saved.ID, "Dora Lima"
		var again admin.SavedUser
		e.do(e.root, "POST", "/user/saveUser", edited).want(200).decode(&again)
		if again.TemporaryPassword != "" || again.PasswordDelivery != "" || again.Name != "Dora Lima" {
			t.Errorf("an edit answers %+v", again)
		}
	}
}

func TestSaveUserRefusals(t *testing.T) {
	tests := []struct {
		name    string
		mail    bool
		prepare func(e *env)
		body    func(e *env) map[string]any
		status  int
		message string
	}{
		{"mail asked, no mail server", false, nil, func(*env) map[string]any {
			u := newUser("caio")
			u["passwordDelivery"] = "mail"
			return u
		}, http.StatusConflict, "Configure o servidor de e-mail para enviar a senha temporária, ou escolha mostrá-la."},
		{"unknown delivery", true, nil, func(*env) map[string]any { u := newUser("caio"); u["passwordDelivery"] = "fax"; return u },
			http.StatusBadRequest, "Escolha como entregar a senha temporária: mail ou show."},
		{"login taken, any case", true, nil, func(*env) map[string]any { return newUser("ANA") }, http.StatusBadRequest,
			"Já existe um usuário com este login."},
		{"name required", true, nil, func(*env) map[string]any { u := newUser("caio"); u["name"] = " "; return u },
			http.StatusBadRequest, "Obrigatório"},
		{"bad e-mail", true, nil, func(*env) map[string]any { u := newUser("caio"); u["email"] = "caio@"; return u },
			http.StatusBadRequest, "Invalid email"},
		{"bad period", true, nil, func(*env) map[string]any {
			u := newUser("caio")
			u["calendar"] = map[string]any{"workPeriods": []any{map[string]any{"weekDay": 1, "start": "12:00", "end": "08:00"}}}
			return u
		}, http.StatusBadRequest, "O fim do período deve ser depois do início."},
		{"holiday on no date", true, nil, func(*env) map[string]any { return withHolidays(newUser("caio"), "2026-02-30", "Carnaval") },
			http.StatusBadRequest, "Informe uma data válida para o feriado."},
		{"holiday twice", true, nil, func(*env) map[string]any {
			return withHolidays(newUser("caio"), "2026-04-21", "Tiradentes", "2026-04-21", "Outro")
		}, http.StatusBadRequest, "O feriado de 21/04/2026 aparece duas vezes."},
		{"holiday without a name", true, nil, func(*env) map[string]any { return withHolidays(newUser("caio"), "2026-04-21", "  ") },
			http.StatusBadRequest, "Dê um nome ao feriado."},
		{"plan limit", true, func(e *env) {
			if _, err := e.db.Exec(context.Background(), `UPDATE plan SET max_users = 2`); err != nil {
				e.t.Fatal(err)
			}
		}, func(*env) map[string]any { return newUser("caio") }, http.StatusConflict,
			"O plano contratado permite no máximo 2 usuários; o usuário não foi criado."},
		{"demote self", true, nil, func(e *env) map[string]any {
			return map[string]any{"id": e.root, "login": "root", "name": "Root", "email": "root@example.com", "active": false}
		}, http.StatusConflict, "Você não pode desativar o seu próprio usuário nem retirar a sua permissão de administração."},
		{"unknown company", true, nil, func(*env) map[string]any { u := newUser("caio"); u["companyId"] = 999; return u },
			http.StatusBadRequest, "A empresa não existe."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			if tt.mail {
				e.configureMail()
			}
			if tt.prepare != nil {
				tt.prepare(e)
			}
			users := e.count(`SELECT count(*) FROM app_user`)
			r := e.do(e.root, "POST", "/user/saveUser", tt.body(e)).want(tt.status)
			if msg := r.message(); msg != tt.message {
				t.Errorf("message %q", msg)
			}
			if n := e.count(`SELECT count(*) FROM app_user`); n != users || len(e.smtp.Messages()) != 0 {
				t.Errorf("users %d -> %d, mails %d", users, n, len(e.smtp.Messages()))
			}
			if n := e.count(`SELECT count(*) FROM audit_event`); n != 0 {
				t.Errorf("%d audit events", n)
			}
		})
	}
}

func TestEditUserDisablesAndResetsMFA(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.db.Exec(ctx, `UPDATE app_user SET mfa_enabled = true, mfa_secret = '\x01' WHERE id = $1`, e.ana); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Exec(ctx, `INSERT INTO user_session (user_id, expires_at) VALUES ($1, now() + interval '1 hour')`, e.ana); err != nil {
		t.Fatal(err)
	}
	var form admin.UserForm
	e.do(e.root, "GET", "/user/getUsertoEdit?UserId="+itoa(e.ana), nil).want(200).decode(&form)
	if !form.MFAEnabled || form.TimesheetType != "0" || form.Calendar.WorkPeriods == nil {
		t.Fatalf("form %+v", form)
	}
	body := map[string]any{"id": e.ana, "login": "ana", "name": "Ana S.", "email": "ana@example.com", "active": false,
		"resetMFA": true, "mustChangePassword": true, "timesheetType": "2", "autoTimesheetType": "1"}
	e.do(e.root, "POST", "/user/saveUser", body).want(200).decode(&form)
	if form.MFAEnabled || form.Active || form.Name != "Ana S." || !form.MustChangePassword || form.TimesheetType != "2" {
		t.Errorf("saved %+v", form)
	}
	if n := e.count(`SELECT count(*) FROM user_session WHERE user_id = $1 AND revoked_at IS NULL`, e.ana); n != 0 {
		t.Errorf("%d live sessions", n)
	}
	var before, after string
	if err := e.db.QueryRow(ctx, `SELECT detail->'before'->>'name', detail->'after'->>'name' FROM audit_event WHERE kind = 'admin.user.updated'`).
		Scan(&before, &after); err != nil || before != "Ana Souza" || after != "Ana S." {
		t.Errorf("audit before %q after %q: %v", before, after, err)
	}
}

func TestDeleteUsers(t *testing.T) {
	tests := []struct {
		name    string
		ids     func(e *env) []int64
		caller  func(e *env) int64
		status  int
		message string
	}{
		{"self", func(e *env) []int64 { return []int64{e.ana, e.root} }, func(e *env) int64 { return e.root },
			http.StatusConflict, "Você não pode excluir o seu próprio usuário."},
		// The caller's own deletion is refused first, so the rule shows when
		// the remaining administrator is not active (as when two
		// administrators delete each other at once).
		{"last administrator", func(e *env) []int64 { return []int64{e.root} }, func(e *env) int64 {
			id := e.insertUser("panel", "Panel", true)
			if _, err := e.db.Exec(context.Background(), `UPDATE app_user SET active = false WHERE id = $1`, id); err != nil {
				e.t.Fatal(err)
			}
			return id
		}, http.StatusConflict, "Não é possível excluir, desativar ou retirar a permissão do último administrador."},
		{"unknown id, nothing deleted", func(e *env) []int64 { return []int64{e.ana, 99999} }, func(e *env) int64 { return e.root },
			http.StatusNotFound, "O registro não foi encontrado."},
		{"none selected", func(e *env) []int64 { return nil }, func(e *env) int64 { return e.root },
			http.StatusBadRequest, "Selecione pelo menos um item!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			caller := tt.caller(e)
			users := e.count(`SELECT count(*) FROM app_user`)
			r := e.do(caller, "POST", "/user/deleteUsers", map[string]any{"ids": tt.ids(e)}).want(tt.status)
			if msg := r.message(); msg != tt.message {
				t.Errorf("message %q", msg)
			}
			if n := e.count(`SELECT count(*) FROM app_user`); n != users {
				t.Errorf("users %d -> %d", users, n)
			}
		})
	}
	t.Run("deleted and audited", func(t *testing.T) {
		e := newEnv(t)
		e.do(e.root, "POST", "/user/deleteUsers", []int64{e.ana}).want(200)
		if n := e.count(`SELECT count(*) FROM app_user WHERE id = $1`, e.ana); n != 0 {
			t.Error("ana still exists")
		}
		if n := e.count(`SELECT count(*) FROM audit_event WHERE kind = 'admin.user.deleted' AND detail->'before'->>'login' = 'ana'`); n != 1 {
			t.Errorf("%d audit events", n)
		}
	})
	t.Run("last administrator by another administrator's hand", func(t *testing.T) {
		e := newEnv(t)
		// helper is an administrator who is disabled: root is the last active one.
		helper := e.insertUser("helper", "Helper", true)
		second := e.insertUser("second", "Second", true)
		_, _ = e.db.Exec(context.Background(), `UPDATE app_user SET active = false WHERE id = $1`, helper)
		r := e.do(second, "POST", "/user/deleteUsers", []int64{e.root}).want(200)
		_ = r
		r = e.do(second, "POST", "/user/saveUser", map[string]any{"id": second, "login": "second", "name": "S",
			"email": "s@example.com", "active": true, "panelAdmin": false, "administrator": false}).want(http.StatusConflict)
		if msg := r.message(); msg != "Você não pode desativar o seu próprio usuário nem retirar a sua permissão de administração." {
			t.Errorf("message %q", msg)
		}
	})
}

func TestUserListFilters(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.db.Exec(ctx, `INSERT INTO company (name) VALUES ('Acme 100%')`); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.Exec(ctx, `UPDATE app_user SET company_id = (SELECT id FROM company), avatar = 'data:image/png;base64,iVBORw0KGgo=' WHERE id = $1`, e.ana); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		filter any
		want   []string
	}{
		{"no body", nil, []string{"Ana Souza", "Root Admin"}},
		{"name contains, any case", map[string]string{"name": "SOUZ"}, []string{"Ana Souza"}},
		{"email", map[string]string{"email": "root@"}, []string{"Root Admin"}},
		{"company, wildcard taken literally", map[string]string{"companyName": "100%"}, []string{"Ana Souza"}},
		{"percent alone matches no company", map[string]string{"companyName": "%%"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var list []admin.UserRow
			e.do(e.root, "POST", "/user/getUsers", tt.filter).want(200).decode(&list)
			var names []string
			for _, u := range list {
				names = append(names, u.Name)
			}
			if strings.Join(names, ",") != strings.Join(tt.want, ",") {
				t.Errorf("got %v", names)
			}
		})
	}
	var field admin.FieldDefinition
	e.do(e.root, "POST", "/admin/additionalFields/save", map[string]any{"entity": "user", "name": "Setor", "type": "STRING"}).want(200).decode(&field)
	if _, err := e.db.Exec(ctx, `UPDATE app_user SET additional = jsonb_build_object($1::text, 'Financeiro') WHERE id = $2`, itoa(field.ID), e.root); err != nil {
		t.Fatal(err)
	}
	var list []admin.UserRow
	e.do(e.root, "POST", "/user/getUsers", map[string]any{"additionalFields": map[string]string{itoa(field.ID): "finan"}}).want(200).decode(&list)
	if len(list) != 1 || list[0].Login != "root" {
		t.Errorf("by additional field: %+v", list)
	}
	e.do(e.root, "POST", "/user/getUsers", map[string]any{"additionalFields": map[string]string{"999": "x"}}).want(400)
	e.do(e.root, "POST", "/user/getUsers", nil).want(200).decode(&list)
	if list[0].CompanyName != "Acme 100%" || !strings.HasPrefix(list[0].Avatar, "/api/admin/users/") {
		t.Fatalf("row %+v", list[0])
	}
	r := e.do(e.root, "GET", strings.TrimPrefix(list[0].Avatar, "/api"), nil).want(200)
	if r.Header().Get("Content-Type") != "image/png" {
		t.Errorf("avatar type %q", r.Header().Get("Content-Type"))
	}
}

func itoa(n int64) string { return strconvFormat(n) }

// An ORGANIZATIONAL_STRUCTURE additional field names an organizational
// unit that exists (orgunits' table), as a USERS one names a user.
func TestAUnitFieldNamesAUnitThatExists(t *testing.T) {
	e := newEnv(t)
	var field admin.FieldDefinition
	e.do(e.root, "POST", "/admin/additionalFields/save", map[string]any{"entity": "user", "name": "Unidade", "type": "ORGANIZATIONAL_STRUCTURE"}).
		want(200).decode(&field)
	var unit int64
	if err := e.db.QueryRow(context.Background(), `INSERT INTO org_unit (name) VALUES ('Financeiro') RETURNING id`).Scan(&unit); err != nil {
		t.Fatal(err)
	}
	u := newUser("caio")
	u["passwordDelivery"] = "show"
	u["additionalFields"] = map[string]any{itoa(field.ID): unit + 1000}
	if msg := e.do(e.root, "POST", "/user/saveUser", u).want(http.StatusBadRequest).message(); msg != "O registro indicado não existe." {
		t.Fatalf("an unknown unit: %q", msg)
	}
	u["additionalFields"] = map[string]any{itoa(field.ID): unit}
	e.do(e.root, "POST", "/user/saveUser", u).want(200)
}
