package auth

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/mail"
)

// reset asks for a reset of login and returns the answer's text.
func (e *env) reset(login string) string {
	e.t.Helper()
	r := e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": login}).want(200)
	if ct := r.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		e.t.Fatalf("content type %q", ct)
	}
	return r.Body.String()
}

// runJobs runs the queued reset mails, as the server's job worker does.
func (e *env) runJobs() {
	e.t.Helper()
	w := jobs.NewWorker(e.db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	w.Handle(ResetMailJobKind, e.svc.HandleResetMail)
	for {
		ran, err := w.RunOne(context.Background(), []string{ResetMailJobKind})
		if err != nil {
			e.t.Fatal(err)
		}
		if !ran {
			return
		}
	}
}

var linkPattern = regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(DefaultPublicURL+ResetPasswordPath) + `\?token=([A-Za-z0-9_-]{43})$`)

// mailedToken reads the token of the reset link in the last mail to to.
func (e *env) mailedToken(to string) string {
	e.t.Helper()
	msgs := e.smtp.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if len(msgs[i].To) == 1 && msgs[i].To[0] == to {
			m := linkPattern.FindStringSubmatch(msgs[i].Text)
			if m == nil {
				e.t.Fatalf("no reset link in %q", msgs[i].Text)
			}
			return m[1]
		}
	}
	e.t.Fatalf("no mail to %s", to)
	return ""
}

func (e *env) resetByLink(token, password, confirm string) resp {
	e.t.Helper()
	return e.do("POST", "/users/resetPasswordByLink", "", ResetByLinkInput{token, password, confirm})
}

func (e *env) jobCount() int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRow(context.Background(), `SELECT count(*) FROM job WHERE kind = $1`, ResetMailJobKind).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestResetPasswordMailsAOneTimeLink(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	before := e.mustLogin("ana", testPassword).Token
	answer := e.reset("ana")
	if !strings.Contains(answer, "link") || !strings.Contains(answer, "1 hora") {
		t.Fatalf("answer %q", answer)
	}
	if n := len(e.smtp.Messages()); n != 0 || e.jobCount() != 1 {
		t.Fatalf("the answer waited for the mail: %d mails, %d jobs", n, e.jobCount())
	}
	e.runJobs()
	msgs := e.smtp.Messages()
	if len(msgs) != 1 || msgs[0].To[0] != "ana@example.com" || msgs[0].Subject != "Crie uma nova senha do Tramita" {
		t.Fatalf("mails %+v", msgs)
	}
	if strings.Contains(msgs[0].Text, "Senha temporária") {
		t.Errorf("the mail still carries a password: %q", msgs[0].Text)
	}
	token := e.mailedToken("ana@example.com")
	// Asking for a reset locks nobody out: the password works until the link is used.
	e.mustLogin("ana", testPassword)

	for _, tt := range []struct {
		name, token, password, confirm, field, message string
	}{
		{"confirmation differs", token, newPassword, newPassword + "x", "confirmPassword", "As senhas não são iguais"},
		{"common password", token, "senha@123", "senha@123", "newPassword", "Esta senha é muito comum. Escolha outra."},
		{"no token", "", newPassword, newPassword, "token", "Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo."},
		{"a wrong token", token[:42] + "x", newPassword, newPassword, "token", "Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := e.resetByLink(tt.token, tt.password, tt.confirm).want(400)
			if got := r.message(); got != tt.message {
				t.Errorf("message %q", got)
			}
			if !strings.Contains(r.Body.String(), `"Field":"`+tt.field+`"`) {
				t.Errorf("not on the field %s: %s", tt.field, r.Body.String())
			}
		})
	}
	e.clock.Advance(time.Minute) // a new minute of the rate limit
	var body map[string]string
	e.resetByLink(token, newPassword, newPassword).want(200).json(&body)
	if body["Message"] != "Senha alterada com sucesso" {
		t.Errorf("answer %v", body)
	}
	e.mustLogin("ana", newPassword)
	if res := e.login("ana", testPassword); res.Success {
		t.Error("the old password still works")
	}
	e.do("GET", "/protected", before, nil).want(401)
	// Used once: the same link opens nothing any more.
	if got := e.resetByLink(token, "Terceira-Senha-9", "Terceira-Senha-9").want(400).message(); !strings.Contains(got, "já foi usado") {
		t.Errorf("second use: %q", got)
	}
	e.mustLogin("ana", newPassword)
	kinds := e.auditKinds("ana")
	if !contains(kinds, kindResetRequested) || !contains(kinds, kindResetMailed) || !contains(kinds, kindPasswordChanged) {
		t.Errorf("audit %v", kinds)
	}
}

