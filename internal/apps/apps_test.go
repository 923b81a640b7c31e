package apps_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/apps"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type callerKey struct{}

// fixture is a database with users, groups and applications, and the API
// served over it. Tests name the caller with the X-Test-User header (a user
// id) and X-Test-Panel-Admin; the auth module tests the real middleware.
type fixture struct {
	db  *pgxpool.Pool
	svc *apps.Service
	srv *httptest.Server
	// users and applications by name
	user map[string]int64
	app  map[string]int64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := testkit.NewDB(t)
	ctx := context.Background()
	f := &fixture{db: db, user: map[string]int64{}, app: map[string]int64{}}
	for _, u := range []struct {
		login string
		admin bool
	}{{"ana", false}, {"bia", false}, {"root", true}} {
		var id int64
		if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name, panel_admin) VALUES ($1, $2, $3) RETURNING id`,
			u.login, u.login, u.admin).Scan(&id); err != nil {
			t.Fatal(err)
		}
		f.user[u.login] = id
	}
	if err := db.QueryRow(ctx, `SELECT id FROM application WHERE key = 'demo'`).Scan(new(int64)); err != nil {
		t.Fatalf("demo application not seeded: %v", err)
	}
	f.exec(t, `INSERT INTO user_group (name) VALUES ('Financeiro')`)
	f.exec(t, `INSERT INTO group_member (group_id, user_id) SELECT id, $1::bigint FROM user_group WHERE name = 'Financeiro'`, f.user["bia"])
	f.exec(t, `INSERT INTO application (key, name, sort_order, html_scripts, display_on_toolbar, url_behavior, url_link)
		VALUES ('finance', '{"pt-BR": "Finanças", "en": "Finance"}', 20, 'window.finance = 1;', true, false, ''),
		       ('hidden', '{"pt-BR": "Oculta"}', 30, '', false, true, 'https://example.com/')`)
	f.exec(t, `INSERT INTO application_group (application_id, group_id)
		SELECT a.id, g.id FROM application a, user_group g WHERE a.key = 'finance' AND g.name = 'Financeiro'`)
	f.exec(t, `INSERT INTO menu_entry (application_id, key, name, link) SELECT id, 'ledger', '{"pt-BR": "Razão"}', '/runtime/x' FROM application WHERE key = 'finance'`)
	rows, err := db.Query(ctx, `SELECT key, id FROM application`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k string
		var id int64
		if err := rows.Scan(&k, &id); err != nil {
			t.Fatal(err)
		}
		f.app[k] = id
	}

	f.svc = apps.NewService(apps.NewStore(db))
	currentUser := func(ctx context.Context) (apps.Caller, bool) {
		c, ok := ctx.Value(callerKey{}).(apps.Caller)
		return c, ok
	}
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.Recover, httpx.SecurityHeaders,
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if id, err := strconv.ParseInt(r.Header.Get("X-Test-User"), 10, 64); err == nil {
					c := apps.Caller{UserID: id, PanelAdmin: r.Header.Get("X-Test-Panel-Admin") == "1"}
					r = r.WithContext(context.WithValue(r.Context(), callerKey{}, c))
				}
				next.ServeHTTP(w, r)
			})
		})
	r.Route("/api", apps.NewHandler(f.svc, currentUser).Routes)
	f.srv = httptest.NewServer(r)
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fixture) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := f.db.Exec(context.Background(), sql, args...); err != nil {
		t.Fatal(err)
	}
}

// call makes a request as login ("" for nobody) and returns status and body.
func (f *fixture) call(t *testing.T, method, path, login, lang string) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, f.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if login != "" {
		req.Header.Set("X-Test-User", strconv.FormatInt(f.user[login], 10))
		if login == "root" {
			req.Header.Set("X-Test-Panel-Admin", "1")
		}
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

func TestAllowedApplicationsFollowGroups(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		login, lang string
		want        []string
	}{
		{"ana", "", []string{"Gestão do Trabalho"}},
		{"ana", "en", []string{"Work Management"}},
		{"bia", "pt-BR", []string{"Gestão do Trabalho", "Finanças"}},
		{"root", "en", []string{"Work Management", "Finance", "Oculta"}}, // no English name: pt-BR
	}
	for _, tt := range tests {
		t.Run(tt.login+"/"+tt.lang, func(t *testing.T) {
			status, body, _ := f.call(t, "GET", "/api/application/getAllowedApplications", tt.login, tt.lang)
			if status != 200 {
				t.Fatalf("status %d: %s", status, body)
			}
			var got []apps.Application
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, a := range got {
				names = append(names, a.Name)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("applications %v, want %v", names, tt.want)
			}
		})
	}
	status, body, _ := f.call(t, "GET", "/api/application/getAllowedApplications", "root", "")
	var raw []map[string]any
	if err := json.Unmarshal(body, &raw); status != 200 || err != nil {
		t.Fatal(status, err)
	}
	for _, field := range []string{"id", "name", "iconName", "isFontAwesomeIcon", "imageContent", "displayOnToolbar",
		"urlBehavior", "urlLink", "appVersion", "collapsedMenu"} {
		if _, ok := raw[0][field]; !ok {
			t.Errorf("application without %s: %v", field, raw[0])
		}
	}
	if raw[2]["urlBehavior"] != true || raw[2]["urlLink"] != "https://example.com/" || raw[1]["displayOnToolbar"] != true {
		t.Errorf("fields %v", raw)
	}
	if _, ok := raw[0]["htmlScripts"]; ok {
		t.Error("the list carries the scripts")
	}
}

func TestAllUsersGroupNeedsNoMembership(t *testing.T) {
	f := newFixture(t)
	var id int64
	if err := f.db.QueryRow(context.Background(), `INSERT INTO app_user (login, name) VALUES ('new', 'New') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	f.user["new"] = id
	_, body, _ := f.call(t, "GET", "/api/application/getAllowedApplications", "new", "")
	if !strings.Contains(string(body), "Gestão do Trabalho") {
		t.Errorf("a new user does not see the demo application: %s", body)
	}
	f.exec(t, `DELETE FROM application_group`)
	_, body, _ = f.call(t, "GET", "/api/application/getAllowedApplications", "new", "")
	if string(body) != "[]\n" {
		t.Errorf("without grants: %s", body)
	}
}

