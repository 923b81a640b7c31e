// Package planlimit enforces the plan's storage and applications limits where
// other modules write (uploads, application packages); it stands apart from
// internal/admin because those modules sit below it and must not import it.
// Each check locks the plan row (SELECT … FOR UPDATE) in the caller's
// transaction before counting, so two writers cannot both take the last free
// place; with no limit set nothing is locked.
package planlimit

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Querier is a pool, a connection or a transaction.
type Querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Storage is what the platform holds: the database itself (terms, avatars,
// items, the audit log…) and the files kept in the file storage, counted by
// the sizes recorded in the database rather than by walking a disk or a bucket.
type Storage struct {
	DatabaseBytes int64 `json:"databaseBytes"`
	FileBytes     int64 `json:"fileBytes"`
}

// Total is the storage used against max_storage_bytes.
func (s Storage) Total() int64 { return s.DatabaseBytes + s.FileBytes }

// storageSQL answers the database's size and the bytes of every file the
// storage holds: attachments and digital content with the versions a stamp
// replaced, repository files' versions (a restored version's bytes once),
// and the spreadsheet an import keeps until it is done or forgotten.
const storageSQL = `SELECT pg_database_size(current_database()),
	(SELECT coalesce(sum(size), 0)::bigint FROM item_file)
	+ (SELECT coalesce(sum(size), 0)::bigint FROM item_file_version)
	+ (SELECT coalesce(sum(size), 0)::bigint FROM (SELECT DISTINCT ON (storage_key) size FROM repository_file_version) r)
	+ (SELECT coalesce(sum(file_size), 0)::bigint FROM item_import WHERE state IN ('previewed', 'queued', 'running'))`

// StorageUsed answers the storage used now.
func StorageUsed(ctx context.Context, q Querier) (Storage, error) {
	var s Storage
	if err := q.QueryRow(ctx, storageSQL).Scan(&s.DatabaseBytes, &s.FileBytes); err != nil {
		return s, fmt.Errorf("storage used: %w", err)
	}
	return s, nil
}

// StorageRoom answers the plan's storage limit (nil: unlimited) and how many
// bytes may still be stored under it. It locks nothing: uploads use it to
// stop receiving a file early; CheckStorage decides when the rows are written.
func StorageRoom(ctx context.Context, q Querier) (limit *int64, left int64, err error) {
	err = q.QueryRow(ctx, `SELECT max_storage_bytes FROM plan WHERE id = 1`).Scan(&limit)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && limit == nil) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("plan storage: %w", err)
	}
	used, err := StorageUsed(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	return limit, *limit - used.Total(), nil
}

// CheckStorage refuses adding bytes past the plan's storage limit. Call it in
// the transaction that records the files, after deleting those they replace
// and before inserting them: the plan row stays locked until it ends.
func CheckStorage(ctx context.Context, tx pgx.Tx, adding int64) error {
	limit, err := lockedLimit(ctx, tx, "max_storage_bytes")
	if err != nil || limit == nil {
		return err
	}
	used, err := StorageUsed(ctx, tx)
	if err != nil {
		return err
	}
	if used.Total()+adding > *limit {
		return StorageError(*limit)
	}
	return nil
}

// StorageError is the refusal of an upload past the storage limit.
func StorageError(limit int64) error {
	return &LimitError{httpx.Fail(http.StatusConflict, "admin.planStorageLimit", "max", HumanBytes(limit))}
}

// CheckApplications refuses a new application past the plan's limit. Call it
// in the transaction that inserted the application (the count includes it);
// an application upgraded in place is not new and is not checked.
func CheckApplications(ctx context.Context, tx pgx.Tx, key string) error {
	limit, err := lockedLimit(ctx, tx, "max_applications")
	if err != nil || limit == nil {
		return err
	}
	var n int64
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM application`).Scan(&n); err != nil {
		return fmt.Errorf("applications: %w", err)
	}
	if n > *limit {
		return &LimitError{httpx.Fail(http.StatusConflict, "admin.planApplicationLimit", "max", *limit, "key", key)}
	}
	return nil
}

// lockedLimit reads one limit column of the plan row, locking the row.
func lockedLimit(ctx context.Context, tx pgx.Tx, column string) (*int64, error) {
	var limit *int64
	err := tx.QueryRow(ctx, `SELECT `+column+` FROM plan WHERE id = 1 FOR UPDATE`).Scan(&limit)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("plan %s: %w", column, err)
	}
	return limit, nil
}

// LimitError is a refusal by the plan. Through the API it is the wrapped
// *httpx.Error (409, translated to the caller's language); on the command
// line (tramita apps import) Error() is the English text itself.
type LimitError struct{ Err *httpx.Error }

func (e *LimitError) Error() string { return i18n.T(i18n.En, e.Err.Key, e.Err.Args...) }

func (e *LimitError) Unwrap() error { return e.Err }

// HumanBytes writes a limit as the plan page does (÷1024): whole TB to KB when
// exact, else whole MB (KB below one) rounded down, so 1.3 GB reads 1331 MB:
// a message must not promise more room than there is.
func HumanBytes(n int64) string {
	units := []struct {
		size int64
		name string
	}{{1 << 40, "TB"}, {1 << 30, "GB"}, {1 << 20, "MB"}, {1 << 10, "KB"}}
	for _, u := range units {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
	}
	for _, u := range units[2:] {
		if n >= u.size {
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
