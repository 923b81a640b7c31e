//go:build unix

package database

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

const (
	// AppDatabase is the database the embedded server creates for Tramita.
	AppDatabase = "tramita"
	// embeddedSuperuser is the role initdb creates; with no TCP listener and a
	// socket directory only its owner can enter, trust on the socket is safe.
	embeddedSuperuser = "postgres"
	// embeddedPort only names the socket file (.s.PGSQL.5432): the server
	// listens on no TCP port, so instances never collide on it.
	embeddedPort = 5432
	// maxSocketPath keeps the socket path below sun_path's 108 bytes (with
	// its terminating NUL); PostgreSQL refuses longer paths.
	maxSocketPath = 106
	// logRotateSize is the postgres.log size above which a start moves it to
	// postgres.log.1, so the log does not grow without end.
	logRotateSize = 16 << 20
)

// EmbeddedConfig says which binaries to run and where the data lives.
type EmbeddedConfig struct {
	// BinDir holds initdb and postgres (see FindBinDir); "" means FindBinDir("").
	BinDir string
	// DataDir is Tramita's data directory; the cluster lives in DataDir/postgres,
	// its log in DataDir/postgres.log. Created when missing.
	DataDir string
	// Logger receives the launcher's own messages; nil means slog.Default().
	Logger *slog.Logger
	// Settings are extra server settings passed as -c name=value (for
	// example max_connections for a test server). Optional.
	Settings map[string]string
	// MovedDir is where, as root, PostgreSQL's files go when the server's
	// user cannot reach DataDir (a clone under /root): MovedDir/<hash of
	// DataDir>. "" means /var/lib/tramita.
	MovedDir string
}

// defaultMovedDir is EmbeddedConfig.MovedDir's default.
const defaultMovedDir = "/var/lib/tramita"

// errSharedMemoryInUse marks a start refused because processes of an
// earlier server are still attached to its shared memory.
var errSharedMemoryInUse = errors.New("shared memory of a previous server still in use")

// ErrDataDirInUse reports that another process holds the data directory.
var ErrDataDirInUse = errors.New("data directory in use")

// Embedded is a running embedded PostgreSQL server. Stop it before exit; if
// the process dies instead, the server is told to shut down (Linux) and the
// next start cleans up whatever is left.
type Embedded struct {
	log        *slog.Logger
	dataDir    string
	serverDir  string // holds the cluster and the socket directory: dataDir, or moved (as root)
	clusterDir string
	logPath    string
	url        string

	lock          *os.File // flock on DataDir/tramita.lock, held until Stop
	logFile       *os.File
	logStart      int64  // offset of this run's first line in postgres.log
	tempSocketDir string // removed at Stop; set when DataDir is too long for a socket path

	// What a restart after a crash needs to start the postmaster again.
	binDir   string
	sockDir  string
	runAs    *osUser
	settings map[string]string

	mu       sync.Mutex // guards cmd and exited, which a restart replaces
	cmd      *exec.Cmd
	exited   chan struct{} // closed once the current postmaster has exited
	waitErr  error         // that postmaster's exit status, valid after exited
	ready    atomic.Bool   // accepted connections once; an exit after that is news
	stopping atomic.Bool

	stopOnce sync.Once
	stopErr  error
}

