// Package documents is the files of items: attachments and digital content,
// their versions, signed links, signatures with their Signature Protocol and
// stamps. It reads items through the item core and keeps its own tables.
package documents

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
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
var UploadPaths = []string{"/api/genericItem/uploadFiles"}

// Files runs the calls of item files: attachments and the digital content.
type Files struct {
	svc    *items.Service
	store  *Store
	blobs  storage.Store
	limits FileLimits
	links  *linkSigner
}

// NewFiles returns the file calls: rows in db, bytes in blobs.
func NewFiles(svc *items.Service, db *pgxpool.Pool, blobs storage.Store, limits FileLimits) *Files {
	f := &Files{svc: svc, store: NewStore(db), blobs: blobs, limits: limits.WithDefaults()}
	if svc != nil {
		f.links = &linkSigner{store: f.store, now: svc.Now}
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

// file loads a file whose item and type the caller may read; any other is
// not found, like a missing one.
func (f *Files) file(ctx context.Context, c items.Caller, id int64) (*Attachment, error) {
	if id <= 0 {
		return nil, httpx.Invalid("fileId", "error.idInvalid", "field", "fileId")
	}
	a, err := f.store.file(ctx, id)
	if err != nil {
		return nil, err
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
	files, err := f.store.itemFiles(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	for _, a := range files {
		a.ComponentID = it.ComponentID
	}
	return files, nil
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
	if out.CanEdit, err = items.CanUpdate(ctx, f.store.db, c, it.ComponentID, it.ID); err != nil {
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
	rc, err := f.blobs.Open(ctx, a.storageKey)
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
	err = pgx.BeginFunc(ctx, f.store.db, func(tx pgx.Tx) error {
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
		if err := deleteFile(ctx, tx, a.ID); err != nil {
			return err
		}
		return syncFileFlags(ctx, tx, a.ItemID)
	})
	if err != nil {
		return err
	}
	f.removeBlobs(ctx, keys...)
	return nil
}

// removeBlobs deletes stored bytes no row names any more. A failure leaves
// an unreachable file behind (logged), never a row without its bytes.
func (f *Files) removeBlobs(ctx context.Context, keys ...string) {
	ctx = context.WithoutCancel(ctx)
	for _, k := range keys {
		if err := f.blobs.Delete(ctx, k); err != nil {
			httpx.Logger(ctx).Warn("files: stored file left behind", "key", k, "error", err)
		}
	}
}

// The texts of answers, in the request's language.

func i18nT(lang, key string, args ...any) string { return i18n.T(i18n.Lang(lang), key, args...) }

func httpxText(ctx context.Context, key string, args ...any) string {
	return i18n.T(i18n.From(ctx), key, args...)
}
