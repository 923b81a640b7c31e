package documents

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// FileLimits are the upload limits (TRAMITA_FILE_MAX_SIZE, TRAMITA_FILE_MAX_COUNT).
type FileLimits struct {
	// MaxSize caps one file, in bytes.
	MaxSize int64
	// MaxCount caps the attachments of one item.
	MaxCount int
}

// WithDefaults fills what is unset: 25 MB and 20 files.
func (l FileLimits) WithDefaults() FileLimits {
	if l.MaxSize <= 0 {
		l.MaxSize = 25 << 20
	}
	if l.MaxCount <= 0 {
		l.MaxCount = 20
	}
	return l
}

// UploadBodyLimit is the body limit of the upload calls (uploadFiles,
// importExcel): four files of the largest size and room for the fields.
// Every other call keeps the 1 MB /api limit.
func (l FileLimits) UploadBodyLimit() int64 { return 4*l.MaxSize + 1<<20 }

// UploadPaths are the calls whose multipart bodies get UploadBodyLimit.
var UploadPaths = []string{"/api/genericItem/uploadFiles", "/api/genericItem/importExcel"}

// Files runs the calls of item files: attachments and the digital content.
type Files struct {
	svc    *items.Service
	db     *pgxpool.Pool
	store  storage.Store
	limits FileLimits
	links  *linkSigner
}

// NewFiles returns the file calls over store.
func NewFiles(svc *items.Service, db *pgxpool.Pool, store storage.Store, limits FileLimits) *Files {
	f := &Files{svc: svc, db: db, store: store, limits: limits.WithDefaults()}
	if svc != nil {
		f.links = &linkSigner{db: db, now: svc.Now}
	}
	return f
}

// Attachment is a file of an item as the attachments control lists it.
type Attachment struct {
	ID          int64     `json:"id"`
	ItemID      int64     `json:"itemId"`
	ComponentID int64     `json:"componentId"`
	Kind        string    `json:"kind"`
	Name        string    `json:"name"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	SHA256      string    `json:"sha256"`
	UploadedBy  string    `json:"uploadedBy"`
	UploadedAt  time.Time `json:"uploadedAt"`
	// URL is downloadFile's address for the file (it needs the session's
	// Authorization header, like every call).
	URL string `json:"url"`
	// SignedURL opens the file without the header for an hour (loadAttachments).
	SignedURL string `json:"signedUrl,omitempty"`
	IsImage   bool   `json:"isImage"`

	storageKey string
}

func (a *Attachment) finish() {
	a.UploadedAt = a.UploadedAt.UTC()
	a.URL = "/api/genericItem/downloadFile?fileId=" + strconv.FormatInt(a.ID, 10)
	a.IsImage = len(a.ContentType) > 6 && a.ContentType[:6] == "image/"
}

// attachmentColumns read item_file f with its uploader u; the item's type
// comes from the item, read through the core.
const attachmentColumns = `f.id, f.item_id, f.kind, f.name, f.content_type, f.size, f.sha256,
	coalesce(u.name, ''), f.uploaded_at, f.storage_key`

func scanAttachment(row pgx.Row) (*Attachment, error) {
	var a Attachment
	if err := row.Scan(&a.ID, &a.ItemID, &a.Kind, &a.Name, &a.ContentType, &a.Size, &a.SHA256,
		&a.UploadedBy, &a.UploadedAt, &a.storageKey); err != nil {
		return nil, err
	}
	a.finish()
	return &a, nil
}

// file loads a file whose item and type the caller may read; any other is
// not found, like a missing one.
func (f *Files) file(ctx context.Context, c items.Caller, id int64) (*Attachment, error) {
	if id <= 0 {
		return nil, httpx.Invalid("fileId", "error.idInvalid", "field", "fileId")
	}
	a, err := scanAttachment(f.db.QueryRow(ctx, `SELECT `+attachmentColumns+`
		FROM item_file f LEFT JOIN app_user u ON u.id = f.uploaded_by WHERE f.id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("file %d: %w", id, err)
	}
	it, err := f.svc.ItemOf(ctx, c, 0, a.ItemID)
	if err != nil {
		return nil, err
	}
	a.ComponentID = it.ComponentID
	return a, nil
}

// itemOf reads a readable item of a readable type: the one given, or the
// item's own when component is 0.
func (f *Files) itemOf(ctx context.Context, c items.Caller, itemID, component int64) (*items.Item, error) {
	if itemID <= 0 {
		return nil, httpx.Invalid("itemId", "files.itemRequired")
	}
	return f.svc.ItemOf(ctx, c, component, itemID)
}

