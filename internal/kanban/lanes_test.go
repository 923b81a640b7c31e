package kanban_test

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/kanban"
	"github.com/tramita/tramita/internal/workflow"
)

// laneNames are the texts of a board's lanes of field.
func laneNames(b *kanban.Board, field string) []string {
	out := []string{}
	for _, l := range b.Swimlanes {
		if l.Field == field {
			for _, o := range l.Options {
				out = append(out, o.Text)
			}
		}
	}
	return out
}

// withTeam is the world's service able to name and write responsible lanes
// through the workflow, as the server wires it (messages to a new
// responsible are not kept).
func withTeam(w *world) *kanban.Service {
	quiet := func(context.Context, pgx.Tx, int64, string, string) error { return nil }
	return kanban.NewService(kanban.NewStore(w.db), nil).WithLanes(kanban.WorkflowLanes{Workflow: workflow.NewService(w.db, nil, quiet)})
}

func TestEveryLaneACardMayGoToIsOnTheBoard(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	svc := withTeam(w)
	board := func(c kanban.Caller, in kanban.BoardInput) *kanban.Board {
		t.Helper()
		in.ViewID = w.board
		b, err := svc.Board(ctx, c, in)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	// A picklist's lanes are its options, in order, whether or not a card has them
	// (every card is small or has no size; Grande is the lane of none of the default query).
	b := board(w.ana, kanban.BoardInput{})
	if got := laneNames(b, "size"); !slices.Equal(got, []string{"Pequeno", "Grande"}) {
		t.Errorf("size lanes %v", got)
	}
	// The responsible lanes are whoever the workflow would accept, by name: Ana and Otto
	// (Equipe reads the type) and Boss (a panel administrator); Sara may not read it. Otto
	// and Boss have no card and come with their names and avatars all the same.
	if got := laneNames(b, "ResponsibleName"); !slices.Equal(got, []string{"Ana Lima", "Boss", "Otto"}) {
		t.Errorf("responsible lanes %v", got)
	}
	if b.Swimlanes[0].Capped || b.Swimlanes[0].Options[2].Value != strconv.FormatInt(w.outsider.UserID, 10) {
		t.Errorf("responsible lane %+v", b.Swimlanes[0])
	}
	if !slices.ContainsFunc(b.Users, func(u kanban.User) bool { return u.Name == "Otto" }) {
		t.Errorf("users %+v", b.Users)
	}

	// A card dropped into Otto's empty lane gets Otto; a user who has no lane is refused
	// by the same rule.
	card := b.Columns[0].Cards[0]
	if _, err := svc.SetLane(ctx, w.ana, kanban.LaneInput{ViewID: w.board, ItemID: card.ID, Field: "ResponsibleName",
		Value: float64(w.stranger.UserID), ModificationDateTicks: float64(card.ModificationDateTicks)}); status(t, err) != http.StatusBadRequest {
		t.Errorf("a drop to Sara: %v", err)
	}
	if _, err := svc.SetLane(ctx, w.ana, kanban.LaneInput{ViewID: w.board, ItemID: card.ID, Field: "ResponsibleName",
		Value: b.Swimlanes[0].Options[2].Value, ModificationDateTicks: float64(card.ModificationDateTicks)}); err != nil {
		t.Fatalf("a drop into Otto's lane: %v", err)
	}
	if got := board(w.ana, kanban.BoardInput{Search: "#" + strconv.FormatInt(card.FormattedID, 10)}).Columns[0].Cards[0].ResponsibleID; got == nil || *got != w.outsider.UserID {
		t.Errorf("responsible after the drop %v", got)
	}

	// A board of one project: its members (Ana; Otto and Boss are not in it).
	if got := laneNames(board(w.ana, kanban.BoardInput{ProjectID: w.project}), "ResponsibleName"); !slices.Equal(got, []string{"Ana Lima"}) {
		t.Errorf("project lanes %v", got)
	}
	// An inactive user is no lane.
	if _, err := w.db.Exec(ctx, `UPDATE app_user SET active = false WHERE login = 'boss'`); err != nil {
		t.Fatal(err)
	}
	if got := laneNames(board(w.ana, kanban.BoardInput{}), "ResponsibleName"); !slices.Equal(got, []string{"Ana Lima", "Otto"}) {
		t.Errorf("lanes without an inactive user %v", got)
	}

	// A big team is capped: 40 more readers of the type. The caller comes first, then those
	// who are responsible for an item of the type (Zuleica, last by name), then by name.
	if _, err := w.db.Exec(ctx, `INSERT INTO app_user (login, name, email)
		SELECT 'u' || n, 'Usuário ' || lpad(n::text, 2, '0'), 'u' || n || '@example.com' FROM generate_series(1, 39) n
		UNION ALL SELECT 'zu', 'Zuleica', 'zu@example.com'`); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `INSERT INTO group_member (group_id, user_id) SELECT g.id, u.id FROM user_group g, app_user u
		WHERE g.name = 'Equipe' AND (u.login LIKE 'u%' OR u.login = 'zu')`); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Exec(ctx, `UPDATE item SET responsible_id = (SELECT id FROM app_user WHERE login = 'zu') WHERE number = 253`); err != nil {
		t.Fatal(err)
	}
	b = board(w.outsider, kanban.BoardInput{})
	got := laneNames(b, "ResponsibleName")
	if len(got) != kanban.MaxTeamLanes || !b.Swimlanes[0].Capped {
		t.Fatalf("%d lanes (capped %v), want %d", len(got), b.Swimlanes[0].Capped, kanban.MaxTeamLanes)
	}
	for _, name := range []string{"Otto", "Zuleica", "Ana Lima", "Usuário 01"} {
		if !slices.Contains(got, name) {
			t.Errorf("%s has no lane in %v", name, got)
		}
	}
	if slices.Contains(got, "Usuário 39") || !slices.IsSortedFunc(got, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) {
		t.Errorf("capped lanes %v", got)
	}
}

