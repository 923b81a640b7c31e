package items

import (
	"errors"
	"sync"
)

// The definitions of types (name, attributes) that executeFilter compiles
// its SQL from, kept between requests. They change only when a package is
// imported again (or by hand in SQL), so a list request compiles from the
// kept copy and checks, in the same round trip as the page's ids, that the
// type is still readable by the caller and that its definition's stamp is
// the one the copy was read under. A different stamp throws the page away and
// runs the request again from a fresh read: a re-import is seen by the very
// next request, on every instance, whoever wrote it. This saves the round
// trip that read the type and its attributes before every page.

// defStamp is an expression over component c that changes whenever what
// component loads of it changes: its own columns, by value, and every row
// of its attributes, by their row versions (xmin changes on any update;
// an added or removed row changes the list). Item numbering updates the
// component row on every new item, so the component's xmin is not used.
const defStamp = `md5(c.application_id::text || '/' || c.key || '/' || c.name::text || '/' || c.project_scoped::text || '/' ||
	coalesce((SELECT string_agg(a.id::text || ':' || a.xmin::text, ',' ORDER BY a.id) FROM attribute a
		WHERE a.component_id = c.id), ''))`

// defGuardSQL answers the stamp of type $3 when the caller ($1, $2) may read
// it, and no row otherwise (gone, retired, or not readable). The panel
// administrator flag is read through an uncorrelated subquery, the same
// value for the same rule: with $2 itself, a custom plan for an
// administrator (where "$2 OR ..." folds to true) always looked cheaper
// than the generic one, so PostgreSQL planned the statement again on every
// list request (0.15 ms of the database's time, more than running it).
var defGuardSQL = `SELECT ` + defStamp + ` FROM component c WHERE c.id = $3 AND c.retired_at IS NULL AND ` +
	access{User: "$1", Admin: "(SELECT $2::boolean)"}.ComponentReadable()

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

	// small holds the lists (a type and the text of its WHERE, values
	// aside) whose last count stayed under ExactCountCap: their next page
	// counts in its first round trip instead of asking the planner's
	// estimate (page, list.go). Only a hint: a wrong one costs a count
	// stopped at the cap and the estimate in the page's second round trip.
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
