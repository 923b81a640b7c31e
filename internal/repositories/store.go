package repositories

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
)

// querier is the pool or a transaction.
type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Store is the module's SQL over repository_folder, repository_file and
// repository_file_version. It checks no right: the service reads the
// caller's access to the project first.
type Store struct {
	db *pgxpool.Pool
}

// roleIn holds over project p when the caller ($1 user, $2 panel
// administrator) holds one of the roles of parameter roles there, their own
// or a group's.
func roleIn(roles string) string {
	return `($2 OR EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1 AND pm.role = ANY(` + roles + `))
	OR EXISTS (SELECT 1 FROM project_group pg JOIN user_group g ON g.id = pg.group_id
		WHERE pg.project_id = p.id AND pg.role = ANY(` + roles + `)
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1))))`
}

// access reads the caller's rights in a project they hold a role in.
func (s *Store) access(ctx context.Context, q querier, c items.Caller, project int64) (*access, error) {
	a := access{project: project}
	err := q.QueryRow(ctx, `SELECT p.name, `+roleIn("$4")+`, `+roleIn("$5")+`
		FROM readable_project($1, $2) p WHERE p.id = $3`,
		c.UserID, c.PanelAdmin, project, []string{"manager", "member"}, []string{"manager"}).Scan(&a.name, &a.canWrite, &a.manager)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("repository access: %w", err)
	}
	return &a, nil
}

// Folder is a folder of a project's repository.
type Folder struct {
	ID        int64     `json:"id"`
	ProjectID int64     `json:"projectId"`
	ParentID  *int64    `json:"parentId"`
	Name      string    `json:"name"`
	CreatedBy string    `json:"createdBy"`
	CreatedAt time.Time `json:"createdAt"`
}

const folderColumns = `f.id, f.project_id, f.parent_id, f.name, coalesce(u.name, ''), f.created_at`

func scanFolder(row pgx.Row) (*Folder, error) {
	var f Folder
	if err := row.Scan(&f.ID, &f.ProjectID, &f.ParentID, &f.Name, &f.CreatedBy, &f.CreatedAt); err != nil {
		return nil, err
	}
	f.CreatedAt = f.CreatedAt.UTC()
	return &f, nil
}

// folders lists a project's folders by name.
func (s *Store) folders(ctx context.Context, project int64) ([]Folder, error) {
	rows, err := s.db.Query(ctx, `SELECT `+folderColumns+` FROM repository_folder f
		LEFT JOIN app_user u ON u.id = f.created_by WHERE f.project_id = $1 ORDER BY lower(f.name), f.id`, project)
	if err != nil {
		return nil, fmt.Errorf("folders: %w", err)
	}
	defer rows.Close()
	out := []Folder{}
	for rows.Next() {
		f, err := scanFolder(rows)
		if err != nil {
			return nil, fmt.Errorf("folders: %w", err)
		}
		out = append(out, *f)
	}
	return out, rows.Err()
}

// folder reads folder id, locked with lock; a missing one is not found.
func (s *Store) folder(ctx context.Context, q querier, id int64, lock bool) (*Folder, error) {
	sql := `SELECT ` + folderColumns + ` FROM repository_folder f LEFT JOIN app_user u ON u.id = f.created_by WHERE f.id = $1`
	if lock {
		sql += ` FOR UPDATE OF f`
	}
	f, err := scanFolder(q.QueryRow(ctx, sql, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("folder %d: %w", id, err)
	}
	return f, nil
}

// within reads folder id of project (0 is the top, nil); a folder of
// another project or none is a 400 naming the field.
func (s *Store) within(ctx context.Context, q querier, project, id int64, field string) (*int64, error) {
	if id == 0 {
		return nil, nil
	}
	var found int64
	err := q.QueryRow(ctx, `SELECT id FROM repository_folder WHERE id = $1 AND project_id = $2`, id, project).Scan(&found)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.Invalid(field, "repositories.folderNotInProject")
	}
	if err != nil {
		return nil, fmt.Errorf("folder %d: %w", id, err)
	}
	return &found, nil
}

// isBelow tells whether folder under is folder top or inside it.
func (s *Store) isBelow(ctx context.Context, q querier, under, top int64) (bool, error) {
	var below bool
	err := q.QueryRow(ctx, `WITH RECURSIVE up AS (
			SELECT id, parent_id FROM repository_folder WHERE id = $1
			UNION SELECT f.id, f.parent_id FROM repository_folder f JOIN up ON f.id = up.parent_id)
		SELECT EXISTS (SELECT 1 FROM up WHERE id = $2)`, under, top).Scan(&below)
	if err != nil {
		return false, fmt.Errorf("folder ancestry: %w", err)
	}
	return below, nil
}

