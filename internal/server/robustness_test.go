package server

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.yaml.in/yaml/v3"

	"github.com/tramita/tramita/api"
	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/testkit"
)

// The robustness suite: every route of the API answers each kind of
// caller as its row in accessOf says, and bad input of every kind gets a 4xx
// with a Message in the caller's language, never a 500, and changes nothing.

// access is who may call a route.
type access int

const (
	public    access = iota // anyone, signed in or not
	anyToken                // anyone; with a token it acts on that session (logout)
	mfaStep                 // a session that may still owe the second factor or the terms
	user                    // a complete session
	adminOnly               // a complete session with the panel-admin or administrator permission
)

func (a access) String() string {
	return [...]string{"public", "anyToken", "mfaStep", "user", "adminOnly"}[a]
}

// accessOf has one row per route. A route without a row fails the test, so a
// new call cannot be added without saying who may call it.
var accessOf = map[string]access{
	"GET /metrics":                                public,
	"GET /api/health":                             public,
	"GET /api/openapi.yaml":                       public,
	"GET /api/application/getPlatformSettings":    public,
	"GET /api/application/script/{appID}.js":      user, // or a signed address, for the script tag that sends no header
	"POST /api/users/authenticate":                public,
	"POST /api/users/resetPassword":               public,
	"POST /api/users/resetPasswordByLink":         public, // proves itself with the mailed token
	"POST /api/users/changeExpiredPassword":       public, // proves itself with the login and the old password
	"GET /api/users/getTermsOfUse":                public,
	"POST /api/users/logout":                      anyToken,
	"POST /api/users/acceptTermsOfUse":            mfaStep,
	"GET /api/users/getMFAData":                   mfaStep,
	"POST /api/users/registerUserMFA":             mfaStep,
	"POST /api/users/validateMFA":                 mfaStep,
	"GET /api/users/renewToken":                   user,
	"POST /api/users/changePassword":              user,
	"POST /api/users/updateProfile":               user,
	"GET /api/users/avatar/{id}":                  user,
	"GET /api/application/getAllowedApplications": user,
	"POST /api/application/getApplicationMenu":    user,

	"GET /api/message/events":             user,
	"GET /api/message/getMessages":        user,
	"GET /api/message/getVapidPublicKey":  user,
	"POST /api/message/createDevice":      user,
	"POST /api/message/delete":            user,
	"POST /api/message/deleteAllMessages": user,
	"POST /api/message/setAllReaded":      user,
	"POST /api/message/setReaded":         user,

	"GET /api/user/getUserFormInitialData": adminOnly,
	"GET /api/user/getUsertoEdit":          adminOnly,
	"POST /api/user/deleteUsers":           adminOnly,
	"POST /api/user/getUsers":              adminOnly,
	"POST /api/user/saveUser":              adminOnly,

	"GET /api/resource/getPendingItems":            user,
	"GET /api/resource/getPendingTasks":            user,
	"GET /api/resource/getProjects":                user,
	"GET /api/resource/getResourceFormInitialData": user,
	"GET /api/resource/getResourcetoEdit":          user,
	"POST /api/resource/getResources":              user,
	"POST /api/resource/deleteResources":           adminOnly,
	"POST /api/resource/saveResource":              adminOnly,

	"GET /api/admin/additionalFields":         adminOnly,
	"GET /api/admin/companies/get":            adminOnly,
	"GET /api/admin/dashboard":                adminOnly,
	"GET /api/admin/emailServer":              adminOnly,
	"GET /api/admin/groups/members":           adminOnly,
	"GET /api/admin/plan":                     adminOnly,
	"GET /api/admin/settings":                 adminOnly,
	"GET /api/admin/users/{id}/avatar":        adminOnly,
	"POST /api/admin/additionalFields/delete": adminOnly,
	"POST /api/admin/additionalFields/save":   adminOnly,
	"POST /api/admin/auditLog/export":         adminOnly,
	"POST /api/admin/auditLog/list":           adminOnly,
	"GET /api/admin/auditLog/verify":          adminOnly,
	"POST /api/admin/companies/delete":        adminOnly,
	"POST /api/admin/companies/list":          adminOnly,
	"POST /api/admin/companies/save":          adminOnly,
	"POST /api/admin/emailServer/save":        adminOnly,
	"POST /api/admin/emailServer/test":        adminOnly,
	"POST /api/admin/groups/delete":           adminOnly,
	"POST /api/admin/groups/list":             adminOnly,
	"POST /api/admin/groups/members":          adminOnly,
	"POST /api/admin/groups/save":             adminOnly,
	"POST /api/admin/orgUnits/list":           adminOnly,
	"POST /api/admin/orgUnits/save":           adminOnly,
	"POST /api/admin/orgUnits/delete":         adminOnly,
	"POST /api/admin/plan/save":               adminOnly,
	"POST /api/admin/settings/save":           adminOnly,
	"POST /api/admin/settings/termsOfUse":     adminOnly,

	"GET /api/genericItem/getAllowedsProjectItemTypes":   user,
	"GET /api/genericItem/getComponentByName":            user,
	"GET /api/genericItem/getDefaultValueQuery":          user,
	"GET /api/genericItem/getListControlData":            user,
	"GET /api/genericItem/loadProjects":                  user,
	"POST /api/genericItem/deleteItem":                   user,
	"POST /api/genericItem/executeFilter":                user,
	"POST /api/genericItem/exportExcel":                  user,
	"POST /api/genericItem/exportFullListToExcel":        user,
	"POST /api/genericItem/loadCompanies":                user,
	"POST /api/genericItem/loadGroups":                   user,
	"POST /api/genericItem/loadCalendars":                user,
	"POST /api/genericItem/loadItemTypeStatuses":         user,
	"POST /api/genericItem/loadGenericItems":             user,
	"POST /api/genericItem/loadOrganizationalStructures": user,
	"POST /api/genericItem/loadPicklistItems":            user,
	"POST /api/genericItem/loadUsers":                    user,
	"POST /api/genericItem/searchItemsByQuery":           user,

	"POST /api/genericItem/getActions":        user,
	"POST /api/genericItem/loadResponsibles":  user,
	"POST /api/genericItem/validateByRule":    user,
	"POST /api/genericItem/triggerAction":     user,
	"POST /api/genericItem/executeTaskAction": user,

	"POST /api/genericItem/executeWindowCallResultFunction":    user,
	"POST /api/genericItem/getOperation":                       user,
	"POST /api/genericItem/getOperations":                      user,
	"POST /api/genericItem/executeOperationBusinessRule":       user,
	"POST /api/genericItem/executeOperationCallResultFunction": user,
	"POST /api/genericItem/executeBulkOperation":               user,

	"GET /api/kanban/getBoards":           user,
	"GET /api/kanban/getBoard":            user,
	"GET /api/kanban/getColumn":           user,
	"POST /api/kanban/saveWipLimits":      adminOnly,
	"POST /api/kanban/setLane":            user,
	"POST /api/calendar/getCalendarItems": user,
	"POST /api/calendar/moveCalendarItem": user,
	"GET /api/reportviewer":               user, // the token may come in the query (reports.fromQuery)

	"GET /api/genericItem/getAddressByZipCode":            user,
	"GET /api/genericItem/getAttributeChanges":            user,
	"GET /api/genericItem/getHistory":                     user,
	"GET /api/genericItem/getHistoryFull":                 user,
	"POST /api/genericItem/bulkUpdateItems":               user,
	"POST /api/genericItem/checkPermissionToUpdate":       user,
	"POST /api/genericItem/executeFormBusinessRule":       user,
	"POST /api/genericItem/getForm":                       user,
	"POST /api/genericItem/getFormInitialData":            user,
	"POST /api/genericItem/loadOneToManyFormData":         user,
	"POST /api/genericItem/loadOneToManyTimelineFormData": user,
	"POST /api/genericItem/refreshItem":                   user,
	"POST /api/genericItem/saveItem":                      user,
	"POST /api/genericItem/showHideField":                 user,
	"POST /api/genericItem/updateItemField":               user,
	// Files, links and Excel import.
	"GET /api/genericItem/downloadFile":              user,
	"GET /api/genericItem/getAttachmentLink":         user,
	"GET /api/genericItem/getImageName":              user,
	"GET /api/genericItem/getImportStatus":           user,
	"GET /api/genericItem/loadAttachments":           user,
	"POST /api/genericItem/deleteAttachment":         user,
	"POST /api/genericItem/signFileAttachment":       user,
	"POST /api/genericItem/stampFileAttachment":      user,
	"GET /api/genericItem/loadFileSignatures":        user,
	"GET /api/genericItem/downloadSignatureProtocol": user,
	"GET /api/genericItem/downloadFileVersion":       user,
	"POST /api/genericItem/downloadFile":             user,
	"POST /api/genericItem/getFileLink":              user,
	"POST /api/genericItem/importExcel":              user,
	"POST /api/genericItem/loadItemLinksFormData":    user,
	"POST /api/genericItem/loadManyToManyComboData":  user,
	"POST /api/genericItem/loadManyToManyFormData":   user,
	"POST /api/genericItem/refreshManyToManyItems":   user,
	"POST /api/genericItem/loadTimesheetsFormData":   user,
	"POST /api/genericItem/saveTimeEntry":            user,
	"POST /api/genericItem/deleteTimeEntry":          user,
	"POST /api/timesheets/getMyWeek":                 user, // the caller's own week: nobody else's
	"POST /api/timesheets/saveMyWeek":                user, // each cell's item needs the update right: 403 otherwise
	"POST /api/timesheets/copyLastWeek":              user,
	"POST /api/timesheets/findMyItems":               user,
	"POST /api/timesheets/getMonthClosing":           adminOnly,
	"POST /api/timesheets/closeMonth":                adminOnly,
	"POST /api/timesheets/reopenMonth":               adminOnly,
	"POST /api/timesheets/submitMyWeek":              user, // the caller's own entries only
	"POST /api/timesheets/getTeamTimesheets":         user, // projects the caller manages; another project's filter: 403
	"POST /api/timesheets/approveTimeEntries":        user, // a manager of each entry's project or an administrator: 403 otherwise
	"POST /api/timesheets/rejectTimeEntries":         user, // as approveTimeEntries
	"POST /api/timesheets/exportTeamTimesheets":      user, // as getTeamTimesheets
	"POST /api/genericItem/loadProjectPermissions":   user,
	"POST /api/genericItem/saveProjectPermissions":   user, // a manager of the project or an administrator: 403 otherwise
	"POST /api/genericItem/getProjectTitle":          user,
	"POST /api/project/saveProject":                  user, // creating: an administrator; editing: a manager of the project too; 403 otherwise
	"POST /api/project/loadProject":                  user,
	"POST /api/project/listProjects":                 user,
	"POST /api/project/archiveProject":               user, // a manager of the project or an administrator: 403 otherwise
	"POST /api/project/projectSummary":               user,
	"POST /api/genericItem/getAllActivitiesToEAP":    user,
	"POST /api/project/updateProject":                user, // a manager of the project or an administrator: 403 otherwise
	"POST /api/genericItem/loadProjectWorkflows":     user,
	"POST /api/genericItem/uploadFiles":              user,
	"GET /api/genericItem/loadPredecessorsFormData":  user,
	"POST /api/genericItem/loadPredecessorChoices":   user,
	"POST /api/genericItem/addPredecessor":           user,
	"POST /api/genericItem/updatePredecessor":        user,
	"POST /api/genericItem/removePredecessor":        user,
	"POST /api/genericItem/getSchedule":              user, // a reader of the project: 404 otherwise
	"GET /api/genericItem/scheduleDownload":          user, // a reader of the project: 404 otherwise
	"POST /api/genericItem/moveScheduleTask":         user, // who may edit the item: 403 for a reader, 404 otherwise
	"POST /api/genericItem/setScheduleProgress":      user, // the same as moveScheduleTask
	"POST /api/genericItem/setScheduleParent":        user, // who may edit the item: 403 for a reader, 404 otherwise
	"POST /api/genericItem/loadScheduleBaselines":    user, // a reader of the project: 404 otherwise
	"POST /api/genericItem/scheduleUpload":           user, // who may create the view's items in the project: 403 otherwise
	"POST /api/genericItem/loadScheduleImportFields": user, // as scheduleUpload
	"POST /api/genericItem/saveScheduleBaseline":     user, // a writer of the project's tasks: 403 otherwise
	"POST /api/genericItem/deleteScheduleBaseline":   user, // a writer of the project's tasks: 403 otherwise
	// Document repositories: readers of the project read, managers and members write (403 for read_only, 404 outside).
	"GET /api/repositories/loadRepositories": user,
	"GET /api/repositories/loadTree":         user,
	"GET /api/repositories/loadFiles":        user,
	"GET /api/repositories/loadVersions":     user,
	"GET /api/repositories/downloadFile":     user,
	"POST /api/repositories/createFolder":    user,
	"POST /api/repositories/renameFolder":    user,
	"POST /api/repositories/moveFolder":      user,
	"POST /api/repositories/deleteFolder":    user,
	"POST /api/repositories/moveFile":        user,
	"POST /api/repositories/lockFile":        user,
	"POST /api/repositories/unlockFile":      user,
	"POST /api/repositories/restoreVersion":  user,
	"POST /api/repositories/deleteFile":      user,
	"POST /api/repositories/checkIn":         user,
}

