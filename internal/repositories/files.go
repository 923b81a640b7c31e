package repositories

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// maxComment caps a version's comment.
const maxComment = 2000

// FilesInput asks for one page of a folder's files (folderId 0: the top).
type FilesInput struct {
	ProjectID int64
	FolderID  int64
	Page      int
	PageSize  int
}

// FilePage is one page of a folder's files.
type FilePage struct {
	Files    []File `json:"files"`
	Total    int    `json:"total"`
	CanWrite bool   `json:"canWrite"`
}

// LoadFiles answers a page of a folder's files by name; pages hold 1 to
// 500 files (100 by default).
func (s *Service) LoadFiles(ctx context.Context, c items.Caller, in FilesInput) (*FilePage, error) {
	a, err := s.read(ctx, s.store.db, c, in.ProjectID)
	if err != nil {
		return nil, err
	}
	folder, err := s.store.within(ctx, s.store.db, a.project, in.FolderID, "folderId")
	if err != nil {
		return nil, err
	}
	if in.PageSize <= 0 {
		in.PageSize = 100
	}
	if in.PageSize > 500 || in.Page < 0 {
		return nil, httpx.Invalid("pageSize", "repositories.pageInvalid", "max", 500)
	}
	files, total, err := s.store.files(ctx, a.project, folder, in.Page*in.PageSize, in.PageSize)
	if err != nil {
		return nil, err
	}
	return &FilePage{Files: files, Total: total, CanWrite: a.canWrite}, nil
}

// FileInput names a file, and for some calls a version, a folder or a comment.
type FileInput struct {
	FileID   httpx.ID `json:"fileId"`
	Version  int      `json:"version"`
	FolderID httpx.ID `json:"folderId"`
	Comment  string   `json:"comment"`
}

// readFile reads a file of a project the caller holds a role in; any other
// is the same 404 as a missing one.
func (s *Service) readFile(ctx context.Context, q querier, c items.Caller, id int64, lock bool) (*File, *access, error) {
	if id <= 0 {
		return nil, nil, httpx.Invalid("fileId", "error.idInvalid", "field", "fileId")
	}
	f, err := s.store.file(ctx, q, id, lock)
	if err != nil {
		return nil, nil, err
	}
	a, err := s.read(ctx, q, c, f.ProjectID)
	if err != nil {
		return nil, nil, err
	}
	return f, a, nil
}

// changeFile runs change on a file the caller may write and nobody else
// holds checked out, its row locked; the file is read back afterwards.
func (s *Service) changeFile(ctx context.Context, c items.Caller, id int64, change func(pgx.Tx, *File) error) (*File, error) {
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		f, a, err := s.readFile(ctx, tx, c, id, true)
		if err != nil {
			return err
		}
		if !a.canWrite {
			return httpx.Fail(http.StatusForbidden, "repositories.readOnly")
		}
		if err := lockedByOther(f, c); err != nil {
			return err
		}
		return change(tx, f)
	})
	if err != nil {
		return nil, err
	}
	return s.store.file(ctx, s.store.db, id, false)
}

// lockedByOther refuses a change of a file someone else has checked out,
// naming who and since when.
func lockedByOther(f *File, c items.Caller) error {
	if f.LockedByID == nil || *f.LockedByID == c.UserID {
		return nil
	}
	return httpx.Fail(http.StatusConflict, "repositories.lockedByOther", "name", f.Name, "user", f.LockedBy,
		"date", f.LockedAt.Format("2006-01-02 15:04")+" UTC")
}

