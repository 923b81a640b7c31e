package forms

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
)

// Service runs the item relations a form shows: one-to-many children and the
// many-to-many and item links (over item_link, this module's table), reading
// items only through the core and readable_item.
type Service struct {
	core *items.Service
	db   *pgxpool.Pool
}

// NewService returns the service over the item core.
func NewService(core *items.Service, db *pgxpool.Pool) *Service {
	return &Service{core: core, db: db}
}
