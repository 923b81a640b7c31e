package itemio_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// An import writes all its rows in one long transaction; a ticket created
// meanwhile by someone else must not wait for it to commit.
func TestSaveItemOfATypeBeingImportedDoesNotWaitForTheImport(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	digital := w.project(t, "Transformação Digital")
	batchOf, err := w.svc.NewItems(ctx, w.ana, w.task)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := w.db.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	batch, err := batchOf.Begin(ctx, tx, digital, "pt-BR")
	if err != nil {
		t.Fatal(err)
	}
	var ready []*items.Item
	for _, title := range []string{"Importada A", "Importada B", "Importada C"} {
		it, errs, err := batch.Check(ctx, items.Values{"Title": title, "priority": "high"})
		if err != nil || len(errs) > 0 {
			t.Fatalf("check %s: %v %v", title, errs, err)
		}
		ready = append(ready, it)
	}
	if err := batch.Create(ctx, "import", ready); err != nil {
		t.Fatal(err)
	}

	// The import's transaction is still open: the save must finish anyway. The
	// deadline only keeps a blocked save from hanging the test.
	saveCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	saved, err := w.svc.SaveItem(saveCtx, w.ana, items.SaveItemInput{Component: httpx.ID(w.task), ProjectID: httpx.ID(digital),
		Item: items.Values{"Title": "Chamado durante a importação", "priority": "low"}})
	if err != nil {
		t.Fatalf("saveItem while an import of its type is open: %v", err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	var imported []int64
	rows, _ := w.db.Query(ctx, `SELECT number FROM item WHERE component_id = $1 AND title LIKE 'Importada %' ORDER BY number`, w.task)
	imported, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(imported) != 3 {
		t.Fatalf("imported numbers %v %v", imported, err)
	}
	for _, n := range imported {
		if n == saved.FormattedID {
			t.Fatalf("the ticket took number %d of the import's %v", n, imported)
		}
	}
	if imported[2]-imported[0] != 2 {
		t.Fatalf("imported numbers %v are not one block", imported)
	}
}
