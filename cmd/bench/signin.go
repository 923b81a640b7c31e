package main

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/tramita/tramita/internal/auth"
)

type signInResult struct {
	latency       quantiles // sequential sign-ins, one address each
	sequential    int
	verify        time.Duration // median in-process argon2id check, the lower bound
	perSecond     float64       // concurrent sign-ins, one address each
	concurrent    int
	workers       int
	perAddress    int // sign-ins one address got before the first 429
	throttledWith int // the status that stopped it
}

// Addresses of simulated clients (TEST-NET-2 and -3, RFC 5737), passed in
// X-Forwarded-For from the loopback proxy the bench server trusts. The
// requests themselves all go to 127.0.0.1.
func testAddr(net, i int) string { return fmt.Sprintf("%d.%d.%d.%d", 198, 51, 100+net, i) }

func benchSignIn(ctx context.Context, cl *client, password string) (signInResult, error) {
	var r signInResult
	// Lower bound: the password check alone, in this process.
	phc, err := auth.HashPassword(password)
	if err != nil {
		return r, err
	}
	var ver []time.Duration
	for range 10 {
		t0 := time.Now()
		if ok, err := auth.VerifyPassword(phc, password); err != nil || !ok {
			return r, fmt.Errorf("verify password: %v", err)
		}
		ver = append(ver, time.Since(t0))
	}
	r.verify = median(ver)

	var lat []time.Duration
	for i := 1; i <= 20; i++ {
		t0 := time.Now()
		if _, err := cl.signIn(ctx, "admin", password, testAddr(0, i)); err != nil {
			return r, err
		}
		lat = append(lat, time.Since(t0))
	}
	r.latency, r.sequential = quantilesOf(lat), len(lat)

	r.workers = 2 * runtime.NumCPU()
	r.concurrent = 60
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	t0 := time.Now()
	for range r.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if _, err := cl.signIn(ctx, "admin", password, testAddr(1, 1+i)); err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
				}
			}
		}()
	}
	for i := range r.concurrent {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	r.perSecond = float64(r.concurrent) / time.Since(t0).Seconds()
	if firstErr != nil {
		return r, firstErr
	}

	// One address until the limit answers (bounded at 30 attempts).
	for i := 0; i < 30; i++ {
		status, _, err := cl.signInRaw(ctx, "admin", password, testAddr(2, 7))
		if err != nil {
			return r, err
		}
		if status != http.StatusOK {
			r.throttledWith = status
			break
		}
		r.perAddress++
	}
	return r, nil
}