// File is a file of a repository as its newest version shows it.
type File struct {
	ID          int64      `json:"id"`
	ProjectID   int64      `json:"projectId"`
	FolderID    *int64     `json:"folderId"`
	Name        string     `json:"name"`
	Version     int        `json:"version"`
	ContentType string     `json:"contentType"`
	Size        int64      `json:"size"`
	SHA256      string     `json:"sha256"`
	ModifiedBy  string     `json:"modifiedBy"`
	ModifiedAt  time.Time  `json:"modifiedAt"`
	LockedByID  *int64     `json:"lockedById"`
	LockedBy    string     `json:"lockedBy"`
	LockedAt    *time.Time `json:"lockedAt"`
	URL         string     `json:"url"`

	storageKey string
}

const fileColumns = `f.id, f.project_id, f.folder_id, f.name, f.version, v.content_type, v.size, v.sha256,
	coalesce(vu.name, ''), v.created_at, f.locked_by, coalesce(lu.name, ''), f.locked_at, v.storage_key`

const fileFrom = ` FROM repository_file f
	JOIN repository_file_version v ON v.file_id = f.id AND v.version = f.version
	LEFT JOIN app_user vu ON vu.id = v.created_by
	LEFT JOIN app_user lu ON lu.id = f.locked_by`

func scanFile(row pgx.Row) (*File, error) {
	var f File
	if err := row.Scan(&f.ID, &f.ProjectID, &f.FolderID, &f.Name, &f.Version, &f.ContentType, &f.Size, &f.SHA256,
		&f.ModifiedBy, &f.ModifiedAt, &f.LockedByID, &f.LockedBy, &f.LockedAt, &f.storageKey); err != nil {
		return nil, err
	}
	f.ModifiedAt = f.ModifiedAt.UTC()
	if f.LockedAt != nil {
		t := f.LockedAt.UTC()
		f.LockedAt = &t
	}
	f.URL = fmt.Sprintf("/api/repositories/downloadFile?fileId=%d", f.ID)
	return &f, nil
}

