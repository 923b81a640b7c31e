package items

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Change is what a save changes of an item. Only the fields set are written;
// every change makes a new version, so history and diffs come from data.
type Change struct {
	// Operation names the version in the history ("form", "action", "bulk",
	// "field"...).
	Operation string
	Title     *string
	// Attributes, when not nil, replace the item's attributes whole.
	Attributes map[string]any
	StatusID   *int64
	// SetResponsible writes ResponsibleID, nil included (no responsible).
	SetResponsible bool
	ResponsibleID  *int64
	SetParent      bool
	ParentID       *int64
	Reason         *string
	// KeepModified is for a change of what the item holds beside its
	// fields (its predecessors): the item keeps its modifier and modified_at,
	// so a form open on it still saves; the version row names by and now.
	KeepModified bool
}

// Mutated is an item as a change left it.
type Mutated struct {
	ID            int64
	Number        int64
	Version       int
	ResponsibleID *int64
	ModifiedAt    time.Time
}

// Mutate writes change to item id inside tx, by user by, and its version:
// the one way any module changes an item. It checks no right: the caller
// has read the item with the caller's write access (ItemWritable) and holds
// its row. modified_at moves forward at least a millisecond, so every
// version has its own modificationDateTicks, even as a JavaScript number.
func Mutate(ctx context.Context, tx pgx.Tx, by, id int64, ch Change) (*Mutated, error) {
	sets := []string{"modifier_id = $2", "modified_at = greatest(now(), modified_at + interval '1 millisecond')", "version = version + 1"}
	args := []any{id, by}
	if ch.KeepModified {
		sets = []string{"version = version + 1"}
		args = []any{id}
	}
	set := func(column string, v any) {
		args = append(args, v)
		sets = append(sets, column+" = $"+strconv.Itoa(len(args)))
	}
	if ch.Title != nil {
		set("title", *ch.Title)
	}
	if ch.Attributes != nil {
		body, err := json.Marshal(ch.Attributes)
		if err != nil {
			return nil, fmt.Errorf("attributes of item %d: %w", id, err)
		}
		set("attributes", string(body))
		sets[len(sets)-1] += "::jsonb"
	}
	if ch.StatusID != nil {
		set("status_id", *ch.StatusID)
	}
	if ch.SetResponsible {
		set("responsible_id", ch.ResponsibleID)
	}
	if ch.SetParent {
		set("parent_id", ch.ParentID)
	}
	if ch.Reason != nil {
		set("reason", *ch.Reason)
	}
	var m Mutated
	err := tx.QueryRow(ctx, `UPDATE item SET `+strings.Join(sets, ", ")+`
		WHERE id = $1 RETURNING id, number, version, responsible_id, modified_at`, args...).
		Scan(&m.ID, &m.Number, &m.Version, &m.ResponsibleID, &m.ModifiedAt)
	if err != nil {
		return nil, fmt.Errorf("change item %d: %w", id, err)
	}
	if ch.KeepModified {
		return &m, writeVersionBy(ctx, tx, id, ch.Operation, by)
	}
	return &m, writeVersion(ctx, tx, id, ch.Operation)
}

// writeVersionBy is writeVersion for a change that left the item's
// modifier and modified_at: the version names by, at now (never before the
// item's modified_at).
func writeVersionBy(ctx context.Context, q Querier, item int64, operation string, by int64) error {
	_, err := q.Exec(ctx, `INSERT INTO item_version (item_id, version, title, project_id, parent_id, status_id, responsible_id,
			modifier_id, modified_at, reason, attributes, operation)
		SELECT id, version, title, project_id, parent_id, status_id, responsible_id, $3, greatest(now(), modified_at), reason, attributes, $2
		FROM item WHERE id = $1`, item, operation, by)
	if err != nil {
		return fmt.Errorf("version of item %d: %w", item, err)
	}
	return nil
}

// LockItems takes the rows of ids for a change, in id order so that two
// changes of the same items never wait on each other crosswise.
func LockItems(ctx context.Context, q Querier, ids []int64) error {
	if _, err := q.Exec(ctx, `SELECT 1 FROM item WHERE id = ANY($1) ORDER BY id FOR UPDATE`, ids); err != nil {
		return fmt.Errorf("lock items: %w", err)
	}
	return nil
}

// SetFileFlags writes the list's HasAttachment and HasDigitalContent of item
// id inside q (the transaction that changed its files): documents keeps them
// in step with its files. Not a change of the item: no version is written.
func SetFileFlags(ctx context.Context, q Querier, id int64, attachment, content bool) error {
	if _, err := q.Exec(ctx, `UPDATE item SET has_attachment = $2, has_digital_content = $3 WHERE id = $1`, id, attachment, content); err != nil {
		return fmt.Errorf("file flags of item %d: %w", id, err)
	}
	return nil
}