// StartEmbedded starts PostgreSQL on cfg.DataDir, creating the cluster on
// first use, waits until it accepts connections and makes sure the database
// "tramita" exists. Only one process may use a data directory at a time.
func StartEmbedded(ctx context.Context, cfg EmbeddedConfig) (_ *Embedded, err error) {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	if cfg.DataDir == "" {
		return nil, errors.New("embedded postgres: no data directory configured")
	}
	dataDir, err := filepath.Abs(cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("embedded postgres: data directory: %w", err)
	}
	binDir := cfg.BinDir
	if binDir == "" {
		binDir, err = FindBinDir("")
	} else {
		binDir, err = checkBinDir(binDir)
	}
	if err != nil {
		return nil, err
	}
	// As root, directories we create let PostgreSQL's user through (search
	// only, no listing); otherwise they stay ours.
	dirMode := os.FileMode(0o750)
	if os.Geteuid() == 0 {
		dirMode = 0o751
	}
	if err := os.MkdirAll(dataDir, dirMode); err != nil {
		return nil, fmt.Errorf("embedded postgres: create data directory: %w", err)
	}
	lock, err := lockDataDir(dataDir)
	if err != nil {
		return nil, err
	}
	e := &Embedded{
		log:        log.With("component", "embedded-postgres"),
		dataDir:    dataDir,
		serverDir:  dataDir,
		clusterDir: filepath.Join(dataDir, "postgres"),
		logPath:    filepath.Join(dataDir, "postgres.log"),
		lock:       lock,
	}
	defer func() {
		if err != nil {
			_ = e.Stop()
		}
	}()

	runAs, err := serverUser()
	if err != nil {
		return nil, err
	}
	if runAs != nil {
		e.log.Debug("running PostgreSQL as an unprivileged user, since it refuses root", "user", runAs.name, "uid", runAs.uid)
		movedBase := cfg.MovedDir
		if movedBase == "" {
			movedBase = defaultMovedDir
		}
		if e.serverDir, err = runAs.serverDir(ctx, dataDir, movedBase, e.log); err != nil {
			return nil, err
		}
		e.clusterDir = filepath.Join(e.serverDir, "postgres")
		if binDir, err = runAs.reachableBinDir(ctx, binDir, e.serverDir, e.log); err != nil {
			return nil, err
		}
	}
	if err := e.openLog(); err != nil {
		return nil, err
	}
	if err := e.ensureCluster(ctx, binDir, runAs); err != nil {
		return nil, err
	}
	if err := e.clearStalePid(ctx); err != nil {
		return nil, err
	}
	sockDir, err := e.prepareSocketDir(runAs)
	if err != nil {
		return nil, err
	}
	e.url = (&url.URL{
		Scheme:   "postgres",
		User:     url.User(embeddedSuperuser),
		Path:     "/" + AppDatabase,
		RawQuery: url.Values{"host": {sockDir}, "port": {strconv.Itoa(embeddedPort)}, "sslmode": {"disable"}}.Encode(),
	}).String()

	for attempt := 1; ; attempt++ {
		if err := e.startPostmaster(binDir, sockDir, runAs, cfg.Settings); err != nil {
			return nil, err
		}
		err := e.waitReady(ctx)
		if err == nil {
			break
		}
		// Backends of a killed postmaster still attached to its shared memory
		// make PostgreSQL refuse; they notice their postmaster is gone and
		// exit within moments, so wait for them a little.
		if !errors.Is(err, errSharedMemoryInUse) || attempt == 20 {
			return nil, err
		}
		e.log.Warn("processes of a previous server still hold its shared memory; retrying", "attempt", attempt)
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(500 * time.Millisecond):
		}
		if err := e.clearStalePid(ctx); err != nil {
			return nil, err
		}
	}
	e.binDir, e.sockDir, e.runAs, e.settings = binDir, sockDir, runAs, cfg.Settings
	e.ready.Store(true)
	e.log.Info("embedded postgres ready", "data", e.clusterDir, "socket", sockDir, "pid", e.PID())
	return e, nil
}

// Restart backoff after the postmaster died on its own (kill -9, OOM
// killer): the first try soon, then longer waits, never longer than the max.
const (
	restartFirstWait = 200 * time.Millisecond
	restartMaxWait   = 5 * time.Second
)

// restart brings the server back after the postmaster exited without Stop:
// crash recovery replays the WAL, so nothing committed is lost, and the
// pool's connections come back by themselves. It tries until Stop.
func (e *Embedded) restart() {
	wait := restartFirstWait
	for attempt := 1; ; attempt++ {
		time.Sleep(wait)
		wait = min(2*wait, restartMaxWait)
		e.mu.Lock()
		if e.stopping.Load() {
			e.mu.Unlock()
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err := e.clearStalePid(ctx)
		if err == nil {
			err = e.startPostmasterLocked(e.binDir, e.sockDir, e.runAs, e.settings)
		}
		e.mu.Unlock()
		if err == nil {
			if err = e.waitReady(ctx); err != nil {
				e.killCurrent()
			}
		}
		cancel()
		if err == nil {
			e.log.Warn("embedded postgres restarted after an unexpected exit", "attempt", attempt, "pid", e.PID())
			return
		}
		e.log.Error("embedded postgres restart failed; trying again", "attempt", attempt, "wait", wait, "err", err)
	}
}

// killCurrent stops a postmaster that started but never became ready.
func (e *Embedded) killCurrent() {
	e.mu.Lock()
	cmd, exited := e.cmd, e.exited
	e.mu.Unlock()
	if cmd == nil || cmd.Process == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
	}
}

