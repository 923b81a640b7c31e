// Package itemio moves items in and out of spreadsheets: the Excel import
// (preview, confirmation, the job that writes it) and the list exports. It
// reads and creates items only through the item core.
package itemio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/jobs"
	"github.com/tramita/tramita/internal/storage"
)

// Limits of importExcel.
const (
	// MaxImportRows caps the data rows of one spreadsheet.
	MaxImportRows = 100_000
	// MaxImportFile caps a spreadsheet's own size (it is read into memory),
	// below TRAMITA_FILE_MAX_SIZE when that is larger.
	MaxImportFile = 100 << 20
	// MaxImportUncompressed caps the uncompressed parts of an xlsx (zip
	// bombs): the sizes the zip declares, which Go's reader holds it to.
	MaxImportUncompressed = 200 << 20
	// maxImportErrors is how many row errors an import keeps to show.
	maxImportErrors = 1000
	// importPreviewRows is how many rows the preview shows as read.
	importPreviewRows = 20
	// importProgressEvery is how often (rows) a running import reports.
	importProgressEvery = 1000
	// defaultMaxFile is TRAMITA_FILE_MAX_SIZE's default.
	defaultMaxFile = 25 << 20
	// MaxSheetsAtOnce is how many spreadsheets (previews and import jobs)
	// this process reads and checks at once: each holds its rows in memory.
	MaxSheetsAtOnce = 2
	// sheetWait is how long a preview waits for its turn before a 503.
	sheetWait = 5 * time.Second
	// MaxExportsPerUser is how many exports one user runs at once.
	MaxExportsPerUser = 2
	// importStatementTimeout bounds each statement of an import job's
	// transaction, above the pool's default for requests.
	importStatementTimeout = "15min"
)

// ImportJobKind is the job that writes a confirmed import (its name from
// before the import left internal/items: queued jobs keep it).
const ImportJobKind = "items.import"

// Service runs importExcel (the preview and the background write) and the
// Excel exports.
type Service struct {
	store *Store
	items *items.Service
	// files keeps the spreadsheets between preview and write.
	files   storage.Store
	maxFile int64
	now     func() time.Time
	// sheets holds a token per spreadsheet being read and checked.
	sheets    chan struct{}
	sheetWait time.Duration
	// exporting counts each user's running exports.
	mu        sync.Mutex
	exporting map[int64]int
}

// NewService returns the calls over db, creating and reading items through
// itemsSvc and keeping spreadsheets in files. maxFileSize is
// TRAMITA_FILE_MAX_SIZE (0: 25 MB); now defaults to time.Now.
func NewService(db *pgxpool.Pool, itemsSvc *items.Service, files storage.Store, maxFileSize int64, now func() time.Time) *Service {
	if maxFileSize <= 0 {
		maxFileSize = defaultMaxFile
	}
	if now == nil {
		now = time.Now
	}
	return &Service{store: NewStore(db), items: itemsSvc, files: files, maxFile: maxFileSize, now: now,
		sheets: make(chan struct{}, MaxSheetsAtOnce), sheetWait: sheetWait, exporting: map[int64]int{}}
}

// sheetTurn waits for one of the process's turns to read a spreadsheet: up
// to wait (then 503), or while ctx lasts when wait is 0. Call the answer to
// give the turn back.
func (s *Service) sheetTurn(ctx context.Context, wait time.Duration) (func(), error) {
	var timeout <-chan time.Time
	if wait > 0 {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		timeout = timer.C
	}
	select {
	case s.sheets <- struct{}{}:
		return func() { <-s.sheets }, nil
	case <-timeout:
		return nil, httpx.Fail(http.StatusServiceUnavailable, "import.busy")
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// exportTurn takes one of user's MaxExportsPerUser turns to export, or
// answers 429; call the answer when the file is written.
func (s *Service) exportTurn(user int64) (func(), error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exporting[user] >= MaxExportsPerUser {
		return nil, httpx.Fail(http.StatusTooManyRequests, "export.busy", "max", MaxExportsPerUser)
	}
	s.exporting[user]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.exporting[user]--; s.exporting[user] == 0 {
			delete(s.exporting, user)
		}
	}, nil
}

// checkCreate answers why c may not create items of t in project (none:
// 0), before any spreadsheet is stored or read.
func (s *Service) checkCreate(ctx context.Context, t *items.NewItems, project int64) error {
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if _, err := t.Begin(ctx, tx, project, i18n.LangOf(ctx)); err != nil {
			return err
		}
		return errRollback
	})
	if errors.Is(err, errRollback) {
		return nil
	}
	return err
}

