package admin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tramita/tramita/internal/admin"
	"github.com/tramita/tramita/internal/mail/mailtest"
)

func TestMailServer(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()

	if r := e.do(e.root, "POST", "/admin/emailServer/test", nil).want(http.StatusConflict); r.message() != "Salve as configurações do servidor de e-mail antes de enviar o teste." {
		t.Errorf("unconfigured test: %q", r.message())
	}
	st := e.smtp.Settings()
	body := map[string]any{"host": st.Host, "port": st.Port, "security": "starttls", "username": st.Username,
		"password": st.Password, "from": st.From}
	var got admin.MailServer
	e.do(e.root, "POST", "/admin/emailServer/save", body).want(200).decode(&got)
	r := e.do(e.root, "GET", "/admin/emailServer", nil).want(200)
	if strings.Contains(r.Body.String(), mailtest.Password) {
		t.Fatalf("the password is answered: %s", r.Body.String())
	}
	r.decode(&got)
	if !got.HasPassword || got.Host != st.Host || got.Security != "starttls" {
		t.Errorf("settings %+v", got)
	}
	var clear string
	var sealed []byte
	if err := e.db.QueryRow(ctx, `SELECT password, password_sealed FROM mail_server`).Scan(&clear, &sealed); err != nil {
		t.Fatal(err)
	}
	if clear != "" || len(sealed) == 0 || bytes.Contains(sealed, []byte(mailtest.Password)) {
		t.Errorf("password at rest: %q / %x", clear, sealed)
	}
	if n := e.count(`SELECT count(*) FROM audit_event WHERE detail::text LIKE '%' || $1 || '%'`, mailtest.Password); n != 0 {
		t.Error("the password is in the audit log")
	}
	// Saving without a password keeps the one kept; the test mail goes out with it.
	delete(body, "password")
	e.do(e.root, "POST", "/admin/emailServer/save", body).want(200)
	e.do(e.root, "POST", "/admin/emailServer/test", map[string]string{"to": "ops@example.com"}).want(200)
	if msgs := e.smtp.Messages(); len(msgs) != 1 || msgs[0].To[0] != "ops@example.com" || msgs[0].Subject != "Teste de e-mail do Tramita" {
		t.Errorf("mails %+v", msgs)
	}
	for _, tt := range []struct {
		field string
		value any
	}{{"host", ""}, {"port", 0}, {"security", "ssl"}, {"from", "not an address"}} {
		bad := map[string]any{}
		for k, v := range body {
			bad[k] = v
		}
		bad[tt.field] = tt.value
		var eb struct{ Validations []struct{ Field string } }
		e.do(e.root, "POST", "/admin/emailServer/save", bad).want(400).decode(&eb)
		if len(eb.Validations) != 1 || eb.Validations[0].Field != tt.field {
			t.Errorf("%s: %+v", tt.field, eb)
		}
	}
	// A wrong password: the test says why.
	body["password"] = "wrong"
	e.do(e.root, "POST", "/admin/emailServer/save", body).want(200)
	if r := e.do(e.root, "POST", "/admin/emailServer/test", nil).want(http.StatusBadGateway); !strings.HasPrefix(r.message(), "O e-mail de teste não foi enviado: ") {
		t.Errorf("failed test: %q", r.message())
	}
}

func TestPlanAndDashboard(t *testing.T) {
	e := newEnv(t)
	var p admin.Plan
	e.do(e.root, "GET", "/admin/plan", nil).want(200).decode(&p)
	if p.Name != "Ilimitado" || p.Limits.Users != nil || p.Usage.Users != 2 || p.Usage.StorageBytes <= 0 {
		t.Fatalf("plan %+v", p)
	}
	e.do(e.root, "POST", "/admin/plan/save", map[string]any{"name": "Básico", "limits": map[string]any{"users": 10}}).want(200).decode(&p)
	if p.Name != "Básico" || p.Limits.Users == nil || *p.Limits.Users != 10 {
		t.Errorf("saved %+v", p)
	}
	e.do(e.root, "POST", "/admin/plan/save", map[string]any{"name": "X", "limits": map[string]any{"users": -1}}).want(400)
	var d admin.Dashboard
	e.do(e.root, "GET", "/admin/dashboard", nil).want(200).decode(&d)
	if d.Users != 2 || d.ActiveUsers != 2 || len(d.RecentEvents) != 1 || d.RecentEvents[0].Action != "admin.plan.updated" {
		t.Errorf("dashboard %+v", d)
	}
}