// URL is a postgres:// URL of the "tramita" database over the unix socket.
func (e *Embedded) URL() string { return e.url }

// PID is the current postmaster's process id.
func (e *Embedded) PID() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.cmd == nil || e.cmd.Process == nil {
		return 0
	}
	return e.cmd.Process.Pid
}

// Done is closed when the current postmaster exits, by Stop or not; after
// an unexpected exit a new one starts (restart), with a new Done.
func (e *Embedded) Done() <-chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.exited
}

// Stop shuts the server down (fast: open sessions are rolled back, then a
// checkpoint) and releases the data directory. Safe to call more than once.
func (e *Embedded) Stop() error {
	e.stopOnce.Do(func() {
		// Under the lock, so no restart starts a postmaster after this.
		e.mu.Lock()
		e.stopping.Store(true)
		cmd := e.cmd
		e.mu.Unlock()
		if cmd != nil && cmd.Process != nil {
			e.stopErr = e.shutdown()
		}
		e.release()
	})
	return e.stopErr
}

func (e *Embedded) shutdown() error {
	e.mu.Lock()
	cmd, exited := e.cmd, e.exited
	e.mu.Unlock()
	select {
	case <-exited:
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.waitErr != nil {
			return fmt.Errorf("embedded postgres had already exited: %w", e.waitErr)
		}
		return nil
	default:
	}
	// SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one (crash
	// recovery at next start), only when fast takes unreasonably long.
	steps := []struct {
		sig  os.Signal
		wait time.Duration
	}{{os.Interrupt, 60 * time.Second}, {syscall.SIGQUIT, 10 * time.Second}, {os.Kill, 10 * time.Second}}
	for _, s := range steps {
		if err := cmd.Process.Signal(s.sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
			e.log.Warn("signal postgres", "signal", s.sig, "err", err)
		}
		select {
		case <-exited:
			if s.sig != os.Interrupt {
				return fmt.Errorf("embedded postgres did not stop on fast shutdown; sent %v", s.sig)
			}
			e.log.Info("embedded postgres stopped")
			return nil
		case <-time.After(s.wait):
		}
	}
	return errors.New("embedded postgres did not exit")
}

// release gives back what StartEmbedded took, in any state.
func (e *Embedded) release() {
	if e.tempSocketDir != "" {
		_ = os.RemoveAll(e.tempSocketDir)
	}
	if e.logFile != nil {
		_ = e.logFile.Close()
	}
	if e.lock != nil {
		// Closing the descriptor drops the flock. The file stays: deleting it
		// would let a waiter lock an unlinked inode while a newcomer locks a
		// new file.
		_ = e.lock.Close()
	}
}

// openLog opens DataDir/postgres.log for appending; initdb and the server
// write there, not to our stdout.
func (e *Embedded) openLog() error {
	if st, err := os.Stat(e.logPath); err == nil && st.Size() > logRotateSize {
		_ = os.Rename(e.logPath, e.logPath+".1")
	}
	f, err := os.OpenFile(e.logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o640)
	if err != nil {
		return fmt.Errorf("embedded postgres: open log: %w", err)
	}
	e.logFile = f
	if st, err := f.Stat(); err == nil {
		e.logStart = st.Size()
	}
	fmt.Fprintf(f, "---- tramita (pid %d) starting postgres at %s\n", os.Getpid(), time.Now().UTC().Format(time.RFC3339))
	return nil
}