// itemFiles lists the files of item it, oldest first.
func (f *Files) itemFiles(ctx context.Context, it *items.Item) ([]*Attachment, error) {
	rows, err := f.db.Query(ctx, `SELECT `+attachmentColumns+`
		FROM item_file f LEFT JOIN app_user u ON u.id = f.uploaded_by
		WHERE f.item_id = $1 ORDER BY f.id`, it.ID)
	if err != nil {
		return nil, fmt.Errorf("files: %w", err)
	}
	defer rows.Close()
	var out []*Attachment
	for rows.Next() {
		a, err := scanAttachment(rows)
		if err != nil {
			return nil, fmt.Errorf("files: %w", err)
		}
		a.ComponentID = it.ComponentID
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("files: %w", err)
	}
	return out, nil
}

// AttachmentList is the answer of loadAttachments.
type AttachmentList struct {
	Files []Attachment `json:"files"`
	// Content is the item's digital content (the file chooser's), if any.
	Content  *Attachment `json:"content"`
	MaxCount int         `json:"maxCount"`
	MaxSize  int64       `json:"maxSize"`
	// CanEdit: the caller may add and delete files of the item.
	CanEdit bool `json:"canEdit"`
}

// LoadAttachments answers loadAttachments: the files of an item the caller
// may read, oldest first.
func (f *Files) LoadAttachments(ctx context.Context, c items.Caller, itemID, component int64) (*AttachmentList, error) {
	it, err := f.itemOf(ctx, c, itemID, component)
	if err != nil {
		return nil, err
	}
	files, err := f.itemFiles(ctx, it)
	if err != nil {
		return nil, err
	}
	out := &AttachmentList{Files: []Attachment{}, MaxCount: f.limits.MaxCount, MaxSize: f.limits.MaxSize}
	for _, a := range files {
		if a.SignedURL, err = f.links.sign(ctx, a.ID, c.UserID); err != nil {
			return nil, err
		}
		if a.Kind == "content" {
			out.Content = a
		} else {
			out.Files = append(out.Files, *a)
		}
	}
	if out.CanEdit, err = items.CanUpdate(ctx, f.db, c, it.ComponentID, it.ID); err != nil {
		return nil, err
	}
	return out, nil
}

// FileLink is the answer of getAttachmentLink, getFileLink and getImageName.
type FileLink struct {
	FileID      int64  `json:"fileId"`
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	// URL needs the session's Authorization header; SignedURL does not
	// (an <img src>, a new tab) and opens the file until ExpiresAt, for
	// the caller only, while they may still read the item.
	URL       string    `json:"url"`
	SignedURL string    `json:"signedUrl"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Link answers the link calls for a readable file.
func (f *Files) Link(ctx context.Context, c items.Caller, fileID int64) (*FileLink, error) {
	a, err := f.file(ctx, c, fileID)
	if err != nil {
		return nil, err
	}
	signed, err := f.links.sign(ctx, a.ID, c.UserID)
	if err != nil {
		return nil, err
	}
	return &FileLink{FileID: a.ID, Name: a.Name, ContentType: a.ContentType, Size: a.Size, URL: a.URL, SignedURL: signed,
		ExpiresAt: f.svc.Now().Add(FileLinkLifetime).UTC()}, nil
}

// Download opens a readable file. A file whose bytes the storage lost is
// a 404 with its own message (and a log line), never half an answer.
func (f *Files) Download(ctx context.Context, c items.Caller, fileID int64) (*Attachment, io.ReadCloser, error) {
	a, err := f.file(ctx, c, fileID)
	if err != nil {
		return nil, nil, err
	}
	rc, err := f.store.Open(ctx, a.storageKey)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, &httpx.Error{Status: http.StatusNotFound, Key: "files.missing", Cause: fmt.Errorf("file %d: %s missing", a.ID, a.storageKey)}
	}
	if err != nil {
		return nil, nil, err
	}
	return a, rc, nil
}

// DeleteAttachment removes a file of an item the caller may change; its
// bytes go once the row is gone.
func (f *Files) DeleteAttachment(ctx context.Context, c items.Caller, fileID int64) error {
	a, err := f.file(ctx, c, fileID)
	if err != nil {
		return err
	}
	keys := []string{a.storageKey}
	err = pgx.BeginFunc(ctx, f.db, func(tx pgx.Tx) error {
		if _, err := items.ReadItem(ctx, tx, c, a.ComponentID, a.ItemID, true); err != nil {
			return err
		}
		if ok, err := items.CanUpdate(ctx, tx, c, a.ComponentID, a.ItemID); err != nil {
			return err
		} else if !ok {
			return httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
		}
		// Earlier versions (a stamped file's original) go with the file.
		old, err := versionKeys(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		keys = append(keys, old...)
		if _, err := tx.Exec(ctx, `DELETE FROM item_file WHERE id = $1`, a.ID); err != nil {
			return fmt.Errorf("delete file: %w", err)
		}
		return syncFileFlags(ctx, tx, a.ItemID)
	})
	if err != nil {
		return err
	}
	f.removeBlobs(ctx, keys...)
	return nil
}

// syncFileFlags makes HasAttachment and HasDigitalContent of the list say
// what item_file holds; run in the transaction that changed the files.
func syncFileFlags(ctx context.Context, tx pgx.Tx, item int64) error {
	var attachment, content bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM item_file WHERE item_id = $1 AND kind = 'attachment'),
		EXISTS (SELECT 1 FROM item_file WHERE item_id = $1 AND kind = 'content')`, item).Scan(&attachment, &content); err != nil {
		return fmt.Errorf("file flags: %w", err)
	}
	return items.SetFileFlags(ctx, tx, item, attachment, content)
}

