package itemio

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
	"github.com/tramita/tramita/internal/testkit/itemstest"
)

// Spreadsheets are read a few at a time in the whole process: a preview
// past them waits briefly, then gets a 503 with a Message.
func TestSpreadsheetsAreReadAFewAtATime(t *testing.T) {
	d := itemstest.New(t)
	s := NewService(d.DB, d.Core, storage.NewLocal(filepath.Join(t.TempDir(), "files")), 0, nil)
	s.sheetWait = 50 * time.Millisecond
	var project int64
	if err := d.DB.QueryRow(context.Background(), `SELECT id FROM project WHERE name = 'Transformação Digital'`).Scan(&project); err != nil {
		t.Fatal(err)
	}
	f := excelize.NewFile()
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"Título", "Prioridade"})
	_ = f.SetSheetRow("Sheet1", "A2", &[]any{"Uma", "Alta"})
	var book bytes.Buffer
	_ = f.Write(&book)
	preview := func() error {
		_, err := s.Preview(context.Background(), d.Ana, ImportInput{ComponentID: d.Task, ProjectID: project}, "x.xlsx",
			bytes.NewReader(book.Bytes()))
		return err
	}

	var held []func()
	for range MaxSheetsAtOnce {
		release, err := s.sheetTurn(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, release)
	}
	if ae, ok := httpx.AsError(preview()); !ok || ae.Status != 503 || ae.Key != "import.busy" {
		t.Fatalf("a preview past the turns: %v", ae)
	}
	held[0]()
	if err := preview(); err != nil {
		t.Fatalf("a preview with a turn free: %v", err)
	}
}

// Each user runs at most MaxExportsPerUser exports at once; a third gets a
// 429 with a Message, and other users are not held up.
func TestExportsAreLimitedPerUser(t *testing.T) {
	d := itemstest.New(t)
	s := NewService(d.DB, d.Core, storage.NewLocal(filepath.Join(t.TempDir(), "files")), 0, nil)
	var caller items.Caller
	r := chi.NewRouter()
	r.Use(httpx.WithRequest(slog.New(slog.NewTextHandler(io.Discard, nil))))
	NewHandler(s, func(context.Context) (items.Caller, bool) { return caller, true }).Routes(r)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	export := func(c items.Caller, lang string) (int, string) {
		t.Helper()
		caller = c
		req, _ := http.NewRequest("POST", srv.URL+"/genericItem/exportFullListToExcel",
			strings.NewReader(`{"componentID": `+strconv.FormatInt(d.Task, 10)+`}`))
		req.Header.Set("Accept-Language", lang)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body struct{ Message string }
		raw, _ := io.ReadAll(res.Body)
		_ = json.Unmarshal(raw, &body)
		msg, _, _ := strings.Cut(body.Message, httpx.DetailMarker)
		return res.StatusCode, msg
	}

	var held []func()
	for range MaxExportsPerUser {
		release, err := s.exportTurn(d.Ana.UserID)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, release)
	}
	for lang, want := range map[string]string{
		"pt-BR": "Você já tem 2 exportações em andamento; espere que terminem e tente de novo.",
		"en":    "You already have 2 exports in progress; wait for them to finish and try again.",
	} {
		if code, msg := export(d.Ana, lang); code != 429 || msg != want {
			t.Fatalf("%s: a third export: %d %q", lang, code, msg)
		}
	}
	if code, msg := export(d.Bia, "en"); code != 200 {
		t.Fatalf("another user's export: %d %q", code, msg)
	}
	held[0]()
	if code, msg := export(d.Ana, "en"); code != 200 {
		t.Fatalf("an export with a turn free: %d %q", code, msg)
	}
	// The export that ran gave its turn back.
	if code, msg := export(d.Ana, "en"); code != 200 {
		t.Fatalf("the next export: %d %q", code, msg)
	}
}
