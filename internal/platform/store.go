// Package platform owns the platform settings of spec section 1: branding,
// language, layout and the switches (recaptcha, terms of use, maintenance).
package platform

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store reads and writes the platform_setting table.
type Store struct{ db *pgxpool.Pool }

// NewStore returns a store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// Public returns every setting that is not a secret, by key.
func (s *Store) Public(ctx context.Context) (map[string]json.RawMessage, error) {
	rows, err := s.db.Query(ctx, `SELECT key, value FROM platform_setting WHERE NOT secret`)
	if err != nil {
		return nil, fmt.Errorf("platform settings: %w", err)
	}
	out := map[string]json.RawMessage{}
	var key string
	var value json.RawMessage
	_, err = pgx.ForEachRow(rows, []any{&key, &value}, func() error {
		out[key] = append(json.RawMessage(nil), value...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("platform settings: %w", err)
	}
	return out, nil
}

// Set stores one setting's value.
func (s *Store) Set(ctx context.Context, key string, value any) error {
	b, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("platform setting %s: %w", key, err)
	}
	tag, err := s.db.Exec(ctx, `UPDATE platform_setting SET value = $2, updated_at = now() WHERE key = $1`, key, b)
	if err != nil {
		return fmt.Errorf("platform setting %s: %w", key, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("platform setting %s: unknown key", key)
	}
	return nil
}