// removeBlobs deletes stored bytes no row names any more. A failure leaves
// an unreachable file behind (logged), never a row without its bytes.
func (f *Files) removeBlobs(ctx context.Context, keys ...string) {
	ctx = context.WithoutCancel(ctx)
	for _, k := range keys {
		if err := f.store.Delete(ctx, k); err != nil {
			httpx.Logger(ctx).Warn("files: stored file left behind", "key", k, "error", err)
		}
	}
}

// upload is one file being received.
type upload struct {
	name, contentType, key, sum string
	size                        int64
}

// UploadTarget is what uploadFiles attaches to: the fields sent before the
// files (or in the address).
type UploadTarget struct {
	ItemID      int64
	ComponentID int64
	// Kind is attachment (the default) or content (the item's one file).
	Kind string
}

// uploadSession receives the files of one uploadFiles call: each is
// checked and stored as it arrives; Commit writes the rows, Abort removes
// what was stored.
type uploadSession struct {
	f      *Files
	c      items.Caller
	item   *items.Item
	kind   string
	have   int
	stored []upload
	plan   planRoom
}

// begin checks the target: a readable item the caller may change, and room
// for one more attachment.
func (f *Files) begin(ctx context.Context, c items.Caller, in UploadTarget) (*uploadSession, error) {
	switch in.Kind {
	case "":
		in.Kind = "attachment"
	case "attachment", "content":
	default:
		return nil, httpx.Invalid("kind", "files.kindInvalid")
	}
	it, err := f.itemOf(ctx, c, in.ItemID, in.ComponentID)
	if err != nil {
		return nil, err
	}
	if ok, err := items.CanUpdate(ctx, f.db, c, it.ComponentID, it.ID); err != nil {
		return nil, err
	} else if !ok {
		return nil, httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
	}
	s := &uploadSession{f: f, c: c, item: it, kind: in.Kind}
	if err := s.readPlanRoom(ctx); err != nil {
		return nil, err
	}
	if in.Kind == "attachment" {
		if err := f.db.QueryRow(ctx, `SELECT count(*) FROM item_file WHERE item_id = $1 AND kind = 'attachment'`,
			it.ID).Scan(&s.have); err != nil {
			return nil, fmt.Errorf("attachment count: %w", err)
		}
	}
	return s, nil
}

// add checks and stores one file: its name and its first bytes must agree
// on an accepted type ('Arquivo Inválido'), and it must fit the limits.
func (s *uploadSession) add(ctx context.Context, name string, r io.Reader) error {
	if s.kind == "content" && len(s.stored) == 1 {
		return httpx.Invalid("files", "files.oneContent")
	}
	if s.kind == "attachment" && s.have+len(s.stored)+1 > s.f.limits.MaxCount {
		return httpx.Invalid("files", "files.tooMany", "qtd", s.f.limits.MaxCount)
	}
	clean := storage.CleanName(name)
	head := make([]byte, storage.SniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return readError(err)
	}
	head = head[:n]
	ct, ok := storage.Sniff(clean, head)
	if clean == "" || !ok {
		return invalidFile(clean)
	}
	limit, byPlan := s.sizeLimit()
	if byPlan && limit <= 0 {
		return planlimit.StorageError(*s.plan.limit)
	}
	key := storage.NewKey("items", s.f.svc.Now())
	sum := sha256.New()
	size, err := s.f.store.Put(ctx, key, io.TeeReader(io.MultiReader(bytes.NewReader(head), r), sum), limit)
	if errors.Is(err, storage.ErrTooLarge) && byPlan {
		return planlimit.StorageError(*s.plan.limit)
	}
	if errors.Is(err, storage.ErrTooLarge) {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "files.tooLarge", Args: []any{"name", clean, "max", humanSize(s.f.limits.MaxSize)}}
	}
	if err != nil {
		return readError(err)
	}
	s.stored = append(s.stored, upload{name: clean, contentType: ct, key: key, sum: hex.EncodeToString(sum.Sum(nil)), size: size})
	return nil
}