// MoveFile puts a file in another folder of its project.
func (s *Service) MoveFile(ctx context.Context, c items.Caller, in FileInput) (*File, error) {
	return s.changeFile(ctx, c, int64(in.FileID), func(tx pgx.Tx, f *File) error {
		folder, err := s.store.within(ctx, tx, f.ProjectID, int64(in.FolderID), "folderId")
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE repository_file SET folder_id = $2 WHERE id = $1`, f.ID, folder); err != nil {
			return nameTaken(err, f.Name)
		}
		return nil
	})
}

// LockFile checks a file out to the caller: until they check a version in
// or unlock it, nobody else changes it.
func (s *Service) LockFile(ctx context.Context, c items.Caller, in FileInput) (*File, error) {
	return s.changeFile(ctx, c, int64(in.FileID), func(tx pgx.Tx, f *File) error {
		if f.LockedByID != nil {
			return nil
		}
		_, err := tx.Exec(ctx, `UPDATE repository_file SET locked_by = $2, locked_at = $3 WHERE id = $1`, f.ID, c.UserID, s.now())
		return err
	})
}

// UnlockFile ends a check-out: its holder's, or anybody's for a manager of
// the project (someone away cannot keep a file shut).
func (s *Service) UnlockFile(ctx context.Context, c items.Caller, in FileInput) (*File, error) {
	id := int64(in.FileID)
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		f, a, err := s.readFile(ctx, tx, c, id, true)
		if err != nil {
			return err
		}
		if !a.canWrite {
			return httpx.Fail(http.StatusForbidden, "repositories.readOnly")
		}
		if f.LockedByID == nil {
			return nil
		}
		if *f.LockedByID != c.UserID && !a.manager {
			return httpx.Fail(http.StatusConflict, "repositories.notLockHolder", "user", f.LockedBy)
		}
		_, err = tx.Exec(ctx, `UPDATE repository_file SET locked_by = NULL, locked_at = NULL WHERE id = $1`, f.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.store.file(ctx, s.store.db, id, false)
}

// VersionList is a file with its versions, newest first.
type VersionList struct {
	File     File      `json:"file"`
	Versions []Version `json:"versions"`
	CanWrite bool      `json:"canWrite"`
}

// LoadVersions answers a file's versions.
func (s *Service) LoadVersions(ctx context.Context, c items.Caller, id int64) (*VersionList, error) {
	f, a, err := s.readFile(ctx, s.store.db, c, id, false)
	if err != nil {
		return nil, err
	}
	v, err := s.store.versions(ctx, s.store.db, f.ID)
	if err != nil {
		return nil, err
	}
	return &VersionList{File: *f, Versions: v, CanWrite: a.canWrite}, nil
}

// RestoreVersion makes an earlier version the newest again: a new version
// with the same bytes, so the history keeps every step.
func (s *Service) RestoreVersion(ctx context.Context, c items.Caller, in FileInput) (*File, error) {
	comment, err := checkComment(in.Comment)
	if err != nil {
		return nil, err
	}
	return s.changeFile(ctx, c, int64(in.FileID), func(tx pgx.Tx, f *File) error {
		if in.Version <= 0 || in.Version >= f.Version {
			return httpx.Invalid("version", "repositories.restoreWhich", "newest", f.Version)
		}
		var v stored
		err := tx.QueryRow(ctx, `SELECT content_type, size, sha256, storage_key FROM repository_file_version
			WHERE file_id = $1 AND version = $2`, f.ID, in.Version).Scan(&v.contentType, &v.size, &v.sum, &v.key)
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.Invalid("version", "repositories.restoreWhich", "newest", f.Version)
		}
		if err != nil {
			return fmt.Errorf("version %d: %w", in.Version, err)
		}
		from := in.Version
		return s.store.addVersion(ctx, tx, f.ID, f.Version+1, v, comment, &from, c.UserID, s.now())
	})
}

// DeleteFile removes a file with all its versions; the bytes go after the
// rows are gone.
func (s *Service) DeleteFile(ctx context.Context, c items.Caller, in FileInput) (map[string]any, error) {
	var keys []string
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		f, a, err := s.readFile(ctx, tx, c, int64(in.FileID), true)
		if err != nil {
			return err
		}
		if !a.canWrite {
			return httpx.Fail(http.StatusForbidden, "repositories.readOnly")
		}
		if err := lockedByOther(f, c); err != nil {
			return err
		}
		if keys, err = s.store.fileKeys(ctx, tx, f.ID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM repository_file WHERE id = $1`, f.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.removeBlobs(ctx, keys...)
	return map[string]any{"success": true}, nil
}

// Download is a version's bytes with what a download's headers need.
type Download struct {
	Name, ContentType, SHA256 string
	Size                      int64
	Body                      io.ReadCloser
}

// OpenVersion opens a version of a readable file (0: the newest).
func (s *Service) OpenVersion(ctx context.Context, c items.Caller, id int64, version int) (*Download, error) {
	f, _, err := s.readFile(ctx, s.store.db, c, id, false)
	if err != nil {
		return nil, err
	}
	d := &Download{Name: f.Name, ContentType: f.ContentType, SHA256: f.SHA256, Size: f.Size}
	key := f.storageKey
	if version != 0 && version != f.Version {
		err := s.store.db.QueryRow(ctx, `SELECT content_type, size, sha256, storage_key FROM repository_file_version
			WHERE file_id = $1 AND version = $2`, f.ID, version).Scan(&d.ContentType, &d.Size, &d.SHA256, &key)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, httpx.NotFound()
		}
		if err != nil {
			return nil, fmt.Errorf("version %d: %w", version, err)
		}
	}
	rc, err := s.blobs.Open(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		httpx.Logger(ctx).Error("repositories: stored file missing", "file", f.ID, "version", version, "key", key)
		return nil, httpx.Fail(http.StatusNotFound, "files.missing")
	}
	if err != nil {
		return nil, fmt.Errorf("open file %d: %w", f.ID, err)
	}
	d.Body = rc
	return d, nil
}

func checkComment(s string) (string, error) {
	if utf8.RuneCountInString(s) > maxComment {
		return "", httpx.Invalid("comment", "repositories.commentTooLong", "max", maxComment)
	}
	return s, nil
}
