package timesheets

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// MaxAgendaDays bounds the days of hours one agenda answer lists: a month
// view of someone recording on a few items a day stays far below it.
const MaxAgendaDays = 1000

// ItemDay is what a user recorded on one item on one day, for the Agenda
// of "Gestão do Trabalho": the sum of the entries and their descriptions.
type ItemDay struct {
	Date          string // YYYY-MM-DD
	Minutes       int
	ItemID        int64
	ComponentID   int64
	ApplicationID int64
	FormattedID   int64
	Title         string
	Description   string
}

// ItemDays lists user's hours per item and day in [from, to), on the items
// the user may still read (as the week grid does), by day and item; at
// most MaxAgendaDays, and whether there were more.
func (s *Store) ItemDays(ctx context.Context, user int64, panelAdmin bool, from, to time.Time) ([]ItemDay, bool, error) {
	rows, err := s.db.Query(ctx, `SELECT to_char(e.work_date, 'YYYY-MM-DD'), sum(e.minutes)::int, i.id, i.component_id,
			c.application_id, i.number, i.title, string_agg(nullif(e.description, ''), E'\n' ORDER BY e.id)
		FROM item_time_entry e JOIN readable_item($1, $2) i ON i.id = e.item_id JOIN component c ON c.id = i.component_id
		WHERE e.user_id = $1 AND e.work_date >= $3::date AND e.work_date < $4::date
		GROUP BY e.work_date, i.id, i.component_id, c.application_id, i.number, i.title
		ORDER BY e.work_date, i.id LIMIT $5`, user, panelAdmin, from, to, MaxAgendaDays+1)
	if err != nil {
		return nil, false, fmt.Errorf("agenda hours: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ItemDay, error) {
		var d ItemDay
		var note *string
		err := r.Scan(&d.Date, &d.Minutes, &d.ItemID, &d.ComponentID, &d.ApplicationID, &d.FormattedID, &d.Title, &note)
		if note != nil {
			d.Description = *note
		}
		return d, err
	})
	if err != nil {
		return nil, false, fmt.Errorf("agenda hours: %w", err)
	}
	if len(out) > MaxAgendaDays {
		return out[:MaxAgendaDays], true, nil
	}
	return out, false, nil
}
