package audit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// The audit log is a hash chain: at commit a database trigger gives each entry
// SHA-256(previous hash || canonical content), so every writer is chained.
// Verify recomputes it in Go, catching entries changed with the triggers off.

// Broken names the first entry where the chain does not hold.
type Broken struct {
	ID   int64     `json:"id"`
	Seq  int64     `json:"seq"`
	At   time.Time `json:"at"`
	Kind string    `json:"kind"`
	// Reason is an i18n key (audit.chain.*) with Args for its placeholders.
	Reason string `json:"reason"`
	Args   []any  `json:"-"`
}

// Verification is the result of Verify.
type Verification struct {
	Valid   bool  `json:"valid"`
	Entries int64 `json:"entries"`
	// Head is the hex hash of the last entry, worth writing down elsewhere:
	// a chain rewritten whole from some entry on is only seen against it.
	Head   string  `json:"head"`
	Broken *Broken `json:"firstBroken"`
}

// Beginner opens a transaction: a pool or a connection.
type Beginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// content is the canonical content the trigger hashes (audit_event_content
// in migration 00033): a prefix, then each field as its byte length, ':'
// and its bytes.
func content(seq, id int64, at time.Time, login, kind, address, detail string) []byte {
	var b bytes.Buffer
	b.WriteString("tramita-audit-1")
	for _, f := range []string{strconv.FormatInt(seq, 10), strconv.FormatInt(id, 10),
		at.UTC().Format("2006-01-02T15:04:05.000000"), login, kind, address, detail} {
		b.WriteString(strconv.Itoa(len(f)))
		b.WriteByte(':')
		b.WriteString(f)
	}
	return b.Bytes()
}

// chainHash is the hash of an entry after prev.
func chainHash(prev []byte, seq, id int64, at time.Time, login, kind, address, detail string) []byte {
	h := sha256.New()
	h.Write(prev)
	h.Write(content(seq, id, at, login, kind, address, detail))
	return h.Sum(nil)
}

// Verify checks the whole log in one snapshot, in chain order: each entry
// follows the previous, its hash matches its content, and the head is the
// last. Rows are streamed, so the log's size costs only time.
func Verify(ctx context.Context, db Beginner) (Verification, error) {
	var v Verification
	tx, err := db.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return v, fmt.Errorf("audit verify: %w", err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	var headSeq int64
	var headHash []byte
	if err := tx.QueryRow(ctx, `SELECT seq, hash FROM audit_chain WHERE id = 1`).Scan(&headSeq, &headHash); err != nil {
		return v, fmt.Errorf("audit verify: chain head: %w", err)
	}
	rows, err := tx.Query(ctx, `SELECT id, seq, hash, at, login, kind, address, detail::text
		FROM audit_event ORDER BY seq NULLS LAST, id`)
	if err != nil {
		return v, fmt.Errorf("audit verify: %w", err)
	}
	defer rows.Close()
	prev := []byte{}
	var last Broken
	for rows.Next() {
		var id int64
		var seq *int64
		var hash []byte
		var at time.Time
		var login, kind, address, detail string
		if err := rows.Scan(&id, &seq, &hash, &at, &login, &kind, &address, &detail); err != nil {
			return v, fmt.Errorf("audit verify: %w", err)
		}
		v.Entries++
		b := &Broken{ID: id, At: at.UTC(), Kind: kind}
		switch {
		case seq == nil:
			b.Reason = "audit.chain.unchained"
		case *seq != v.Entries:
			b.Seq, b.Reason, b.Args = *seq, "audit.chain.missing", []any{"expected", v.Entries}
		default:
			b.Seq = *seq
			if want := chainHash(prev, *seq, id, at, login, kind, address, detail); !bytes.Equal(hash, want) {
				b.Reason = "audit.chain.altered"
			}
		}
		if b.Reason != "" {
			v.Broken = b
			return v, nil
		}
		prev, last = hash, *b
	}
	if err := rows.Err(); err != nil {
		return v, fmt.Errorf("audit verify: %w", err)
	}
	if headSeq != v.Entries || !bytes.Equal(headHash, prev) {
		// The newest entries are gone (or the head was rewritten): the last
		// entry still there is where the chain stops holding.
		last.Reason, last.Args = "audit.chain.truncated", []any{"seq", headSeq}
		v.Broken = &last
		return v, nil
	}
	v.Valid, v.Head = true, hex.EncodeToString(prev)
	return v, nil
}
