package platform_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/tramita/tramita/internal/platform"
	"github.com/tramita/tramita/internal/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// The public settings are read by every page before anyone signs in: a
// value of the wrong kind stored by `tramita admin setting set` (text where
// a switch goes) would make that call, and so the login page, fail. Set
// refuses it and keeps the setting as it was.
func TestSetKeepsEachSettingOfItsKind(t *testing.T) {
	ctx := context.Background()
	store := platform.NewStore(testkit.NewDB(t))
	svc := platform.NewService(store)

	refused := []struct {
		key   string
		value any
	}{
		{"showFooter", "yes"},
		{"showFooter", 1},
		{"brand", true},
		{"brand", json.RawMessage(`{"pt-BR": "X"}`)},
		{"primaryColor", "#ff0000"},
		{"maintenance", nil},
	}
	for _, c := range refused {
		if err := store.Set(ctx, c.key, c.value); err == nil {
			t.Errorf("%s = %v was stored", c.key, c.value)
		}
	}
	s, err := svc.Settings(ctx)
	if err != nil {
		t.Fatalf("settings after refused values: %v", err)
	}
	if s.ShowFooter || s.Brand != "Tramita" || s.PrimaryColor.Main == "" || s.Maintenance {
		t.Errorf("settings changed: %+v", s)
	}

	accepted := []struct {
		key   string
		value any
	}{
		{"showFooter", true},
		{"brand", "Acme"},
		{"primaryColor", platform.Colors{Light: "#ff8a80", Main: "#f44336", Dark: "#b71c1c"}},
	}
	for _, c := range accepted {
		if err := store.Set(ctx, c.key, c.value); err != nil {
			t.Errorf("%s = %v: %v", c.key, c.value, err)
		}
	}
	if err := svc.SetMaintenance(ctx, true); err != nil {
		t.Fatal(err)
	}
	s, err = svc.Settings(ctx)
	if err != nil || !s.ShowFooter || s.Brand != "Acme" || s.PrimaryColor.Main != "#f44336" || !s.Maintenance {
		t.Errorf("settings %+v %v", s, err)
	}
	if err := store.Set(ctx, "noSuchSetting", true); err == nil {
		t.Error("an unknown setting was stored")
	}
}