// When every action that asks the responsible offers a group's members, they are the team.
func TestResponsibleLanesAreTheGroupsTheWorkflowOffers(t *testing.T) {
	w := newWorldOf(t, strings.Replace(boardPackage,
		"      - {key: start, name: {pt-BR: Iniciar}, from: [todo], to: doing}\n",
		"      - {key: start, name: {pt-BR: Iniciar}, from: [todo], to: doing, asksResponsible: true, responsibleGroups: [Técnicos]}\n", 1))
	b, err := withTeam(w).Board(context.Background(), w.ana, kanban.BoardInput{ViewID: w.board})
	if err != nil {
		t.Fatal(err)
	}
	if got := laneNames(b, "ResponsibleName"); !slices.Equal(got, []string{"Otto"}) {
		t.Errorf("responsible lanes %v, want Técnicos' Otto", got)
	}
}

// A picklist that depends on another: every option is a lane, each saying which value of the
// parent attribute it belongs to, so the board can tell which lanes a card fits.
func TestDependentPicklistLanesNameTheirParent(t *testing.T) {
	w := newWorldOf(t, strings.NewReplacer(
		"components:", `  - key: kind
    name: {pt-BR: Tipo}
    dependsOn: size
    items:
      - {value: note, text: {pt-BR: Nota}, parent: s}
      - {value: poster, text: {pt-BR: Cartaz}, parent: l}
      - {value: other, text: {pt-BR: Outro}}
components:`,
		"      - {key: notes, name: {pt-BR: Notas}, type: STRING}\n",
		"      - {key: notes, name: {pt-BR: Notas}, type: STRING}\n      - {key: kind, name: {pt-BR: Tipo}, type: PICKLIST, picklist: kind}\n",
	).Replace(boardPackage))
	b, err := w.svc.Board(context.Background(), w.ana, kanban.BoardInput{ViewID: w.board})
	if err != nil {
		t.Fatal(err)
	}
	var kind, size *kanban.Lane
	for i := range b.Swimlanes {
		switch b.Swimlanes[i].Field {
		case "kind":
			kind = &b.Swimlanes[i]
		case "size":
			size = &b.Swimlanes[i]
		}
	}
	if kind == nil || size == nil {
		t.Fatalf("swimlanes %+v", b.Swimlanes)
	}
	if kind.DependsOn != "size" || size.DependsOn != "" {
		t.Errorf("dependsOn: kind %q, size %q", kind.DependsOn, size.DependsOn)
	}
	got := []string{}
	for _, o := range kind.Options {
		got = append(got, o.Value+"<"+o.Parent)
	}
	if !slices.Equal(got, []string{"note<s", "poster<l", "other<"}) {
		t.Errorf("kind lanes %v", got)
	}
}
