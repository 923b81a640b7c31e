package audit_test

import (
	"context"
	"testing"
	"time"

	"github.com/tramita/tramita/internal/audit"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestRecord(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	at := time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC)
	var uid int64
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name) VALUES ('ana', 'Ana') RETURNING id`).Scan(&uid); err != nil {
		t.Fatal(err)
	}
	events := []audit.Event{
		{At: at, UserID: uid, Login: "ana", Kind: "signin.success", Address: "10.0.0.1"},
		{At: at, Login: "ghost", Kind: "signin.failure", Address: "10.0.0.2", Detail: map[string]any{"reason": 1}},
	}
	for _, e := range events {
		if err := audit.Record(ctx, db, e); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := db.Query(ctx, `SELECT coalesce(user_id, 0), login, kind, address, detail->>'reason', at FROM audit_event ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var id int64
		var login, kind, addr string
		var reason *string
		var when time.Time
		if err := rows.Scan(&id, &login, &kind, &addr, &reason, &when); err != nil {
			t.Fatal(err)
		}
		if !when.Equal(at) {
			t.Errorf("at %v", when)
		}
		r := ""
		if reason != nil {
			r = *reason
		}
		got = append(got, login+"/"+kind+"/"+addr+"/"+r+"/"+map[bool]string{true: "user", false: "nouser"}[id == uid])
	}
	want := []string{"ana/signin.success/10.0.0.1//user", "ghost/signin.failure/10.0.0.2/1/nouser"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %v", got)
	}
	if err := audit.Record(ctx, db, audit.Event{At: at}); err == nil {
		t.Error("an event without kind must be refused")
	}
}