func TestNobodySignedInIsUnauthorized(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/application/getAllowedApplications"},
		{"POST", "/api/application/getApplicationMenu?appID=" + strconv.FormatInt(f.app["demo"], 10)},
		{"GET", "/api/application/script/" + strconv.FormatInt(f.app["demo"], 10) + ".js"},
	} {
		if status, body, _ := f.call(t, c.method, c.path, "", ""); status != 401 {
			t.Errorf("%s: %d %s", c.path, status, body)
		}
	}
}

func menuPath(id int64) string {
	return "/api/application/getApplicationMenu?appID=" + strconv.FormatInt(id, 10)
}

func TestMenuOnlyForApplicationsTheCallerMayUse(t *testing.T) {
	f := newFixture(t)
	notFound := func(t *testing.T, login, path string) {
		t.Helper()
		status, body, _ := f.call(t, "POST", path, login, "en")
		var e httpx.ErrorBody
		_ = json.Unmarshal(body, &e)
		if status != 404 || !strings.HasPrefix(e.Message, "The record was not found.") {
			t.Errorf("%s %s: %d %s", login, path, status, body)
		}
	}
	notFound(t, "ana", menuPath(f.app["finance"]))
	notFound(t, "ana", menuPath(f.app["hidden"]))
	notFound(t, "ana", menuPath(99999))
	notFound(t, "ana", "/api/application/getApplicationMenu?appID=abc")
	notFound(t, "bia", menuPath(f.app["hidden"]))
	for _, tt := range []struct {
		login, app string
	}{{"bia", "finance"}, {"root", "finance"}, {"root", "hidden"}, {"ana", "demo"}} {
		if status, body, _ := f.call(t, "POST", menuPath(f.app[tt.app]), tt.login, ""); status != 200 {
			t.Errorf("%s may use %s: %d %s", tt.login, tt.app, status, body)
		}
	}
	// Losing the group loses the application at once.
	f.exec(t, `DELETE FROM group_member WHERE user_id = $1`, f.user["bia"])
	notFound(t, "bia", menuPath(f.app["finance"]))
}

