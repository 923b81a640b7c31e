package apppkg_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/apppkg"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/testkit"
)

// A package that creates an application past the plan's max_applications is
// refused whole with the plan's message; upgrading one already there is not.
func TestImportKeepsToThePlansApplicationsLimit(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	var before int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM application`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ctx, `UPDATE plan SET max_applications = $1`, before+1); err != nil {
		t.Fatal(err)
	}
	pm, _ := demo(t, "project-management.yaml")
	sd, _ := demo(t, "service-desk.yaml")
	if rep, err := apppkg.Import(ctx, db, "pm.yaml", pm); err != nil || !rep.Created {
		t.Fatalf("first application within the plan: %+v %v", rep, err)
	}
	_, err := apppkg.Import(ctx, db, "sd.yaml", sd)
	var limit *planlimit.LimitError
	var httpErr *httpx.Error
	want := "The contracted plan allows at most " + itoa(int64(before+1)) + " applications; the application " + sd.Key + " was not imported."
	if !errors.As(err, &limit) || err.Error() != want || !errors.As(err, &httpErr) || httpErr.Status != 409 {
		t.Fatalf("past the plan: %v", err)
	}
	var n int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM application WHERE key = $1`, sd.Key).Scan(&n); err != nil || n != 0 {
		t.Fatalf("refused application kept: %d %v", n, err)
	}
	// Upgrades pass, even when the plan was lowered below what exists.
	if _, err := db.Exec(ctx, `UPDATE plan SET max_applications = 0`); err != nil {
		t.Fatal(err)
	}
	if rep, err := apppkg.Import(ctx, db, "pm.yaml", pm); err != nil || rep.Created {
		t.Fatalf("re-import: %+v %v", rep, err)
	}
}

// Two new applications imported at once for the last place: the plan row
// is locked while each counts, so exactly one is created.
func TestConcurrentImportsShareTheLastApplicationPlace(t *testing.T) {
	db := testkit.NewDB(t)
	ctx := context.Background()
	if _, err := db.Exec(ctx, `UPDATE plan SET max_applications = (SELECT count(*) + 1 FROM application)`); err != nil {
		t.Fatal(err)
	}
	pm, _ := demo(t, "project-management.yaml")
	sd, _ := demo(t, "service-desk.yaml")
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, p := range []*apppkg.Package{pm, sd} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = apppkg.Import(ctx, db, p.Key+".yaml", p)
		}()
	}
	wg.Wait()
	var limit *planlimit.LimitError
	refused := 0
	for _, err := range errs {
		if errors.As(err, &limit) {
			refused++
		} else if err != nil {
			t.Fatalf("import: %v", err)
		}
	}
	var over bool
	if err := db.QueryRow(ctx, `SELECT count(*) > (SELECT max_applications FROM plan) FROM application`).Scan(&over); err != nil || refused != 1 || over {
		t.Fatalf("refused %d of 2, over the plan %v (%v)", refused, over, err)
	}
}
