package resources_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/resources"
	"github.com/tramita/tramita/internal/testkit"
)

// TestCalendarExceptionsAndCostRate: a resource keeps its cost rate and its
// calendar's exceptions (days off and days of other hours) beside the
// holidays; bad ones are refused by field in the caller's language with
// nothing written; the list shows the weekly capacity and the rate.
func TestCalendarExceptionsAndCostRate(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	var root int64
	if err := db.QueryRow(ctx, `INSERT INTO app_user (login, name, panel_admin) VALUES ('root', 'Root', true) RETURNING id`).Scan(&root); err != nil {
		t.Fatal(err)
	}
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))), httpx.Recover,
		func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				r = r.WithContext(auth.WithPrincipal(r.Context(), auth.Principal{UserID: root, MFAComplete: true, PanelAdmin: true}))
				next.ServeHTTP(w, r)
			})
		})
	r.Route("/api", resources.NewHandler(resources.NewService(db, nil), func(*http.Request) string { return "192.0.2.1" }).Routes)
	do := func(lang, method, path string, body any) *httptest.ResponseRecorder {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
		req := httptest.NewRequest(method, "/api/resource/"+path, rd)
		req.Header.Set("Accept-Language", lang)
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, req)
		return rec
	}
	period := func(day int, start, end string) map[string]any {
		return map[string]any{"weekDay": day, "start": start, "end": end}
	}
	good := map[string]any{
		"name": "Sala de reuniões", "active": true, "costRate": 85.5,
		"calendar": map[string]any{
			"workPeriods": []any{period(1, "08:00", "12:00"), period(1, "13:00", "17:00"), period(2, "09:00", "18:30")},
			"holidays":    []any{map[string]any{"date": "2026-12-25", "name": "Natal"}},
			"exceptions": []any{
				map[string]any{"date": "2026-12-24", "name": " Véspera ", "periods": []any{
					map[string]any{"start": "13:00", "end": "15:00"}, map[string]any{"start": "08:00", "end": "12:00"}}},
				map[string]any{"date": "2026-11-30", "name": "Inventário", "periods": []any{}},
			},
		},
	}
	rec := do("pt-BR", "POST", "saveResource", good)
	var saved resources.Form
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &saved) != nil {
		t.Fatalf("save %d %s", rec.Code, rec.Body)
	}
	rec = do("pt-BR", "GET", "getResourcetoEdit?resourceId="+strconv.FormatInt(saved.ID, 10), nil)
	var read resources.Form
	if err := json.Unmarshal(rec.Body.Bytes(), &read); err != nil {
		t.Fatal(err)
	}
	ex := read.Calendar.Exceptions
	switch {
	case read.CostRate == nil || *read.CostRate != 85.5:
		t.Errorf("cost rate %v", read.CostRate)
	case len(ex) != 2 || ex[0].Date != "2026-11-30" || len(ex[0].Periods) != 0 || ex[1].Name != "Véspera":
		t.Errorf("exceptions not kept in date order, trimmed: %+v", ex)
	case ex[1].Periods[0].Start != "08:00" || ex[1].Periods[1].Start != "13:00":
		t.Errorf("periods not in time order: %+v", ex[1].Periods)
	case len(read.Calendar.Holidays) != 1 || len(read.Calendar.WorkPeriods) != 3:
		t.Errorf("calendar %+v", read.Calendar)
	}
	// The stored shape stays the one other modules read: workPeriods and holidays.
	var raw map[string]json.RawMessage
	if err := db.QueryRow(ctx, `SELECT calendar FROM resource WHERE id = $1`, saved.ID).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	if len(raw["workPeriods"]) < 3 || len(raw["holidays"]) < 3 || len(raw["exceptions"]) < 3 {
		t.Errorf("stored calendar %v", raw)
	}

	var list []resources.Row
	if err := json.Unmarshal(do("pt-BR", "POST", "getResources", map[string]any{"name": "reuni"}).Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].WeeklyMinutes != 8*60+9*60+30 || list[0].CostRate == nil || *list[0].CostRate != 85.5 {
		t.Errorf("list %+v", list)
	}

	bad := func(change func(form map[string]any)) map[string]any {
		b, _ := json.Marshal(good)
		var f map[string]any
		_ = json.Unmarshal(b, &f)
		f["id"] = saved.ID
		f["name"] = "Mudado"
		change(f)
		return f
	}
	exceptions := func(list ...any) func(map[string]any) {
		return func(f map[string]any) { f["calendar"].(map[string]any)["exceptions"] = list }
	}
	tests := []struct {
		name, field, pt, en string
		body                map[string]any
	}{
		{"negative rate", "costRate", "O custo por hora não pode ser negativo.", "The cost per hour cannot be negative.",
			bad(func(f map[string]any) { f["costRate"] = -1 })},
		{"rate with fractions of cents", "costRate", "Informe o custo por hora com até duas casas decimais.",
			"Enter the cost per hour with at most two decimals.", bad(func(f map[string]any) { f["costRate"] = 10.005 })},
		{"rate too large", "costRate", "O custo por hora é grande demais.", "The cost per hour is too large.",
			bad(func(f map[string]any) { f["costRate"] = 1e12 })},
		{"exception date", "calendar.exceptions[0].date", "Informe uma data válida para a exceção.",
			"Enter a valid date for the exception.", bad(exceptions(map[string]any{"date": "2026-02-30", "periods": []any{}}))},
		{"exception twice", "calendar.exceptions[1].date", "A exceção de 03/03/2026 aparece duas vezes.",
			"The exception on 03/03/2026 appears twice.", bad(exceptions(
				map[string]any{"date": "2026-03-03", "periods": []any{}}, map[string]any{"date": "2026-03-03", "periods": []any{}}))},
		{"exception on a holiday", "calendar.exceptions[0].date",
			"25/12/2026 já é feriado neste calendário; remova o feriado ou a exceção.",
			"25/12/2026 already is a holiday in this calendar; remove the holiday or the exception.",
			bad(exceptions(map[string]any{"date": "2026-12-25", "periods": []any{}}))},
		{"period end before start", "calendar.exceptions[0].periods[0].end", "O fim do período deve ser depois do início.",
			"The end of the period must be after its start.", bad(exceptions(map[string]any{"date": "2026-03-03",
				"periods": []any{map[string]any{"start": "10:00", "end": "09:00"}}}))},
		{"period time", "calendar.exceptions[0].periods[0].start", "Informe a hora no formato HH:MM.",
			"Enter the time as HH:MM.", bad(exceptions(map[string]any{"date": "2026-03-03",
				"periods": []any{map[string]any{"start": "25:00", "end": "26:00"}}}))},
		{"periods overlap", "calendar.exceptions[0].periods[1].start", "Os períodos deste dia se sobrepõem.",
			"The periods of this day overlap.", bad(exceptions(map[string]any{"date": "2026-03-03",
				"periods": []any{map[string]any{"start": "08:00", "end": "12:00"}, map[string]any{"start": "11:00", "end": "14:00"}}}))},
		{"reason too long", "calendar.exceptions[0].name", "O motivo da exceção pode ter até 100 caracteres.",
			"An exception's reason may have up to 100 characters.", bad(exceptions(map[string]any{"date": "2026-03-03",
				"name": strings.Repeat("x", 101), "periods": []any{}}))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for lang, want := range map[string]string{"pt-BR": tt.pt, "en": tt.en} {
				rec := do(lang, "POST", "saveResource", tt.body)
				var e struct {
					Validations []struct{ Field, Message string }
				}
				_ = json.Unmarshal(rec.Body.Bytes(), &e)
				if rec.Code != 400 || len(e.Validations) != 1 || e.Validations[0].Field != tt.field || e.Validations[0].Message != want {
					t.Errorf("%s: %d %s", lang, rec.Code, rec.Body)
				}
			}
		})
	}
	var name string
	if err := db.QueryRow(ctx, `SELECT name FROM resource WHERE id = $1`, saved.ID).Scan(&name); err != nil || name != "Sala de reuniões" {
		t.Errorf("a refused save changed the resource: %q %v", name, err)
	}
}
