package itemio

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/httpx"
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
