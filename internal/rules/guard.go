package rules

import (
	"context"
	"runtime/metrics"
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

// What bounds a rule, and what does not:
//
//   - Time: the run's context (Limits.Timeout, and the request's own) ends it
//     with vm.Interrupt, which stops the next JavaScript instruction. Host
//     calls get the same context, so a slow query ends too. A native builtin
//     already running finishes its step first; the guarded builtins of the
//     prelude keep those steps small.
//   - Backtracking regular expressions (regexp2) match with a timeout
//     (matchTimeout, process-wide: goja gives no per-runtime setting).
//   - Memory: the watchdog samples the process heap every few milliseconds
//     and stops the rule when it grew more than Limits.MaxHeapGrowth since the
//     run began. This is coarse: the heap is the whole process's (other
//     requests count), and one allocation is not stopped while it happens —
//     which is why the builtins that allocate a large block at once are
//     capped (Limits.MaxLength) or removed (typed arrays). A string doubled
//     in a loop is stopped within a doubling or two of the limit.
//   - Stack depth (Limits.MaxCallDepth), queries, rows, messages, log lines
//     and the size of what is handed back are counted exactly.
//   - Concurrency: at most Limits.Concurrent rules run at once, so the
//     worst case is about Concurrent × MaxHeapGrowth.
//
// Not bounded: the CPU of one native step on data already built within the
// limits (sorting a large array, JSON.stringify of a large object).

const matchTimeout = time.Second

func init() {
	// goja compiles backtracking patterns with regexp2's default timeout,
	// which is forever; a rule must not be able to pin a CPU with one match.
	regexp2.DefaultMatchTimeout = matchTimeout
}

// heapSample is the metric the watchdog reads: bytes of live and
// not-yet-swept heap objects, cheap to read without stopping the world.
const heapSample = "/memory/classes/heap/objects:bytes"

// watch interrupts vm when ctx ends or the heap grows past the limit; the
// returned stop ends the watch.
func watch(ctx context.Context, vm *goja.Runtime, l Limits) (stop func()) {
	done := make(chan struct{})
	sample := []metrics.Sample{{Name: heapSample}}
	read := func() uint64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return sample[0].Value.Uint64()
	}
	start := read()
	go func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				vm.Interrupt(interruption{kind: KindTimeout})
				return
			case <-tick.C:
				if h := read(); h > start && h-start > l.MaxHeapGrowth {
					vm.Interrupt(interruption{kind: KindMemory})
					return
				}
			}
		}
	}()
	return func() { close(done) }
}
