package demo_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"regexp"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/items/demo"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// newInstallation is a migrated database with its administrator, as the
// first start leaves it before the demo loads.
func newInstallation(t *testing.T) *pgxpool.Pool {
	t.Helper()
	db := testkit.NewDB(t)
	if _, err := auth.EnsureAdmin(context.Background(), db, "Admin-Senha-Forte-9"); err != nil {
		t.Fatal(err)
	}
	return db
}

type demoUser struct {
	id                                            int64
	name, email, hash                             string
	panelAdmin, administrator, mustChange, active bool
}

func maria(t *testing.T, db *pgxpool.Pool) (demoUser, bool) {
	t.Helper()
	var u demoUser
	err := db.QueryRow(context.Background(), `SELECT id, name, email, coalesce(password_hash, ''), panel_admin, administrator,
		must_change_password, active FROM app_user WHERE login = $1`, demo.UserLogin).
		Scan(&u.id, &u.name, &u.email, &u.hash, &u.panelAdmin, &u.administrator, &u.mustChange, &u.active)
	if err == pgx.ErrNoRows {
		return u, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return u, true
}

// roles are a user's own roles as "project: role", by project name.
func roles(t *testing.T, db *pgxpool.Pool, user int64) []string {
	t.Helper()
	rows, err := db.Query(context.Background(), `SELECT p.name || ': ' || pm.role FROM project_member pm
		JOIN project p ON p.id = pm.project_id WHERE pm.user_id = $1 ORDER BY p.name`, user)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func count(t *testing.T, db *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTheDemoUserIsAPlainMemberOfTwoProjects(t *testing.T) {
	db := newInstallation(t)
	ctx := context.Background()
	var notice bytes.Buffer
	const password = "Ipê-Amarelo-27"
	if err := demo.Load(ctx, db, quiet, demo.Options{Enabled: true, Password: password, Notice: &notice}); err != nil {
		t.Fatal(err)
	}
	u, ok := maria(t, db)
	if !ok {
		t.Fatal("no demo user")
	}
	if u.name != "Maria Souza" || u.email != "maria.souza@example.com" || u.panelAdmin || u.administrator || !u.active {
		t.Errorf("demo user %+v", u)
	}
	// A password given in the configuration is the one she signs in with,
	// not to be changed, and nothing is printed.
	if match, err := auth.VerifyPassword(u.hash, password); err != nil || !match || u.mustChange || notice.Len() != 0 {
		t.Errorf("password matches %v (%v), must change %v, notice %q", match, err, u.mustChange, notice.String())
	}
	want := []string{"Nova Sede: read_only", "Transformação Digital: member"}
	if got := roles(t, db, u.id); !slices.Equal(got, want) {
		t.Errorf("roles %v, want %v", got, want)
	}
	if n := count(t, db, `SELECT count(*) FROM group_member WHERE user_id = $1`, u.id); n != 0 {
		t.Errorf("in %d groups", n)
	}
	// What she reads follows: two of the three projects, one of them to change.
	rows, err := db.Query(ctx, `SELECT name FROM project p WHERE EXISTS (SELECT 1 FROM readable_project($1, false) r WHERE r.id = p.id)
		ORDER BY name`, u.id)
	if err != nil {
		t.Fatal(err)
	}
	readable, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || !slices.Equal(readable, []string{"Nova Sede", "Transformação Digital"}) {
		t.Errorf("readable projects %v %v", readable, err)
	}
	if n := count(t, db, `SELECT count(*) FROM writable_item($1, false) w JOIN item i ON i.id = w.id
		JOIN project p ON p.id = i.project_id WHERE p.name <> 'Transformação Digital'`, u.id); n != 0 {
		t.Errorf("she may change %d items outside Transformação Digital", n)
	}

	// A second load (a restart) changes nothing.
	users, items := count(t, db, `SELECT count(*) FROM app_user`), count(t, db, `SELECT count(*) FROM item`)
	if err := demo.Load(ctx, db, quiet, demo.Options{Enabled: true, Notice: &notice}); err != nil {
		t.Fatal(err)
	}
	again, _ := maria(t, db)
	if n := count(t, db, `SELECT count(*) FROM app_user`); n != users || again.hash != u.hash || notice.Len() != 0 {
		t.Errorf("second load: %d users (was %d), password changed %v, notice %q", n, users, again.hash != u.hash, notice.String())
	}
	if n := count(t, db, `SELECT count(*) FROM item`); n != items || !slices.Equal(roles(t, db, u.id), want) {
		t.Errorf("second load: %d items (was %d), roles %v", n, items, roles(t, db, u.id))
	}
}

// Without a password in the configuration, as the administrator's: a random
// one, printed once, to be changed at the first sign-in.
func TestTheDemoUsersRandomPasswordIsPrintedOnce(t *testing.T) {
	db := newInstallation(t)
	var notice bytes.Buffer
	if err := demo.Load(context.Background(), db, quiet, demo.Options{Enabled: true, Notice: &notice}); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`Login: maria  Password: (\S+)\n`).FindStringSubmatch(notice.String())
	if m == nil || len(m[1]) != 16 {
		t.Fatalf("notice %q", notice.String())
	}
	u, _ := maria(t, db)
	if match, err := auth.VerifyPassword(u.hash, m[1]); err != nil || !match || !u.mustChange {
		t.Errorf("printed password matches %v (%v), must change %v", match, err, u.mustChange)
	}
}

// A user "maria" of the installation's own is not the demo's: she is left as
// she is, with no role and her password.
func TestAnExistingMariaIsLeftAlone(t *testing.T) {
	db := newInstallation(t)
	ctx := context.Background()
	if _, err := db.Exec(ctx, `INSERT INTO app_user (login, name, email) VALUES ('maria', 'Maria Lima', 'maria@empresa.test')`); err != nil {
		t.Fatal(err)
	}
	var notice bytes.Buffer
	if err := demo.Load(ctx, db, quiet, demo.Options{Enabled: true, Password: "Ipê-Amarelo-27", Notice: &notice}); err != nil {
		t.Fatal(err)
	}
	u, _ := maria(t, db)
	if u.name != "Maria Lima" || u.hash != "" || len(roles(t, db, u.id)) != 0 || notice.Len() != 0 {
		t.Errorf("existing maria %+v, roles %v, notice %q", u, roles(t, db, u.id), notice.String())
	}
	if n := count(t, db, `SELECT count(*) FROM project`); n != 3 {
		t.Errorf("%d demo projects", n)
	}
}

// The demo creates nobody past the plan's user limit; the rest loads.
func TestTheDemoUserRespectsThePlansUserLimit(t *testing.T) {
	db := newInstallation(t)
	ctx := context.Background()
	if _, err := db.Exec(ctx, `UPDATE plan SET max_users = 1 WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	if err := demo.Load(ctx, db, quiet, demo.Options{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if _, ok := maria(t, db); ok {
		t.Error("demo user created past the plan's limit of 1 user")
	}
	if n := count(t, db, `SELECT count(*) FROM project`); n != 3 {
		t.Errorf("%d demo projects", n)
	}
}

// The demo's item types grant no group the right to delete: a demo user
// cannot empty the sample data; administrators still can.
func TestDemoGroupsHaveNoDeleteRight(t *testing.T) {
	db := newInstallation(t)
	ctx := context.Background()
	if err := demo.Load(ctx, db, quiet, demo.Options{Enabled: true}); err != nil {
		t.Fatal(err)
	}
	grants := count(t, db, `SELECT count(*) FROM component_grant cg JOIN component c ON c.id = cg.component_id
		JOIN application a ON a.id = c.application_id WHERE a.key IN ('projectManagement', 'serviceDesk')`)
	deletes := count(t, db, `SELECT count(*) FROM component_grant cg JOIN component c ON c.id = cg.component_id
		JOIN application a ON a.id = c.application_id WHERE a.key IN ('projectManagement', 'serviceDesk') AND cg.can_delete`)
	if grants == 0 || deletes != 0 {
		t.Errorf("%d of the demo's %d grants give delete", deletes, grants)
	}
}

func TestDisabledLoadsNothing(t *testing.T) {
	db := newInstallation(t)
	if err := demo.Load(context.Background(), db, quiet, demo.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, ok := maria(t, db); ok || count(t, db, `SELECT count(*) FROM project`) != 0 {
		t.Error("a disabled demo loaded")
	}
}
