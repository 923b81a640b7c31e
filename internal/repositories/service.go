// Package repositories is the document repositories of projects: a folder
// tree per project, files in folders with immutable versions and a
// check-out lock. Rights come from the project's roles.
package repositories

import (
	"context"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/storage"
)

// maxName caps folder and file names, as storage.CleanName does.
const maxName = 200

// Service runs the repository calls.
type Service struct {
	store   *Store
	blobs   storage.Store
	maxSize int64
	now     func() time.Time
}

// NewService returns the service: rows in db, bytes in blobs, each file at
// most maxSize bytes (TRAMITA_FILE_MAX_SIZE).
func NewService(db *pgxpool.Pool, blobs storage.Store, maxSize int64, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: &Store{db: db}, blobs: blobs, maxSize: maxSize, now: now}
}

// access is what the caller may do in a project's repository.
type access struct {
	project  int64
	name     string
	canWrite bool
	manager  bool
}

// read answers the caller's access to a project they hold a role in;
// another project is the same 404 as a missing one.
func (s *Service) read(ctx context.Context, q querier, c items.Caller, project int64) (*access, error) {
	if project <= 0 {
		return nil, httpx.Invalid("projectId", "repositories.projectRequired")
	}
	return s.store.access(ctx, q, c, project)
}

// write is read for a change: a read-only member gets 403.
func (s *Service) write(ctx context.Context, q querier, c items.Caller, project int64) (*access, error) {
	a, err := s.read(ctx, q, c, project)
	if err != nil {
		return nil, err
	}
	if !a.canWrite {
		return nil, httpx.Fail(http.StatusForbidden, "repositories.readOnly")
	}
	return a, nil
}

// checkName refuses an empty name, path characters and control characters,
// so a name never reaches a path and reads the same everywhere.
func checkName(field, name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", httpx.Invalid(field, "repositories.nameRequired")
	}
	if utf8.RuneCountInString(name) > maxName {
		return "", httpx.Invalid(field, "repositories.nameTooLong", "max", maxName)
	}
	if name == "." || name == ".." || strings.ContainsAny(name, `/\`) || strings.ContainsFunc(name, unicode.IsControl) ||
		!utf8.ValidString(name) {
		return "", httpx.Invalid(field, "repositories.nameInvalid", "name", name)
	}
	return name, nil
}

// removeBlobs deletes stored bytes after their rows are gone (or never
// came); a failure is logged, as the rows no longer point at them.
func (s *Service) removeBlobs(ctx context.Context, keys ...string) {
	ctx = context.WithoutCancel(ctx)
	for _, k := range keys {
		if err := s.blobs.Delete(ctx, k); err != nil {
			httpx.Logger(ctx).Warn("repositories: stored file left behind", "key", k, "error", err)
		}
	}
}

// LoadRepositories lists the repositories the caller reads, one per project.
func (s *Service) LoadRepositories(ctx context.Context, c items.Caller) (map[string]any, error) {
	list, err := s.store.repositories(ctx, c)
	if err != nil {
		return nil, err
	}
	return map[string]any{"repositories": list}, nil
}