// file reads file id; with lock its row is locked first, so changes of one
// file take turns.
func (s *Store) file(ctx context.Context, q querier, id int64, lock bool) (*File, error) {
	if lock {
		if _, err := q.Exec(ctx, `SELECT 1 FROM repository_file WHERE id = $1 FOR UPDATE`, id); err != nil {
			return nil, fmt.Errorf("lock file %d: %w", id, err)
		}
	}
	f, err := scanFile(q.QueryRow(ctx, `SELECT `+fileColumns+fileFrom+` WHERE f.id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("file %d: %w", id, err)
	}
	return f, nil
}

// files lists one page of a folder's files by name, and how many it holds.
func (s *Store) files(ctx context.Context, project int64, folder *int64, offset, limit int) ([]File, int, error) {
	var total int
	if err := s.db.QueryRow(ctx, `SELECT count(*) FROM repository_file
		WHERE project_id = $1 AND folder_id IS NOT DISTINCT FROM $2`, project, folder).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count files: %w", err)
	}
	rows, err := s.db.Query(ctx, `SELECT `+fileColumns+fileFrom+`
		WHERE f.project_id = $1 AND f.folder_id IS NOT DISTINCT FROM $2
		ORDER BY lower(f.name), f.id OFFSET $3 LIMIT $4`, project, folder, offset, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("files: %w", err)
	}
	defer rows.Close()
	out := []File{}
	for rows.Next() {
		f, err := scanFile(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("files: %w", err)
		}
		out = append(out, *f)
	}
	return out, total, rows.Err()
}

// Version is one version of a file; none is ever changed.
type Version struct {
	Version      int       `json:"version"`
	ContentType  string    `json:"contentType"`
	Size         int64     `json:"size"`
	SHA256       string    `json:"sha256"`
	Comment      string    `json:"comment"`
	RestoredFrom *int      `json:"restoredFrom"`
	CreatedBy    string    `json:"createdBy"`
	CreatedAt    time.Time `json:"createdAt"`
	URL          string    `json:"url"`

	storageKey string
}

// versions lists a file's versions, newest first.
func (s *Store) versions(ctx context.Context, q querier, file int64) ([]Version, error) {
	rows, err := q.Query(ctx, `SELECT v.version, v.content_type, v.size, v.sha256, v.comment, v.restored_from,
			coalesce(u.name, ''), v.created_at, v.storage_key
		FROM repository_file_version v LEFT JOIN app_user u ON u.id = v.created_by
		WHERE v.file_id = $1 ORDER BY v.version DESC`, file)
	if err != nil {
		return nil, fmt.Errorf("versions: %w", err)
	}
	defer rows.Close()
	out := []Version{}
	for rows.Next() {
		var v Version
		if err := rows.Scan(&v.Version, &v.ContentType, &v.Size, &v.SHA256, &v.Comment, &v.RestoredFrom,
			&v.CreatedBy, &v.CreatedAt, &v.storageKey); err != nil {
			return nil, fmt.Errorf("versions: %w", err)
		}
		v.CreatedAt = v.CreatedAt.UTC()
		v.URL = fmt.Sprintf("/api/repositories/downloadFile?fileId=%d&version=%d", file, v.Version)
		out = append(out, v)
	}
	return out, rows.Err()
}

// addVersion writes version n of a file and makes it the newest; a new
// check-in or restore ends the lock.
func (s *Store) addVersion(ctx context.Context, q querier, file int64, n int, v stored, comment string, restoredFrom *int, by int64, at time.Time) error {
	if _, err := q.Exec(ctx, `INSERT INTO repository_file_version
			(file_id, version, content_type, size, sha256, storage_key, comment, restored_from, created_by, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		file, n, v.contentType, v.size, v.sum, v.key, comment, restoredFrom, by, at); err != nil {
		return fmt.Errorf("add version: %w", err)
	}
	if _, err := q.Exec(ctx, `UPDATE repository_file SET version = $2, locked_by = NULL, locked_at = NULL WHERE id = $1`, file, n); err != nil {
		return fmt.Errorf("newest version: %w", err)
	}
	return nil
}

// newFile writes a file with its first version.
func (s *Store) newFile(ctx context.Context, q querier, project int64, folder *int64, v stored, by int64, at time.Time) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO repository_file (project_id, folder_id, name, created_by, created_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, project, folder, v.name, by, at).Scan(&id)
	if err != nil {
		return 0, nameTaken(err, v.name)
	}
	_, err = q.Exec(ctx, `INSERT INTO repository_file_version
			(file_id, version, content_type, size, sha256, storage_key, created_by, created_at)
		VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`, id, v.contentType, v.size, v.sum, v.key, by, at)
	if err != nil {
		return 0, fmt.Errorf("first version: %w", err)
	}
	return id, nil
}

// fileKeys lists the distinct storage keys of a file's versions.
func (s *Store) fileKeys(ctx context.Context, q querier, file int64) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT DISTINCT storage_key FROM repository_file_version WHERE file_id = $1`, file)
	if err != nil {
		return nil, fmt.Errorf("file keys: %w", err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("file keys: %w", err)
	}
	return keys, nil
}

// nameTaken turns the unique names' violation into a 409 naming name.
func nameTaken(err error, name string) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		switch pe.ConstraintName {
		case "repository_folder_unique_name":
			return httpx.Fail(http.StatusConflict, "repositories.folderTaken", "name", name)
		case "repository_file_unique_name":
			return httpx.Fail(http.StatusConflict, "repositories.fileTaken", "name", name)
		}
	}
	return fmt.Errorf("repository name: %w", err)
}

// Repository is a project's repository in the list of those the caller reads.
type Repository struct {
	ProjectID   int64  `json:"projectId"`
	ProjectName string `json:"projectName"`
	CanWrite    bool   `json:"canWrite"`
	Files       int64  `json:"files"`
	Folders     int64  `json:"folders"`
}

// repositories lists the repositories of the projects the caller holds a role in.
func (s *Store) repositories(ctx context.Context, c items.Caller) ([]Repository, error) {
	rows, err := s.db.Query(ctx, `SELECT p.id, p.name, `+roleIn("$3")+`,
			(SELECT count(*) FROM repository_file f WHERE f.project_id = p.id),
			(SELECT count(*) FROM repository_folder f WHERE f.project_id = p.id)
		FROM readable_project($1, $2) p ORDER BY lower(p.name), p.id`,
		c.UserID, c.PanelAdmin, []string{"manager", "member"})
	if err != nil {
		return nil, fmt.Errorf("repositories: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Repository, error) {
		var x Repository
		err := r.Scan(&x.ProjectID, &x.ProjectName, &x.CanWrite, &x.Files, &x.Folders)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("repositories: %w", err)
	}
	return out, nil
}
