package items

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

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

// SearchItems answers searchItemsByQuery: full text over title and text
// attributes (Portuguese, accents ignored), best first, among readable items; a
// title containing the text also matches, so a word being typed finds some.
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
	like := likePattern(q)
	hits, err := s.store.search(ctx, c, q, like, in.ComponentID, in.ProjectID, in.Limit, i18n.LangOf(ctx))
	if err != nil {
		return nil, err
	}
	for i := range hits {
		hits[i].LastModify = hits[i].LastModify.UTC()
	}
	return hits, nil
}
