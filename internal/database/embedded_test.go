//go:build unix

package database_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/database"
	"github.com/tramita/tramita/internal/testkit"
)

// helperEnv makes the re-executed test binary act as a tramita process
// that starts the embedded server on the named directory and then waits to
// be killed.
const helperEnv = "TRAMITA_EMBEDDED_TEST_HELPER_DIR"

// pgBin is the binaries directory, found (or installed) once in TestMain.
var pgBin string

func TestMain(m *testing.M) {
	ctx := context.Background()
	bin, err := testkit.BinDir(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	pgBin = bin
	if dir := os.Getenv(helperEnv); dir != "" {
		os.Exit(runHelper(ctx, dir))
	}
	os.Exit(m.Run())
}

func runHelper(ctx context.Context, dir string) int {
	e, err := database.StartEmbedded(ctx, database.EmbeddedConfig{BinDir: pgBin, DataDir: dir, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	conn, err := pgx.Connect(ctx, e.URL())
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	// Committed with synchronous_commit on: it must survive what follows.
	if _, err := conn.Exec(ctx, "CREATE TABLE survivor (v text); INSERT INTO survivor VALUES ('before the kill')"); err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		return 1
	}
	fmt.Printf("READY %d\n", e.PID())
	select {} // until killed
}

// newDataDir is a data directory the server's user can reach when the tests
// run as root (t.TempDir's parent is private to root).
func newDataDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "tramita-dbtest-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o711); err != nil {
		t.Fatal(err)
	}
	return dir
}

