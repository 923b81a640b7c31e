package profile_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/mail"
	"github.com/tramita/tramita/internal/mail/mailtest"
	"github.com/tramita/tramita/internal/profile"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type callerKey struct{}

type fixture struct {
	db   *pgxpool.Pool
	srv  *httptest.Server
	smtp *mailtest.Server
	ana  int64
}

const anaPassword = "Ventania-Serena-7"

// newFixture serves the call over a database with the user ana, a mail
// server and the auth service that checks passwords. Tests name the caller
// with the X-Test-User header; the auth module tests the real middleware.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	f := &fixture{db: db, smtp: mailtest.Start(t, mail.TLSStartTLS)}
	hash, err := auth.HashPassword(anaPassword)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name, email, password_hash) VALUES ('ana', 'Ana', 'ana@example.com', $1) RETURNING id`, hash).Scan(&f.ana); err != nil {
		t.Fatal(err)
	}
	mailStore := mail.NewStore(db)
	if err := mailStore.Save(ctx, f.smtp.Settings()); err != nil {
		t.Fatal(err)
	}
	sender := mail.NewSender(mailStore)
	sender.TLSConfig = f.smtp.ClientTLS()
	authSvc, err := auth.New(ctx, db, auth.Options{Mailer: sender, RateLimitPerMinute: 1000})
	if err != nil {
		t.Fatal(err)
	}
	checkPassword := func(r *http.Request, userID int64, password string) error {
		return authSvc.ConfirmPassword(r.Context(), userID, password, authSvc.ClientOf(r))
	}
	currentUser := func(ctx context.Context) (profile.Caller, bool) {
		c, ok := ctx.Value(callerKey{}).(profile.Caller)
		return c, ok
	}
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.Recover, httpx.LimitBody(1<<20),
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if id, err := strconv.ParseInt(r.Header.Get("X-Test-User"), 10, 64); err == nil {
					r = r.WithContext(context.WithValue(r.Context(), callerKey{}, profile.Caller{UserID: id}))
				}
				next.ServeHTTP(w, r)
			})
		})
	r.Route("/api", profile.NewHandler(profile.NewService(profile.NewStore(db), sender), currentUser, checkPassword).Routes)
	f.srv = httptest.NewServer(r)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fixture) update(t *testing.T, user int64, lang string, p profile.Profile) (int, []byte) {
	t.Helper()
	return f.updateWith(t, user, lang, profile.Input{Profile: p})
}

func (f *fixture) updateWith(t *testing.T, user int64, lang string, in profile.Input) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", f.srv.URL+"/api/users/updateProfile", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", lang)
	if user != 0 {
		req.Header.Set("X-Test-User", strconv.FormatInt(user, 10))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

func pngDataURL(t *testing.T, size int) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, size, size))); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

func TestUpdateProfileSavesAndAnswersTheSpecMessage(t *testing.T) {
	f := newFixture(t)
	avatar := pngDataURL(t, 64)
	for _, tt := range []struct{ lang, message string }{
		{"pt-BR", "O Perfil foi atualizado com sucesso!"},
		{"en", "The profile was updated successfully!"},
	} {
		status, body := f.updateWith(t, f.ana, tt.lang, profile.Input{
			Profile:         profile.Profile{Name: "  Ana Souza ", Email: "ana.souza@example.com.br", Avatar: avatar},
			CurrentPassword: anaPassword,
		})
		var got map[string]string
		if err := json.Unmarshal(body, &got); status != 200 || err != nil {
			t.Fatalf("%d %s", status, body)
		}
		want := map[string]string{"name": "Ana Souza", "email": "ana.souza@example.com.br", "avatar": avatar, "Message": tt.message}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s = %.60q, want %.60q", tt.lang, k, got[k], v)
			}
		}
	}
	var name, email, stored string
	if err := f.db.QueryRow(context.Background(), `SELECT name, email, avatar FROM app_user WHERE id = $1`, f.ana).Scan(&name, &email, &stored); err != nil {
		t.Fatal(err)
	}
	if name != "Ana Souza" || email != "ana.souza@example.com.br" || stored != avatar {
		t.Errorf("stored %q %q", name, email)
	}

	// Clearing the avatar goes back to the initials.
	if status, body := f.update(t, f.ana, "", profile.Profile{Name: "Ana Souza", Email: "ana.souza@example.com.br"}); status != 200 {
		t.Fatalf("%d %s", status, body)
	}

	var changes []string
	rows, _ := f.db.Query(context.Background(), `SELECT detail::text FROM audit_event WHERE kind = 'profile.updated' AND user_id = $1 ORDER BY id`, f.ana)
	for rows.Next() {
		var d string
		_ = rows.Scan(&d)
		changes = append(changes, d)
	}
	// The second identical update changed nothing and is not recorded.
	if len(changes) != 2 || !strings.Contains(changes[0], `"previousEmail": "ana@example.com"`) || !strings.Contains(changes[1], `["avatar"]`) {
		t.Errorf("audit %v", changes)
	}
}

func TestUpdateProfileValidates(t *testing.T) {
	f := newFixture(t)
	good := profile.Profile{Name: "Ana", Email: "ana@example.com"}
	webp := "data:image/webp;base64," + base64.StdEncoding.EncodeToString(append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 "), make([]byte, 24)...))
	huge := "data:image/png;base64," + base64.StdEncoding.EncodeToString(append(bytes.Clone(mustDecode(t, pngDataURL(t, 1))), make([]byte, profile.MaxAvatarBytes)...))
	tests := []struct {
		name          string
		edit          func(p *profile.Profile)
		field, en, pt string
	}{
		{"webp avatar", func(p *profile.Profile) { p.Avatar = webp }, "", "", ""},
		{"no name", func(p *profile.Profile) { p.Name = "   " }, "name", "required", "Obrigatório"},
		{"no email", func(p *profile.Profile) { p.Email = "" }, "email", "required", "Obrigatório"},
		{"email without at", func(p *profile.Profile) { p.Email = "ana.example.com" }, "email", "Invalid email", "Invalid email"},
		{"email without dot", func(p *profile.Profile) { p.Email = "ana@example" }, "email", "Invalid email", "Invalid email"},
		{"email with space", func(p *profile.Profile) { p.Email = "ana souza@example.com" }, "email", "Invalid email", "Invalid email"},
		{"svg avatar", func(p *profile.Profile) {
			p.Avatar = "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"))
		}, "avatar", "The avatar must be a PNG, JPEG or WebP image.", "O avatar deve ser uma imagem PNG, JPEG ou WebP."},
		{"avatar lying about its type", func(p *profile.Profile) {
			p.Avatar = strings.Replace(pngDataURL(t, 4), "image/png", "image/jpeg", 1)
		}, "avatar", "The avatar must be a PNG, JPEG or WebP image.", ""},
		{"avatar not a data URL", func(p *profile.Profile) { p.Avatar = "https://example.com/me.png" }, "avatar", "The avatar must be a PNG, JPEG or WebP image.", ""},
		{"avatar not base64", func(p *profile.Profile) { p.Avatar = "data:image/png;base64,@@@" }, "avatar", "The avatar must be a PNG, JPEG or WebP image.", ""},
		{"avatar too large", func(p *profile.Profile) { p.Avatar = huge }, "avatar", "The avatar must be at most 512 KB.", "O avatar deve ter no máximo 512 KB."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := good
			tt.edit(&p)
			for lang, want := range map[string]string{"en": tt.en, "pt-BR": tt.pt} {
				status, body := f.update(t, f.ana, lang, p)
				if tt.field == "" {
					if status != 200 {
						t.Fatalf("%d %s", status, body)
					}
					continue
				}
				var e httpx.ErrorBody
				_ = json.Unmarshal(body, &e)
				if status != 400 || len(e.Validations) != 1 || e.Validations[0].Field != tt.field || (want != "" && e.Validations[0].Message != want) {
					t.Errorf("%s: %d %s", lang, status, body)
				}
			}
		})
	}
	status, body := f.update(t, f.ana, "en", profile.Profile{})
	var e httpx.ErrorBody
	_ = json.Unmarshal(body, &e)
	if status != 400 || len(e.Validations) != 2 {
		t.Errorf("every field at fault is named: %d %s", status, body)
	}
	var name string
	_ = f.db.QueryRow(context.Background(), `SELECT name FROM app_user WHERE id = $1`, f.ana).Scan(&name)
	if name != "Ana" {
		t.Errorf("an invalid profile was saved: %q", name)
	}
}

func mustDecode(t *testing.T, dataURL string) []byte {
	t.Helper()
	_, data, _ := strings.Cut(dataURL, ",")
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestUpdateProfileNeedsALiveUser(t *testing.T) {
	f := newFixture(t)
	p := profile.Profile{Name: "Ana", Email: "ana@example.com"}
	if status, _ := f.update(t, 0, "", p); status != 401 {
		t.Errorf("nobody: %d", status)
	}
	if _, err := f.db.Exec(context.Background(), `UPDATE app_user SET active = false WHERE id = $1`, f.ana); err != nil {
		t.Fatal(err)
	}
	if status, _ := f.update(t, f.ana, "", p); status != 401 {
		t.Errorf("inactive user: %d", status)
	}
}

func TestChangingTheEmailNeedsTheCurrentPasswordAndTellsTheOldAddress(t *testing.T) {
	f := newFixture(t)
	moved := profile.Profile{Name: "Ana", Email: "ana@elsewhere.example"}
	for _, tt := range []struct {
		name, password, lang, message string
	}{
		{"no password", "", "pt-BR", "Informe a senha atual para mudar o e-mail."},
		{"no password, en", "", "en", "Enter your current password to change the e-mail."},
		{"a wrong password", "not-her-password", "pt-BR", "A senha atual não confere."},
		{"a wrong password, en", "not-her-password", "en", "The current password is not correct."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, body := f.updateWith(t, f.ana, tt.lang, profile.Input{Profile: moved, CurrentPassword: tt.password})
			var e httpx.ErrorBody
			_ = json.Unmarshal(body, &e)
			if status != 400 || len(e.Validations) != 1 || e.Validations[0].Field != "currentPassword" || e.Validations[0].Message != tt.message {
				t.Errorf("%d %s", status, body)
			}
		})
	}
	var email string
	var failures int
	_ = f.db.QueryRow(context.Background(), `SELECT email FROM app_user WHERE id = $1`, f.ana).Scan(&email)
	_ = f.db.QueryRow(context.Background(), `SELECT coalesce(sum(failures), 0) FROM auth_throttle WHERE scope = 'login' AND key = 'ana'`).Scan(&failures)
	if email != "ana@example.com" || failures != 2 {
		t.Fatalf("e-mail %q after refusals; %d failures counted, want the 2 wrong passwords", email, failures)
	}
	if n := len(f.smtp.Messages()); n != 0 {
		t.Fatalf("%d mails for refused changes", n)
	}

	// The name and avatar need no password.
	if status, body := f.update(t, f.ana, "", profile.Profile{Name: "Ana Souza", Email: "ana@example.com"}); status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	if status, body := f.updateWith(t, f.ana, "", profile.Input{Profile: moved, CurrentPassword: anaPassword}); status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	_ = f.db.QueryRow(context.Background(), `SELECT email FROM app_user WHERE id = $1`, f.ana).Scan(&email)
	if email != "ana@elsewhere.example" {
		t.Errorf("stored %q", email)
	}
	msgs := f.smtp.Messages()
	if len(msgs) != 1 || len(msgs[0].To) != 1 || msgs[0].To[0] != "ana@example.com" ||
		msgs[0].Subject != "O e-mail da sua conta do Tramita foi alterado" || !strings.Contains(msgs[0].Text, "ana@elsewhere.example") {
		t.Fatalf("the old address was not told: %+v", msgs)
	}

	// Without a mail server the change is saved and nothing is sent.
	if _, err := f.db.Exec(context.Background(), `DELETE FROM mail_server`); err != nil {
		t.Fatal(err)
	}
	if status, body := f.updateWith(t, f.ana, "", profile.Input{Profile: profile.Profile{Name: "Ana", Email: "ana@third.example"}, CurrentPassword: anaPassword}); status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	if n := len(f.smtp.Messages()); n != 1 {
		t.Errorf("%d mails", n)
	}
}

func TestAvatarsAreServedToSignedInUsersAndCached(t *testing.T) {
	f := newFixture(t)
	var bia int64
	if err := f.db.QueryRow(context.Background(), `INSERT INTO app_user (login, name) VALUES ('bia', 'Bia') RETURNING id`).Scan(&bia); err != nil {
		t.Fatal(err)
	}
	avatar := pngDataURL(t, 8)
	if status, body := f.update(t, f.ana, "", profile.Profile{Name: "Ana", Email: "ana@example.com", Avatar: avatar}); status != 200 {
		t.Fatalf("%d %s", status, body)
	}
	get := func(user, id int64) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", f.srv.URL+"/api/users/avatar/"+strconv.FormatInt(id, 10)+"?v=1", nil)
		if user != 0 {
			req.Header.Set("X-Test-User", strconv.FormatInt(user, 10))
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	resp := get(bia, f.ana)
	img, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || !bytes.Equal(img, mustDecode(t, avatar)) ||
		resp.Header.Get("Cache-Control") != "private, max-age=31536000, immutable" || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("avatar: %d %v", resp.StatusCode, resp.Header)
	}
	if resp := get(0, f.ana); resp.StatusCode != 401 {
		t.Errorf("nobody: %d", resp.StatusCode)
	}
	if resp := get(f.ana, bia); resp.StatusCode != 404 {
		t.Errorf("a user without a picture: %d", resp.StatusCode)
	}
	if resp := get(f.ana, 999999); resp.StatusCode != 404 {
		t.Errorf("no such user: %d", resp.StatusCode)
	}
}