func TestSettingsEditor(t *testing.T) {
	e := newEnv(t)
	var st map[string]json.RawMessage
	e.do(e.root, "GET", "/admin/settings", nil).want(200).decode(&st)
	if _, ok := st["recaptchaSecret"]; ok {
		t.Fatal("a secret is answered")
	}
	if string(st["enableMFA"]) != "false" || string(st["maintenance"]) != "false" {
		t.Fatalf("settings %v", st)
	}
	e.do(e.root, "POST", "/admin/settings/save", map[string]any{"maintenance": true, "enableMFA": true,
		"primaryColor": map[string]string{"light": "#ffffff", "main": "#123456", "dark": "#000000"}, "recaptchaSecret": "s3cret"}).
		want(200).decode(&st)
	if string(st["maintenance"]) != "true" || !strings.Contains(string(st["primaryColor"]), "#123456") {
		t.Errorf("saved %v", st)
	}
	if n := e.count(`SELECT count(*) FROM audit_event WHERE detail::text LIKE '%s3cret%'`); n != 0 {
		t.Error("a secret is in the audit log")
	}
	tests := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"unknown key", map[string]any{"jwtSecret": "x"}, "jwtSecret"},
		{"bool", map[string]any{"maintenance": "yes"}, "maintenance"},
		{"colour", map[string]any{"secondaryColor": map[string]string{"main": "red"}}, "secondaryColor"},
		{"layout", map[string]any{"layout": "sideways"}, "layout"},
		{"language", map[string]any{"defaultLanguage": "fr"}, "defaultLanguage"},
		{"script image", map[string]any{"logo": "javascript:alert(1)"}, "logo"},
		{"recaptcha without key", map[string]any{"enableRecaptcha": true}, "recaptchaSiteKey"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var eb struct{ Validations []struct{ Field string } }
			e.do(e.root, "POST", "/admin/settings/save", tt.body).want(400).decode(&eb)
			if len(eb.Validations) != 1 || eb.Validations[0].Field != tt.field {
				t.Errorf("validations %+v", eb)
			}
		})
	}
}

func TestPublishTermsOfUse(t *testing.T) {
	e := newEnv(t)
	before := e.count(`SELECT max(version) FROM terms_of_use`)
	req := httptest.NewRequest("POST", "/api/admin/settings/termsOfUse?fileName=termos.pdf", strings.NewReader("%PDF-1.4 minimal"))
	req.Header.Set("Content-Type", "application/pdf")
	req.Header.Set("X-Test-User", itoa(e.root))
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	if rec.Code != 200 || e.count(`SELECT max(version) FROM terms_of_use`) != before+1 {
		t.Fatalf("publish %d %s", rec.Code, rec.Body.String())
	}
	req = httptest.NewRequest("POST", "/api/admin/settings/termsOfUse", strings.NewReader("not a pdf"))
	req.Header.Set("X-Test-User", itoa(e.root))
	rec = httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	if rec.Code != 400 {
		t.Errorf("not a PDF: %d", rec.Code)
	}
}

// Numbers past the integer columns were a 500 (PostgreSQL refusing the row).
func TestNumbersPastTheirColumnsAreRefused(t *testing.T) {
	e := newEnv(t)
	const past = 1 << 31
	for _, limits := range []map[string]any{{"users": past}, {"applications": past}} {
		e.do(e.root, "POST", "/admin/plan/save", map[string]any{"name": "Grande", "limits": limits}).want(400)
	}
	e.do(e.root, "POST", "/admin/plan/save", map[string]any{"name": "Grande", "limits": map[string]any{"users": past - 1, "storageBytes": int64(past) * 4}}).want(200)
	for _, position := range []int64{past, -1} {
		e.do(e.root, "POST", "/admin/additionalFields/save", map[string]any{"entity": "user", "name": "Crachá", "type": "STRING", "position": position}).want(400)
	}
	if n := e.count(`SELECT count(*) FROM additional_field WHERE name = 'Crachá'`); n != 0 {
		t.Errorf("%d fields saved", n)
	}
}

