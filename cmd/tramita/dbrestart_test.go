package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/testkit"
)

// Issue 19, item 4: the embedded PostgreSQL killed with SIGKILL under load
// comes back by itself; health answers 200 again, and every item whose save
// was answered 200 is there.
func TestADeadEmbeddedDatabaseIsRestarted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := filepath.Join(t.TempDir(), "tramita")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// Under /tmp: PostgreSQL's user must get through every parent.
	dir, err := os.MkdirTemp("", "tramita-restart-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	env := map[string]string{"TRAMITA_DATA_DIR": dir, "TRAMITA_PG_BIN": database.ToolsBinDir(testkit.RepoRoot()),
		"TRAMITA_LOG_LEVEL": "error"}
	pkg := filepath.Join(t.TempDir(), "faults.yaml")
	if err := os.WriteFile(pkg, []byte(faultPackage), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runWith([]string{"apps", "import", pkg}, env); code != 0 {
		t.Fatalf("apps import: %d %s", code, stderr)
	}
	w := &killWorld{t: t, bin: bin, env: []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TRAMITA_DATA_DIR=" + dir,
		"TRAMITA_PG_BIN=" + env["TRAMITA_PG_BIN"], "TRAMITA_ADDR=127.0.0.1:0",
		"TRAMITA_ADMIN_PASSWORD=" + killAdminPassword, "TRAMITA_DEMO=false", "TRAMITA_LOG_LEVEL=info",
	}}
	p := w.start()
	token := p.signIn(t)
	var note int64
	p.must(t, "GET", "/api/genericItem/getComponentByName?name=note", token, "", nil, &struct {
		ID *int64 `json:"id"`
	}{ID: &note})

	// Writers save items until stopped; what was answered 200 was promised.
	var mu sync.Mutex
	var saved []string
	stop := make(chan struct{})
	var writers sync.WaitGroup
	for wr := range 2 {
		writers.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				title := fmt.Sprintf("Nota %d-%d", wr, n)
				body := fmt.Sprintf(`{"component": %d, "item": {"Title": %q}}`, note, title)
				if code, _, err := p.call(t, "POST", "/api/genericItem/saveItem", token, "", strings.NewReader(body)); err == nil && code == http.StatusOK {
					mu.Lock()
					saved = append(saved, title)
					mu.Unlock()
				}
			}
		})
	}
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(saved)
	}
	w.waitFor("saves before the kill", func() bool { return count() >= 20 })

	pidText, err := os.ReadFile(filepath.Join(dir, "postgres", "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.SplitN(string(pidText), "\n", 2)[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	healthy := func() bool {
		code, _, err := p.call(t, "GET", "/api/health", "", "", nil)
		return err == nil && code == http.StatusOK
	}
	// The first answers after the kill fail; then it is back.
	w.waitFor("health to fail", func() bool { return !healthy() || time.Since(killed) > 5*time.Second })
	w.waitFor("health to answer 200 again", healthy)
	t.Logf("health answered 200 again %s after the kill", time.Since(killed).Round(10*time.Millisecond))
	after := count()
	w.waitFor("saves after the restart", func() bool { return count() >= after+20 })
	close(stop)
	writers.Wait()

	dbURL := "postgres://postgres@/tramita?host=" + filepath.Join(dir, "run") + "&port=5432&sslmode=disable"
	conn, err := pgx.Connect(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(context.Background(), `SELECT title FROM item WHERE component_id = $1`, note)
	if err != nil {
		t.Fatal(err)
	}
	titles, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, s := range titles {
		have[s] = true
	}
	var lost []string
	for _, s := range saved {
		if !have[s] {
			lost = append(lost, s)
		}
	}
	if len(lost) > 0 {
		t.Fatalf("%d of %d answered saves are gone: %v", len(lost), len(saved), lost)
	}
	if !strings.Contains(p.logText(), "embedded postgres restarted") {
		t.Errorf("no restart in the log:\n%s", p.logText())
	}
}
