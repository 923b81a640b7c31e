// Package platform owns the platform settings of spec section 1: branding,
// language, layout and the switches (recaptcha, terms of use, maintenance).
package platform

import (
	"context"
	"encoding/json"
	"errors"
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

// Set stores a setting's value, which must keep the JSON kind it has: the
// public settings call decodes settings into typed fields, and one wrong
// kind would fail it and with it every page, the login page first.
func (s *Store) Set(ctx context.Context, key string, value any) error {
	b, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("platform setting %s: %w", key, err)
	}
	var current string
	err = s.db.QueryRow(ctx, `UPDATE platform_setting SET value = CASE WHEN jsonb_typeof(value) = jsonb_typeof($2::jsonb)
		THEN $2::jsonb ELSE value END,
		updated_at = CASE WHEN jsonb_typeof(value) = jsonb_typeof($2::jsonb) THEN now() ELSE updated_at END WHERE key = $1 RETURNING jsonb_typeof(value)`, key, b).Scan(&current)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("platform setting %s: unknown key", key)
	}
	if err != nil {
		return fmt.Errorf("platform setting %s: %w", key, err)
	}
	var got any
	if err := json.Unmarshal(b, &got); err != nil {
		return fmt.Errorf("platform setting %s: %w", key, err)
	}
	if kind := jsonKind(got); kind != current {
		return fmt.Errorf("platform setting %s: the value must be a JSON %s, not a %s", key, current, kind)
	}
	return nil
}

// jsonKind names a decoded JSON value's kind as PostgreSQL's jsonb_typeof does.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	default:
		return "object"
	}
}
