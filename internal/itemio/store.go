package itemio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Store is the import's SQL: its item_import rows (migrations 00054,
// 00056) and the definitions a spreadsheet's cells are read against.
type Store struct {
	db *pgxpool.Pool
}

// NewStore returns the store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// newImport is a previewed import's row.
type newImport struct {
	component int64
	project   *int64
	user      int64
	fileName  string
	key       string
	size      int64
	total     int
	// errors are those kept to show, of errorCount.
	errors     []ImportError
	errorCount int
	columns    []ImportColumn
}

// insert records a preview, in the transaction that checked the plan's room.
func (st *Store) insert(ctx context.Context, tx pgx.Tx, in newImport) (int64, error) {
	cols, _ := json.Marshal(in.columns)
	stored, _ := json.Marshal(in.errors)
	var id int64
	if err := tx.QueryRow(ctx, `INSERT INTO item_import (component_id, project_id, user_id, file_name, storage_key,
			file_size, total_rows, error_count, errors, columns) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		in.component, in.project, in.user, in.fileName, in.key, in.size, in.total, in.errorCount, stored, cols).Scan(&id); err != nil {
		return 0, fmt.Errorf("import: %w", err)
	}
	return id, nil
}

// forgetPreviews deletes user's previews older than age and answers their
// files' keys.
func (st *Store) forgetPreviews(ctx context.Context, user int64, age time.Duration) ([]string, error) {
	rows, err := st.db.Query(ctx, `DELETE FROM item_import
		WHERE user_id = $1 AND state = 'previewed' AND created_at < now() - $2::interval RETURNING storage_key`, user, age)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// status reads an import of user (locked for a change when lock is set).
func (st *Store) status(ctx context.Context, q items.Querier, user, id int64, lock bool) (*ImportStatus, error) {
	sql := `SELECT id, state, message, file_name, total_rows, done_rows, error_count, errors, columns FROM item_import
		WHERE id = $1 AND user_id = $2`
	if lock {
		sql += ` FOR UPDATE`
	}
	s := &ImportStatus{}
	var errs, cols []byte
	err := q.QueryRow(ctx, sql, id, user).Scan(&s.ImportID, &s.State, &s.Message, &s.FileName, &s.TotalRows, &s.DoneRows,
		&s.ErrorCount, &errs, &cols)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("import %d: %w", id, err)
	}
	if err := json.Unmarshal(errs, &s.Errors); err != nil {
		return nil, fmt.Errorf("import %d errors: %w", id, err)
	}
	if err := json.Unmarshal(cols, &s.Columns); err != nil {
		return nil, fmt.Errorf("import %d columns: %w", id, err)
	}
	s.fill()
	return s, nil
}

// otherRunning answers the file of another import of user that is queued or
// running (none: ""). It locks the user's unfinished imports first, in
// order, so two confirmations of one user wait for each other and the second
// sees the first queued.
func (st *Store) otherRunning(ctx context.Context, tx pgx.Tx, user, id int64) (string, error) {
	rows, err := tx.Query(ctx, `SELECT id, state, file_name FROM item_import
		WHERE user_id = $1 AND state IN ('previewed', 'queued', 'running') ORDER BY id FOR UPDATE`, user)
	if err != nil {
		return "", fmt.Errorf("imports of user %d: %w", user, err)
	}
	defer rows.Close()
	other := ""
	for rows.Next() {
		var at int64
		var state, file string
		if err := rows.Scan(&at, &state, &file); err != nil {
			return "", fmt.Errorf("imports of user %d: %w", user, err)
		}
		if at != id && state != "previewed" && other == "" {
			other = file
		}
	}
	return other, rows.Err()
}

// queue marks a confirmed import queued.
func (st *Store) queue(ctx context.Context, tx pgx.Tx, id int64) error {
	if _, err := tx.Exec(ctx, `UPDATE item_import SET state = 'queued' WHERE id = $1`, id); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	return nil
}

// importJob is what the job reads of its import.
type importJob struct {
	component int64
	project   *int64
	key       string
	state     string
}

// job reads import id for its job (pgx.ErrNoRows: gone).
func (st *Store) job(ctx context.Context, id int64) (importJob, error) {
	var j importJob
	err := st.db.QueryRow(ctx, `SELECT component_id, project_id, storage_key, state FROM item_import WHERE id = $1`, id).
		Scan(&j.component, &j.project, &j.key, &j.state)
	return j, err
}

// start marks an import running from its first row.
func (st *Store) start(ctx context.Context, id int64) error {
	_, err := st.db.Exec(ctx, `UPDATE item_import SET state = 'running', done_rows = 0 WHERE id = $1`, id)
	return err
}

// progress records the rows written so far (outside the job's transaction;
// a failure only leaves the count behind).
func (st *Store) progress(ctx context.Context, id int64, done int) {
	_, _ = st.db.Exec(ctx, `UPDATE item_import SET done_rows = $2 WHERE id = $1`, id, done)
}

// fail marks an import failed with msg and the errors kept of count.
func (st *Store) fail(ctx context.Context, id int64, msg string, errs []ImportError, count int) error {
	stored, _ := json.Marshal(errs)
	_, err := st.db.Exec(ctx, `UPDATE item_import SET state = 'failed', message = $2, errors = $3, error_count = $4,
			finished_at = now() WHERE id = $1`, id, msg, stored, count)
	return err
}

// done marks an import written, in the transaction that wrote its rows.
func (st *Store) done(ctx context.Context, tx pgx.Tx, id int64, total int, msg string) error {
	_, err := tx.Exec(ctx, `UPDATE item_import SET state = 'done', done_rows = $2, message = $3, finished_at = now() WHERE id = $1`,
		id, total, msg)
	return err
}

// attributeNames are the names of a type's attributes in pt-BR and en, by key.
func (st *Store) attributeNames(ctx context.Context, comp int64) (map[string][]string, error) {
	rows, err := st.db.Query(ctx, `SELECT key, coalesce(name ->> 'pt-BR', ''), coalesce(name ->> 'en', '')
		FROM attribute WHERE component_id = $1 AND retired_at IS NULL`, comp)
	if err != nil {
		return nil, fmt.Errorf("attribute names: %w", err)
	}
	out := map[string][]string{}
	for rows.Next() {
		var key, pt, en string
		if err := rows.Scan(&key, &pt, &en); err != nil {
			rows.Close()
			return nil, fmt.Errorf("attribute names: %w", err)
		}
		out[key] = []string{pt, en}
	}
	return out, rows.Err()
}

// picklistOptions maps a picklist's option texts (pt-BR, en) and values,
// folded, to their values.
func picklistOptions(ctx context.Context, q items.Querier, picklist int64) (map[string]string, error) {
	rows, err := q.Query(ctx, `SELECT value, coalesce(text ->> 'pt-BR', ''), coalesce(text ->> 'en', '') FROM picklist_item
		WHERE picklist_id = $1 AND retired_at IS NULL`, picklist)
	if err != nil {
		return nil, fmt.Errorf("picklist: %w", err)
	}
	opts := map[string]string{}
	for rows.Next() {
		var v, pt, en string
		if err := rows.Scan(&v, &pt, &en); err != nil {
			rows.Close()
			return nil, fmt.Errorf("picklist: %w", err)
		}
		opts[fold(pt)], opts[fold(en)] = v, v
	}
	for _, v := range opts {
		opts[fold(v)] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("picklist: %w", err)
	}
	return opts, nil
}

// userNamed finds an active user by login, e-mail or name (folded text).
func userNamed(ctx context.Context, q items.Querier, text string) (int64, bool, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM app_user WHERE active AND (lower(login) = $1 OR lower(email) = $1 OR lower(name) = $1)
		ORDER BY (lower(login) = $1) DESC, id LIMIT 1`, text).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("user: %w", err)
	}
	return id, true, nil
}
