package timesheets

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/items"
)

// closedMonth is a closed month of one person: who closed it and when.
type closedMonth struct {
	month    time.Time
	closedBy string
	owner    string
}

// closedMonths lists owner's closed months whose first day falls from
// from to before to (a zero to: no end), oldest first.
func (s *Store) closedMonths(ctx context.Context, q items.Querier, owner int64, from, to time.Time) ([]closedMonth, error) {
	if to.IsZero() {
		to = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	rows, err := q.Query(ctx, `SELECT mc.month, coalesce(b.name, ''), coalesce(o.name, '')
		FROM time_month_closed mc LEFT JOIN app_user b ON b.id = mc.closed_by LEFT JOIN app_user o ON o.id = mc.user_id
		WHERE mc.user_id = $1 AND mc.month >= $2 AND mc.month < $3 ORDER BY mc.month`, owner, monthOf(from), to)
	if err != nil {
		return nil, fmt.Errorf("closed months: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (closedMonth, error) {
		var m closedMonth
		err := r.Scan(&m.month, &m.closedBy, &m.owner)
		m.month = m.month.UTC()
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("closed months: %w", err)
	}
	return out, nil
}

// monthPersonRow is a person of the month list as read.
type monthPersonRow struct {
	MonthPerson
	calendar []byte
}

// monthPeople lists the people of month: users with an active resource and
// anyone with entries in the month, filtered, with their hours, pending
// approvals, work calendar and closing.
func (s *Store) monthPeople(ctx context.Context, q items.Querier, month time.Time, f MonthFilter) ([]monthPersonRow, error) {
	next := month.AddDate(0, 1, 0)
	like := ""
	if f.Name != "" {
		like = "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(f.Name) + "%"
	}
	rows, err := q.Query(ctx, `WITH people AS (
			SELECT r.user_id AS id FROM resource r WHERE r.active AND r.user_id IS NOT NULL
			UNION SELECT DISTINCT e.user_id FROM item_time_entry e WHERE e.work_date >= $1 AND e.work_date < $2
		), sums AS (
			SELECT e.user_id, sum(e.minutes) AS minutes, count(*) FILTER (WHERE e.state = 'submitted') AS pending
			FROM item_time_entry e WHERE e.work_date >= $1 AND e.work_date < $2 GROUP BY e.user_id
		)
		SELECT u.id, coalesce(nullif(btrim(u.name), ''), u.login), co.id, coalesce(co.name, ''),
			coalesce(sm.minutes, 0), coalesce(sm.pending, 0),
			coalesce(CASE WHEN jsonb_array_length(r.calendar -> 'workPeriods') > 0 THEN r.calendar END,
				CASE WHEN jsonb_array_length(u.calendar -> 'workPeriods') > 0 THEN u.calendar END),
			mc.closed_at, coalesce(cb.name, '')
		FROM people p JOIN app_user u ON u.id = p.id
		LEFT JOIN resource r ON r.user_id = u.id
		LEFT JOIN company co ON co.id = coalesce(r.company_id, u.company_id)
		LEFT JOIN sums sm ON sm.user_id = u.id
		LEFT JOIN time_month_closed mc ON mc.user_id = u.id AND mc.month = $1
		LEFT JOIN app_user cb ON cb.id = mc.closed_by
		WHERE ($3::bigint = 0 OR co.id = $3)
		  AND ($4 = '' OR tramita_unaccent(coalesce(nullif(btrim(u.name), ''), u.login)) ILIKE tramita_unaccent($4))
		  AND ($5 = '' OR ($5 = 'closed') = (mc.user_id IS NOT NULL))
		ORDER BY lower(tramita_unaccent(coalesce(nullif(btrim(u.name), ''), u.login))), u.id`,
		month, next, int64(f.CompanyID), like, f.State)
	if err != nil {
		return nil, fmt.Errorf("month people: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (monthPersonRow, error) {
		var p monthPersonRow
		err := r.Scan(&p.UserID, &p.Name, &p.CompanyID, &p.CompanyName, &p.LoggedMinutes, &p.PendingApprovals,
			&p.calendar, &p.ClosedAt, &p.ClosedBy)
		if p.ClosedAt != nil {
			at := p.ClosedAt.UTC()
			p.ClosedAt, p.Closed = &at, true
		}
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("month people: %w", err)
	}
	return out, nil
}

// companies lists the companies for the month list's filter.
func (s *Store) companies(ctx context.Context) ([]Company, error) {
	rows, err := s.db.Query(ctx, `SELECT id, name FROM company ORDER BY lower(name), id`)
	if err != nil {
		return nil, fmt.Errorf("companies: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Company, error) {
		var c Company
		err := r.Scan(&c.ID, &c.Name)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("companies: %w", err)
	}
	return out, nil
}

// closeMonths closes month for users (already locked) by by; a month
// already closed keeps its first closing. It answers the users it closed.
func (s *Store) closeMonths(ctx context.Context, tx pgx.Tx, month time.Time, users []int64, by int64) ([]int64, error) {
	rows, err := tx.Query(ctx, `INSERT INTO time_month_closed (user_id, month, closed_by)
		SELECT u, $2, $3 FROM unnest($1::bigint[]) u ON CONFLICT (user_id, month) DO NOTHING RETURNING user_id`, users, month, by)
	if err != nil {
		return nil, fmt.Errorf("close month: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("close month: %w", err)
	}
	return out, nil
}

// reopenMonth deletes user's closing of month; false when it was open.
func (s *Store) reopenMonth(ctx context.Context, tx pgx.Tx, month time.Time, user int64) (bool, error) {
	tag, err := tx.Exec(ctx, `DELETE FROM time_month_closed WHERE user_id = $1 AND month = $2`, user, month)
	if err != nil {
		return false, fmt.Errorf("reopen month: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

// pendingOf counts the submitted entries of users in month, by user, with
// their names (those with none left out).
func (s *Store) pendingOf(ctx context.Context, tx pgx.Tx, month time.Time, users []int64) ([]pendingPerson, error) {
	rows, err := tx.Query(ctx, `SELECT coalesce(nullif(btrim(u.name), ''), u.login), count(*)
		FROM item_time_entry e JOIN app_user u ON u.id = e.user_id
		WHERE e.user_id = ANY($1) AND e.work_date >= $2 AND e.work_date < $3 AND e.state = 'submitted'
		GROUP BY u.id ORDER BY lower(coalesce(nullif(btrim(u.name), ''), u.login)), u.id`, users, month, month.AddDate(0, 1, 0))
	if err != nil {
		return nil, fmt.Errorf("pending approvals: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (pendingPerson, error) {
		var p pendingPerson
		err := r.Scan(&p.name, &p.count)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("pending approvals: %w", err)
	}
	return out, nil
}

// userNames answers the names of users that exist, by id.
func (s *Store) userNames(ctx context.Context, q items.Querier, users []int64) (map[int64]string, error) {
	rows, err := q.Query(ctx, `SELECT id, coalesce(nullif(btrim(name), ''), login) FROM app_user WHERE id = ANY($1)`, users)
	if err != nil {
		return nil, fmt.Errorf("users: %w", err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("users: %w", err)
		}
		out[id] = name
	}
	return out, rows.Err()
}

// lockUsers takes the entry lock of each user, in id order so two closings
// never wait on each other.
func (s *Store) lockUsers(ctx context.Context, tx pgx.Tx, users []int64) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('item_time_entry:' || s.u, 0))
		FROM (SELECT DISTINCT u FROM unnest($1::bigint[]) u ORDER BY u) s`, users); err != nil {
		return fmt.Errorf("time entry lock: %w", err)
	}
	return nil
}
