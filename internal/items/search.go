package items

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Limits of searchItemsByQuery.
const (
	SearchDefaultLimit = 20
	SearchMaxLimit     = 100
	SearchMaxText      = 200
)

// SearchInput is the body of searchItemsByQuery.
type SearchInput struct {
	Query string `json:"query"`
	// ComponentID and ProjectID, when given, narrow the search.
	ComponentID int64 `json:"componentId"`
	ProjectID   int64 `json:"projectId"`
	Limit       int   `json:"limit"`
}

// SearchHit is one item found, with what a result list shows.
type SearchHit struct {
	ID            int64     `json:"id"`
	ComponentID   int64     `json:"componentID"`
	ComponentName string    `json:"componentName"`
	ApplicationID int64     `json:"applicationID"`
	FormattedID   int64     `json:"FormattedID"`
	Title         string    `json:"Title"`
	ProjectID     *int64    `json:"ProjectID"`
	ProjectName   string    `json:"ProjectName"`
	StatusName    string    `json:"StatusName"`
	StatusColor   string    `json:"StatusColor"`
	LastModify    time.Time `json:"LastModify"`
	Rank          float32   `json:"rank"`
}

// SearchItems answers searchItemsByQuery: full text over the title and the
// text attributes (Portuguese stemming, accents ignored), best matches
// first, across the types and items the caller may read. A title containing
// the text also matches, so a word being typed finds something.
func (s *Service) SearchItems(ctx context.Context, c Caller, in SearchInput) ([]SearchHit, error) {
	q := strings.TrimSpace(in.Query)
	if q == "" {
		return nil, httpx.Invalid("query", "items.searchEmpty")
	}
	if utf8.RuneCountInString(q) > SearchMaxText {
		return nil, httpx.Invalid("query", "items.searchTooLong", "max", SearchMaxText)
	}
	if in.Limit <= 0 {
		in.Limit = SearchDefaultLimit
	}
	in.Limit = min(in.Limit, SearchMaxLimit)
	like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(q) + "%"
	rows, err := s.store.db.Query(ctx, `WITH q AS (SELECT websearch_to_tsquery('portuguese', tramita_unaccent($3)) AS ts)
		SELECT i.id, c.id, coalesce(c.name ->> $6, c.name ->> 'pt-BR'), c.application_id, i.number, i.title, i.project_id,
			coalesce(p.name, ''), coalesce(st.name ->> $6, st.name ->> 'pt-BR', ''), coalesce(st.color, ''), i.modified_at,
			ts_rank(i.search, q.ts) + CASE WHEN i.title ILIKE $4 THEN 1 ELSE 0 END AS rank
		FROM q, item i JOIN component c ON c.id = i.component_id
			LEFT JOIN project p ON p.id = i.project_id LEFT JOIN item_status st ON st.id = i.status_id
		WHERE (i.search @@ q.ts OR i.title ILIKE $4)
		  AND c.retired_at IS NULL AND `+componentReadable+` AND `+itemReadable+`
		  AND ($5::bigint = 0 OR i.component_id = $5) AND ($7::bigint = 0 OR i.project_id = $7)
		ORDER BY rank DESC, i.modified_at DESC, i.id DESC
		LIMIT $8`, c.UserID, c.PanelAdmin, q, like, in.ComponentID, i18n.LangOf(ctx), in.ProjectID, in.Limit)
	if err != nil {
		return nil, fmt.Errorf("search items: %w", err)
	}
	hits, err := pgx.CollectRows(rows, pgx.RowToStructByPos[SearchHit])
	if err != nil {
		return nil, fmt.Errorf("search items: %w", err)
	}
	for i := range hits {
		hits[i].LastModify = hits[i].LastModify.UTC()
	}
	return hits, nil
}
