package items

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/xuri/excelize/v2"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
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
)

// ImportJobKind is the job that writes a confirmed import.
const ImportJobKind = "items.import"

// Imports runs importExcel: the preview and the background write.
type Imports struct {
	files *Files
}

// NewImports returns the import calls, keeping their files where files does.
func NewImports(files *Files) *Imports { return &Imports{files: files} }

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

// importSheet is a spreadsheet read and matched to a form.
type importSheet struct {
	t       *formType
	binds   []*binding
	columns []ImportColumn
	// byColumn is the binding of each column (nil: not matched).
	byColumn  []*binding
	unmatched []string
	rows      [][]string
	// rowNumbers are the spreadsheet's numbers of rows (empty rows skipped).
	rowNumbers []int
}

// Preview keeps the file, reads it and checks every row as saveItem would,
// writing nothing; the answer lists every row's errors.
func (im *Imports) Preview(ctx context.Context, c Caller, in ImportInput, name string, r io.Reader) (*ImportStatus, error) {
	f := im.files
	t, err := f.svc.loadType(ctx, c, in.ComponentID)
	if err != nil {
		return nil, err
	}
	if in.ProjectID != 0 {
		if ok, err := f.svc.store.projectVisible(ctx, c, in.ProjectID); err != nil {
			return nil, err
		} else if !ok {
			return nil, httpx.NotFound()
		}
	}
	name = storage.CleanName(name)
	// The caller's abandoned previews go first, so their files do not take
	// the plan's room from this one.
	im.forgetOldPreviews(ctx, c)
	limit := min(f.limits.MaxSize, MaxImportFile)
	// The plan's room bounds what is received (files_plan.go): a spreadsheet
	// that cannot fit is refused before it is stored whole.
	planLimit, left, err := planlimit.StorageRoom(ctx, f.svc.store.db)
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
	key := storage.NewKey("imports", f.svc.now())
	size, err := f.store.Put(ctx, key, r, limit)
	if err != nil {
		if errors.Is(err, storage.ErrTooLarge) && byPlan {
			return nil, planlimit.StorageError(*planLimit)
		}
		if errors.Is(err, storage.ErrTooLarge) {
			return nil, &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "files.tooLarge", Args: []any{"name", name, "max", humanSize(limit)}}
		}
		return nil, readError(err)
	}
	keep := false
	defer func() {
		if !keep {
			f.removeBlobs(ctx, key)
		}
	}()
	lang := langOf(ctx)
	sh, err := im.read(ctx, t, key, lang)
	if err != nil {
		return nil, err
	}
	var errs []ImportError
	var total int
	err = pgx.BeginFunc(ctx, f.svc.store.db, func(tx pgx.Tx) error {
		total, errs, err = im.run(ctx, tx, c, sh, in.ProjectID, lang, false, nil)
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
	cols, _ := json.Marshal(sh.columns)
	stored, _ := json.Marshal(out.Errors)
	var project *int64
	if in.ProjectID != 0 {
		project = &in.ProjectID
	}
	// The deciding check: the plan row stays locked until the row recording
	// the file's size is committed, so concurrent uploads (imports and
	// attachments) cannot both take the last room.
	err = pgx.BeginFunc(ctx, f.svc.store.db, func(tx pgx.Tx) error {
		if err := planlimit.CheckStorage(ctx, tx, size); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `INSERT INTO item_import (component_id, project_id, user_id, file_name, storage_key,
			file_size, total_rows, error_count, errors, columns) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
			t.comp.ID, project, c.UserID, orDefault(name, "import.xlsx"), key, size, total, len(errs), stored, cols).Scan(&out.ImportID); err != nil {
			return fmt.Errorf("import: %w", err)
		}
		return nil
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
			// Dates and booleans are read raw (serial numbers, 1/0); the
			// preview shows what they are read as, or the cell when unreadable.
			switch b.Type {
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
func (im *Imports) forgetOldPreviews(ctx context.Context, c Caller) {
	rows, err := im.files.svc.store.db.Query(ctx, `DELETE FROM item_import
		WHERE user_id = $1 AND state = 'previewed' AND created_at < now() - $2::interval RETURNING storage_key`, c.UserID, previewKept)
	if err == nil {
		var keys []string
		if keys, err = pgx.CollectRows(rows, pgx.RowTo[string]); err == nil {
			im.files.removeBlobs(ctx, keys...)
			return
		}
	}
	httpx.Logger(ctx).Warn("imports: old previews not removed", "error", err)
}

func capErrors(errs []ImportError) []ImportError {
	if errs == nil {
		return []ImportError{}
	}
	return errs[:min(len(errs), maxImportErrors)]
}

// Confirm queues a previewed import without errors; the job writes it.
func (im *Imports) Confirm(ctx context.Context, c Caller, id int64) (*ImportStatus, error) {
	if id <= 0 {
		return nil, httpx.Invalid("importId", "import.idRequired")
	}
	var out *ImportStatus
	err := pgx.BeginFunc(ctx, im.files.svc.store.db, func(tx pgx.Tx) error {
		st, err := im.status(ctx, tx, c, id, true)
		if err != nil {
			return err
		}
		if st.State != "previewed" {
			return httpx.Fail(http.StatusConflict, "import.notPreviewed", "state", st.State)
		}
		if st.ErrorCount > 0 {
			return httpx.Fail(http.StatusBadRequest, "import.hasErrors", "count", st.ErrorCount)
		}
		if _, err := tx.Exec(ctx, `UPDATE item_import SET state = 'queued' WHERE id = $1`, id); err != nil {
			return fmt.Errorf("import: %w", err)
		}
		if err := jobs.Enqueue(ctx, tx, ImportJobKind, importPayload{ImportID: id, UserID: c.UserID, PanelAdmin: c.PanelAdmin,
			Lang: langOf(ctx)}, jobs.Options{MaxAttempts: 3}); err != nil {
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
func (im *Imports) Status(ctx context.Context, c Caller, id int64) (*ImportStatus, error) {
	if id <= 0 {
		return nil, httpx.Invalid("importId", "import.idRequired")
	}
	return im.status(ctx, im.files.svc.store.db, c, id, false)
}

func (im *Imports) status(ctx context.Context, q Querier, c Caller, id int64, lock bool) (*ImportStatus, error) {
	sql := `SELECT id, state, message, file_name, total_rows, done_rows, error_count, errors, columns FROM item_import
		WHERE id = $1 AND user_id = $2`
	if lock {
		sql += ` FOR UPDATE`
	}
	st := &ImportStatus{}
	var errs, cols []byte
	err := q.QueryRow(ctx, sql, id, c.UserID).Scan(&st.ImportID, &st.State, &st.Message, &st.FileName, &st.TotalRows, &st.DoneRows,
		&st.ErrorCount, &errs, &cols)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("import %d: %w", id, err)
	}
	if err := json.Unmarshal(errs, &st.Errors); err != nil {
		return nil, fmt.Errorf("import %d errors: %w", id, err)
	}
	if err := json.Unmarshal(cols, &st.Columns); err != nil {
		return nil, fmt.Errorf("import %d columns: %w", id, err)
	}
	st.fill()
	return st, nil
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
func (im *Imports) HandleJob(ctx context.Context, j jobs.Job) error {
	var p importPayload
	if err := json.Unmarshal(j.Payload, &p); err != nil {
		return jobs.Permanent(fmt.Errorf("import payload: %w", err))
	}
	db := im.files.svc.store.db
	var comp int64
	var project *int64
	var key, state string
	err := db.QueryRow(ctx, `SELECT component_id, project_id, storage_key, state FROM item_import WHERE id = $1`, p.ImportID).
		Scan(&comp, &project, &key, &state)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && state != "queued" && state != "running") {
		return nil // gone, or already finished by an earlier run
	}
	if err != nil {
		return err
	}
	if _, err := db.Exec(ctx, `UPDATE item_import SET state = 'running', done_rows = 0 WHERE id = $1`, p.ImportID); err != nil {
		return err
	}
	c := Caller{UserID: p.UserID, PanelAdmin: p.PanelAdmin}
	ctx = i18n.With(ctx, i18n.Parse(p.Lang))
	// A failed import cannot be confirmed again (the user fixes the file and
	// sends it anew), so its file goes.
	fail := func(msg string, errs []ImportError) error {
		stored, _ := json.Marshal(capErrors(errs))
		_, err := db.Exec(context.WithoutCancel(ctx), `UPDATE item_import SET state = 'failed', message = $2, errors = $3, error_count = $4,
			finished_at = now() WHERE id = $1`, p.ImportID, msg, stored, len(errs))
		if err == nil {
			im.files.removeBlobs(ctx, key)
		}
		return err
	}
	// A run cut short by the server's death was rolled back with it. It is
	// not redone unattended, as the import itself may be what killed the
	// server (a spreadsheet too big for its memory): the user is told.
	if j.Interrupted && state == "running" {
		if err := fail(i18n.T(i18n.Parse(p.Lang), "import.interrupted"), nil); err != nil {
			return err
		}
		return jobs.Permanent(errors.New("import interrupted: the server stopped while writing it"))
	}
	t, err := im.files.svc.loadType(ctx, c, comp)
	if err != nil {
		return fail(i18n.T(i18n.Parse(p.Lang), "import.failed"), nil)
	}
	sh, err := im.read(ctx, t, key, p.Lang)
	if err != nil {
		if _, app := httpx.AsError(err); app {
			return fail(i18n.T(i18n.Parse(p.Lang), "import.failed"), nil)
		}
		return err
	}
	projectID := int64(0)
	if project != nil {
		projectID = *project
	}
	var total int
	var errs []ImportError
	progress := func(done int) {
		_, _ = db.Exec(ctx, `UPDATE item_import SET done_rows = $2 WHERE id = $1`, p.ImportID, done)
	}
	err = pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		total, errs, err = im.run(ctx, tx, c, sh, projectID, p.Lang, true, progress)
		if err != nil {
			return err
		}
		if len(errs) > 0 {
			return errRollback
		}
		_, err = tx.Exec(ctx, `UPDATE item_import SET state = 'done', done_rows = $2, message = $3, finished_at = now() WHERE id = $1`,
			p.ImportID, total, i18n.T(i18n.Parse(p.Lang), "import.done", "rows", total))
		return err
	})
	switch {
	case errors.Is(err, errRollback):
		return fail(i18n.T(i18n.Parse(p.Lang), "import.failed"), errs)
	case err != nil:
		if _, app := httpx.AsError(err); app {
			ae, _ := httpx.AsError(err)
			return fail(i18n.T(i18n.Parse(p.Lang), "import.failed"), []ImportError{{Message: i18n.T(i18n.Parse(p.Lang), ae.Key, ae.Args...)}})
		}
		return err
	}
	im.files.removeBlobs(ctx, key)
	return nil
}

// read opens a stored xlsx within the limits and matches its header.
func (im *Imports) read(ctx context.Context, t *formType, key, lang string) (*importSheet, error) {
	rc, err := im.files.store.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(io.LimitReader(rc, MaxImportFile+1))
	rc.Close()
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, httpx.Invalid("file", "import.notXlsx")
	}
	var unzipped uint64
	for _, zf := range zr.File {
		unzipped += zf.UncompressedSize64
	}
	if unzipped > MaxImportUncompressed || len(zr.File) > 10_000 {
		return nil, httpx.Fail(http.StatusRequestEntityTooLarge, "import.tooBig", "max", humanSize(MaxImportUncompressed))
	}
	book, err := excelize.OpenReader(bytes.NewReader(raw), excelize.Options{UnzipSizeLimit: MaxImportUncompressed, UnzipXMLSizeLimit: 16 << 20})
	if err != nil {
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
	}
	defer book.Close()
	sheets := book.GetSheetList()
	if len(sheets) == 0 {
		return nil, httpx.Invalid("file", "import.empty")
	}
	rows, err := book.Rows(sheets[0])
	if err != nil {
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
	}
	defer rows.Close()
	f, err := im.files.svc.loadForm(ctx, t, 0, "")
	if err != nil {
		return nil, err
	}
	sh := &importSheet{t: t, binds: t.bindings(f, lang)}
	n := 0
	for rows.Next() {
		n++
		cells, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
		}
		if sh.byColumn == nil {
			names, err := im.attributeNames(ctx, t.comp.ID)
			if err != nil {
				return nil, err
			}
			if err := sh.matchHeader(f, names, cells); err != nil {
				return nil, err
			}
			continue
		}
		if blank(cells) {
			continue
		}
		if len(sh.rows) == MaxImportRows {
			return nil, httpx.Invalid("file", "import.tooManyRows", "max", MaxImportRows)
		}
		sh.rows = append(sh.rows, cells)
		sh.rowNumbers = append(sh.rowNumbers, n)
	}
	if err := rows.Error(); err != nil {
		return nil, &httpx.Error{Status: http.StatusBadRequest, Key: "import.notXlsx", Cause: err}
	}
	if sh.byColumn == nil || len(sh.rows) == 0 {
		return nil, httpx.Invalid("file", "import.empty")
	}
	return sh, nil
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// attributeNames are the names of a type's attributes in pt-BR and en, by key.
func (im *Imports) attributeNames(ctx context.Context, comp int64) (map[string][]string, error) {
	rows, err := im.files.svc.store.db.Query(ctx, `SELECT key, coalesce(name ->> 'pt-BR', ''), coalesce(name ->> 'en', '')
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

// matchHeader matches each header to a field the form writes, by its label
// (the control's or the attribute's name) in pt-BR or en, or its key; case
// is ignored, accents are not.
func (sh *importSheet) matchHeader(f *formDef, attrNames map[string][]string, header []string) error {
	names := map[string]*binding{}
	for _, lang := range []string{"pt-BR", "en"} {
		for _, b := range sh.t.bindings(f, lang) {
			if b.Type == "BINARY" {
				continue
			}
			own := sh.bindingOf(b.Key)
			names[fold(b.Label)] = own
			names[fold(b.Field)] = own
			names[fold(b.Key)] = own
			for _, n := range attrNames[b.Field] {
				if n != "" {
					names[fold(n)] = own
				}
			}
		}
	}
	sh.byColumn = make([]*binding, len(header))
	sh.columns, sh.unmatched = []ImportColumn{}, []string{}
	seen := map[string]string{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		if h == "" {
			continue
		}
		b := names[fold(h)]
		if b == nil {
			sh.unmatched = append(sh.unmatched, h)
			continue
		}
		if _, dup := seen[b.Key]; dup {
			return httpx.Invalid("file", "import.duplicateColumn", "header", h)
		}
		seen[b.Key] = h
		sh.byColumn[i] = b
		sh.columns = append(sh.columns, ImportColumn{Header: h, Field: b.Key, Label: b.Label})
	}
	if len(sh.columns) == 0 {
		return httpx.Invalid("file", "import.noColumns")
	}
	return nil
}

// bindingOf is the binding of key in the caller's language.
func (sh *importSheet) bindingOf(key string) *binding {
	for _, b := range sh.binds {
		if b.Key == key {
			return b
		}
	}
	return nil
}

func fold(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// run checks (and with write, writes) every row in tx; it answers the rows
// seen and each row's errors. progress, when set, hears every
// importProgressEvery rows.
func (im *Imports) run(ctx context.Context, tx pgx.Tx, c Caller, sh *importSheet, project int64, lang string, write bool,
	progress func(int)) (int, []ImportError, error) {
	svc := im.files.svc
	template, err := svc.startNew(ctx, tx, c, sh.t, SaveItemInput{ProjectID: httpx.ID(project)}, Values{})
	if err != nil {
		return 0, nil, err
	}
	conv := newCellConverter(svc, tx, lang)
	checks := &memoTx{Tx: tx, answers: map[string]bool{}}
	var errs []ImportError
	var batch []*Item
	for i, cells := range sh.rows {
		row := sh.rowNumbers[i]
		values := Values{}
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
		it := *template
		it.Attributes = map[string]any{}
		next, ferrs, err := svc.apply(ctx, checks, c, sh.t, sh.binds, &it, values, false)
		if err != nil {
			return 0, nil, err
		}
		for _, fe := range ferrs {
			errs = append(errs, ImportError{Row: row, Field: fe.b.Label,
				Message: i18n.T(i18n.Lang(lang), fe.key, fe.args...)})
		}
		if write && len(ferrs) == 0 && len(errs) == 0 {
			batch = append(batch, next)
			if len(batch) == importProgressEvery {
				if err := insertImported(ctx, tx, c, sh.t, batch); err != nil {
					return 0, nil, err
				}
				batch = batch[:0]
			}
		}
		if progress != nil && (i+1)%importProgressEvery == 0 {
			progress(i + 1)
		}
	}
	if write && len(errs) == 0 && len(batch) > 0 {
		if err := insertImported(ctx, tx, c, sh.t, batch); err != nil {
			return 0, nil, err
		}
	}
	return len(sh.rows), errs, nil
}

// memoTx remembers the answers of saveItem's existence checks (a picklist
// option, a user, a status...: `SELECT EXISTS` with the same arguments)
// for one import: its rows repeat a few values, and a round trip to the
// database per value and row made the checks most of an import's time.
// Nothing the import writes changes those answers.
type memoTx struct {
	pgx.Tx
	answers map[string]bool
}

func (m *memoTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if !strings.HasPrefix(strings.TrimSpace(sql), "SELECT EXISTS") {
		return m.Tx.QueryRow(ctx, sql, args...)
	}
	key := sql + "\x00" + fmt.Sprintf("%#v", args)
	if v, ok := m.answers[key]; ok {
		return knownRow(v)
	}
	return &rememberedRow{Row: m.Tx.QueryRow(ctx, sql, args...), keep: func(v bool) { m.answers[key] = v }}
}

// knownRow answers a remembered existence check.
type knownRow bool

func (r knownRow) Scan(dest ...any) error {
	if len(dest) != 1 {
		return fmt.Errorf("existence check scanned into %d values", len(dest))
	}
	p, ok := dest[0].(*bool)
	if !ok {
		return fmt.Errorf("existence check scanned into %T", dest[0])
	}
	*p = bool(r)
	return nil
}

// rememberedRow keeps the answer of an existence check as it is read.
type rememberedRow struct {
	pgx.Row
	keep func(bool)
}

func (r *rememberedRow) Scan(dest ...any) error {
	err := r.Row.Scan(dest...)
	if err == nil && len(dest) == 1 {
		if p, ok := dest[0].(*bool); ok {
			r.keep(*p)
		}
	}
	return err
}

// insertImported writes new items as writeItem does (numbers from the
// type's counter, a version 'import' each), a batch per statement: a row at
// a time is too slow for 100,000 rows.
func insertImported(ctx context.Context, tx pgx.Tx, c Caller, t *formType, batch []*Item) error {
	n := len(batch)
	titles := make([]string, n)
	projects, parents, statuses, responsibles := make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n)
	attrs := make([]string, n)
	for i, it := range batch {
		body, err := json.Marshal(it.Attributes)
		if err != nil {
			return fmt.Errorf("attributes: %w", err)
		}
		titles[i], projects[i], parents[i], statuses[i], responsibles[i], attrs[i] =
			it.Title, it.ProjectID, it.ParentID, it.StatusID, it.ResponsibleID, string(body)
	}
	var last int64
	if err := tx.QueryRow(ctx, `UPDATE component SET last_number = last_number + $2 WHERE id = $1 RETURNING last_number`,
		t.comp.ID, n).Scan(&last); err != nil {
		return fmt.Errorf("numbers: %w", err)
	}
	rows, err := tx.Query(ctx, `INSERT INTO item (component_id, number, title, project_id, parent_id, status_id, responsible_id,
			creator_id, modifier_id, attributes)
		SELECT $1, $2 + u.o, u.title, u.project, u.parent, u.status, u.responsible, $3, $3, u.attrs::jsonb
		FROM unnest($4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::text[])
			WITH ORDINALITY AS u(title, project, parent, status, responsible, attrs, o)
		ORDER BY u.o RETURNING id`,
		t.comp.ID, last-int64(n), c.UserID, titles, projects, parents, statuses, responsibles, attrs)
	if err != nil {
		return fmt.Errorf("insert items: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return fmt.Errorf("insert items: %w", err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO item_version (item_id, version, title, project_id, parent_id, status_id, responsible_id,
			modifier_id, modified_at, reason, attributes, operation)
		SELECT id, version, title, project_id, parent_id, status_id, responsible_id, modifier_id, modified_at, reason, attributes, 'import'
		FROM item WHERE id = ANY($1)`, ids); err != nil {
		return fmt.Errorf("versions: %w", err)
	}
	return nil
}

// cellConverter turns a cell (raw: numbers as numbers, dates as serial
// numbers) into the value saveItem takes for the binding's type: picklist
// texts become their values, users are found by login, e-mail or name.
type cellConverter struct {
	svc   *Service
	q     Querier
	lang  string
	users map[string]any
	opts  map[int64]map[string]string
}

func newCellConverter(svc *Service, q Querier, lang string) *cellConverter {
	return &cellConverter{svc: svc, q: q, lang: lang, users: map[string]any{}, opts: map[int64]map[string]string{}}
}

func (cv *cellConverter) value(ctx context.Context, b *binding, cell string) (any, error) {
	switch b.Type {
	case "INTEGER", "DECIMAL", "PERCENTILE", "CURRENCY", "DURATION":
		return numberCell(cell), nil
	case "BOOLEAN":
		return booleanCell(cell), nil
	case "DATE_TIME":
		return dateCell(cell), nil
	case "PICKLIST":
		if b.Attr == nil || b.Attr.PicklistID == nil {
			return cell, nil
		}
		return cv.option(ctx, *b.Attr.PicklistID, cell)
	case "USERS":
		return cv.user(ctx, cell)
	case "STRING", "RICH_TEXT":
		return cell, nil
	}
	if n, err := strconv.ParseInt(cell, 10, 64); err == nil {
		return json.Number(strconv.FormatInt(n, 10)), nil
	}
	return cell, nil
}

// numberCell reads 1234.5 (raw) or 1.234,50 (typed in pt-BR); anything
// else stays text and is refused as not a number.
func numberCell(cell string) any {
	s := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(cell), "R$"))
	s = strings.TrimSuffix(s, "%")
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return json.Number(s)
	}
	br := strings.ReplaceAll(strings.ReplaceAll(s, ".", ""), ",", ".")
	if _, err := strconv.ParseFloat(br, 64); err == nil {
		return json.Number(br)
	}
	return cell
}

// booleanCell reads a boolean cell (raw 1/0) or a yes/no typed in pt-BR or
// en; anything else stays text and is refused as not a boolean.
func booleanCell(cell string) any {
	switch fold(cell) {
	case "1", "true", "verdadeiro", "sim", "yes", "s", "y":
		return true
	case "0", "false", "falso", "não", "nao", "no", "n":
		return false
	}
	return cell
}

// dateCell reads an Excel serial date, DD/MM/YYYY [HH:mm] or what saveItem
// reads (YYYY-MM-DD, RFC 3339).
func dateCell(cell string) any {
	if f, err := strconv.ParseFloat(cell, 64); err == nil {
		if t, err := excelize.ExcelDateToTime(f, false); err == nil {
			return t.UTC().Format(time.RFC3339)
		}
	}
	for _, layout := range []string{"02/01/2006 15:04", "02/01/2006"} {
		if t, err := time.Parse(layout, cell); err == nil {
			return t.UTC().Format(time.RFC3339)
		}
	}
	return cell
}

func (cv *cellConverter) option(ctx context.Context, picklist int64, cell string) (any, error) {
	opts, ok := cv.opts[picklist]
	if !ok {
		rows, err := cv.q.Query(ctx, `SELECT value, coalesce(text ->> 'pt-BR', ''), coalesce(text ->> 'en', '') FROM picklist_item
			WHERE picklist_id = $1 AND retired_at IS NULL`, picklist)
		if err != nil {
			return nil, fmt.Errorf("picklist: %w", err)
		}
		opts = map[string]string{}
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
		cv.opts[picklist] = opts
	}
	if v, ok := opts[fold(cell)]; ok {
		return v, nil
	}
	return cell, nil
}

func (cv *cellConverter) user(ctx context.Context, cell string) (any, error) {
	if n, err := strconv.ParseInt(cell, 10, 64); err == nil {
		return json.Number(strconv.FormatInt(n, 10)), nil
	}
	if v, ok := cv.users[fold(cell)]; ok {
		return v, nil
	}
	var id int64
	err := cv.q.QueryRow(ctx, `SELECT id FROM app_user WHERE active AND (lower(login) = $1 OR lower(email) = $1 OR lower(name) = $1)
		ORDER BY (lower(login) = $1) DESC, id LIMIT 1`, fold(cell)).Scan(&id)
	var v any = cell
	if err == nil {
		v = json.Number(strconv.FormatInt(id, 10))
	} else if !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("user: %w", err)
	}
	cv.users[fold(cell)] = v
	return v, nil
}
