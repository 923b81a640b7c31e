package main

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"
)

// The rows of the peer benchmark: scripts/peer/directus/gen_tasks.py ported
// to Go (same fields and distributions, seed 42, but Go's generator, so not
// Python's values). They are generated once, for the largest size, and the
// same slice goes to both systems; a smaller size is a prefix of it, so the
// next size only appends.

// The values a row picks from, in gen_tasks.py's order.
var (
	peerStatuses = []string{"open", "in_progress", "blocked", "review", "closed"}
	peerVerbs    = []string{"fix", "build", "review", "deploy", "write", "test"}
	peerObjects  = []string{"api", "ui", "db", "docs", "infra"}
	peerDueBase  = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
)

const peerClosed = 4 // peerStatuses[4], done = true

// peerRow is one task, compactly: 1,000,000 of them take 12 MB. Row n (1-based,
// its index + 1) is Directus's id n and Tramita's FormattedID n.
type peerRow struct {
	verb, object uint8
	status       uint8  // index in peerStatuses
	priority     uint8  // 1..5
	dueDay       uint16 // days after 2026-01-01, 0..730
	estimate     uint16 // hundredths, 50..4000 (0.50..40.00)
	assignee     uint8  // user00..user49
	lorem        uint8  // description is "Lorem ipsum " this many times, 1..8
}

// genPeerRows answers rows 1..n.
func genPeerRows(n int) []peerRow {
	r := rand.New(rand.NewPCG(42, 42))
	rows := make([]peerRow, n)
	for i := range rows {
		rows[i] = peerRow{
			status:   uint8(r.IntN(len(peerStatuses))),
			verb:     uint8(r.IntN(len(peerVerbs))),
			object:   uint8(r.IntN(len(peerObjects))),
			priority: uint8(1 + r.IntN(5)),
			dueDay:   uint16(r.IntN(731)),
			estimate: uint16(50 + r.IntN(3951)),
			assignee: uint8(r.IntN(50)),
			lorem:    uint8(1 + r.IntN(8)),
		}
	}
	return rows
}

func (p peerRow) title(n int) string {
	return "Task " + strconv.Itoa(n) + " " + peerVerbs[p.verb] + " " + peerObjects[p.object]
}

func (p peerRow) statusKey() string { return peerStatuses[p.status] }

func (p peerRow) due() time.Time { return peerDueBase.AddDate(0, 0, int(p.dueDay)) }

func (p peerRow) assigneeLogin() string { return peerUserLogin(int(p.assignee)) }

func peerUserLogin(i int) string { return "user" + strconv.Itoa(i/10) + strconv.Itoa(i%10) }

func (p peerRow) done() bool { return p.status == peerClosed }

func (p peerRow) description() string { return strings.Repeat("Lorem ipsum ", int(p.lorem)) }

// peerTruth is what the rows say the queries should answer, for the check
// of both systems' answers and totals.
type peerTruth struct {
	q3Count int // status open, priority >= 4
}

func peerTruthOf(rows []peerRow) peerTruth {
	var t peerTruth
	for _, r := range rows {
		if r.status == 0 && r.priority >= 4 {
			t.q3Count++
		}
	}
	return t
}
