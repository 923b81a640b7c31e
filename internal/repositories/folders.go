package repositories

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// Tree is a project's repository: its folders (a flat list, each naming
// its parent) and what the caller may do there.
type Tree struct {
	ProjectID   int64  `json:"projectId"`
	ProjectName string `json:"projectName"`
	CanWrite    bool   `json:"canWrite"`
	// CanUnlockAny: a manager may end anybody's check-out.
	CanUnlockAny bool     `json:"canUnlockAny"`
	Folders      []Folder `json:"folders"`
}

// ProjectInput names a project.
type ProjectInput struct {
	ProjectID httpx.ID `json:"projectId"`
}

// LoadTree answers a project's folders.
func (s *Service) LoadTree(ctx context.Context, c items.Caller, in ProjectInput) (*Tree, error) {
	a, err := s.read(ctx, s.store.db, c, int64(in.ProjectID))
	if err != nil {
		return nil, err
	}
	folders, err := s.store.folders(ctx, a.project)
	if err != nil {
		return nil, err
	}
	return &Tree{ProjectID: a.project, ProjectName: a.name, CanWrite: a.canWrite, CanUnlockAny: a.manager, Folders: folders}, nil
}

// FolderInput creates, renames or moves a folder.
type FolderInput struct {
	ProjectID httpx.ID `json:"projectId"`
	FolderID  httpx.ID `json:"folderId"`
	// ParentID is where the folder goes; 0 is the top of the repository.
	ParentID httpx.ID `json:"parentId"`
	Name     string   `json:"name"`
}

// CreateFolder makes a folder under parentId.
func (s *Service) CreateFolder(ctx context.Context, c items.Caller, in FolderInput) (*Folder, error) {
	name, err := checkName("name", in.Name)
	if err != nil {
		return nil, err
	}
	var id int64
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		a, err := s.write(ctx, tx, c, int64(in.ProjectID))
		if err != nil {
			return err
		}
		parent, err := s.store.within(ctx, tx, a.project, int64(in.ParentID), "parentId")
		if err != nil {
			return err
		}
		err = tx.QueryRow(ctx, `INSERT INTO repository_folder (project_id, parent_id, name, created_by, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, a.project, parent, name, c.UserID, s.now()).Scan(&id)
		return nameTaken(err, name)
	})
	if err != nil {
		return nil, err
	}
	return s.store.folder(ctx, s.store.db, id, false)
}

// changeFolder runs change on a folder the caller may write, its row
// locked, and reads it back unless change removed it (gone).
func (s *Service) changeFolder(ctx context.Context, c items.Caller, id int64, gone bool, change func(pgx.Tx, *Folder) error) (*Folder, error) {
	if id <= 0 {
		return nil, httpx.Invalid("folderId", "error.idInvalid", "field", "folderId")
	}
	err := pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		f, err := s.store.folder(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if _, err := s.write(ctx, tx, c, f.ProjectID); err != nil {
			return err
		}
		return change(tx, f)
	})
	if err != nil || gone {
		return nil, err
	}
	return s.store.folder(ctx, s.store.db, id, false)
}

// RenameFolder gives a folder a new name.
func (s *Service) RenameFolder(ctx context.Context, c items.Caller, in FolderInput) (*Folder, error) {
	name, err := checkName("name", in.Name)
	if err != nil {
		return nil, err
	}
	return s.changeFolder(ctx, c, int64(in.FolderID), false, func(tx pgx.Tx, f *Folder) error {
		_, err := tx.Exec(ctx, `UPDATE repository_folder SET name = $2 WHERE id = $1`, f.ID, name)
		if err != nil {
			return nameTaken(err, name)
		}
		return nil
	})
}

// MoveFolder puts a folder under another of the same project, never inside
// itself.
func (s *Service) MoveFolder(ctx context.Context, c items.Caller, in FolderInput) (*Folder, error) {
	return s.changeFolder(ctx, c, int64(in.FolderID), false, func(tx pgx.Tx, f *Folder) error {
		parent, err := s.store.within(ctx, tx, f.ProjectID, int64(in.ParentID), "parentId")
		if err != nil {
			return err
		}
		if parent != nil {
			if below, err := s.store.isBelow(ctx, tx, *parent, f.ID); err != nil {
				return err
			} else if below {
				return httpx.Invalid("parentId", "repositories.folderIntoItself")
			}
		}
		_, err = tx.Exec(ctx, `UPDATE repository_folder SET parent_id = $2 WHERE id = $1`, f.ID, parent)
		if err != nil {
			return nameTaken(err, f.Name)
		}
		return nil
	})
}

// DeleteFolder removes an empty folder; one holding files or folders is a
// 409 (moving or deleting them first is the user's choice to make).
func (s *Service) DeleteFolder(ctx context.Context, c items.Caller, in FolderInput) (map[string]any, error) {
	_, err := s.changeFolder(ctx, c, int64(in.FolderID), true, func(tx pgx.Tx, f *Folder) error {
		_, err := tx.Exec(ctx, `DELETE FROM repository_folder WHERE id = $1`, f.ID)
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "23503" {
			return httpx.Fail(http.StatusConflict, "repositories.folderNotEmpty", "name", f.Name)
		}
		if err != nil {
			return fmt.Errorf("delete folder: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return map[string]any{"success": true}, nil
}
