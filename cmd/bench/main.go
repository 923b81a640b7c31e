// Command bench is `make bench`: it starts bin/tramita on a fresh embedded
// PostgreSQL in a temporary directory, seeds its own data (1,000,000 items of
// the demo type "task"), measures list, load, sign-in, memory, start-up and
// web-bundle figures, prints a Markdown report and writes it to
// docs/benchmarks.md. It is a report: figures that miss their goal are marked,
// never turned into a failure. Every request goes to 127.0.0.1 and every
// phase is bounded in count and time (docs/benchmarks.md, "Method").
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// findingsHeading starts the part of docs/benchmarks.md that people write:
// what the figures mean and what was tried. A new run keeps it as it is.
const findingsHeading = "## Findings (written by hand, kept by make bench)"

type options struct {
	bin        string
	out        string
	items      int
	filterReqs int
	filterTime time.Duration
	loadTime   time.Duration
	loadRuns   int
	keep       bool
	listsOnly  bool
	loadOnly   bool
	excelOnly  bool
	excelRuns  int
	schedOnly  bool
	timeOnly   bool
	dist       string
	paintRuns  int
	paintOnly  bool
	peerOn     bool
	peer       peerOptions
}

func main() {
	var o options
	flag.StringVar(&o.bin, "bin", "bin/tramita", "the binary to measure")
	flag.StringVar(&o.out, "out", "docs/benchmarks.md", "where the report goes (empty: stdout only)")
	flag.IntVar(&o.items, "items", 1_000_000, "items of the demo type task to insert")
	flag.IntVar(&o.filterReqs, "filter-requests", 200, "sequential executeFilter requests per list case (and as many direct SQL runs)")
	flag.DurationVar(&o.filterTime, "filter-time", 25*time.Second, "time bound of each list case, API side (the direct side gets the same)")
	flag.DurationVar(&o.loadTime, "load-time", 10*time.Second, "length of one load run")
	flag.IntVar(&o.loadRuns, "load-runs", 3, "load runs per case; the figures are their medians")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary data directory")
	flag.BoolVar(&o.listsOnly, "lists-only", false, "measure executeFilter only (a quick run while working on lists; use with -out '')")
	flag.BoolVar(&o.loadOnly, "load-only", false, "measure the calls alone and under load only (a quick run while working on the request path; use with -items 0 -out '')")
	flag.BoolVar(&o.excelOnly, "excel-only", false, "measure the Excel import and export only and refresh just their section of -out (use with -items 0)")
	flag.BoolVar(&o.schedOnly, "schedule-only", false, "measure the schedule and calendar only (and the Gantt in Chromium unless -paint-runs 0), refreshing just their section of -out (use with -items 0)")
	flag.BoolVar(&o.timeOnly, "timesheets-only", false, "measure the timesheets only, refreshing just their section of -out (use with -items 0)")
	flag.IntVar(&o.excelRuns, "excel-runs", 1, "imports (and exports) of 100,000 rows; more than one reports their p50")
	flag.StringVar(&o.dist, "dist", "web/dist", "the built web app the binary embeds (its bundle sizes are measured)")
	flag.IntVar(&o.paintRuns, "paint-runs", 5, "loads of each screen in Chromium for its first and largest contentful paint (0: skip)")
	flag.BoolVar(&o.paintOnly, "paint-only", false, "measure the paint in Chromium only (use with -items 0 -out '')")
	flag.BoolVar(&o.peerOn, "peer", false, "Tramita beside Directus (make bench-peer, peer.go) instead of the rest: installs Directus if needed, writes its own section of -out")
	flag.StringVar(&o.peer.sizes, "peer-sizes", "100000,1000000", "with -peer: the numbers of rows, comma-separated (e.g. 20000 for a quick try)")
	flag.IntVar(&o.peer.runs, "peer-runs", 30, "with -peer: timed requests per query and system")
	flag.IntVar(&o.peer.warmup, "peer-warmup", 5, "with -peer: warm-up requests per query and system")
	flag.StringVar(&o.peer.dir, "peer-dir", envOr("TRAMITA_PEER_DIR", "/var/tmp/tramita-peer"), "with -peer: where Directus is installed (reused) and run; its parents must be traversable by uid 65534")
	flag.StringVar(&o.peer.pgBin, "peer-pg-bin", "", "with -peer: PostgreSQL binaries for Directus (default: Tramita's, tools/postgres)")
	flag.Parse()
	log.SetFlags(log.Ltime)
	log.SetPrefix("bench: ")
	ctx, stop := signalContext()
	defer stop()
	if o.peerOn {
		if err := runPeer(ctx, o); err != nil {
			log.Fatal(err)
		}
		return
	}
	if err := run(ctx, o); err != nil {
		log.Fatal(err)
	}
}

func signalContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

func run(ctx context.Context, o options) error {
	started := time.Now()
	if _, err := os.Stat(o.bin); err != nil {
		return fmt.Errorf("%s: %w (run make build first, or make bench)", o.bin, err)
	}
	dir, err := os.MkdirTemp("", "tramita-bench-")
	if err != nil {
		return err
	}
	// As root the embedded PostgreSQL runs as another user, who must traverse it.
	if err := os.Chmod(dir, 0o711); err != nil {
		return err
	}
	if !o.keep {
		defer os.RemoveAll(dir)
	} else {
		log.Printf("data directory kept: %s", dir)
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	srv := &server{bin: o.bin, dir: dir, addr: fmt.Sprintf("127.0.0.1:%d", port), password: "bench-Admin-pw-7431"}
	rep := &report{started: started, loadRuns: o.loadRuns}

	log.Printf("first start (initdb, migrations, demo import) in %s", dir)
	cold, err := srv.start(ctx)
	if err != nil {
		return err
	}
	defer srv.stop()
	rep.coldStart = cold

	pool, err := pgxpool.New(ctx, srv.dbURL())
	if err != nil {
		return fmt.Errorf("connect to the embedded database: %w", err)
	}
	defer pool.Close()
	if rep.indexes, err = attributeIndexes(ctx, pool); err != nil {
		return err
	}
	seedInfo, err := seed(ctx, pool, o.items)
	if err != nil {
		return err
	}
	rep.seed = seedInfo

	// Warm restarts: binary start to a healthy /api/health.
	pool.Close()
	for range 3 {
		srv.stop()
		d, err := srv.start(ctx)
		if err != nil {
			return err
		}
		rep.warmStarts = append(rep.warmStarts, d)
	}
	pool, err = pgxpool.New(ctx, srv.dbURL())
	if err != nil {
		return err
	}
	defer pool.Close()
	time.Sleep(2 * time.Second)
	rep.rssIdle = rssKB(srv.pid())

	cl := newClient(srv.addr)
	login, err := cl.signIn(ctx, "admin", srv.password, "")
	if err != nil {
		return err
	}
	cl.token = login.Token

	rep.loadAvg = loadAverage()
	if o.excelOnly {
		return excelOnly(ctx, o, cl, pool)
	}
	if o.timeOnly {
		return sectionOnly(o, timesheetsHeading, benchTimesheets(ctx, cl, pool, seedInfo).markdown())
	}
	if o.schedOnly {
		return scheduleOnly(ctx, o, cl, pool, seedInfo, srv.addr, srv.password)
	}
	if o.paintOnly {
		if rep.paint, err = benchPaint(ctx, srv.addr, "admin", srv.password, o.paintRuns); err != nil {
			return err
		}
		rep.finished = time.Now()
		fmt.Println(rep.markdown())
		return nil
	}
	if o.loadOnly {
		log.Printf("authenticated reads under load")
		rep.load, rep.singles, rep.rssLoad, err = benchLoad(ctx, o, cl, srv, seedInfo)
		if err != nil {
			return err
		}
		rep.finished = time.Now()
		fmt.Println(rep.markdown())
		return nil
	}

	log.Printf("executeFilter over %d items", seedInfo.total)
	rep.lists, err = benchLists(ctx, o, cl, pool, seedInfo, seedInfo.adminID, login.PanelAdmin)
	if err != nil {
		return err
	}

	log.Printf("executeFilter as a plain member of two of the three projects")
	memberID, err := addMember(ctx, pool)
	if err != nil {
		return err
	}
	member := newClient(srv.addr)
	mlogin, err := member.signIn(ctx, "member", srv.password, "")
	if err != nil {
		return err
	}
	if mlogin.PanelAdmin {
		return fmt.Errorf("the bench's member signed in as a panel administrator")
	}
	member.token = mlogin.Token
	rep.memberLists, err = benchLists(ctx, o, member, pool, seedInfo, memberID, false)
	if err != nil {
		return err
	}

	if o.listsOnly {
		rep.finished = time.Now()
		fmt.Println(rep.markdown())
		return nil
	}

	log.Printf("authenticated reads under load")
	rep.rssBeforeLoad = rssKB(srv.pid())
	rep.load, rep.singles, rep.rssLoad, err = benchLoad(ctx, o, cl, srv, seedInfo)
	if err != nil {
		return err
	}

	log.Printf("sign-in")
	rep.signIn, err = benchSignIn(ctx, cl, srv.password)
	if err != nil {
		return err
	}

	// Last: it writes 100,000 risks per run, and the load phase lists risks.
	rep.excel = benchExcel(ctx, cl, pool, o.excelRuns)

	log.Printf("schedule and calendar")
	rep.schedule = benchSchedule(ctx, cl, pool, seedInfo)
	log.Printf("timesheets")
	rep.timesheets = benchTimesheets(ctx, cl, pool, seedInfo)

	log.Printf("web bundle")
	rep.web, err = webSizes(o.dist)
	if err != nil {
		log.Printf("web sizes: %v", err)
		rep.webErr = err.Error()
	}
	if o.paintRuns > 0 {
		log.Printf("first and largest contentful paint in Chromium (%d loads per screen)", o.paintRuns)
		rep.paint, err = benchPaint(ctx, srv.addr, "admin", srv.password, o.paintRuns)
		if err != nil {
			log.Printf("paint: %v", err)
			rep.paintErr = err.Error()
		}
		if rep.schedule.ganttPath != "" {
			rep.schedule.measureGantt(ctx, srv.addr, srv.password, o.paintRuns)
		}
	}

	rep.finished = time.Now()
	text := rep.markdown()
	fmt.Println(text)
	if o.out != "" {
		// The hand-written part, from findingsHeading on, survives a new run.
		if old, err := os.ReadFile(o.out); err == nil {
			if i := strings.Index(string(old), findingsHeading); i >= 0 {
				text += "\n" + string(old[i:])
			}
		}
		if err := os.WriteFile(o.out, []byte(text), 0o644); err != nil {
			return err
		}
		log.Printf("wrote %s", o.out)
	}
	return nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// server is bin/tramita serve on a data directory.
type server struct {
	bin, dir, addr, password string
	cmd                      *exec.Cmd
	waitExit                 chan error
	logFile                  *os.File
}

func (s *server) dbURL() string {
	return "postgres://postgres@/tramita?host=" + filepath.Join(s.dir, "run") + "&port=5432&sslmode=disable"
}

func (s *server) pid() int {
	if s.cmd == nil || s.cmd.Process == nil {
		return 0
	}
	return s.cmd.Process.Pid
}

// start runs the binary and answers the time until /api/health says ok.
func (s *server) start(ctx context.Context) (time.Duration, error) {
	f, err := os.OpenFile(filepath.Join(s.dir, "tramita.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return 0, err
	}
	s.logFile = f
	cmd := exec.Command(s.bin, "serve")
	cmd.Env = append(os.Environ(),
		"TRAMITA_ADDR="+s.addr,
		"TRAMITA_DATA_DIR="+s.dir,
		"TRAMITA_DEMO=true",
		"TRAMITA_ADMIN_PASSWORD="+s.password,
		// The sign-in bench gives each simulated client its own address
		// through X-Forwarded-For from the loopback "proxy".
		"TRAMITA_TRUSTED_PROXIES=127.0.0.1",
		"TRAMITA_LOG_LEVEL=warn",
	)
	cmd.Stdout, cmd.Stderr = f, f
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	s.cmd = cmd
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	hc := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			s.cmd = nil
			return 0, fmt.Errorf("tramita exited before it was ready (%v); log: %s", err, s.logTail())
		case <-ctx.Done():
			return 0, ctx.Err()
		default:
		}
		resp, err := hc.Get("http://" + s.addr + "/api/health")
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				d := time.Since(t0)
				s.waitExit = exited
				return d, nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return 0, errors.New("tramita was not ready within 3 minutes; log: " + s.logTail())
}

func (s *server) logTail() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "tramita.log"))
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

// stop sends SIGTERM and waits for a graceful exit (SIGKILL after 60 s).
func (s *server) stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.waitExit:
	case <-time.After(60 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.waitExit
	}
	s.cmd = nil
	if s.logFile != nil {
		s.logFile.Close()
	}
}

// rssKB reads VmRSS of a process in KiB.
func rssKB(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

func machine() (cores int, memMB int64, cpu string) {
	cores = runtime.NumCPU()
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
				n, _ := strconv.ParseInt(f[1], 10, 64)
				memMB = n / 1024
			}
		}
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	return
}

// attributeIndexes says how many column indexes the typed item tables
// hold before the seeding rebuilds every index of the item tables: each
// sortable attribute's column has one, made with the column at import.
func attributeIndexes(ctx context.Context, pool *pgxpool.Pool) (string, error) {
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema()
		AND tablename ~ '^item_t[0-9]+$' AND indexname ~ '_a[0-9]+$'`).Scan(&n); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d column indexes of the typed tables, made at import", n), nil
}

// loadAverage is the first figure of /proc/loadavg: other work on the
// machine (the bench shares it) moves the percentiles.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}
