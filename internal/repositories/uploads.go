package repositories

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/admin/planlimit"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// stored is one file's bytes as the storage keeps them.
type stored struct {
	name, contentType, key, sum string
	size                        int64
}

// Upload receives the files of one call, new files for a folder or the
// next version of one file: each is checked and stored as it arrives, the
// rows are written by Commit in one transaction, and Abort removes what
// was stored, so a call keeps all its files or none.
type Upload struct {
	s       *Service
	c       items.Caller
	project int64
	folder  int64
	// file is the file a check-in adds a version to; nil for new files.
	file    *File
	comment string
	stored  []stored
	limit   *int64
	left    int64
}

// BeginUpload starts an upload of new files into a folder of a project the
// caller may write (folder 0: the top).
func (s *Service) BeginUpload(ctx context.Context, c items.Caller, project, folder int64) (*Upload, error) {
	a, err := s.write(ctx, s.store.db, c, project)
	if err != nil {
		return nil, err
	}
	if _, err := s.store.within(ctx, s.store.db, a.project, folder, "folder"); err != nil {
		return nil, err
	}
	u := &Upload{s: s, c: c, project: a.project, folder: folder}
	return u, u.readPlanRoom(ctx)
}

// BeginCheckIn starts the check-in of a file's next version, with comment.
func (s *Service) BeginCheckIn(ctx context.Context, c items.Caller, file int64, comment string) (*Upload, error) {
	comment, err := checkComment(comment)
	if err != nil {
		return nil, err
	}
	f, a, err := s.readFile(ctx, s.store.db, c, file, false)
	if err != nil {
		return nil, err
	}
	if !a.canWrite {
		return nil, httpx.Fail(http.StatusForbidden, "repositories.readOnly")
	}
	if err := lockedByOther(f, c); err != nil {
		return nil, err
	}
	u := &Upload{s: s, c: c, project: f.ProjectID, file: f, comment: comment}
	return u, u.readPlanRoom(ctx)
}

func (u *Upload) readPlanRoom(ctx context.Context) error {
	limit, left, err := planlimit.StorageRoom(ctx, u.s.store.db)
	if err != nil {
		return err
	}
	if limit != nil && left <= 0 {
		return planlimit.StorageError(*limit)
	}
	u.limit, u.left = limit, left
	return nil
}

// Add checks and stores one file: a name without path characters, a name
// and first bytes that agree on an accepted type, within the size limits.
func (u *Upload) Add(ctx context.Context, name string, r io.Reader) error {
	if u.file != nil && len(u.stored) == 1 {
		return httpx.Invalid("files", "repositories.checkInOneFile")
	}
	raw := strings.TrimSpace(name)
	clean := storage.CleanName(raw)
	if u.file == nil {
		if _, err := checkName("files", raw); err != nil {
			return err
		}
		if clean != raw {
			return httpx.Invalid("files", "repositories.nameInvalid", "name", raw)
		}
	}
	head := make([]byte, storage.SniffLen)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return storeError(err)
	}
	head = head[:n]
	ct, ok := storage.Sniff(clean, head)
	if clean == "" || !ok {
		return &httpx.Error{Status: http.StatusBadRequest, Key: "files.invalid",
			Validations: []httpx.FieldError{{Field: "files", Key: "files.invalidNamed", Args: []any{"name", clean}}}}
	}
	limit, byPlan := u.sizeLimit()
	if byPlan && limit <= 0 {
		return planlimit.StorageError(*u.limit)
	}
	key := storage.NewKey("repositories", u.s.now())
	sum := sha256.New()
	size, err := u.s.blobs.Put(ctx, key, io.TeeReader(io.MultiReader(bytes.NewReader(head), r), sum), limit)
	if errors.Is(err, storage.ErrTooLarge) && byPlan {
		return planlimit.StorageError(*u.limit)
	}
	if errors.Is(err, storage.ErrTooLarge) {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Key: "files.tooLarge",
			Args: []any{"name", clean, "max", httpx.HumanSize(u.s.maxSize)}}
	}
	if err != nil {
		return storeError(err)
	}
	u.stored = append(u.stored, stored{name: clean, contentType: ct, key: key, sum: hex.EncodeToString(sum.Sum(nil)), size: size})
	return nil
}

