package kanban_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	demoapps "github.com/tramita/tramita/apps/demo"
	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// A project-scoped card type: Equipe reads and updates it; cards are
// coloured by their size; the default query leaves out the cancelled ones.
const boardPackage = `
key: kb
application: {name: {pt-BR: Quadros, en: Boards}}
groups: [Todos]
picklists:
  - key: size
    name: {pt-BR: Tamanho, en: Size}
    items:
      - {value: s, text: {pt-BR: Pequeno, en: Small}, color: "#66BB6A"}
      - {value: l, text: {pt-BR: Grande, en: Large}, color: "#EF5350"}
components:
  - key: card
    name: {pt-BR: Cartão, en: Card}
    projectScoped: true
    permissions:
      - {group: Equipe, rights: [read, create, update]}
    attributes:
      - {key: size, name: {pt-BR: Tamanho, en: Size}, type: PICKLIST, picklist: size}
      - {key: cancelled, name: {pt-BR: Cancelado, en: Cancelled}, type: BOOLEAN}
      - {key: notes, name: {pt-BR: Notas}, type: STRING}
    statuses:
      - {key: todo, name: {pt-BR: A fazer, en: To do}, color: "#90A4AE", initial: true}
      - {key: doing, name: {pt-BR: Fazendo, en: Doing}, color: "#42A5F5"}
      - {key: done, name: {pt-BR: Feito, en: Done}, color: "#66BB6A", final: true}
    actions:
      - {key: start, name: {pt-BR: Iniciar}, from: [todo], to: doing}
    queries:
      - {key: all, name: {pt-BR: Todos, en: All}}
      - key: live
        name: {pt-BR: Vivos, en: Live}
        default: true
        where:
          conditions:
            - {field: cancelled, operator: isEmpty}
      - key: large
        name: {pt-BR: Grandes, en: Large}
        where:
          conditions:
            - {field: size, operator: is, value: l}
    views:
      - {key: list, name: {pt-BR: Lista}, default: true, columns: [{field: Title}]}
      - key: board
        name: {pt-BR: Quadro, en: Board}
        kind: kanban
        fields: {color: size, swimlane: size}
`

type world struct {
	db                       *pgxpool.Pool
	svc                      *kanban.Service
	ana, outsider, stranger  kanban.Caller
	admin                    kanban.Caller
	board, list              int64
	todo, doing, done        int64
	queries                  map[string]int64
	project, otherProject    int64
	cancelledCard, largeCard int64
}

func newWorld(t *testing.T) *world { return newWorldOf(t, boardPackage) }