// serverError: a 5xx other than 501, which is how a call not built yet says
// so clearly (with a Message). The database is up here, so a 503 is a bug too.
func serverError(code int) bool {
	return code >= 500 && code != http.StatusNotImplemented
}

type route struct{ method, pattern string }

func (r route) String() string { return r.method + " " + r.pattern }

// robustServer is a whole app with an administrator, a plain user, and a
// session that still owes the second factor.
type robustServer struct {
	t                     *testing.T
	srv                   *httptest.Server
	pool                  *pgxpool.Pool
	routes                []route
	admin, plain, pending string
}

// endsSession are the calls that may end the session they are called with
// (logout; declining the terms of use): they get a fresh sign-in each time.
var endsSession = map[string]bool{
	"POST /api/users/logout":           true,
	"POST /api/users/acceptTermsOfUse": true,
}

// takesNoBody are the calls that read no body, so may ignore a broken one.
var takesNoBody = map[string]bool{
	"POST /api/users/logout":              true,
	"POST /api/message/deleteAllMessages": true,
	"POST /api/message/setAllReaded":      true,
}

const (
	robustAdminPassword = "Tramita-Admin-2025!"
	robustPlainPassword = "Plain-User-2025!"
)

func newRobustServer(t *testing.T) *robustServer {
	t.Helper()
	dbURL := testkit.DatabaseURL(t)
	app, err := Open(context.Background(), Options{
		Config: config.Config{DatabaseURL: dbURL, AdminPassword: robustAdminPassword, LogFormat: "text", LogLevel: "error",
			TokenTTL: 3600e9, SessionLifetime: 8 * 3600e9},
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Version: "test",
		Web:     fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}},
		Notice:  io.Discard,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app.Handler())
	t.Cleanup(func() { srv.Close(); app.Close() })
	pool, err := pgxpool.New(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)

	s := &robustServer{t: t, srv: srv, pool: pool}
	hash, err := auth.HashPassword(robustPlainPassword)
	if err != nil {
		t.Fatal(err)
	}
	s.exec(`INSERT INTO app_user (login, name, email, password_hash, password_changed_at) VALUES
		('plain', 'Plain', 'plain@example.com', $1, now()), ('pending', 'Pending', 'pending@example.com', $1, now())`, hash)
	s.admin, s.plain = s.login("admin", robustAdminPassword), s.login("plain", robustPlainPassword)
	// With the second factor on, a sign-in owes it; the session keeps owing it when the setting goes off again.
	s.pending = s.loginPending()

	if err := chi.Walk(app.Handler().(chi.Routes), func(method, pattern string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		s.routes = append(s.routes, route{method, pattern})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	sort.Slice(s.routes, func(i, j int) bool { return s.routes[i].String() < s.routes[j].String() })
	return s
}

// tokenFor is the token to call route with as the caller of token: a fresh
// sign-in of the same user when the call may end its session.
func (s *robustServer) tokenFor(route, token string) string {
	if !endsSession[route] {
		return token
	}
	switch token {
	case s.admin:
		return s.login("admin", robustAdminPassword)
	case s.plain:
		return s.login("plain", robustPlainPassword)
	case s.pending:
		return s.loginPending()
	}
	return token
}

// loginPending signs in a user who then owes the second factor: the platform
// asks for it during the sign-in only, and the session keeps owing it.
func (s *robustServer) loginPending() string {
	s.exec(`INSERT INTO platform_setting (key, value) VALUES ('enableMFA', 'true')
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`)
	token := s.login("pending", robustPlainPassword)
	s.exec(`UPDATE platform_setting SET value = 'false' WHERE key = 'enableMFA'`)
	return token
}

func (s *robustServer) exec(sql string, args ...any) {
	s.t.Helper()
	if _, err := s.pool.Exec(context.Background(), sql, args...); err != nil {
		s.t.Fatal(err)
	}
}

func (s *robustServer) login(login, password string) string {
	s.t.Helper()
	// The suite signs in far more often than a person would: the sign-in throttle must not count it.
	s.exec(`DELETE FROM auth_rate`)
	s.exec(`DELETE FROM auth_throttle`)
	_, body := s.call("POST", "/api/users/authenticate", "", "application/json",
		fmt.Sprintf(`{"UserName":%q,"Password":%q}`, login, password), "en")
	raw, _ := base64.StdEncoding.DecodeString(string(body))
	var r struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal(raw, &r); err != nil || r.Token == "" {
		s.t.Fatalf("sign-in of %s: %s", login, body)
	}
	return r.Token
}

// call sends one request; path parameters are filled with 1.
func (s *robustServer) call(method, path, token, contentType, body, language string) (int, []byte) {
	s.t.Helper()
	path = regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, "1")
	req, err := http.NewRequest(method, s.srv.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept-Language", language)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	// The event stream never ends by itself: a short context ends it once the status is known.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	if strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		return res.StatusCode, nil
	}
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func TestEveryRouteHasAnAccessRowAndAnswersEachCallerAccordingly(t *testing.T) {
	s := newRobustServer(t)
	seen := map[string]bool{}
	for _, r := range s.routes {
		key := r.String()
		seen[key] = true
		want, ok := accessOf[key]
		if !ok {
			t.Errorf("%s has no row in accessOf: say who may call it", key)
			continue
		}
		body := "{}"
		if r.method == http.MethodGet {
			body = ""
		}
		callers := []struct {
			name, token string
		}{{"anonymous", ""}, {"pending MFA", s.pending}, {"plain user", s.plain}, {"administrator", s.admin}}
		for _, c := range callers {
			token := s.tokenFor(key, c.token)
			code, b := s.call(r.method, r.pattern, token, "application/json", body, "en")
			if serverError(code) {
				t.Errorf("%s as %s: %d %s", key, c.name, code, b)
				continue
			}
			refused := code == http.StatusUnauthorized || code == http.StatusForbidden
			var wantRefused bool
			switch want {
			case public, anyToken:
				wantRefused = false
			case mfaStep:
				wantRefused = c.token == ""
			case user:
				wantRefused = c.token == "" || c.token == s.pending
			case adminOnly:
				wantRefused = c.token != s.admin
			}
			if refused != wantRefused {
				t.Errorf("%s (%s) as %s: %d %.200s", key, want, c.name, code, b)
			}
			if want == adminOnly && c.token == s.plain && code != http.StatusForbidden {
				t.Errorf("%s as plain user: %d, want 403", key, code)
			}
			if (want == user || want == adminOnly) && (c.token == "" || c.token == s.pending) && code != http.StatusUnauthorized {
				t.Errorf("%s as %s: %d, want 401", key, c.name, code)
			}
			if code >= 400 && !hasMessage(b) {
				t.Errorf("%s as %s: %d without a Message: %.200s", key, c.name, code, b)
			}
		}
	}
	for key := range accessOf {
		if !seen[key] {
			t.Errorf("accessOf has a row for %s, which is not a route", key)
		}
	}
}

func hasMessage(body []byte) bool {
	var e struct{ Message string }
	return json.Unmarshal(body, &e) == nil && strings.TrimSpace(e.Message) != ""
}

// badBodies are request bodies no call accepts as they are: broken JSON,
// wrong shapes, wrong types in the fields the calls use, values out of range.
var badBodies = []struct{ name, body string }{
	{"broken JSON", `{"id": 1,`},
	{"not JSON", `<xml/>`},
	{"array", `[1, 2, 3]`},
	{"string", `"x"`},
	{"number", `42`},
	{"two documents", `{} {}`},
	{"strings for numbers", `{"id":"x","Id":"x","ids":"x","itemId":"x","componentId":"x","componentID":"x","projectId":"x","projectID":"x","userId":"x","groupId":"x","companyId":"x","page":"x","pageSize":"x"}`},
	{"objects for strings", `{"name":{},"login":{},"email":[],"query":{},"text":[],"title":{},"value":{},"password":{},"UserName":{},"Password":[]}`},
	{"overflowing numbers", `{"id":1e400,"Id":99999999999999999999999,"ids":[18446744073709551616],"itemId":-1e300,"page":1e100,"pageSize":-99999999999999999999}`},
	// Beyond 32 bits: numbers a Go int64 holds and an integer (int4) column does not (pgx refuses to
	// encode them: a 500 unless the call checks its range first). The names are the JSON tags of the
	// API's integer fields.
	{"beyond 32 bits", `{"FormattedID":1099511627776,"Plan":1099511627776,"ProjectID":1099511627776,"applicationID":1099511627776,"applicationId":1099511627776,"applications":1099511627776,"attachment":1099511627776,"childComponentId":1099511627776,"companyId":1099511627776,"component":1099511627776,"componentID":1099511627776,"componentId":1099511627776,"dateTimeFormatType":1099511627776,"decimalScale":1099511627776,"deviceId":1099511627776,"entityId":1099511627776,"fileComponentId":1099511627776,"fileId":1099511627776,"folderID":1099511627776,"formID":1099511627776,"groupId":1099511627776,"id":1099511627776,"importId":1099511627776,"item":1099511627776,"itemID":1099511627776,"itemId":1099511627776,"itemTemplate":1099511627776,"limit":1099511627776,"maxCount":1099511627776,"maxLength":1099511627776,"maxSize":1099511627776,"messageId":1099511627776,"mode":1099511627776,"modificationDateTicks":1099511627776,"offset":1099511627776,"page":1099511627776,"pageSize":1099511627776,"parentID":1099511627776,"parentId":1099511627776,"passwordMaxAgeDays":1099511627776,"picklistId":1099511627776,"port":1099511627776,"position":1099511627776,"project":1099511627776,"projectID":1099511627776,"projectId":1099511627776,"queryId":1099511627776,"relatedComponentId":1099511627776,"responsible":1099511627776,"responsibleId":1099511627776,"ruleId":1099511627776,"rowsPerPage":1099511627776,"seq":1099511627776,"size":1099511627776,"status":1099511627776,"statusId":1099511627776,"storageBytes":1099511627776,"version":1099511627776,"viewID":1099511627776,"viewId":1099511627776,"weekDay":1099511627776,"weeklyMinutes":1099511627776,"width":1099511627776,"wipDefault":1099511627776,"wipLimit":1099511627776,"ids":[1099511627776],"userIds":[1099511627776],"add":[1099511627776],"remove":[1099511627776],"members":[1099511627776],"groups":[1099511627776],"users":[1099511627776]}`},
	{"NUL in strings", `{"name":"a\u0000b","login":"a\u0000b","email":"a\u0000b","query":"a\u0000b","text":"a\u0000b","UserName":"a\u0000b","Password":"a\u0000b","value":"a\u0000b","title":"a\u0000b"}`},
}

// badQueries are query strings of wrong types, out-of-range numbers, NUL,
// SQL and HTML meta characters and odd unicode for the parameters the calls read.
var badQueries = []string{
	"id=x&itemId=x&componentID=x&componentId=x&projectId=x&userId=x&appID=x",
	"id=-1&itemId=99999999999999999999&componentID=-9223372036854775808&projectId=1e400",
	"name=a%00b&componentName=a%00b&query=a%00b",
	"FormattedID=1099511627776&Plan=1099511627776&ProjectID=1099511627776&applicationID=1099511627776&applicationId=1099511627776&applications=1099511627776&attachment=1099511627776&childComponentId=1099511627776&companyId=1099511627776&component=1099511627776&componentID=1099511627776&componentId=1099511627776&dateTimeFormatType=1099511627776&decimalScale=1099511627776&deviceId=1099511627776&entityId=1099511627776&fileComponentId=1099511627776&fileId=1099511627776&folderID=1099511627776&formID=1099511627776&groupId=1099511627776&id=1099511627776&importId=1099511627776&item=1099511627776&itemID=1099511627776&itemId=1099511627776&itemTemplate=1099511627776&limit=1099511627776&maxCount=1099511627776&maxLength=1099511627776&maxSize=1099511627776&messageId=1099511627776&mode=1099511627776&modificationDateTicks=1099511627776&offset=1099511627776&page=1099511627776&pageSize=1099511627776&parentID=1099511627776&parentId=1099511627776&passwordMaxAgeDays=1099511627776&picklistId=1099511627776&port=1099511627776&position=1099511627776&project=1099511627776&projectID=1099511627776&projectId=1099511627776&queryId=1099511627776&relatedComponentId=1099511627776&responsible=1099511627776&responsibleId=1099511627776&ruleId=1099511627776&rowsPerPage=1099511627776&seq=1099511627776&size=1099511627776&status=1099511627776&statusId=1099511627776&storageBytes=1099511627776&version=1099511627776&viewID=1099511627776&viewId=1099511627776&weekDay=1099511627776&weeklyMinutes=1099511627776&width=1099511627776&wipDefault=1099511627776&wipLimit=1099511627776",
	"name=%27%3B+DROP+TABLE+app_user%3B--&componentName=%3Cscript%3E&query=%25_%5C&parentValue=%EF%BF%BF%F0%9F%92%A9",
}

// A call that takes no body may ignore one; every other answer to bad input is
// a 4xx with a Message in the caller's language, and nothing in the database changes.
func TestBadInputGetsA4xxWithAMessageAndChangesNothing(t *testing.T) {
	s := newRobustServer(t)
	before := s.fingerprint()
	for _, r := range s.routes {
		if r.method != http.MethodPost {
			continue
		}
		for _, bad := range badBodies {
			for _, caller := range []struct{ name, token string }{{"administrator", s.admin}, {"plain user", s.plain}} {
				code, b := s.call(r.method, r.pattern, s.tokenFor(r.String(), caller.token), "application/json", bad.body, "pt-BR")
				switch {
				case takesNoBody[r.String()] && !serverError(code):
				case serverError(code):
					t.Errorf("%s, %s, as %s: %d %.300s", r, bad.name, caller.name, code, b)
				case code >= 400 && !hasMessage(b):
					t.Errorf("%s, %s, as %s: %d without a Message: %.200s", r, bad.name, caller.name, code, b)
				case code < 400 && bad.name != "strings for numbers" && bad.name != "objects for strings" && bad.name != "NUL in strings" && bad.name != "overflowing numbers" && bad.name != "beyond 32 bits":
					// Shapes no decoder takes: only a call that reads no body may answer 2xx.
					t.Errorf("%s, %s, as %s: %d, want a 4xx", r, bad.name, caller.name, code)
				}
			}
		}
		// A body over the limit is refused before any work, in the caller's language.
		code, b := s.call(r.method, r.pattern, s.tokenFor(r.String(), s.admin), "application/json", `{"name":"`+strings.Repeat("a", 2<<20)+`"}`, "pt-BR")
		if code != http.StatusRequestEntityTooLarge && !takesNoBody[r.String()] || serverError(code) || (code >= 400 && !hasMessage(b)) {
			t.Errorf("%s, huge body: %d %.200s", r, code, b)
		}
		if code == http.StatusUnauthorized && !endsSession[r.String()] {
			t.Fatalf("%s ended the test's session", r)
		}
	}
	// Addresses: odd query values on every GET call.
	for _, r := range s.routes {
		if r.method != http.MethodGet || r.pattern == "/api/message/events" {
			continue
		}
		for _, query := range badQueries {
			for _, caller := range []struct{ name, token string }{{"administrator", s.admin}, {"plain user", s.plain}} {
				code, b := s.call(r.method, r.pattern+"?"+query, caller.token, "", "", "en")
				if serverError(code) || (code >= 400 && !hasMessage(b)) {
					t.Errorf("%s?%s as %s: %d %.200s", r, query, caller.name, code, b)
				}
			}
		}
	}
	if after := s.fingerprint(); after != before {
		t.Errorf("bad input changed the database:\n%s", diffLines(before, after))
	}
}

// fingerprint sums every table's rows, leaving out what a refused call may
// rightly write: sessions, throttling counters and the audit trail (and its
// chain's head).
func (s *robustServer) fingerprint() string {
	s.t.Helper()
	ctx := context.Background()
	rows, err := s.pool.Query(ctx, `SELECT quote_ident(table_name) FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
		AND table_name NOT IN ('user_session', 'auth_throttle', 'auth_rate', 'audit_event', 'audit_chain', 'goose_db_version')
		ORDER BY table_name`)
	if err != nil {
		s.t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			s.t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		s.t.Fatal(err)
	}
	var out bytes.Buffer
	for _, table := range tables {
		var sum string
		if err := s.pool.QueryRow(ctx, `SELECT count(*) || ':' || coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '')
			FROM `+table+` t`).Scan(&sum); err != nil {
			s.t.Fatal(err)
		}
		fmt.Fprintf(&out, "%s %s\n", table, sum)
	}
	return out.String()
}

func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := range al {
		if i < len(bl) && al[i] != bl[i] {
			out = append(out, "- "+al[i], "+ "+bl[i])
		}
	}
	return strings.Join(out, "\n")
}

// Every API route is in api/openapi.yaml with its method (paths there are
// relative to the /api base). One check over the whole router, so no module
// can add a call the contract does not show.
func TestEveryRouteIsInTheOpenAPIDocument(t *testing.T) {
	s := newRobustServer(t)
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(api.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	for _, r := range s.routes {
		path, ok := strings.CutPrefix(r.pattern, "/api")
		if !ok || path == "/openapi.yaml" {
			continue
		}
		methods, listed := doc.Paths[path]
		if !listed {
			t.Errorf("%s is not in api/openapi.yaml", r)
			continue
		}
		if _, ok := methods[strings.ToLower(r.method)]; !ok {
			t.Errorf("%s: api/openapi.yaml lists the path without this method", r)
		}
	}
}
