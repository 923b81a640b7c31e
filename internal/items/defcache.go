package items

import (
	"errors"
	"sync"
)

// Type definitions executeFilter compiles from, kept between requests: a page
// checks the type's stamp in its first round trip, and a changed stamp (a
// re-import, on any instance) runs the request again from a fresh read.

// errStaleDefinition says the kept definition of a type no longer matches
// the database; the request runs again from a fresh read.
var errStaleDefinition = errors.New("items: the type's definition changed")

// defCacheMax bounds the kept definitions (types × languages); past it the
// cache starts over.
const defCacheMax = 4096

type defKey struct {
	id   int64
	lang string
}

type defEntry struct {
	comp  *Component // never changed once kept
	stamp string
}

type defCache struct {
	mu sync.RWMutex
	m  map[defKey]defEntry

	// small holds the lists (type and WHERE text) whose last count stayed under
	// ExactCountCap: their next page counts at once instead of asking the
	// estimate. Only a hint: a wrong one costs a count stopped at the cap.
	smallMu sync.Mutex
	small   map[smallKey]struct{}
}

type smallKey struct {
	comp  int64
	where string
}

func (d *defCache) isSmall(comp int64, where string) bool {
	d.smallMu.Lock()
	defer d.smallMu.Unlock()
	_, ok := d.small[smallKey{comp, where}]
	return ok
}

// setSmall records what a count of the list found.
func (d *defCache) setSmall(comp int64, where string, small bool) {
	d.smallMu.Lock()
	defer d.smallMu.Unlock()
	k := smallKey{comp, where}
	if !small {
		delete(d.small, k)
		return
	}
	if d.small == nil || len(d.small) >= defCacheMax {
		d.small = map[smallKey]struct{}{}
	}
	d.small[k] = struct{}{}
}

func (d *defCache) get(id int64, lang string) (*Component, string, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	e, ok := d.m[defKey{id, lang}]
	return e.comp, e.stamp, ok
}

func (d *defCache) put(comp *Component, lang, stamp string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.m == nil || len(d.m) >= defCacheMax {
		d.m = map[defKey]defEntry{}
	}
	d.m[defKey{comp.ID, lang}] = defEntry{comp, stamp}
}

func (d *defCache) forget(id int64, lang string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.m, defKey{id, lang})
}

// defGuard is what a page must check before its rows count: the stamp the
// kept definition was read under.
type defGuard struct {
	comp  *Component
	lang  string
	stamp string
}