// The Signature Protocol's template is edited with the other settings:
// answered to administrators only, its placeholders checked, kept private
// (out of the public settings call), audited, and empty means no protocol.
func TestSignatureProtocolTemplateSetting(t *testing.T) {
	e := newEnv(t)
	const key = "signatureProtocolTemplate"
	var st map[string]json.RawMessage
	e.do(e.root, "GET", "/admin/settings", nil).want(200).decode(&st)
	if string(st[key]) != `""` {
		t.Fatalf("initial template %s", st[key])
	}
	e.do(e.ana, "GET", "/admin/settings", nil).want(http.StatusForbidden)
	e.do(e.ana, "POST", "/admin/settings/save", map[string]any{key: "Eu, {signatario}"}).want(http.StatusForbidden)

	template := "Eu, {signatario} ({login}), assinei {arquivo} v{versao}.\r\nSHA-256: {hash}\n\tCode {Code}, {date}, { local }, {endereco}, item {item}."
	e.do(e.root, "POST", "/admin/settings/save", map[string]any{key: template, "brand": "Acme"}).want(200).decode(&st)
	var got string
	if err := json.Unmarshal(st[key], &got); err != nil || got != strings.ReplaceAll(template, "\r\n", "\n") {
		t.Fatalf("saved %s (%v)", st[key], err)
	}
	if n := e.count(`SELECT count(*) FROM platform_setting WHERE key = $1 AND secret AND value #>> '{}' LIKE 'Eu, {signatario}%'`, key); n != 1 {
		t.Error("the template is not kept as a private setting (the public settings call would answer it)")
	}
	if n := e.count(`SELECT count(*) FROM audit_event WHERE kind = 'admin.settings.updated' AND detail::text LIKE '%{signatario}%'`); n != 1 {
		t.Errorf("%d audit events with the template", n)
	}

	refused := []struct {
		name, value, message string
	}{
		{"unknown placeholders", "Eu, {assinante}, {signatario} em {dia} e {dia}.",
			"O modelo do protocolo de assinatura usa marcadores desconhecidos: {assinante}, {dia}. Use apenas os marcadores da lista."},
		{"too long", strings.Repeat("a", admin.MaxProtocolTemplate+1), "Deve ter no máximo 5000 caracteres."},
		{"control character", "Eu,\x00 {signatario}", "O modelo do protocolo de assinatura não pode conter caracteres de controle."},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			var eb struct{ Validations []struct{ Field string } }
			r := e.do(e.root, "POST", "/admin/settings/save", map[string]any{key: tt.value}).want(400)
			r.decode(&eb)
			if r.message() != tt.message || len(eb.Validations) != 1 || eb.Validations[0].Field != key {
				t.Errorf("answer %q %+v", r.message(), eb)
			}
		})
	}
	e.lang = "en"
	if r := e.do(e.root, "POST", "/admin/settings/save", map[string]any{key: "{nome} signed"}).want(400); r.message() != "The signature protocol template uses unknown placeholders: {nome}. Use only the placeholders in the list." {
		t.Errorf("en: %q", r.message())
	}
	e.lang = ""
	if n := e.count(`SELECT count(*) FROM platform_setting WHERE key = $1 AND value #>> '{}' LIKE 'Eu, {signatario} ({login})%'`, key); n != 1 {
		t.Error("a refused template replaced the saved one")
	}
	// The longest accepted, then empty: no protocol.
	e.do(e.root, "POST", "/admin/settings/save", map[string]any{key: strings.Repeat("é", admin.MaxProtocolTemplate)}).want(200)
	e.do(e.root, "POST", "/admin/settings/save", map[string]any{key: ""}).want(200).decode(&st)
	if string(st[key]) != `""` {
		t.Errorf("emptied %s", st[key])
	}
}

func TestUnknownProtocolPlaceholders(t *testing.T) {
	for template, want := range map[string]string{
		"":                                      "",
		"sem marcadores { nem fechamento":       "",
		"{SIGNATARIO} {Signer} { hash } {file}": "",
		"{x} {x} {} {signatario":                "{x}, {}",
		"{{codigo}}":                            "{{codigo}",
	} {
		if got := strings.Join(admin.UnknownProtocolPlaceholders(template), ", "); got != want {
			t.Errorf("%q: %q, want %q", template, got, want)
		}
	}
}