// commit writes the rows and the flags in one transaction, with the item
// locked so two uploads cannot pass the count limit together. A replaced
// content's bytes are removed after the commit.
func (s *uploadSession) commit(ctx context.Context) ([]Attachment, error) {
	if len(s.stored) == 0 {
		return nil, httpx.Invalid("files", "files.none")
	}
	var old []string
	var ids []int64
	err := pgx.BeginFunc(ctx, s.f.db, func(tx pgx.Tx) error {
		if _, err := items.ReadItem(ctx, tx, s.c, s.item.ComponentID, s.item.ID, true); err != nil {
			return err
		}
		if ok, err := items.CanUpdate(ctx, tx, s.c, s.item.ComponentID, s.item.ID); err != nil {
			return err
		} else if !ok {
			return httpx.Fail(http.StatusForbidden, "forms.cannotEdit")
		}
		if s.kind == "attachment" {
			var have int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM item_file WHERE item_id = $1 AND kind = 'attachment'`, s.item.ID).Scan(&have); err != nil {
				return fmt.Errorf("attachment count: %w", err)
			}
			if have+len(s.stored) > s.f.limits.MaxCount {
				return httpx.Invalid("files", "files.tooMany", "qtd", s.f.limits.MaxCount)
			}
		} else {
			// The replaced content's earlier versions (a stamp's original) go too.
			rows, err := tx.Query(ctx, `WITH gone AS (DELETE FROM item_file WHERE item_id = $1 AND kind = 'content' RETURNING id, storage_key)
				SELECT storage_key FROM gone UNION ALL SELECT storage_key FROM item_file_version WHERE file_id IN (SELECT id FROM gone)`, s.item.ID)
			if err != nil {
				return fmt.Errorf("replace content: %w", err)
			}
			if old, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
				return fmt.Errorf("replace content: %w", err)
			}
		}
		if err := s.checkPlan(ctx, tx); err != nil {
			return err
		}
		for _, u := range s.stored {
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO item_file (item_id, kind, name, content_type, size, sha256, storage_key, uploaded_by)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
				s.item.ID, s.kind, u.name, u.contentType, u.size, u.sum, u.key, s.c.UserID).Scan(&id); err != nil {
				return fmt.Errorf("insert file: %w", err)
			}
			ids = append(ids, id)
		}
		return syncFileFlags(ctx, tx, s.item.ID)
	})
	if err != nil {
		return nil, err
	}
	s.stored = nil
	s.f.removeBlobs(ctx, old...)
	out := make([]Attachment, 0, len(ids))
	for _, id := range ids {
		a, err := s.f.file(ctx, s.c, id)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, nil
}

// abort removes every file stored by the session (nothing half-written).
func (s *uploadSession) abort(ctx context.Context) {
	for _, u := range s.stored {
		s.f.removeBlobs(ctx, u.key)
	}
	s.stored = nil
}

func invalidFile(name string) error {
	if name == "" {
		return httpx.Invalid("files", "files.invalid")
	}
	return &httpx.Error{Status: http.StatusBadRequest, Key: "files.invalid",
		Validations: []httpx.FieldError{{Field: "files", Key: "files.invalidNamed", Args: []any{"name", name}}}}
}

// readError turns a failed read of the request body into its answer: an
// oversized body is 413, a broken one 400; anything else (the storage) is
// the server's.
func readError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge", Args: []any{"limit", humanSize(tooBig.Limit)}}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return &httpx.Error{Status: http.StatusBadRequest, Key: "files.notMultipart", Cause: err}
	}
	if errors.Is(err, storage.ErrNoSpace) {
		return &httpx.Error{Status: http.StatusInsufficientStorage, Key: "storage.noSpace", Cause: err}
	}
	return err
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " B"
}