// ImportColumn is a header matched to a field of the form.
type ImportColumn struct {
	Header string `json:"header"`
	Field  string `json:"field"`
	Label  string `json:"label"`
}

// ImportError is one refused value (or row) of the spreadsheet; Row is the
// spreadsheet's row number (the header is row 1).
type ImportError struct {
	Row     int    `json:"row"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// ImportStatus is the answer of importExcel and getImportStatus.
type ImportStatus struct {
	ImportID   int64            `json:"importId"`
	State      string           `json:"state"`
	Message    string           `json:"Message"`
	FileName   string           `json:"fileName"`
	TotalRows  int              `json:"totalRows"`
	DoneRows   int              `json:"doneRows"`
	ErrorCount int              `json:"errorCount"`
	Columns    []ImportColumn   `json:"columns"`
	Unmatched  []string         `json:"unmatched"`
	Errors     []ImportError    `json:"errors"`
	Preview    []map[string]any `json:"preview,omitempty"`
	// PreviewRows are the spreadsheet's row numbers of Preview's rows, so a
	// preview row can be shown beside its errors (blank rows are skipped).
	PreviewRows []int `json:"previewRows,omitempty"`
}

// ImportInput says where a spreadsheet's rows go.
type ImportInput struct {
	ComponentID int64
	ProjectID   int64
}

// importPayload is the job's: the import and who confirmed it, as the rows
// are written under the caller's rights.
type importPayload struct {
	ImportID   int64  `json:"importId"`
	UserID     int64  `json:"userId"`
	PanelAdmin bool   `json:"panelAdmin"`
	Lang       string `json:"lang"`
}

// Preview keeps the file, reads it and checks every row as saveItem would,
// writing nothing; the answer lists every row's errors.
func (s *Service) Preview(ctx context.Context, c items.Caller, in ImportInput, name string, r io.Reader) (*ImportStatus, error) {
	t, err := s.items.NewItems(ctx, c, in.ComponentID)
	if err != nil {
		return nil, err
	}
	if in.ProjectID != 0 {
		if err := t.CheckProject(ctx, in.ProjectID); err != nil {
			return nil, err
		}
	}
	if err := s.checkCreate(ctx, t, in.ProjectID); err != nil {
		return nil, err
	}
	name = storage.CleanName(name)
	// The caller's abandoned previews go first, so their files do not take
	// the plan's room from this one.
	s.forgetOldPreviews(ctx, c)
	limit := min(s.maxFile, MaxImportFile)
	// The plan's room bounds what is received (as for attachments): a
	// spreadsheet that cannot fit is refused before it is stored whole.
	planLimit, left, err := planlimit.StorageRoom(ctx, s.store.db)
	if err != nil {
		return nil, err
	}
	byPlan := planLimit != nil && left < limit
	if byPlan {
		if left <= 0 {
			return nil, planlimit.StorageError(*planLimit)
		}
		limit = left
	}
	key := storage.NewKey("imports", s.now())
	size, err := s.files.Put(ctx, key, r, limit)
	if err != nil {
		if errors.Is(err, storage.ErrTooLarge) && byPlan {
			return nil, planlimit.StorageError(*planLimit)
		}
		if errors.Is(err, storage.ErrTooLarge) {
			return nil, &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "files.tooLarge", Args: []any{"name", name, "max", httpx.HumanSize(limit)}}
		}
		return nil, storeError(err)
	}
	keep := false
	defer func() {
		if !keep {
			s.removeBlobs(ctx, key)
		}
	}()
	lang := i18n.LangOf(ctx)
	release, err := s.sheetTurn(ctx, s.sheetWait)
	if err != nil {
		return nil, err
	}
	defer release()
	sh, err := s.read(ctx, t, key, lang)
	if err != nil {
		return nil, err
	}
	var errs []ImportError
	var total int
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		total, errs, err = s.run(ctx, tx, t, sh, in.ProjectID, lang, false, nil)
		if err != nil {
			return err
		}
		return errRollback
	})
	if err != nil && !errors.Is(err, errRollback) {
		return nil, err
	}
	out := &ImportStatus{State: "previewed", FileName: name, TotalRows: total, ErrorCount: len(errs), Columns: sh.columns,
		Unmatched: sh.unmatched, Errors: capErrors(errs)}
	var project *int64
	if in.ProjectID != 0 {
		project = &in.ProjectID
	}
	// The deciding check: the plan row stays locked until the row recording
	// the file's size is committed, so concurrent uploads (imports and
	// attachments) cannot both take the last room.
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if err := planlimit.CheckStorage(ctx, tx, size); err != nil {
			return err
		}
		out.ImportID, err = s.store.insert(ctx, tx, newImport{component: t.ComponentID(), project: project, user: c.UserID,
			fileName: orDefault(name, "import.xlsx"), key: key, size: size, total: total, errors: out.Errors, errorCount: len(errs), columns: sh.columns})
		return err
	})
	if err != nil {
		return nil, err
	}
	keep = true
	out.Message = i18n.T(i18n.Lang(lang), "import.previewed", "rows", total, "errors", len(errs))
	for i, row := range sh.rows {
		if i == importPreviewRows {
			break
		}
		shown := map[string]any{}
		for j, cell := range row {
			if j >= len(sh.byColumn) || sh.byColumn[j] == nil || cell == "" {
				continue
			}
			b := sh.byColumn[j]
			// Dates, booleans and numbers are read raw (serial numbers, 1/0,
			// binary fractions); the preview shows what they are read as, or
			// the cell when unreadable.
			switch b.Type {
			case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
				shown[b.Key] = numberCell(cell)
			case "DATE_TIME":
				shown[b.Key] = dateCell(strings.TrimSpace(cell))
			case "BOOLEAN":
				shown[b.Key] = booleanCell(strings.TrimSpace(cell))
			default:
				shown[b.Key] = cell
			}
		}
		out.Preview = append(out.Preview, shown)
		out.PreviewRows = append(out.PreviewRows, sh.rowNumbers[i])
	}
	return out, nil
}

var errRollback = errors.New("preview: roll back")

// previewKept is how long an unconfirmed preview keeps its file.
const previewKept = time.Hour

// forgetOldPreviews removes the caller's previews left unconfirmed for over
// previewKept, and their files: each new preview tidies the caller's old
// ones, so abandoned spreadsheets do not pile up in the storage.
func (s *Service) forgetOldPreviews(ctx context.Context, c items.Caller) {
	keys, err := s.store.forgetPreviews(ctx, c.UserID, previewKept)
	if err == nil {
		s.removeBlobs(ctx, keys...)
		return
	}
	httpx.Logger(ctx).Warn("imports: old previews not removed", "error", err)
}

// removeBlobs deletes stored spreadsheets no row names any more. A failure
// leaves an unreachable file behind (logged), never a row without its bytes.
func (s *Service) removeBlobs(ctx context.Context, keys ...string) {
	ctx = context.WithoutCancel(ctx)
	for _, k := range keys {
		if err := s.files.Delete(ctx, k); err != nil {
			httpx.Logger(ctx).Warn("files: stored file left behind", "key", k, "error", err)
		}
	}
}

// storeError answers a failed store of a spreadsheet: a full storage is 507,
// a broken or oversized upload as httpx answers it.
func storeError(err error) error {
	if errors.Is(err, storage.ErrNoSpace) {
		return &httpx.Error{Status: http.StatusInsufficientStorage, Key: "storage.noSpace", Cause: err}
	}
	return httpx.ReadError(err)
}

func capErrors(errs []ImportError) []ImportError {
	if errs == nil {
		return []ImportError{}
	}
	return errs[:min(len(errs), maxImportErrors)]
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// Confirm queues a previewed import without errors; the job writes it.
func (s *Service) Confirm(ctx context.Context, c items.Caller, id int64) (*ImportStatus, error) {
	if id <= 0 {
		return nil, httpx.Invalid("importId", "import.idRequired")
	}
	var out *ImportStatus
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		// One import written at a time per user: each holds a long transaction.
		other, err := s.store.otherRunning(ctx, tx, c.UserID, id)
		if err != nil {
			return err
		}
		st, err := s.store.status(ctx, tx, c.UserID, id, true)
		if err != nil {
			return err
		}
		if st.State != "previewed" {
			return httpx.Fail(http.StatusConflict, "import.notPreviewed", "state", st.State)
		}
		if st.ErrorCount > 0 {
			return httpx.Fail(http.StatusBadRequest, "import.hasErrors", "count", st.ErrorCount)
		}
		if other != "" {
			return httpx.Fail(http.StatusConflict, "import.oneAtATime", "file", other)
		}
		if err := s.store.queue(ctx, tx, id); err != nil {
			return err
		}
		if err := jobs.Enqueue(ctx, tx, ImportJobKind, importPayload{ImportID: id, UserID: c.UserID, PanelAdmin: c.PanelAdmin,
			Lang: i18n.LangOf(ctx)}, jobs.Options{MaxAttempts: 3}); err != nil {
			return err
		}
		st.State = "queued"
		st.Message = i18n.T(i18n.From(ctx), "import.queued", "rows", st.TotalRows)
		out = st
		return nil
	})
	return out, err
}

// Status answers getImportStatus: an import of the caller.
func (s *Service) Status(ctx context.Context, c items.Caller, id int64) (*ImportStatus, error) {
	if id <= 0 {
		return nil, httpx.Invalid("importId", "import.idRequired")
	}
	return s.store.status(ctx, s.store.db, c.UserID, id, false)
}

// fill gives a stored status the lists the answer always has.
func (st *ImportStatus) fill() {
	if st.Errors == nil {
		st.Errors = []ImportError{}
	}
	if st.Columns == nil {
		st.Columns = []ImportColumn{}
	}
	if st.Unmatched == nil {
		st.Unmatched = []string{}
	}
}

// HandleJob writes a confirmed import: every row in one transaction, under
// the rights of who confirmed it, reporting progress on the way. Rows that
// became invalid since the preview fail the whole import (nothing written).
func (s *Service) HandleJob(ctx context.Context, j jobs.Job) error {
	var p importPayload
	if err := json.Unmarshal(j.Payload, &p); err != nil {
		return jobs.Permanent(fmt.Errorf("import payload: %w", err))
	}
	job, err := s.store.job(ctx, p.ImportID)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && job.state != "queued" && job.state != "running") {
		return nil // gone, or already finished by an earlier run
	}
	if err != nil {
		return err
	}
	if err := s.store.start(ctx, p.ImportID); err != nil {
		return err
	}
	c := items.Caller{UserID: p.UserID, PanelAdmin: p.PanelAdmin}
	ctx = i18n.With(ctx, i18n.Parse(p.Lang))
	// A failed import cannot be confirmed again (the user fixes the file and
	// sends it anew), so its file goes.
	fail := func(msg string, errs []ImportError) error {
		err := s.store.fail(context.WithoutCancel(ctx), p.ImportID, msg, capErrors(errs), len(errs))
		if err == nil {
			s.removeBlobs(ctx, job.key)
		}
		return err
	}
	// A run cut short by the server's death was rolled back with it. It is
	// not redone unattended, as the import itself may be what killed the
	// server (a spreadsheet too big for its memory): the user is told.
	if j.Interrupted && job.state == "running" {
		if err := fail(i18n.T(i18n.Parse(p.Lang), "import.interrupted"), nil); err != nil {
			return err
		}
		return jobs.Permanent(errors.New("import interrupted: the server stopped while writing it"))
	}
	lang := i18n.Parse(p.Lang)
	// refused fails the import with why, when err is the application's; a
	// run that fails otherwise is retried, and on its last attempt fails the
	// import too, so the user is not left with one running for ever.
	refused := func(err error) error {
		if ae, app := httpx.AsError(err); app {
			return fail(i18n.T(lang, "import.failed"), []ImportError{{Message: i18n.T(lang, ae.Key, ae.Args...)}})
		}
		if j.Attempt >= j.MaxAttempts {
			if ferr := fail(i18n.T(lang, "import.failed"), nil); ferr != nil {
				return errors.Join(err, ferr)
			}
		}
		return err
	}
	t, err := s.items.NewItems(ctx, c, job.component)
	if err != nil {
		return fail(i18n.T(lang, "import.failed"), nil)
	}
	projectID := int64(0)
	if job.project != nil {
		projectID = *job.project
	}
	// The right to create is checked again before the file is read.
	if err := s.checkCreate(ctx, t, projectID); err != nil {
		return refused(err)
	}
	release, err := s.sheetTurn(ctx, 0)
	if err != nil {
		return err
	}
	defer release()
	sh, err := s.read(ctx, t, job.key, p.Lang)
	if err != nil {
		if _, app := httpx.AsError(err); app {
			return fail(i18n.T(lang, "import.failed"), nil)
		}
		return refused(err)
	}
	var total int
	var errs []ImportError
	progress := func(done int) { s.store.progress(ctx, p.ImportID, done) }
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		// The pool's statement timeout suits requests; a batch of 1,000 rows
		// and its indexes may take longer on a busy server.
		if _, err := tx.Exec(ctx, "SET LOCAL statement_timeout = '"+importStatementTimeout+"'"); err != nil {
			return err
		}
		total, errs, err = s.run(ctx, tx, t, sh, projectID, p.Lang, true, progress)
		if err != nil {
			return err
		}
		if len(errs) > 0 {
			return errRollback
		}
		return s.store.done(ctx, tx, p.ImportID, total, i18n.T(lang, "import.done", "rows", total))
	})
	switch {
	case errors.Is(err, errRollback):
		return fail(i18n.T(lang, "import.failed"), errs)
	case err != nil:
		return refused(err)
	}
	s.removeBlobs(ctx, job.key)
	return nil
}

// run checks (and with write, writes) every row in tx; it answers the rows
// seen and each row's errors. progress, when set, hears every
// importProgressEvery rows.
func (s *Service) run(ctx context.Context, tx pgx.Tx, t *items.NewItems, sh *importSheet, project int64, lang string, write bool,
	progress func(int)) (int, []ImportError, error) {
	batch, err := t.Begin(ctx, tx, project, lang)
	if err != nil {
		return 0, nil, err
	}
	conv := newCellConverter(tx, lang)
	var errs []ImportError
	var ready []*items.Item
	for i, cells := range sh.rows {
		row := sh.rowNumbers[i]
		values := items.Values{}
		for j, cell := range cells {
			if j >= len(sh.byColumn) || sh.byColumn[j] == nil || strings.TrimSpace(cell) == "" {
				continue
			}
			b := sh.byColumn[j]
			v, err := conv.value(ctx, b, strings.TrimSpace(cell))
			if err != nil {
				return 0, nil, err
			}
			values[b.Key] = v
		}
		next, ferrs, err := batch.Check(ctx, values)
		if err != nil {
			return 0, nil, err
		}
		for _, fe := range ferrs {
			errs = append(errs, ImportError{Row: row, Field: fe.Label, Message: i18n.T(i18n.Lang(lang), fe.Key, fe.Args...)})
		}
		if write && len(ferrs) == 0 && len(errs) == 0 {
			ready = append(ready, next)
			if len(ready) == importProgressEvery {
				if err := batch.Create(ctx, "import", ready); err != nil {
					return 0, nil, err
				}
				ready = ready[:0]
			}
		}
		if progress != nil && (i+1)%importProgressEvery == 0 {
			progress(i + 1)
		}
	}
	if write && len(errs) == 0 && len(ready) > 0 {
		if err := batch.Create(ctx, "import", ready); err != nil {
			return 0, nil, err
		}
	}
	return len(sh.rows), errs, nil
}
