package forms

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/items"
)

// Service runs the item relations a form shows: the one-to-many children
// (relations.go) and the many-to-many and item links (links.go, over the
// item_link table, which is this module's). Items are read through the
// core: its types (ReadComponent), ReadItem, CanUpdate, CanCreate and the
// readable_item function of migration 00100.
type Service struct {
	core *items.Service
	db   *pgxpool.Pool
}

// NewService returns the service over the item core.
func NewService(core *items.Service, db *pgxpool.Pool) *Service {
	return &Service{core: core, db: db}
}