// sizeLimit is the most the next file may hold: the file limit, or the
// plan's room when smaller (byPlan).
func (u *Upload) sizeLimit() (limit int64, byPlan bool) {
	if u.limit == nil {
		return u.s.maxSize, false
	}
	left := u.left
	for _, st := range u.stored {
		left -= st.size
	}
	if left < u.s.maxSize {
		return left, true
	}
	return u.s.maxSize, false
}

// UploadResult answers an upload: the files it made, or the file a
// check-in gave a new version.
type UploadResult struct {
	Message string `json:"Message"`
	Files   []File `json:"files"`
}

// Commit writes the rows in one transaction, checking the rights, the lock
// and the plan again; on an error the caller calls Abort.
func (u *Upload) Commit(ctx context.Context) (any, error) {
	if len(u.stored) == 0 {
		return nil, httpx.Invalid("files", "files.none")
	}
	var ids []int64
	version := 0
	err := pgx.BeginFunc(ctx, u.s.store.db, func(tx pgx.Tx) error {
		ids = ids[:0]
		var adding int64
		for _, st := range u.stored {
			adding += st.size
		}
		if u.file != nil {
			f, a, err := u.s.readFile(ctx, tx, u.c, u.file.ID, true)
			if err != nil {
				return err
			}
			if !a.canWrite {
				return httpx.Fail(http.StatusForbidden, "repositories.readOnly")
			}
			if err := lockedByOther(f, u.c); err != nil {
				return err
			}
			if err := planlimit.CheckStorage(ctx, tx, adding); err != nil {
				return err
			}
			version = f.Version + 1
			ids = append(ids, f.ID)
			return u.s.store.addVersion(ctx, tx, f.ID, version, u.stored[0], u.comment, nil, u.c.UserID, u.s.now())
		}
		a, err := u.s.write(ctx, tx, u.c, u.project)
		if err != nil {
			return err
		}
		folder, err := u.s.store.within(ctx, tx, a.project, u.folder, "folder")
		if err != nil {
			return err
		}
		if err := planlimit.CheckStorage(ctx, tx, adding); err != nil {
			return err
		}
		at := u.s.now()
		for _, st := range u.stored {
			id, err := u.s.store.newFile(ctx, tx, a.project, folder, st, u.c.UserID, at)
			if err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	u.stored = nil
	out := UploadResult{Files: make([]File, 0, len(ids))}
	for _, id := range ids {
		f, err := u.s.store.file(ctx, u.s.store.db, id, false)
		if err != nil {
			return nil, err
		}
		out.Files = append(out.Files, *f)
	}
	lang := i18n.From(ctx)
	if u.file != nil {
		out.Message = i18n.T(lang, "repositories.checkedIn", "version", version)
	} else {
		out.Message = i18n.T(lang, "repositories.uploaded", "count", len(ids))
	}
	return out, nil
}

// Abort removes every file the upload stored.
func (u *Upload) Abort(ctx context.Context) {
	keys := make([]string, 0, len(u.stored))
	for _, st := range u.stored {
		keys = append(keys, st.key)
	}
	u.stored = nil
	u.s.removeBlobs(ctx, keys...)
}

// storeError answers a failed store: a full storage is 507, a broken or
// oversized body as httpx answers it.
func storeError(err error) error {
	if errors.Is(err, storage.ErrNoSpace) {
		return &httpx.Error{Status: http.StatusInsufficientStorage, Key: "storage.noSpace", Cause: err}
	}
	return httpx.ReadError(err)
}
