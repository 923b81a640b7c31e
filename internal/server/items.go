package server

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"path/filepath"
	"slices"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/config"
	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/forms"
	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/itemio"
	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/demo"
	"github.com/tramita/tramita/internal/items/table"
	"github.com/tramita/tramita/internal/repositories"
	"github.com/tramita/tramita/internal/schedule"
	"github.com/tramita/tramita/internal/storage"
	"github.com/tramita/tramita/internal/timesheets"
)

// itemsModule is the generic item engine's calls under /api/genericItem.
type itemsModule struct {
	handler  *items.Handler
	address  *forms.AddressLookup
	files    *documents.Handler
	importer *itemio.Handler
	limits   documents.FileLimits
	// imports writes confirmed Excel imports; its job runs in the portal's worker.
	imports *itemio.Service
	// modules are the modules beside the core that serve calls of their own.
	modules []interface{ Routes(chi.Router) }
	// timesheets is among modules; it gets the portal's messages once both exist.
	timesheets *timesheets.Handler
}

// newItems loads the demo packages when loadDemo is set (a new installation's
// first start), the demo user's generated password going to notice, and
// builds the calls; files go to store or, when it is nil, to the data
// directory's files folder or to S3.
func newItems(ctx context.Context, pool *pgxpool.Pool, log *slog.Logger, loadDemo bool, notice io.Writer, cfg config.Config,
	store storage.Store) (*itemsModule, error) {
	// Every type has its typed table (docs/item-tables.md): made by the
	// migration and by package imports; this puts right any that drifted.
	changed, err := table.EnsureAll(ctx, pool)
	if err != nil {
		return nil, fmt.Errorf("typed item tables: %w", err)
	}
	for id, ch := range changed {
		log.Info("typed item table", "type", id, "changes", ch)
	}
	if err := demo.Load(ctx, pool, log, demo.Options{Enabled: loadDemo, Password: cfg.DemoPassword, Notice: notice}); err != nil {
		return nil, err
	}
	current := func(ctx context.Context) (items.Caller, bool) {
		c, ok := caller(ctx)
		return items.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin, Login: c.Login}, ok
	}
	svc := items.NewService(items.NewStore(pool), nil)
	limits := documents.FileLimits{MaxSize: cfg.FileMaxSize, MaxCount: cfg.FileMaxCount}.WithDefaults()
	if store == nil {
		var err error
		if store, err = fileStore(ctx, cfg); err != nil {
			return nil, err
		}
	}
	files := documents.NewFiles(svc, pool, store, limits)
	imports := itemio.NewService(pool, svc, store, limits.MaxSize, nil)
	sheets := newTimesheets(pool, svc, current)
	repos := repositories.NewService(pool, store, limits.MaxSize, svc.Now)
	fileCalls := documents.NewHandler(files, current)
	fileCalls.SetRepositoryUploads(func(ctx context.Context, c items.Caller, project, folder int64) (documents.RepositorySession, error) {
		return repos.BeginUpload(ctx, c, project, folder)
	})
	return &itemsModule{
		handler:  items.NewHandler(svc, current),
		address:  forms.NewAddressLookup(cfg.ZipLookupURL, nil, current),
		files:    fileCalls,
		importer: itemio.NewHandler(imports, current),
		limits:   limits,
		imports:  imports,
		modules: []interface{ Routes(chi.Router) }{sheets, newSchedule(pool, svc, current),
			forms.NewHandler(forms.NewService(svc, pool), current), repositories.NewHandler(repos, current)},
		timesheets: sheets,
	}, nil
}

// fileStore is TRAMITA_STORAGE's store. An S3 bucket is asked for at start,
// so a wrong address, bucket or key stops the start with its reason.
func fileStore(ctx context.Context, cfg config.Config) (storage.Store, error) {
	if cfg.Storage != "s3" {
		return storage.NewLocal(filepath.Join(cfg.DataDir, "files")), nil
	}
	s3, err := storage.NewS3(storage.S3Config{Endpoint: cfg.S3.Endpoint, Region: cfg.S3.Region, Bucket: cfg.S3.Bucket,
		AccessKey: cfg.S3.AccessKey, SecretKey: cfg.S3.SecretKey}, nil)
	if err != nil {
		return nil, err
	}
	checkCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := s3.Check(checkCtx); err != nil {
		return nil, fmt.Errorf("TRAMITA_STORAGE=s3: %w", err)
	}
	return s3, nil
}

// Routes mounts the item calls; each checks its caller itself.
func (m *itemsModule) Routes(r chi.Router) {
	m.handler.Routes(r)
	m.address.Routes(r)
	m.files.Routes(r)
	m.importer.Routes(r)
	for _, mod := range m.modules {
		mod.Routes(r)
	}
}

// bodyLimit is the /api body limit: apiLimit for every call, the upload
// limit (4 files of TRAMITA_FILE_MAX_SIZE + 1 MB) for the multipart bodies
// of the upload calls (documents.UploadPaths, itemio.UploadPaths), and the
// MS Project file's own bound + 1 MB for the schedule's import.
func (m *itemsModule) bodyLimit(apiLimit int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		small := httpx.LimitBody(apiLimit)(next)
		big := httpx.LimitBody(m.limits.UploadBodyLimit())(next)
		plan := httpx.LimitBody(schedule.MaxImportBytes + 1<<20)(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
			switch {
			case mt != "multipart/form-data":
				small.ServeHTTP(w, r)
			case slices.Contains(documents.UploadPaths, r.URL.Path) || slices.Contains(itemio.UploadPaths, r.URL.Path) ||
				slices.Contains(repositories.UploadPaths, r.URL.Path):
				big.ServeHTTP(w, r)
			case slices.Contains(schedule.UploadPaths, r.URL.Path):
				plan.ServeHTTP(w, r)
			default:
				small.ServeHTTP(w, r)
			}
		})
	}
}