// newWorldOf is newWorld over another version of the board package.
func newWorldOf(t *testing.T, source string) *world {
	t.Helper()
	ctx := context.Background()
	db := testkit.NewDB(t)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := db.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	id := func(sql string, args ...any) int64 {
		t.Helper()
		var v int64
		if err := db.QueryRow(ctx, sql, args...).Scan(&v); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return v
	}
	exec(`INSERT INTO app_user (login, name, email, avatar) VALUES ('ana', 'Ana Lima', 'ana@example.com', 'data:image/png;base64,AAAA'),
		('out', 'Otto', 'otto@example.com', ''), ('stranger', 'Sara', 'sara@example.com', ''), ('boss', 'Boss', '', '')`)
	exec(`UPDATE app_user SET panel_admin = true WHERE login = 'boss'`)
	exec(`INSERT INTO user_group (name) VALUES ('Equipe')`)
	exec(`INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u
		WHERE g.name = 'Equipe' AND u.login IN ('ana', 'out')`)
	// Técnicos: a group an action may offer responsibles from (lanes_test.go).
	exec(`INSERT INTO user_group (name) VALUES ('Técnicos')`)
	exec(`INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u
		WHERE g.name = 'Técnicos' AND u.login = 'out'`)
	p, err := apppkg.Parse("kb.yaml", []byte(source))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, db, "kb.yaml", p); err != nil {
		t.Fatal(err)
	}
	w := &world{queries: map[string]int64{}, db: db}
	w.ana = kanban.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'ana'`)}
	w.outsider = kanban.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'out'`)}
	w.stranger = kanban.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'stranger'`)}
	w.admin = kanban.Caller{UserID: id(`SELECT id FROM app_user WHERE login = 'boss'`), PanelAdmin: true}
	comp := id(`SELECT id FROM component WHERE key = 'card'`)
	w.board = id(`SELECT id FROM item_view WHERE component_id = $1 AND key = 'board'`, comp)
	w.list = id(`SELECT id FROM item_view WHERE component_id = $1 AND key = 'list'`, comp)
	w.todo = id(`SELECT id FROM item_status WHERE component_id = $1 AND key = 'todo'`, comp)
	w.doing = id(`SELECT id FROM item_status WHERE component_id = $1 AND key = 'doing'`, comp)
	w.done = id(`SELECT id FROM item_status WHERE component_id = $1 AND key = 'done'`, comp)
	for _, k := range []string{"all", "live", "large"} {
		w.queries[k] = id(`SELECT id FROM item_query WHERE component_id = $1 AND key = $2`, comp, k)
	}
	w.project = id(`INSERT INTO project (name) VALUES ('Obra') RETURNING id`)
	w.otherProject = id(`INSERT INTO project (name) VALUES ('Outra') RETURNING id`)
	exec(`INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, 'member')`, w.project, w.ana.UserID)
	// 250 cards to do (the newest is number 250), 3 doing, 1 done, one
	// cancelled and one in a project Ana is not in.
	rows, err := db.Query(ctx, `INSERT INTO item (component_id, number, title, project_id, status_id, responsible_id, created_at)
		SELECT $1, n, 'Cartão ' || n, $2, $3, $4, now() - make_interval(secs => 1000 - n)
		FROM generate_series(1, 250) n RETURNING id`, comp, w.project, w.todo, w.ana.UserID)
	if err != nil {
		t.Fatal(err)
	}
	todo, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	values := make([]table.Row, 0, len(todo)+2)
	for _, card := range todo {
		values = append(values, table.Row{ID: card, Values: map[string]any{"size": "s", "notes": strings.Repeat("x", 100)}})
	}
	exec(`INSERT INTO item (component_id, number, title, project_id, status_id)
		SELECT $1, n, 'Em curso ' || n, $2, $3 FROM generate_series(251, 253) n`, comp, w.project, w.doing)
	w.largeCard = id(`INSERT INTO item (component_id, number, title, project_id, status_id)
		VALUES ($1, 254, 'Grande', $2, $3) RETURNING id`, comp, w.project, w.done)
	w.cancelledCard = id(`INSERT INTO item (component_id, number, title, project_id, status_id)
		VALUES ($1, 255, 'Cancelado', $2, $3) RETURNING id`, comp, w.project, w.doing)
	exec(`INSERT INTO item (component_id, number, title, project_id, status_id) VALUES ($1, 256, 'Alheio', $2, $3)`,
		comp, w.otherProject, w.todo)
	values = append(values, table.Row{ID: w.largeCard, Values: map[string]any{"size": "l"}},
		table.Row{ID: w.cancelledCard, Values: map[string]any{"cancelled": true}})
	if err := table.Copy(ctx, db, comp); err != nil {
		t.Fatal(err)
	}
	if err := table.WriteValues(ctx, db, comp, values...); err != nil {
		t.Fatal(err)
	}
	w.svc = kanban.NewService(kanban.NewStore(db), func() time.Time { return time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC) })
	return w
}

func totals(b *kanban.Board) []int {
	out := []int{}
	for _, c := range b.Columns {
		out = append(out, c.Total)
	}
	return out
}

func status(t *testing.T, err error) int {
	t.Helper()
	var e *httpx.Error
	if !errors.As(err, &e) {
		t.Fatalf("not an application error: %v", err)
	}
	return e.Status
}

func ptr(v int64) *int64 { return &v }

func TestBoardHasAColumnPerStatusWithTheCardsTheCallerMayRead(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	b, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board})
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Columns) != 3 || b.Columns[0].ID != w.todo || b.Columns[1].ID != w.doing || b.Columns[2].ID != w.done {
		t.Fatalf("columns %+v", b.Columns)
	}
	if b.Columns[0].Name != "A fazer" || b.Columns[0].Color != "#90A4AE" || !b.Columns[0].Initial || !b.Columns[2].Final {
		t.Errorf("first column %+v", b.Columns[0])
	}
	// The default query (live) leaves the cancelled card out; the card of
	// the other project is not Ana's to see.
	if got := totals(b); got[0] != 250 || got[1] != 3 || got[2] != 1 {
		t.Errorf("totals %v, want [250 3 1]", got)
	}
	if b.QueryID != w.queries["live"] || len(b.Queries) != 3 {
		t.Errorf("query %d of %+v", b.QueryID, b.Queries)
	}
	todo := b.Columns[0].Cards
	if len(todo) != kanban.DefaultPage || todo[0].FormattedID != 250 || todo[0].Title != "Cartão 250" {
		t.Fatalf("first page: %d cards, first %+v", len(todo), todo[0])
	}
	if todo[0].Color != "#66BB6A" || todo[0].Values["size"] != "s" || todo[0].ResponsibleID == nil || *todo[0].ResponsibleID != w.ana.UserID {
		t.Errorf("card %+v", todo[0])
	}
	if _, ok := todo[0].Values["notes"]; ok {
		t.Error("a card carries only the picklist attributes")
	}
	if b.Columns[1].Cards[0].Color != "#42A5F5" {
		t.Errorf("a card without a size takes its status colour: %+v", b.Columns[1].Cards[0])
	}
	if len(b.Users) != 1 || b.Users[0].Name != "Ana Lima" || b.Users[0].Avatar == "" {
		t.Errorf("users %+v", b.Users)
	}
	if b.Swimlane != "size" || b.ColorField != "size" || len(b.Swimlanes) != 2 || b.Swimlanes[0].Field != "ResponsibleName" ||
		b.Swimlanes[1].Options[1].Text != "Grande" {
		t.Errorf("swimlanes %q %+v", b.Swimlane, b.Swimlanes)
	}
	if b.CanConfigure {
		t.Error("only panel administrators configure boards")
	}

	// The next page of the first column, and past its end.
	page, err := w.svc.Column(ctx, w.ana, kanban.PageInput{BoardInput: kanban.BoardInput{ViewID: w.board}, StatusID: w.todo, Offset: 200})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Cards) != 50 || page.Total != 250 || page.Cards[0].FormattedID != 50 || page.Cards[49].FormattedID != 1 {
		t.Errorf("second page: %d cards of %d, first %+v", len(page.Cards), page.Total, page.Cards[0])
	}
	page, err = w.svc.Column(ctx, w.ana, kanban.PageInput{BoardInput: kanban.BoardInput{ViewID: w.board}, StatusID: w.todo, Offset: 400})
	if err != nil || len(page.Cards) != 0 || page.Total != 250 {
		t.Errorf("past the end: %+v %v", page, err)
	}

	// Other queries: every item, the large ones; a query of nothing else.
	b, err = w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, QueryID: ptr(0), Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if got := totals(b); got[0] != 250 || got[1] != 4 || got[2] != 1 || len(b.Columns[0].Cards) != 5 {
		t.Errorf("every item: totals %v, %d cards", got, len(b.Columns[0].Cards))
	}
	b, err = w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, QueryID: ptr(w.queries["large"])})
	if err != nil {
		t.Fatal(err)
	}
	if got := totals(b); got[0] != 0 || got[1] != 0 || got[2] != 1 || b.Columns[2].Cards[0].ID != w.largeCard || b.Columns[2].Cards[0].Color != "#EF5350" {
		t.Errorf("large: totals %v, %+v", got, b.Columns[2].Cards)
	}

	// A search: by title (case ignored) or by FormattedID.
	b, err = w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, QueryID: ptr(0), Search: "em CURSO"})
	if err != nil {
		t.Fatal(err)
	}
	if got := totals(b); got[0] != 0 || got[1] != 3 || got[2] != 0 {
		t.Errorf("search by title: totals %v", got)
	}
	b, err = w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, Search: "#12"})
	if err != nil {
		t.Fatal(err)
	}
	if got := totals(b); got[0] != 1 || b.Columns[0].Cards[0].FormattedID != 12 {
		t.Errorf("search by number: totals %v", got)
	}

	// A project filter, and the panel administrator who sees every project.
	b, err = w.svc.Board(ctx, w.admin, kanban.BoardInput{ViewID: w.board, ProjectID: w.otherProject})
	if err != nil {
		t.Fatal(err)
	}
	if got := totals(b); got[0] != 1 || got[1] != 0 || !b.CanConfigure {
		t.Errorf("admin, other project: totals %v", got)
	}
}

func TestBoardFollowsTheAccessRules(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	// A member of Equipe outside the project sees the columns and no card.
	b, err := w.svc.Board(ctx, w.outsider, kanban.BoardInput{ViewID: w.board})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range b.Columns {
		if c.Total != 0 || len(c.Cards) != 0 {
			t.Errorf("outsider sees %d cards in %s", c.Total, c.Key)
		}
	}
	if len(b.Users) != 0 {
		t.Errorf("outsider sees users %+v", b.Users)
	}
	page, err := w.svc.Column(ctx, w.outsider, kanban.PageInput{BoardInput: kanban.BoardInput{ViewID: w.board}, StatusID: w.todo})
	if err != nil || len(page.Cards) != 0 {
		t.Errorf("outsider's page %+v %v", page, err)
	}
	// Who may not read the type does not learn the board exists.
	if _, err := w.svc.Board(ctx, w.stranger, kanban.BoardInput{ViewID: w.board}); status(t, err) != http.StatusNotFound {
		t.Errorf("stranger: %v", err)
	}
	if refs, err := w.svc.Boards(ctx, w.stranger, kanban.BoardsInput{}); err != nil || len(refs) != 0 {
		t.Errorf("stranger's boards %+v %v", refs, err)
	}
	// An application id beyond 32 bits is an application that does not
	// exist, not a database error.
	if refs, err := w.svc.Boards(ctx, w.ana, kanban.BoardsInput{AppID: 1 << 40}); err != nil || len(refs) != 0 {
		t.Errorf("boards of a 40-bit application id %+v %v", refs, err)
	}
	refs, err := w.svc.Boards(ctx, w.ana, kanban.BoardsInput{})
	if err != nil || len(refs) != 1 || refs[0].ID != w.board || refs[0].Name != "Quadro" || refs[0].Key != "card.board" ||
		refs[0].Link != kanban.Link(refs[0].ApplicationID, w.board, "Quadro") {
		t.Errorf("ana's boards %+v %v", refs, err)
	}
	// A list view is no board; a missing view, a foreign query, a status of
	// nothing and bad paging are refused.
	cases := []struct {
		name string
		err  error
		want int
	}{
		{"list view", func() error { _, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.list}); return err }(), 404},
		{"missing view", func() error { _, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: 999999}); return err }(), 404},
		{"no view", func() error { _, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{}); return err }(), 400},
		{"foreign query", func() error {
			_, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, QueryID: ptr(999999)})
			return err
		}(), 400},
		{"big page", func() error {
			_, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, Limit: kanban.MaxPage + 1})
			return err
		}(), 400},
		{"foreign status", func() error {
			_, err := w.svc.Column(ctx, w.ana, kanban.PageInput{BoardInput: kanban.BoardInput{ViewID: w.board}, StatusID: 999999})
			return err
		}(), 400},
		{"negative offset", func() error {
			_, err := w.svc.Column(ctx, w.ana, kanban.PageInput{BoardInput: kanban.BoardInput{ViewID: w.board}, StatusID: w.todo, Offset: -1})
			return err
		}(), 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := status(t, c.err); got != c.want {
				t.Errorf("%d, want %d", got, c.want)
			}
		})
	}
}

func TestWIPLimitsAreSetByPanelAdministrators(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	in := kanban.WIPInput{ViewID: w.board, Limits: []kanban.WIPLimit{{StatusID: w.doing, Limit: 2}, {StatusID: w.done, Limit: 0}}}
	if _, err := w.svc.SaveWIPLimits(ctx, w.ana, in); status(t, err) != http.StatusForbidden {
		t.Errorf("ana: %v", err)
	}
	b, err := w.svc.SaveWIPLimits(ctx, w.admin, in)
	if err != nil {
		t.Fatal(err)
	}
	if b.Columns[0].WIPLimit != 0 || b.Columns[1].WIPLimit != 2 || b.Columns[2].WIPLimit != 0 {
		t.Errorf("limits %+v", b.Columns)
	}
	b, err = w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board})
	if err != nil || b.Columns[1].WIPLimit != 2 {
		t.Fatalf("ana sees the limit: %+v %v", b, err)
	}
	for _, bad := range []kanban.WIPLimit{{StatusID: 999999, Limit: 1}, {StatusID: w.todo, Limit: -1}, {StatusID: w.todo, Limit: kanban.MaxWIP + 1}} {
		if _, err := w.svc.SaveWIPLimits(ctx, w.admin, kanban.WIPInput{ViewID: w.board, Limits: []kanban.WIPLimit{bad}}); status(t, err) != http.StatusBadRequest {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	// Saving replaces: an empty list clears the board's limits.
	if b, err = w.svc.SaveWIPLimits(ctx, w.admin, kanban.WIPInput{ViewID: w.board}); err != nil || b.Columns[1].WIPLimit != 0 {
		t.Errorf("cleared: %+v %v", b, err)
	}
}

func TestBoardCallsOverHTTP(t *testing.T) {
	w := newWorld(t)
	current := func(ctx context.Context) (kanban.Caller, bool) {
		return w.ana, true
	}
	r := chi.NewRouter()
	kanban.NewHandler(w.svc, current).Routes(r)
	srv := httptest.NewServer(r)
	defer srv.Close()
	get := func(path string, v any) int {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if v != nil && res.StatusCode == 200 {
			if err := json.NewDecoder(res.Body).Decode(v); err != nil {
				t.Fatal(err)
			}
		}
		return res.StatusCode
	}
	var b kanban.Board
	if code := get("/kanban/getBoard?viewID="+itoa(w.board)+"&queryID=0&limit=3", &b); code != 200 || b.QueryID != 0 || len(b.Columns[0].Cards) != 3 || b.Columns[1].Total != 4 {
		t.Errorf("getBoard: %d %+v", code, b.Columns)
	}
	var p kanban.Page
	if code := get("/kanban/getColumn?viewID="+itoa(w.board)+"&statusID="+itoa(w.todo)+"&offset=248&limit=10", &p); code != 200 || len(p.Cards) != 2 {
		t.Errorf("getColumn: %d %+v", code, p)
	}
	var refs []kanban.BoardRef
	if code := get("/kanban/getBoards", &refs); code != 200 || len(refs) != 1 {
		t.Errorf("getBoards: %d %+v", code, refs)
	}
	if code := get("/kanban/getBoard?viewID=abc", nil); code != 400 {
		t.Errorf("viewID=abc: %d", code)
	}

	// A parameter that is not what the call takes is named, in the caller's language.
	lr := chi.NewRouter()
	lr.Use(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r.WithContext(i18n.With(r.Context(), i18n.Parse(r.Header.Get("Accept-Language")))))
		})
	})
	kanban.NewHandler(w.svc, current).Routes(lr)
	lsrv := httptest.NewServer(lr)
	defer lsrv.Close()
	board := "/kanban/getBoard?viewID=" + itoa(w.board)
	column := "/kanban/getColumn?viewID=" + itoa(w.board)
	for _, c := range []struct{ path, lang, want string }{
		{"/kanban/getBoard?viewID=abc", "pt-BR", "O parâmetro viewID deve ser um número inteiro."},
		{"/kanban/getBoard?viewID=abc", "en", "The viewID parameter must be a whole number."},
		{board + "&queryID=x", "pt-BR", "O parâmetro queryID deve ser um número inteiro."},
		{board + "&projectID=1.5", "en", "The projectID parameter must be a whole number."},
		{board + "&limit=ten", "pt-BR", "O parâmetro limit deve ser um número inteiro."},
		{board + "&limit=1001", "pt-BR", "O parâmetro limit deve estar entre 0 e 1000 (0: 200)."},
		{board + "&limit=-1", "en", "The limit parameter must be between 0 and 1000 (0: 200)."},
		{board + "&search=" + strings.Repeat("a", 201), "pt-BR", "O parâmetro search deve ter no máximo 200 caracteres."},
		{board + "&search=" + strings.Repeat("a", 201), "en", "The search parameter must be at most 200 characters long."},
		{"/kanban/getBoards?appID=a", "en", "The appID parameter must be a whole number."},
		{column + "&statusID=" + itoa(w.todo) + "&offset=-3", "pt-BR", "O parâmetro offset não pode ser negativo."},
		{column + "&statusID=" + itoa(w.todo) + "&offset=x", "en", "The offset parameter must be a whole number."},
		{column + "&statusID=999999", "pt-BR", "O parâmetro statusID não é um status deste quadro."},
		{column + "&statusID=999999", "en", "The statusID parameter is not a status of this board."},
	} {
		req, _ := http.NewRequest(http.MethodGet, lsrv.URL+c.path, nil)
		req.Header.Set("Accept-Language", c.lang)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Message string }
		_ = json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != 400 || !strings.HasPrefix(body.Message, c.want) {
			t.Errorf("%s (%s): %d %q, want 400 %q", c.path, c.lang, res.StatusCode, body.Message, c.want)
		}
	}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// The demo ticket board: every signed-in user may open it, its columns are
// the ticket's statuses and its cards are coloured by severity.
func TestDemoTicketBoard(t *testing.T) {
	ctx := context.Background()
	db := testkit.NewDB(t)
	data, err := fs.ReadFile(demoapps.Packages, "service-desk.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := apppkg.Parse("service-desk.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, db, "service-desk.yaml", p); err != nil {
		t.Fatal(err)
	}
	var user int64
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name, email) VALUES ('rui', 'Rui', 'rui@example.com') RETURNING id`).Scan(&user); err != nil {
		t.Fatal(err)
	}
	svc := kanban.NewService(kanban.NewStore(db), nil)
	rui := kanban.Caller{UserID: user}
	refs, err := svc.Boards(ctx, rui, kanban.BoardsInput{})
	if err != nil || len(refs) != 1 || refs[0].Key != "ticket.board" || refs[0].Name != "Quadro de chamados" {
		t.Fatalf("boards %+v %v", refs, err)
	}
	b, err := svc.Board(ctx, rui, kanban.BoardInput{ViewID: refs[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range b.Columns {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "Novo,Em atendimento,Aguardando cliente,Resolvido,Fechado" || b.ColorField != "severity" {
		t.Errorf("columns %s, colour %q", got, b.ColorField)
	}
	// The menu entry written with keys opens the board's runtime address.
	var link string
	if err := db.QueryRow(ctx, `SELECT link FROM menu_entry WHERE key = 'ticketBoard'`).Scan(&link); err != nil ||
		link != kanban.Link(refs[0].ApplicationID, refs[0].ID, "Quadro") {
		t.Errorf("menu link %q %v", link, err)
	}
}

// The board package with a second board: the large cards only, with WIP
// limits by default, and a menu entry naming the first board by keys.
const scopedPackage = boardPackage + `      - key: largeBoard
        name: {pt-BR: Quadro dos grandes, en: Large cards}
        kind: kanban
        query: large
        wip: {todo: 100, doing: 2}
        wipStrict: true
menu:
  - key: cards
    name: {pt-BR: Quadro, en: Board}
    link: /kanban/card.board/Quadro
`

func (w *world) view(t *testing.T, key string) int64 {
	t.Helper()
	var id int64
	if err := w.db.QueryRow(context.Background(), `SELECT id FROM item_view WHERE key = $1`, key).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestViewQueryBoundsTheBoardWhateverTheUserPicks(t *testing.T) {
	w := newWorldOf(t, scopedPackage)
	ctx := context.Background()
	large := w.view(t, "largeBoard")
	// The default query (live), every item (0) and another query all stay
	// inside the view's query: only the large card, in totals and pages too.
	for _, q := range []*int64{nil, ptr(0), ptr(w.queries["live"])} {
		b, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: large, QueryID: q})
		if err != nil {
			t.Fatal(err)
		}
		if got := totals(b); got[0] != 0 || got[1] != 0 || got[2] != 1 || b.Columns[2].Cards[0].ID != w.largeCard {
			t.Errorf("query %v: totals %v", q, got)
		}
		if b.ViewQuery == nil || b.ViewQuery.ID != w.queries["large"] || b.ViewQuery.Name != "Grandes" {
			t.Errorf("query %v: view query %+v", q, b.ViewQuery)
		}
	}
	page, err := w.svc.Column(ctx, w.ana, kanban.PageInput{BoardInput: kanban.BoardInput{ViewID: large, QueryID: ptr(0)}, StatusID: w.todo})
	if err != nil || page.Total != 0 || len(page.Cards) != 0 {
		t.Errorf("a page of the bounded board: %+v %v", page, err)
	}
	// The same type's other board has no query of its own.
	b, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: w.board, QueryID: ptr(0)})
	if err != nil || b.ViewQuery != nil || totals(b)[0] != 250 {
		t.Errorf("unbounded board: %v %+v %v", totals(b), b.ViewQuery, err)
	}
}