// logTail returns the last lines this run wrote to postgres.log, to put in
// an error: the reason a start failed is almost always there.
func (e *Embedded) logTail() string {
	f, err := os.Open(e.logPath)
	if err != nil {
		return ""
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return ""
	}
	from := max(e.logStart, st.Size()-8192)
	if from > st.Size() { // rotated or truncated meanwhile
		from = 0
	}
	b, err := io.ReadAll(io.NewSectionReader(f, from, st.Size()-from))
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > 20 {
		lines = lines[len(lines)-20:]
	}
	return strings.Join(lines, "\n")
}

func (e *Embedded) withLog(err error) error {
	if tail := e.logTail(); tail != "" {
		return fmt.Errorf("%w; last lines of %s:\n%s", err, e.logPath, tail)
	}
	return err
}

// ensureCluster runs initdb on first use. It initialises a side directory
// and renames it into place, so an interrupted initdb never leaves a half
// cluster that later starts would trip over.
func (e *Embedded) ensureCluster(ctx context.Context, binDir string, runAs *osUser) error {
	if _, err := os.Stat(filepath.Join(e.clusterDir, "PG_VERSION")); err == nil {
		if runAs != nil {
			return runAs.own(e.clusterDir)
		}
		return nil
	}
	if _, err := os.Stat(e.clusterDir); err == nil {
		return fmt.Errorf("embedded postgres: %s exists but is not a PostgreSQL data directory (no PG_VERSION); move it away", e.clusterDir)
	}
	tmp := e.clusterDir + ".initdb"
	if err := os.RemoveAll(tmp); err != nil {
		return fmt.Errorf("embedded postgres: remove leftover %s: %w", tmp, err)
	}
	if err := os.Mkdir(tmp, 0o700); err != nil {
		return fmt.Errorf("embedded postgres: create %s: %w", tmp, err)
	}
	if runAs != nil {
		if err := os.Chown(tmp, int(runAs.uid), int(runAs.gid)); err != nil {
			return fmt.Errorf("embedded postgres: chown %s: %w", tmp, err)
		}
	}
	e.log.Info("creating the embedded PostgreSQL cluster", "data", e.clusterDir)
	// The builtin C.UTF-8 provider (PostgreSQL 17) gives Unicode upper/lower
	// (ILIKE on "É") with byte-order sorting, and does not depend on which
	// OS locales are installed.
	cmd := exec.CommandContext(ctx, filepath.Join(binDir, "initdb"),
		"-D", tmp, "-U", embeddedSuperuser, "-E", "UTF8",
		"--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8",
		"--auth=trust", "--no-instructions")
	cmd.Env = postgresEnv()
	cmd.Stdout, cmd.Stderr = e.logFile, e.logFile
	cmd.Dir = tmp
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	if runAs != nil {
		cmd.SysProcAttr.Credential = runAs.credential()
	}
	if err := cmd.Run(); err != nil {
		return e.withLog(fmt.Errorf("embedded postgres: initdb: %w", err))
	}
	// Only the unix socket, in a directory only the server's user (and root)
	// can enter: no TCP, no other local users.
	hba := "# Written by tramita: the embedded server has no TCP listener; its socket\n" +
		"# directory is mode 0700, so trust reaches only its owner and root.\n" +
		"local all all trust\n"
	hbaPath := filepath.Join(tmp, "pg_hba.conf")
	if err := os.WriteFile(hbaPath, []byte(hba), 0o600); err != nil {
		return fmt.Errorf("embedded postgres: write pg_hba.conf: %w", err)
	}
	if runAs != nil {
		if err := os.Chown(hbaPath, int(runAs.uid), int(runAs.gid)); err != nil {
			return fmt.Errorf("embedded postgres: chown pg_hba.conf: %w", err)
		}
	}
	if err := os.Rename(tmp, e.clusterDir); err != nil {
		return fmt.Errorf("embedded postgres: move new cluster into place: %w", err)
	}
	return nil
}