func TestResetLinksExpireAndANewOneReplacesTheOld(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.reset("ana")
	e.runJobs()
	first := e.mailedToken("ana@example.com")
	e.clock.Advance(resetMailInterval)
	e.reset("ana")
	e.runJobs()
	second := e.mailedToken("ana@example.com")
	if first == second {
		t.Fatal("the same link twice")
	}
	e.resetByLink(first, newPassword, newPassword).want(400)

	e.clock.Advance(resetValidity + time.Second)
	if got := e.resetByLink(second, newPassword, newPassword).want(400).message(); !strings.Contains(got, "expirou") {
		t.Errorf("expired link: %q", got)
	}
	e.mustLogin("ana", testPassword)
}

func TestResetAnswersAndWorksAlikeForAnyLogin(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "")
	e.user("semmail", "email = ''")
	e.user("inativa", "active = false")
	known := e.reset("ana")
	for _, login := range []string{"nobody", "semmail", "inativa"} {
		if got := e.reset(login); got != known {
			t.Errorf("%s: %q, ana: %q", login, got, known)
		}
	}
	// Each request queued its job: the user is looked up by the job, never
	// by the call, so the call's work and time do not depend on the login.
	if n := e.jobCount(); n != 4 {
		t.Fatalf("%d jobs queued for 4 requests", n)
	}
	e.runJobs()
	if msgs := e.smtp.Messages(); len(msgs) != 1 || msgs[0].To[0] != "ana@example.com" {
		t.Fatalf("mails %+v", msgs)
	}
	for _, login := range []string{"nobody", "semmail", "inativa"} {
		if !contains(e.auditKinds(login), kindResetNotSent) {
			t.Errorf("%s: audit %v", login, e.auditKinds(login))
		}
	}
}

func TestResetPasswordLimits(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	e.user("ana", "language = 'en'")
	e.reset("ana")
	e.reset("ana")
	e.runJobs()
	msgs := e.smtp.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d mails: a login gets one reset mail per %v", len(msgs), resetMailInterval)
	}
	if msgs[0].Subject != "Create a new Tramita password" || !strings.Contains(msgs[0].Text, "works only once") {
		t.Errorf("mail not in the user's language: %q", msgs[0].Subject)
	}
	if r := e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": ""}).want(400); r.message() != "Obrigatório" {
		t.Errorf("message %q", r.message())
	}
	e.exec(`DELETE FROM mail_server`)
	e.do("POST", "/users/resetPassword", "", map[string]string{"UserName": "ana"}).want(503)
}

type failingMailer struct{}

func (failingMailer) Configured(context.Context) (bool, error) { return true, nil }
func (failingMailer) Send(context.Context, mail.Message) error { return errors.New("smtp down") }

func TestResetMailFailureAnswersAlikeAndIsRetried(t *testing.T) {
	t.Parallel()
	e := newEnv(t, func(o *Options) { o.Mailer = failingMailer{} })
	e.user("ana", "")
	if a, b := e.reset("ana"), e.reset("nobody"); a != b {
		t.Errorf("%q / %q", a, b)
	}
	e.runJobs()
	if !contains(e.auditKinds("ana"), kindResetMailFailed) {
		t.Error("failure not audited")
	}
	var state string
	var attempts int
	if err := e.db.QueryRow(context.Background(), `SELECT state, attempts FROM job WHERE kind = $1`, ResetMailJobKind).
		Scan(&state, &attempts); err != nil {
		t.Fatal(err)
	}
	if state != "pending" || attempts != 1 {
		t.Errorf("the failed mail is not retried: %s after %d", state, attempts)
	}
}