func TestMenuTreeOfTheDemoApplication(t *testing.T) {
	f := newFixture(t)
	id := f.app["demo"]
	status, body, hdr := f.call(t, "POST", menuPath(id), "ana", "en")
	if status != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/json") {
		t.Fatalf("status %d: %s", status, body)
	}
	var pair []json.RawMessage
	if err := json.Unmarshal(body, &pair); err != nil || len(pair) != 2 {
		t.Fatalf("not a pair: %s", body)
	}
	var menu []apps.MenuEntry
	var app apps.RuntimeApplication
	if err := json.Unmarshal(pair[0], &menu); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(pair[1], &app); err != nil {
		t.Fatal(err)
	}
	if app.ID != id || app.Name != "Work Management" || app.AppVersion != "1.0.0" || app.CollapsedMenu ||
		app.HTMLScripts == "" || !strings.HasPrefix(app.HTMLScriptsURL, "/api/application/script/"+strconv.FormatInt(id, 10)+".js?") {
		t.Errorf("application %+v", app)
	}
	var tops []string
	for _, e := range menu {
		tops = append(tops, e.Key)
		if e.KeyParent != nil {
			t.Errorf("top entry %s has parent %s", e.Key, *e.KeyParent)
		}
	}
	if !slices.Equal(tops, []string{"work", "time", "help"}) {
		t.Fatalf("top entries %v", tops)
	}
	work, timeGroup, help := menu[0], menu[1], menu[2]
	if work.Name != "Work" || work.Icon != "WorkOutline" || len(work.Child) != 6 {
		t.Errorf("work %+v", work)
	}
	if c := work.Child[0]; !c.Title || c.Name != "Day to day" || c.Link != "" || *c.KeyParent != "work" {
		t.Errorf("section title %+v", c)
	}
	if c := work.Child[1]; c.Name != "Calendar" || c.Link != "/runtime/"+strconv.FormatInt(id, 10)+"/calendar/Agenda" {
		t.Errorf("first link %+v", c)
	}
	if !timeGroup.IsFontAwesome || timeGroup.Icon != "fa-solid fa-clock" || timeGroup.Child[0].Badge != "Beta" {
		t.Errorf("time %+v", timeGroup)
	}
	mgmt := timeGroup.Child[1]
	if !mgmt.Multilevel || len(mgmt.Child) != 2 || mgmt.Child[1].Name != "Month closing" {
		t.Errorf("nested group %+v", mgmt)
	}
	if doc := help.Child[0]; doc.Link != "https://github.com/tramita/tramita" {
		t.Errorf("absolute link %+v", doc)
	}
	// A leaf carries no child key at all; the web app tests its presence.
	var raw []map[string]any
	_ = json.Unmarshal(pair[0], &raw)
	first := raw[0]["child"].([]any)[1].(map[string]any)
	for _, field := range []string{"key", "keyParent", "name", "link", "icon", "isFontAwesome", "imageContent", "badge", "title", "multilevel"} {
		if _, ok := first[field]; !ok {
			t.Errorf("entry without %s: %v", field, first)
		}
	}
	if _, ok := first["child"]; ok {
		t.Errorf("leaf with child: %v", first)
	}
	if raw[0]["keyParent"] != nil {
		t.Errorf("top keyParent %v", raw[0]["keyParent"])
	}
	_, ptBody, _ := f.call(t, "POST", menuPath(id), "ana", "pt-BR")
	if !strings.Contains(string(ptBody), `"Fechamento do mês"`) || !strings.Contains(string(ptBody), `"Gestão do Trabalho"`) {
		t.Errorf("pt-BR names missing: %s", ptBody)
	}
}