func TestWIPLimitsDefaultToThePackageAndAdministratorsOverrideThem(t *testing.T) {
	w := newWorldOf(t, scopedPackage)
	ctx := context.Background()
	large := w.view(t, "largeBoard")
	limits := func(b *kanban.Board) []int {
		out := []int{}
		for _, c := range b.Columns {
			out = append(out, c.WIPLimit, c.WIPDefault)
		}
		return out
	}
	b, err := w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: large})
	if err != nil {
		t.Fatal(err)
	}
	if got := limits(b); !slices.Equal(got, []int{100, 100, 2, 2, 0, 0}) || !b.WIPStrict {
		t.Errorf("package limits (limit, default per column) %v, strict %v", got, b.WIPStrict)
	}
	// The board's menu sends every column: the one equal to the package's
	// default follows the package, 0 turns a package limit off, 3 is new.
	in := kanban.WIPInput{ViewID: large, Limits: []kanban.WIPLimit{{StatusID: w.todo, Limit: 100}, {StatusID: w.doing, Limit: 0}, {StatusID: w.done, Limit: 3}}}
	if b, err = w.svc.SaveWIPLimits(ctx, w.admin, in); err != nil {
		t.Fatal(err)
	}
	if got := limits(b); !slices.Equal(got, []int{100, 100, 0, 2, 3, 0}) {
		t.Errorf("after saving %v", got)
	}
	var stored int
	if err := w.db.QueryRow(ctx, `SELECT count(*) FROM kanban_wip_limit WHERE view_id = $1`, large).Scan(&stored); err != nil || stored != 2 {
		t.Errorf("stored limits %d %v", stored, err)
	}
	// A re-import with another default changes the columns that follow it.
	p, err := apppkg.Parse("kb.yaml", []byte(strings.Replace(scopedPackage, "wip: {todo: 100, doing: 2}", "wip: {todo: 50, doing: 2}", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apppkg.Import(ctx, w.db, "kb.yaml", p); err != nil {
		t.Fatal(err)
	}
	if b, err = w.svc.Board(ctx, w.ana, kanban.BoardInput{ViewID: large}); err != nil || !slices.Equal(limits(b), []int{50, 50, 0, 2, 3, 0}) {
		t.Errorf("after the re-import %v %v", limits(b), err)
	}
	// Clearing the administrator's limits brings the package's back.
	if b, err = w.svc.SaveWIPLimits(ctx, w.admin, kanban.WIPInput{ViewID: large}); err != nil || !slices.Equal(limits(b), []int{50, 50, 2, 2, 0, 0}) {
		t.Errorf("cleared %v %v", limits(b), err)
	}
}

func TestMenuLinkToABoardByKeysIsItsRuntimeAddress(t *testing.T) {
	w := newWorldOf(t, scopedPackage)
	ctx := context.Background()
	refs, err := w.svc.Boards(ctx, w.ana, kanban.BoardsInput{})
	if err != nil || len(refs) != 2 || refs[0].Key != "card.board" {
		t.Fatalf("boards %+v %v", refs, err)
	}
	var link string
	if err := w.db.QueryRow(ctx, `SELECT link FROM menu_entry WHERE key = 'cards'`).Scan(&link); err != nil {
		t.Fatal(err)
	}
	if want := kanban.Link(refs[0].ApplicationID, w.board, "Quadro"); link != want || link != refs[0].Link {
		t.Errorf("menu link %q, want %q (getBoards: %q)", link, want, refs[0].Link)
	}
	// Export writes the keys back, with the view's query and limits.
	p, err := apppkg.Export(ctx, w.db, "kb")
	if err != nil {
		t.Fatal(err)
	}
	if p.Menu[0].Link != "/kanban/card.board/Quadro" {
		t.Errorf("exported link %q", p.Menu[0].Link)
	}
	v := p.Components[0].Views[2]
	if v.Query != "large" || v.WIP["todo"] != 100 || v.WIP["doing"] != 2 || len(v.WIP) != 2 || !v.WIPStrict || p.Components[0].Views[1].WIPStrict {
		t.Errorf("exported view %+v", v)
	}
}

func TestKanbanViewFieldsAreCheckedAtImport(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"query: large", "query: huge", `kb.yaml:46: view "largeBoard": query "huge" is not defined`},
		{"wip: {todo: 100, doing: 2}", "wip: {todo: 100, later: 2}", `kb.yaml:46: view "largeBoard": wip status "later" is not a status`},
		{"wip: {todo: 100, doing: 2}", "wip: {todo: 0, doing: 2}", `kb.yaml:46: view "largeBoard": wip of "todo" must be between 1 and 10000`},
		{"kind: kanban\n        query", "kind: list\n        query", `kb.yaml:46: view "largeBoard": query, wip and wipStrict belong to kanban views`},
		{"wipStrict: true", "wipStrict: yes please", `kb.yaml:51`},
		{"/kanban/card.board/", "/kanban/card.list/", `kb.yaml:53: menu entry "cards": "list" is not a kanban view of "card"`},
	} {
		src := strings.Replace(scopedPackage, c.from, c.to, 1)
		if src == scopedPackage {
			t.Fatalf("%q is not in the package", c.from)
		}
		_, err := apppkg.Parse("kb.yaml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %s", c.to, err, c.want)
		}
	}
}