func start(t *testing.T, dir string) *database.Embedded {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := database.StartEmbedded(ctx, database.EmbeddedConfig{BinDir: pgBin, DataDir: dir, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	t.Cleanup(func() { _ = e.Stop() })
	return e
}

func query(t *testing.T, e *database.Embedded, sql string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, e.URL())
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	var out string
	if err := conn.QueryRow(ctx, sql).Scan(&out); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return out
}

func execSQL(t *testing.T, e *database.Embedded, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, e.URL())
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// TestEmbedded walks one cluster through its life; initdb is the slow part,
// so the steps share it.
func TestEmbedded(t *testing.T) {
	t.Parallel()
	dir := newDataDir(t)

	t.Run("persists across restart", func(t *testing.T) {
		e := start(t, dir)
		if got := query(t, e, "SELECT current_database()"); got != "tramita" {
			t.Errorf("URL database = %q, want tramita", got)
		}
		// Safe defaults stay on, and nothing listens on TCP.
		for setting, want := range map[string]string{"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on", "listen_addresses": "", "server_encoding": "UTF8"} {
			if got := query(t, e, "SHOW "+setting); got != want {
				t.Errorf("%s = %q, want %q", setting, got, want)
			}
		}
		if got := query(t, e, "SELECT upper('ação') || lower('É')"); got != "AÇÃOé" {
			t.Errorf("Unicode case mapping: got %q", got)
		}
		execSQL(t, e, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('hello')")
		if err := e.Stop(); err != nil {
			t.Fatalf("stop: %v", err)
		}
		if err := e.Stop(); err != nil {
			t.Fatalf("second stop: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "postgres", "postmaster.pid")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("postmaster.pid after a clean stop: %v", err)
		}

		e = start(t, dir)
		if got := query(t, e, "SELECT v FROM kept"); got != "hello" {
			t.Errorf("after restart: %q", got)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "postgres.log")); err != nil || !strings.Contains(string(b), "database system is ready") {
			t.Errorf("postgres.log does not hold the server's log (%v)", err)
		}

		t.Run("refuses a second instance", func(t *testing.T) {
			_, err := database.StartEmbedded(context.Background(), database.EmbeddedConfig{BinDir: pgBin, DataDir: dir, Logger: slog.New(slog.DiscardHandler)})
			if !errors.Is(err, database.ErrDataDirInUse) {
				t.Fatalf("second start on the same data directory: %v, want ErrDataDirInUse", err)
			}
			want := fmt.Sprintf("data directory %s is in use by another tramita process (pid %d)", dir, os.Getpid())
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not say %q", err, want)
			}
			// The refusal must not have disturbed the running server.
			if got := query(t, e, "SELECT 'still up'"); got != "still up" {
				t.Errorf("got %q", got)
			}
		})
		if err := e.Stop(); err != nil {
			t.Fatalf("stop: %v", err)
		}
	})

	t.Run("start failure shows the log", func(t *testing.T) {
		_, err := database.StartEmbedded(context.Background(), database.EmbeddedConfig{
			BinDir: pgBin, DataDir: dir, Logger: slog.New(slog.DiscardHandler),
			Settings: map[string]string{"shared_buffers": "lots"},
		})
		if err == nil {
			t.Fatal("started with a bad setting")
		}
		if !strings.Contains(err.Error(), "shared_buffers") || !strings.Contains(err.Error(), "postgres.log") {
			t.Errorf("error does not carry the log's explanation: %v", err)
		}
	})

	t.Run("stale postmaster.pid", func(t *testing.T) {
		dead := exec.Command("true")
		if err := dead.Run(); err != nil {
			t.Fatal(err)
		}
		// A live process that is not postgres, as when a reboot reused the pid.
		live := exec.Command("sleep", "60")
		if err := live.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = live.Process.Kill(); _ = live.Wait() })

		for _, c := range []struct {
			name string
			pid  int
		}{{"dead pid", dead.Process.Pid}, {"reused pid", live.Process.Pid}} {
			pidFile := filepath.Join(dir, "postgres", "postmaster.pid")
			content := fmt.Sprintf("%d\n%s\n%d\n5432\n%s\n\n  5432001    32768\nready   \n", c.pid, filepath.Join(dir, "postgres"), time.Now().Unix(), filepath.Join(dir, "run"))
			if err := os.WriteFile(pidFile, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			// The socket's lock file a killed server leaves names the pid too.
			if err := os.WriteFile(filepath.Join(dir, "run", ".s.PGSQL.5432.lock"), []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			e := start(t, dir) // also proves the failed start above released the directory
			if got := query(t, e, "SELECT v FROM kept"); got != "hello" {
				t.Errorf("%s: got %q", c.name, got)
			}
			if err := e.Stop(); err != nil {
				t.Fatalf("%s: stop: %v", c.name, err)
			}
		}
	})

	t.Run("waits for lingering backends", func(t *testing.T) { testWaitsForLingeringBackends(t, dir) })
	t.Run("long data directory", func(t *testing.T) { testLongDataDir(t, dir) })
	t.Run("copies unreachable binaries", func(t *testing.T) { testCopiesUnreachableBinaries(t, dir) })
}

// TestEmbeddedSurvivesKill kills a tramita process and its whole PostgreSQL
// tree with SIGKILL, or tramita alone, then starts again on the same
// directory: the data committed before must be there.
func TestEmbeddedSurvivesKill(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the process tree from /proc")
	}
	for _, wholeTree := range []bool{true, false} {
		name := "whole tree"
		if !wholeTree {
			name = "tramita only"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := newDataDir(t)
			helper := exec.Command(os.Args[0], "-test.run=^$")
			helper.Env = append(os.Environ(), helperEnv+"="+dir)
			helper.Stderr = os.Stderr
			helper.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			out, err := helper.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := helper.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = syscall.Kill(-helper.Process.Pid, syscall.SIGKILL); _ = helper.Wait() })
			line, err := bufio.NewReader(out).ReadString('\n')
			if err != nil {
				t.Fatalf("helper did not start: %v", err)
			}
			postmaster, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "READY ")))
			if err != nil {
				t.Fatalf("helper said %q", line)
			}

			// Another process holds the directory: refused, naming it.
			_, err = database.StartEmbedded(context.Background(), database.EmbeddedConfig{BinDir: pgBin, DataDir: dir, Logger: slog.New(slog.DiscardHandler)})
			if want := fmt.Sprintf("in use by another tramita process (pid %d)", helper.Process.Pid); err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("start while the helper runs: %v, want %q", err, want)
			}

			victims := []int{helper.Process.Pid}
			if wholeTree {
				// Backends are session leaders of their own, so kill them one by one.
				victims = append(victims, postmaster)
				victims = append(victims, childrenOf(postmaster)...)
				for _, pid := range victims[1:] {
					_ = syscall.Kill(pid, syscall.SIGKILL)
				}
			}
			_ = syscall.Kill(-helper.Process.Pid, syscall.SIGKILL)
			_ = helper.Wait()
			if wholeTree {
				waitGone(t, victims)
			}

			e := start(t, dir)
			if got := query(t, e, "SELECT v FROM survivor"); got != "before the kill" {
				t.Errorf("after kill: %q", got)
			}
			// Prove which path ran: a crash recovery, or the fast shutdown the
			// parent-death signal asked for.
			want := "received fast shutdown request"
			if wholeTree {
				want = "automatic recovery in progress"
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "postgres.log")); !strings.Contains(string(b), want) {
				t.Errorf("postgres.log does not show %q:\n%s", want, b)
			}
		})
	}
}

