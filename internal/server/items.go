package server

import (
	"context"
	"log/slog"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
	"github.com/tramita/tramita/internal/items/demo"
)

// itemsModule is the generic item engine's calls under /api/genericItem.
type itemsModule struct {
	handler *items.Handler
	address *items.AddressLookup
}

// newItems loads the demo packages when loadDemo is set (the first start of
// a new installation; later starts find them and skip) and builds the calls.
// zipLookupURL is the ZIP code provider of address fields (may be empty).
func newItems(ctx context.Context, pool *pgxpool.Pool, log *slog.Logger, loadDemo bool, zipLookupURL string) (*itemsModule, error) {
	if err := demo.Load(ctx, pool, log, loadDemo); err != nil {
		return nil, err
	}
	current := func(ctx context.Context) (items.Caller, bool) {
		c, ok := caller(ctx)
		return items.Caller{UserID: c.UserID, PanelAdmin: c.PanelAdmin}, ok
	}
	h := items.NewHandler(items.NewService(items.NewStore(pool), nil), current)
	return &itemsModule{handler: h, address: items.NewAddressLookup(zipLookupURL, nil, current)}, nil
}

// Routes mounts the item calls; each checks its caller itself.
func (m *itemsModule) Routes(r chi.Router) {
	m.handler.Routes(r)
	m.address.Routes(r)
}
