package itemio_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/storage"
)

// Each import is written in one long transaction: a user has one written
// at a time.
func TestOneImportIsWrittenAtATimePerUser(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	root := filepath.Join(t.TempDir(), "files")
	files := storage.NewLocal(root)
	im := itemio.NewService(w.db, w.svc, files, 5<<20, nil)
	in := itemio.ImportInput{ComponentID: w.task, ProjectID: w.project(t, "Transformação Digital")}
	preview := func(name string) int64 {
		t.Helper()
		st, err := im.Preview(ctx, w.ana, in, name, bytes.NewReader(xlsx(t, [][]any{{"Título", "Prioridade"}, {name, "Alta"}})))
		if err != nil || st.ErrorCount != 0 {
			t.Fatalf("preview %s: %+v %v", name, st, err)
		}
		return st.ImportID
	}
	first, second, third := preview("primeira.xlsx"), preview("segunda.xlsx"), preview("terceira.xlsx")

	// Two confirmations at once: one is queued, the other refused.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, id := range []int64{first, second} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = im.Confirm(ctx, w.ana, id)
		}()
	}
	wg.Wait()
	queued, refused := first, errs[1]
	if errs[0] != nil {
		queued, refused = second, errs[0]
	}
	ae, ok := httpx.AsError(refused)
	if !ok || ae.Status != 409 || ae.Key != "import.oneAtATime" {
		t.Fatalf("confirmations at once: %v", errs)
	}
	file := map[int64]string{first: "primeira.xlsx", second: "segunda.xlsx"}[queued]
	for lang, want := range map[i18n.Lang]string{
		"pt-BR": fmt.Sprintf("Você já tem uma importação em andamento (%s); espere que ela termine para gravar outra.", file),
		"en":    fmt.Sprintf("You already have an import in progress (%s); wait for it to finish before writing another.", file),
	} {
		if got := i18n.T(lang, ae.Key, ae.Args...); got != want {
			t.Errorf("%s: %q", lang, got)
		}
	}
	if _, err := im.Confirm(ctx, w.ana, third); err == nil {
		t.Fatal("a third import confirmed while one is queued")
	}

	// A job that fails on its last attempt (its file is gone) fails its
	// import, so the user may write another.
	var key string
	if err := w.db.QueryRow(ctx, `SELECT storage_key FROM item_import WHERE id = $1`, queued).Scan(&key); err != nil {
		t.Fatal(err)
	}
	if err := files.Delete(ctx, key); err != nil {
		t.Fatal(err)
	}
	payload := []byte(fmt.Sprintf(`{"importId": %d, "userId": %d, "lang": "pt-BR"}`, queued, w.ana.UserID))
	if err := im.HandleJob(ctx, jobs.Job{Kind: itemio.ImportJobKind, Payload: payload, Attempt: 1, MaxAttempts: 3}); err == nil {
		t.Fatal("a job without its file succeeded")
	}
	if _, err := im.Confirm(ctx, w.ana, third); err == nil {
		t.Fatal("a third import confirmed while one is being retried")
	}
	if err := im.HandleJob(ctx, jobs.Job{Kind: itemio.ImportJobKind, Payload: payload, Attempt: 3, MaxAttempts: 3}); err == nil {
		t.Fatal("a job without its file succeeded")
	}
	if st, err := im.Status(ctx, w.ana, queued); err != nil || st.State != "failed" {
		t.Fatalf("after its last attempt: %+v %v", st, err)
	}
	if st, err := im.Confirm(ctx, w.ana, third); err != nil || st.State != "queued" {
		t.Fatalf("after the first failed: %+v %v", st, err)
	}
}
