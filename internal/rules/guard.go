package rules

import (
	"context"
	"runtime/metrics"
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

// A rule is bounded in time by its context (vm.Interrupt between JavaScript
// instructions), in memory by a heap watchdog, and exactly in counts (Limits).
// Not bounded: the CPU of one native step on data built within the limits.

const matchTimeout = time.Second

func init() {
	// goja compiles backtracking patterns with regexp2's default timeout,
	// which is forever; a rule must not be able to pin a CPU with one match.
	regexp2.DefaultMatchTimeout = matchTimeout
}

// heapSample is the metric the watchdog reads: bytes of live and
// not-yet-swept heap objects, cheap to read without stopping the world.
const heapSample = "/memory/classes/heap/objects:bytes"

// watch interrupts vm when ctx ends or the process heap, other requests'
// included, grows past the limit. It cannot stop one allocation midway,
// hence the prelude's caps on builtins that allocate much at once.
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