// clearStalePid removes a postmaster.pid left by a crash: holding the data
// directory lock, we know no tramita owns the cluster, while PostgreSQL would
// refuse to start if the pid were reused by the user's process or a zombie.
func (e *Embedded) clearStalePid(ctx context.Context) error {
	pidPath := filepath.Join(e.clusterDir, "postmaster.pid")
	b, err := os.ReadFile(pidPath)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("embedded postgres: read %s: %w", pidPath, err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	pid, perr := strconv.Atoi(strings.TrimSpace(first))
	if perr == nil && pid > 0 && pid != os.Getpid() {
		p := inspectProcess(pid)
		ours := p.alive && p.postgres && (p.cwd == "" || sameDir(p.cwd, e.clusterDir))
		if ours {
			// A postmaster outlived the tramita that started it (it may still be
			// in the fast shutdown its parent's death triggered): stop it.
			e.log.Warn("a PostgreSQL from a previous run still uses the data directory; stopping it", "pid", pid)
			stopped, err := stopOrphan(ctx, pid)
			if err != nil {
				return fmt.Errorf("embedded postgres: stop leftover postmaster (pid %d) on %s: %w", pid, e.clusterDir, err)
			}
			if !stopped {
				// Not ours to signal: the pid belongs to someone else now.
				e.log.Debug("postmaster.pid names another user's process; treating it as stale", "pid", pid)
			}
		}
	}
	e.log.Info("removing stale postmaster.pid", "pid", first)
	if err := os.Remove(pidPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("embedded postgres: remove stale %s: %w", pidPath, err)
	}
	return nil
}

// stopOrphan stops a leftover postmaster, escalating from a wait (it may be
// shutting down already) to fast, immediate and kill. It reports false when
// the process is not ours to signal.
func stopOrphan(ctx context.Context, pid int) (bool, error) {
	steps := []struct {
		sig  syscall.Signal
		wait time.Duration
	}{{0, 5 * time.Second}, {syscall.SIGINT, 20 * time.Second}, {syscall.SIGQUIT, 5 * time.Second}, {syscall.SIGKILL, 5 * time.Second}}
	for _, s := range steps {
		if s.sig != 0 {
			if err := syscall.Kill(pid, s.sig); err != nil {
				if errors.Is(err, syscall.EPERM) {
					return false, nil
				}
				if errors.Is(err, syscall.ESRCH) {
					return true, nil
				}
				return false, err
			}
		}
		deadline := time.Now().Add(s.wait)
		for time.Now().Before(deadline) {
			if !inspectProcess(pid).alive {
				return true, nil
			}
			select {
			case <-ctx.Done():
				return false, ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	return false, errors.New("it does not exit")
}

func sameDir(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return ra == rb
}

// prepareSocketDir returns the directory for the server's unix socket:
// run beside the cluster, or a short private directory under the temp dir
// when that path would be too long for a socket.
func (e *Embedded) prepareSocketDir(runAs *osUser) (string, error) {
	socketName := "/.s.PGSQL." + strconv.Itoa(embeddedPort)
	dir := filepath.Join(e.serverDir, "run")
	if len(dir)+len(socketName) > maxSocketPath {
		base := os.TempDir()
		if len(base)+len("/tramita-pg-0123456789")+len(socketName) > maxSocketPath {
			base = "/tmp"
		}
		tmp, err := os.MkdirTemp(base, "tramita-pg-")
		if err != nil {
			return "", fmt.Errorf("embedded postgres: socket directory: %w", err)
		}
		e.tempSocketDir = tmp
		dir = tmp
		e.log.Debug("data directory path too long for a unix socket; using a temporary socket directory", "socket_dir", dir)
	} else if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("embedded postgres: socket directory: %w", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return "", fmt.Errorf("embedded postgres: socket directory: %w", err)
	}
	if runAs != nil {
		if err := os.Chown(dir, int(runAs.uid), int(runAs.gid)); err != nil {
			return "", fmt.Errorf("embedded postgres: socket directory: %w", err)
		}
	}
	// A socket and its lock file left by a killed server would make the new
	// one refuse (its lock names a dead or reused pid); we hold the data
	// directory, so nothing else uses them.
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".s.PGSQL.*"))
	for _, f := range leftovers {
		_ = os.Remove(f)
	}
	return dir, nil
}

// startPostmaster runs postgres in the foreground as our child.
func (e *Embedded) startPostmaster(binDir, sockDir string, runAs *osUser, settings map[string]string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.startPostmasterLocked(binDir, sockDir, runAs, settings)
}

func (e *Embedded) startPostmasterLocked(binDir, sockDir string, runAs *osUser, settings map[string]string) error {
	args := []string{
		"-D", e.clusterDir,
		"-c", "listen_addresses=", // no TCP at all: loopback-only would still let any local user try
		"-c", "port=" + strconv.Itoa(embeddedPort),
		"-c", "unix_socket_directories=" + sockDir,
		"-c", "unix_socket_permissions=0700",
		"-c", "logging_collector=off", // stderr already goes to postgres.log
	}
	names := make([]string, 0, len(settings))
	for k := range settings {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		args = append(args, "-c", k+"="+settings[k])
	}
	cmd := exec.Command(filepath.Join(binDir, "postgres"), args...)
	cmd.Env = postgresEnv()
	cmd.Dir = e.clusterDir
	cmd.Stdout, cmd.Stderr = e.logFile, e.logFile
	// Its own process group: a Ctrl-C meant for tramita must not stop the
	// database under it; tramita stops it in order at shutdown.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if runAs != nil {
		cmd.SysProcAttr.Credential = runAs.credential()
	}
	setParentDeathSignal(cmd.SysProcAttr)
	e.cmd = cmd
	exited := make(chan struct{})
	e.exited = exited

	started := make(chan error, 1)
	go func() {
		// The parent-death signal fires when the thread that forked exits, not
		// the process; pin this goroutine to its thread for the server's whole
		// life (and never unlock, so the thread ends only after postgres has).
		runtime.LockOSThread()
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		err := cmd.Wait()
		e.mu.Lock()
		current := e.cmd == cmd
		if current {
			e.waitErr = err
		}
		e.mu.Unlock()
		close(exited)
		if current && e.ready.Load() && !e.stopping.Load() {
			e.log.Error("embedded postgres exited unexpectedly; restarting it", "err", err, "log", e.logTail())
			go e.restart()
		}
	}()
	if err := <-started; err != nil {
		e.cmd = nil
		return fmt.Errorf("embedded postgres: start %s: %w", cmd.Path, err)
	}
	return nil
}

// waitReady polls until the server accepts connections, then creates the
// application database when missing.
func (e *Embedded) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	u, _ := url.Parse(e.url)
	u.Path = "/postgres"
	admin := u.String()
	var lastErr error
	for {
		connCtx, connCancel := context.WithTimeout(ctx, 5*time.Second)
		conn, err := pgx.Connect(connCtx, admin)
		connCancel()
		if err == nil {
			defer conn.Close(context.Background())
			return e.ensureAppDatabase(ctx, conn)
		}
		lastErr = err
		select {
		case <-e.exited:
			err := fmt.Errorf("embedded postgres exited during start (%v)", e.waitErr)
			if tail := e.logTail(); strings.Contains(tail, "pre-existing shared memory block") {
				err = fmt.Errorf("%w: %w", errSharedMemoryInUse, err)
			}
			return e.withLog(err)
		case <-ctx.Done():
			return e.withLog(fmt.Errorf("embedded postgres: not ready: %w (last error: %v)", ctx.Err(), lastErr))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (e *Embedded) ensureAppDatabase(ctx context.Context, conn *pgx.Conn) error {
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", AppDatabase).Scan(&exists); err != nil {
		return fmt.Errorf("embedded postgres: look for database %s: %w", AppDatabase, err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{AppDatabase}.Sanitize()); err != nil {
		return fmt.Errorf("embedded postgres: create database %s: %w", AppDatabase, err)
	}
	e.log.Info("created database", "database", AppDatabase)
	return nil
}

// postgresEnv is our environment without libpq variables (PGDATA, PGPORT...
// meant for other servers) and with the C locale, so a LANG naming a locale
// that is not installed cannot make initdb or postgres fail.
func postgresEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "PG") || strings.HasPrefix(kv, "LC_") || strings.HasPrefix(kv, "LANG=") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "LC_ALL=C", "LANG=C")
}