// testWaitsForLingeringBackends kills the postmaster alone while a
// backend (stopped, so it cannot notice) still holds the shared memory: the
// next start must wait for it rather than fail.
func testWaitsForLingeringBackends(t *testing.T, dir string) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the process tree from /proc")
	}
	e := start(t, dir)
	backends := childrenOf(e.PID())
	if len(backends) == 0 {
		t.Fatal("no postmaster children")
	}
	for _, pid := range backends {
		_ = syscall.Kill(pid, syscall.SIGSTOP)
	}
	_ = syscall.Kill(e.PID(), syscall.SIGKILL)
	<-e.Done()
	_ = e.Stop() // releases the data directory; reports the kill
	go func() {
		time.Sleep(700 * time.Millisecond)
		for _, pid := range backends {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}()
	t.Cleanup(func() {
		for _, pid := range backends {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	e = start(t, dir)
	if got := query(t, e, "SELECT v FROM kept"); got != "hello" {
		t.Errorf("got %q", got)
	}
	if err := e.Stop(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "postgres.log")); !strings.Contains(string(b), "pre-existing shared memory block") {
		t.Errorf("the lingering backend did not block the first attempt; the test proves nothing:\n%s", b)
	}
}

// testCopiesUnreachableBinaries covers a repository under /root:
// the server's user cannot reach the binaries, so they are copied into the
// data directory.
func testCopiesUnreachableBinaries(t *testing.T, dir string) {
	if os.Geteuid() != 0 {
		t.Skip("only root hands PostgreSQL to another user")
	}
	private := t.TempDir() // mode 0700: the server's user cannot pass
	native := filepath.Dir(pgBin)
	for _, sub := range []string{"bin", "lib", "share"} {
		if err := os.Symlink(filepath.Join(native, sub), filepath.Join(private, sub)); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := database.StartEmbedded(ctx, database.EmbeddedConfig{BinDir: filepath.Join(private, "bin"), DataDir: dir, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Stop()
	if runtime.GOOS == "linux" {
		exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", e.PID()))
		if err != nil || exe != filepath.Join(dir, "pgbin", "bin", "postgres") {
			t.Errorf("postgres runs from %q (%v), want the copy in the data directory", exe, err)
		}
	}
	if got := query(t, e, "SELECT v FROM kept"); got != "hello" {
		t.Errorf("got %q", got)
	}
}

// TestEmbeddedAsRootInAPrivateDirectory covers `make run` as root in a clone
// under /root: the server's user cannot reach the data directory, so
// PostgreSQL's files go to a directory of its own, said once, and stay there.
func TestEmbeddedAsRootInAPrivateDirectory(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root hands PostgreSQL to another user")
	}
	t.Parallel()
	private := t.TempDir() // its parent is 0700: the server's user cannot pass
	dir := filepath.Join(private, "data")
	moved := newDataDir(t)
	var logs strings.Builder
	startMoved := func() *database.Embedded {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		e, err := database.StartEmbedded(ctx, database.EmbeddedConfig{BinDir: pgBin, DataDir: dir, MovedDir: moved,
			Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))})
		if err != nil {
			t.Fatalf("start as root in %s: %v", dir, err)
		}
		t.Cleanup(func() { _ = e.Stop() })
		return e
	}

	e := startMoved()
	cluster := query(t, e, "SHOW data_directory")
	if !strings.HasPrefix(cluster, moved+string(filepath.Separator)) {
		t.Errorf("cluster in %s, want under %s", cluster, moved)
	}
	execSQL(t, e, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('moved')")
	if err := e.Stop(); err != nil {
		t.Fatal(err)
	}
	e = startMoved()
	if got := query(t, e, "SELECT v FROM kept"); got != "moved" {
		t.Errorf("after restart: %q", got)
	}
	if n := strings.Count(logs.String(), "PostgreSQL's files go to "+filepath.Dir(cluster)); n != 1 {
		t.Errorf("the new place was said %d times over two starts, want once:\n%s", n, logs.String())
	}
	if b, err := os.ReadFile(filepath.Join(dir, "postgres.location")); err != nil || !strings.Contains(string(b), filepath.Dir(cluster)) {
		t.Errorf("postgres.location does not name %s: %q %v", filepath.Dir(cluster), b, err)
	}

	t.Run("a cluster already in the directory is not left behind", func(t *testing.T) {
		old := filepath.Join(private, "old")
		if err := os.MkdirAll(filepath.Join(old, "postgres"), 0o700); err != nil {
			t.Fatal(err)
		}
		_, err := database.StartEmbedded(context.Background(), database.EmbeddedConfig{BinDir: pgBin, DataDir: old, MovedDir: moved, Logger: slog.New(slog.DiscardHandler)})
		if err == nil || !strings.Contains(err.Error(), "cannot reach the data directory "+old) {
			t.Fatalf("start with a cluster the server's user cannot reach: %v", err)
		}
	})
}

// childrenOf lists the processes whose parent is pid.
func childrenOf(pid int) []int {
	var kids []int
	entries, _ := os.ReadDir("/proc")
	for _, ent := range entries {
		child, err := strconv.Atoi(ent.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", ent.Name(), "stat"))
		if err != nil {
			continue
		}
		fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			kids = append(kids, child)
		}
	}
	return kids
}

// waitGone waits until the killed processes are dead (gone or zombies, which
// nobody may reap: their parent was killed too).
func waitGone(t *testing.T, pids []int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range pids {
		for {
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			if err != nil {
				break
			}
			s := string(b)
			if state := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]); len(state) > 0 && (state[0] == "Z" || state[0] == "X") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("pid %d survived SIGKILL", pid)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// testLongDataDir moves the data directory to a path too long for a socket
// beside it (which also shows a data directory can be moved).
func testLongDataDir(t *testing.T, dir string) {
	long := filepath.Join(newDataDir(t), strings.Repeat("long-directory-name-", 5))
	if err := os.Rename(dir, long); err != nil {
		t.Fatal(err)
	}
	defer os.Rename(long, dir)
	dir = long
	e := start(t, dir)
	if got := query(t, e, "SELECT v FROM kept"); got != "hello" {
		t.Errorf("got %q", got)
	}
	host := query(t, e, "SELECT current_setting('unix_socket_directories')")
	if strings.HasPrefix(host, dir) || len(host) > 90 {
		t.Errorf("socket directory %q should be a short temporary one", host)
	}
	if err := e.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(host); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary socket directory %s left behind: %v", host, err)
	}
}
