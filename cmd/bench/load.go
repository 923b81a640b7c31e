package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// loadResult is one (target, connections) pair: medians over the runs.
type loadResult struct {
	target   string
	conns    int
	rps      float64
	p50, p99 time.Duration
	errors   int64
	requests int64
	ratio    float64 // rps over the bare handler's at the same connections
	// cpu is the CPU time the server and its PostgreSQL spent per request
	// (all their processes, user and system): unlike the latencies, it
	// hardly moves with other work on the machine.
	cpu time.Duration
}

// request is what one load request sends.
type request struct {
	name, method, path string
	body               []byte
}

// single is one call's latency alone (sequential, one connection).
type single struct {
	name     string
	p50, p95 time.Duration
}

// benchLoad drives the authenticated reads (getMessages, getApplicationMenu,
// a small executeFilter, in turn) at 50 and 200 connections, then a bare
// net/http handler with the same generator, and samples the server's RSS.
func benchLoad(ctx context.Context, o options, cl *client, srv *server, s seedInfo) ([]loadResult, []single, int64, error) {
	small, _ := json.Marshal(map[string]any{"componentID": s.riskID, "rowsPerPage": 25, "page": 0})
	reqs := []request{
		{"getMessages", http.MethodGet, "/api/message/getMessages", nil},
		{"getApplicationMenu", http.MethodPost, "/api/application/getApplicationMenu?appID=" + strconv.FormatInt(s.appID, 10), nil},
		{"executeFilter (25 rows of the type risk)", http.MethodPost, "/api/genericItem/executeFilter", small},
		{"health (no auth, one database ping)", http.MethodGet, "/api/health", nil},
	}
	var singles []single
	for _, r := range reqs {
		var body any
		if r.body != nil {
			body = json.RawMessage(r.body)
		}
		var lat []time.Duration
		for range 30 {
			status, b, d, err := cl.call(ctx, r.method, r.path, body)
			if err != nil || status != http.StatusOK {
				return nil, nil, 0, fmt.Errorf("%s %s: status %d: %v %.200s", r.method, r.path, status, err, b)
			}
			lat = append(lat, d)
		}
		q := quantilesOf(lat)
		singles = append(singles, single{r.name, q.p50, q.p95})
		log.Printf("  alone: %s p50 %s", r.name, ms(q.p50))
	}
	reqs = reqs[:3]

	// The lower bound: a bare handler answering a small JSON body.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, 0, err
	}
	bare := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})}
	go func() { _ = bare.Serve(l) }()
	defer bare.Close()
	bareReqs := []request{{"bare", http.MethodGet, "/", nil}}

	var out []loadResult
	var rssMax int64
	for _, conns := range []int{50, 200} {
		var tr loadResult
		var runs []loadResult
		for range o.loadRuns {
			var peak atomic.Int64
			stop := make(chan struct{})
			go func() {
				t := time.NewTicker(100 * time.Millisecond)
				defer t.Stop()
				for {
					select {
					case <-stop:
						return
					case <-t.C:
						if v := rssKB(srv.pid()); v > peak.Load() {
							peak.Store(v)
						}
					}
				}
			}()
			cpu0 := treeCPU(srv.pid())
			run := generate(ctx, "http://"+srv.addr, cl.token, reqs, conns, o.loadTime)
			if run.requests > 0 {
				run.cpu = (treeCPU(srv.pid()) - cpu0) / time.Duration(run.requests)
			}
			runs = append(runs, run)
			close(stop)
			rssMax = max(rssMax, peak.Load())
		}
		tr = mergeRuns("tramita (getMessages, getApplicationMenu, executeFilter 25 rows of 40)", conns, runs)
		var bruns []loadResult
		for range o.loadRuns {
			bruns = append(bruns, generate(ctx, "http://"+l.Addr().String(), "", bareReqs, conns, o.loadTime/2))
		}
		br := mergeRuns("bare net/http handler", conns, bruns)
		if br.rps > 0 {
			tr.ratio = tr.rps / br.rps
		}
		br.ratio = 1
		log.Printf("  %d connections: tramita %.0f req/s p50 %s p99 %s errors %d, CPU %s per request; bare %.0f req/s p99 %s",
			conns, tr.rps, ms(tr.p50), ms(tr.p99), tr.errors, ms(tr.cpu), br.rps, ms(br.p99))
		out = append(out, tr, br)
	}
	return out, singles, rssMax, nil
}

func mergeRuns(target string, conns int, runs []loadResult) loadResult {
	var rps []float64
	var p50, p99, cpu []time.Duration
	r := loadResult{target: target, conns: conns}
	for _, x := range runs {
		rps, p50, p99, cpu = append(rps, x.rps), append(p50, x.p50), append(p99, x.p99), append(cpu, x.cpu)
		r.errors += x.errors
		r.requests += x.requests
	}
	r.rps, r.p50, r.p99, r.cpu = median(rps), median(p50), median(p99), median(cpu)
	return r
}

// generate runs conns workers, each with its own keep-alive connection,
// sending reqs in turn for d. Anything but a 200 is an error.
func generate(ctx context.Context, base, token string, reqs []request, conns int, d time.Duration) loadResult {
	tr := &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var mu sync.Mutex
	var all []time.Duration
	var errs, n atomic.Int64
	var wg sync.WaitGroup
	t0 := time.Now()
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1024)
			for i := w; ctx.Err() == nil; i++ {
				rq := reqs[i%len(reqs)]
				var body io.Reader
				if rq.body != nil {
					body = bytes.NewReader(rq.body)
				}
				req, _ := http.NewRequestWithContext(ctx, rq.method, base+rq.path, body)
				if rq.body != nil {
					req.Header.Set("Content-Type", "application/json")
				}
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				start := time.Now()
				resp, err := hc.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				if ctx.Err() != nil {
					break // cut by the end of the run: not counted
				}
				n.Add(1)
				if err != nil || resp.StatusCode != http.StatusOK {
					errs.Add(1)
					continue
				}
				lat = append(lat, time.Since(start))
			}
			mu.Lock()
			all = append(all, lat...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(t0)
	q := quantilesOf(all)
	return loadResult{conns: conns, rps: float64(n.Load()) / elapsed.Seconds(), p50: q.p50, p99: q.p99, errors: errs.Load(), requests: n.Load()}
}

// treeCPU is the CPU time (user and system) of process pid and of every
// process below it, read from /proc: tramita and the embedded PostgreSQL it
// started, with its backends. Other sessions' PostgreSQL servers on the
// machine are not below it.
func treeCPU(pid int) time.Duration {
	entries, err := os.ReadDir("/proc")
	if err != nil || pid <= 0 {
		return 0
	}
	parent := map[int]int{}
	ticks := map[int]int64{}
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name may hold spaces: the fields start after its ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 13 {
			continue
		}
		pp, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		parent[p], ticks[p] = pp, ut+st
	}
	var total int64
	for p, t := range ticks {
		for q := p; q > 1; q = parent[q] {
			if q == pid {
				total += t
				break
			}
		}
	}
	// USER_HZ is 100 on Linux.
	return time.Duration(total) * 10 * time.Millisecond
}