func TestScriptIsServedOnlyToThoseWhoMayUseTheApplication(t *testing.T) {
	f := newFixture(t)
	script := "/api/application/script/" + strconv.FormatInt(f.app["finance"], 10) + ".js"
	status, body, hdr := f.call(t, "GET", script, "bia", "")
	if status != 200 || string(body) != "window.finance = 1;" ||
		hdr.Get("Content-Type") != "application/javascript; charset=utf-8" || hdr.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("bia: %d %q %v", status, body, hdr)
	}
	if status, body, _ := f.call(t, "GET", script, "root", ""); status != 200 || string(body) != "window.finance = 1;" {
		t.Errorf("panel admin: %d %s", status, body)
	}
	if status, _, _ := f.call(t, "GET", script, "ana", ""); status != 404 {
		t.Errorf("ana got the script of an application she may not use: %d", status)
	}
	if status, _, _ := f.call(t, "GET", "/api/application/script/99999.js", "root", ""); status != 404 {
		t.Errorf("missing application: %d", status)
	}
}

// scriptURL returns the signed address of app's script that login gets with the menu.
func (f *fixture) scriptURL(t *testing.T, login, app string) string {
	t.Helper()
	_, body, _ := f.call(t, "POST", menuPath(f.app[app]), login, "")
	var pair []json.RawMessage
	var a apps.RuntimeApplication
	if err := json.Unmarshal(body, &pair); err != nil || json.Unmarshal(pair[1], &a) != nil || a.HTMLScriptsURL == "" {
		t.Fatalf("no script address: %s", body)
	}
	return a.HTMLScriptsURL
}

func TestSignedScriptAddressWorksWithoutBearer(t *testing.T) {
	f := newFixture(t)
	addr := f.scriptURL(t, "bia", "finance")
	status, body, hdr := f.call(t, "GET", addr, "", "")
	if status != 200 || string(body) != "window.finance = 1;" || !strings.Contains(hdr.Get("Cache-Control"), "private") {
		t.Fatalf("signed address: %d %s %v", status, body, hdr)
	}
	if again := f.scriptURL(t, "bia", "finance"); again != addr {
		t.Errorf("the address changes between calls, defeating the cache: %s %s", addr, again)
	}

	u, _ := url.Parse(addr)
	tamper := func(key, value string) string {
		q := u.Query()
		q.Set(key, value)
		return u.Path + "?" + q.Encode()
	}
	for name, bad := range map[string]string{
		"other user":        tamper("u", strconv.FormatInt(f.user["ana"], 10)),
		"later expiry":      tamper("e", strconv.FormatInt(time.Now().Add(48*time.Hour).Unix(), 10)),
		"bad signature":     tamper("s", "AAAA"),
		"other application": strings.Replace(addr, "/"+strconv.FormatInt(f.app["finance"], 10)+".js", "/"+strconv.FormatInt(f.app["hidden"], 10)+".js", 1),
	} {
		if status, _, _ := f.call(t, "GET", bad, "", ""); status != 404 {
			t.Errorf("%s: %d", name, status)
		}
	}

	// The address is checked against the user as they are now.
	f.exec(t, `DELETE FROM group_member WHERE user_id = $1`, f.user["bia"])
	if status, _, _ := f.call(t, "GET", addr, "", ""); status != 404 {
		t.Errorf("after leaving the group: %d", status)
	}
	f.exec(t, `UPDATE app_user SET panel_admin = true, active = false WHERE id = $1`, f.user["bia"])
	if status, _, _ := f.call(t, "GET", addr, "", ""); status != 404 {
		t.Errorf("inactive user: %d", status)
	}
	f.exec(t, `UPDATE app_user SET active = true WHERE id = $1`, f.user["bia"])
	if status, _, _ := f.call(t, "GET", addr, "", ""); status != 200 {
		t.Errorf("panel admin now: %d", status)
	}

	f.svc.SetClock(func() time.Time { return time.Now().Add(3 * time.Hour) })
	if status, _, _ := f.call(t, "GET", addr, "", ""); status != 404 {
		t.Errorf("expired address: %d", status)
	}
}
