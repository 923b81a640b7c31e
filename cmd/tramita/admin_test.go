package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestAdminCommandsPrepareAPlatform(t *testing.T) {
	url := testkit.DatabaseURL(t)
	env := map[string]string{"DATABASE_URL": url, "TRAMITA_LOG_LEVEL": "error"}
	steps := []struct {
		args []string
		want int
	}{
		{[]string{"admin", "setting", "set", "enableMFA", "true"}, 0},
		{[]string{"admin", "setting", "set", "brand", "not json"}, 2},
		{[]string{"admin", "setting", "set", "noSuchSetting", "true"}, 1},
		{[]string{"admin", "user", "add", "maria", "--name", "Maria Souza", "--email", "maria@example.test", "--password", "Correct-Horse-9", "--must-change-password"}, 0},
		{[]string{"admin", "user", "add", "maria", "--name", "Again", "--password", "Correct-Horse-9"}, 1},
		{[]string{"admin", "user", "add", "joao", "--name", "João", "--password", "password"}, 2},
		{[]string{"admin", "user", "add", "joao", "--name", "João", "--password", "joao.silva1"}, 0},
		{[]string{"admin", "user", "add", "bia", "--name", "Bia", "--password", "bia"}, 2},
		{[]string{"admin", "user", "add", "rui", "--name", "Rui", "--password-stdin"}, 0},
		{[]string{"admin", "user", "add", "lia", "--name", "Lia", "--password-stdin", "--password", "Correct-Horse-9"}, 2},
		{[]string{"admin", "mail-server", "set", "--host", "127.0.0.1", "--port", "2525", "--tls", "none", "--from", "tramita@example.test"}, 0},
		{[]string{"admin", "mail-server", "set", "--host", "h", "--tls", "ssl", "--from", "x@y"}, 2},
	}
	stdin = strings.NewReader("Vento-Norte-42\nignored\n")
	t.Cleanup(func() { stdin = os.Stdin })
	for _, s := range steps {
		if code, _, stderr := runWith(s.args, env); code != s.want {
			t.Fatalf("%v: exit %d, want %d (%s)", s.args, code, s.want, stderr)
		}
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var mfa string
	if err := pool.QueryRow(ctx, `SELECT value::text FROM platform_setting WHERE key = 'enableMFA'`).Scan(&mfa); err != nil || mfa != "true" {
		t.Errorf("enableMFA = %q (%v)", mfa, err)
	}
	var hash string
	var mustChange bool
	if err := pool.QueryRow(ctx, `SELECT password_hash, must_change_password FROM app_user WHERE login = 'maria'`).Scan(&hash, &mustChange); err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.VerifyPassword(hash, "Correct-Horse-9"); !ok || !mustChange {
		t.Errorf("maria: password ok %v, must change %v", ok, mustChange)
	}
	if err := pool.QueryRow(ctx, `SELECT password_hash FROM app_user WHERE login = 'rui'`).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.VerifyPassword(hash, "Vento-Norte-42"); !ok {
		t.Error("rui: the password read from standard input does not verify")
	}
	var host, tls string
	var port int
	if err := pool.QueryRow(ctx, `SELECT host, port, tls_mode FROM mail_server WHERE id = 1`).Scan(&host, &port, &tls); err != nil || host != "127.0.0.1" || port != 2525 || tls != "none" {
		t.Errorf("mail server %s:%d %s (%v)", host, port, tls, err)
	}
	if code, out, _ := runWith([]string{"admin", "reset-password", "maria"}, env); code != 0 || !strings.Contains(out, "New password for maria") {
		t.Errorf("reset-password: %d %q", code, out)
	}
}

func TestAdminMessageSendReachesTheUser(t *testing.T) {
	url := testkit.DatabaseURL(t)
	env := map[string]string{"DATABASE_URL": url, "TRAMITA_LOG_LEVEL": "error"}
	steps := []struct {
		args []string
		want int
	}{
		{[]string{"admin", "user", "add", "ana", "--name", "Ana Lima", "--password", "Correct-Horse-9"}, 0},
		{[]string{"admin", "message", "send", "ana", "Reunião às 15h", "Sala 2, com a equipe."}, 0},
		{[]string{"admin", "message", "send", "ANA", "Só o título"}, 0},
		{[]string{"admin", "message", "send", "nobody", "Olá"}, 1},
		{[]string{"admin", "message", "send", "ana", "  "}, 2},
		{[]string{"admin", "message", "send", "ana"}, 2},
		{[]string{"admin", "message", "send", "ana", strings.Repeat("x", 301)}, 1},
	}
	for _, s := range steps {
		if code, _, stderr := runWith(s.args, env); code != s.want {
			t.Fatalf("%v: exit %d, want %d (%s)", s.args, code, s.want, stderr)
		}
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	rows, err := pool.Query(ctx, `SELECT m.title, m.message_text, m.readed FROM message m JOIN app_user u ON u.id = m.user_id
		WHERE u.login = 'ana' ORDER BY m.id`)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		title, text string
		readed      bool
	}
	var got []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.title, &r.text, &r.readed); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	want := []row{{"Reunião às 15h", "Sala 2, com a equipe.", false}, {"Só o título", "", false}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("ana's messages = %+v, want %+v", got, want)
	}
}
