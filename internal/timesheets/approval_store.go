package timesheets

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// managesProject holds over project p (which may be missing: an item of no
// project) when the caller ($1 user, $2 panel administrator) is one of its
// managers, by their own role or a group's, as internal/projects says.
const managesProject = `($2 OR (p.id IS NOT NULL AND (
	EXISTS (SELECT 1 FROM project_member pm WHERE pm.project_id = p.id AND pm.user_id = $1 AND pm.role = 'manager')
	OR EXISTS (SELECT 1 FROM project_group pg JOIN user_group g ON g.id = pg.group_id
		WHERE pg.project_id = p.id AND pg.role = 'manager'
		  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1))))))`

// submit sends user's draft and rejected entries from start to end for
// approval; it answers how many.
// daysToSubmit are the days in [start, end) on which user has draft or
// rejected entries: the days submit changes.
func (s *Store) daysToSubmit(ctx context.Context, tx pgx.Tx, user int64, start, end time.Time) ([]time.Time, error) {
	rows, err := tx.Query(ctx, `SELECT DISTINCT work_date FROM item_time_entry
		WHERE user_id = $1 AND work_date >= $2 AND work_date < $3 AND state IN ('draft', 'rejected') ORDER BY 1`, user, start, end)
	if err != nil {
		return nil, fmt.Errorf("days to submit: %w", err)
	}
	days, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
	if err != nil {
		return nil, fmt.Errorf("days to submit: %w", err)
	}
	return days, nil
}

func (s *Store) submit(ctx context.Context, tx pgx.Tx, user int64, start, end time.Time) (int64, error) {
	tag, err := tx.Exec(ctx, `WITH sent AS (UPDATE item_time_entry SET state = 'submitted', submitted_at = now(),
			reviewer_id = NULL, reviewed_at = NULL, review_note = ''
		WHERE user_id = $1 AND work_date >= $2 AND work_date < $3 AND state IN ('draft', 'rejected')
		RETURNING item_id, user_id, work_date, minutes, description)
		INSERT INTO item_time_entry_event (item_id, actor_id, owner_id, operation, work_date, minutes, description)
		SELECT item_id, $1, user_id, 'submit', work_date, minutes, description FROM sent`, user, start, end)
	if err != nil {
		return 0, fmt.Errorf("submit week: %w", err)
	}
	return tag.RowsAffected(), nil
}

// reviewEntry is an entry being reviewed, locked: its owner (name and
// language), day, hours, item, project and whether the caller manages it.
type reviewEntry struct {
	id, owner            int64
	ownerName, ownerLang string
	state                string
	day                  time.Time
	minutes              int
	number               int64
	title, project       string
	manages              bool
	// reads: the caller reads the entry's project (a refusal may name it).
	reads bool
}

// reviewEntries locks the entries ids of live items, by owner and day.
func (s *Store) reviewEntries(ctx context.Context, tx pgx.Tx, c items.Caller, ids []int64) ([]reviewEntry, error) {
	rows, err := tx.Query(ctx, `SELECT e.id, e.user_id, u.name, u.language, e.state, e.work_date, e.minutes, i.number, i.title,
			coalesce(p.name, ''), `+managesProject+`, coalesce(p.id IN (SELECT rp.id FROM readable_project($1, $2) rp), false)
		FROM item_time_entry e JOIN live_item i ON i.id = e.item_id
			JOIN app_user u ON u.id = e.user_id LEFT JOIN project p ON p.id = i.project_id
		WHERE e.id = ANY($3) ORDER BY e.user_id, e.work_date, i.number, e.id FOR UPDATE OF e`, c.UserID, c.PanelAdmin, ids)
	if err != nil {
		return nil, fmt.Errorf("review entries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (reviewEntry, error) {
		var e reviewEntry
		err := r.Scan(&e.id, &e.owner, &e.ownerName, &e.ownerLang, &e.state, &e.day, &e.minutes, &e.number, &e.title,
			&e.project, &e.manages, &e.reads)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("review entries: %w", err)
	}
	return out, nil
}

// setReview gives the entries ids state to (approved or rejected) by
// reviewer, with the reason (a rejection's), and tells their items' history
// (the reason, else the entry's description).
func (s *Store) setReview(ctx context.Context, tx pgx.Tx, reviewer int64, ids []int64, to, reason string) error {
	op := "approve"
	if to == stateRejected {
		op = "reject"
	}
	if _, err := tx.Exec(ctx, `WITH reviewed AS (UPDATE item_time_entry SET state = $3, reviewer_id = $1, reviewed_at = now(), review_note = $4
			WHERE id = ANY($2) RETURNING item_id, user_id, work_date, minutes, description)
		INSERT INTO item_time_entry_event (item_id, actor_id, owner_id, operation, work_date, minutes, description)
		SELECT item_id, $1, user_id, $5, work_date, minutes, coalesce(nullif($4, ''), description) FROM reviewed`,
		reviewer, ids, to, reason, op); err != nil {
		return fmt.Errorf("review entries: %w", err)
	}
	return nil
}

// userName is user's name.
func (s *Store) userName(ctx context.Context, q items.Querier, user int64) (string, error) {
	var name string
	if err := q.QueryRow(ctx, `SELECT name FROM app_user WHERE id = $1`, user).Scan(&name); err != nil {
		return "", fmt.Errorf("user name: %w", err)
	}
	return name, nil
}

// teamFrom is the entries the team list may show ($1 user, $2 panel
// administrator): on live items of the projects the caller manages (any
// item for an administrator), from $3 to $4, of project $5 and person $6
// (0: any).
const teamFrom = `FROM item_time_entry e JOIN live_item i ON i.id = e.item_id
	WHERE e.work_date >= $3 AND e.work_date <= $4
	  AND ($2 OR i.project_id IN (SELECT p.id FROM project p WHERE ` + managesProject + `))
	  AND ($5::bigint = 0 OR i.project_id = $5) AND ($6::bigint = 0 OR e.user_id = $6)`

// managedProjects lists the projects the caller manages (every project for
// a panel administrator), by name.
func (s *Store) managedProjects(ctx context.Context, c items.Caller) ([]Choice, error) {
	rows, err := s.db.Query(ctx, `SELECT p.id, p.name FROM project p WHERE `+managesProject+` ORDER BY lower(p.name), p.id`,
		c.UserID, c.PanelAdmin)
	return collectChoices(rows, err, "managed projects")
}

// teamPeople lists the people with entries the team list may show in the
// period (and project), by name.
func (s *Store) teamPeople(ctx context.Context, c items.Caller, f *teamFilter) ([]Choice, error) {
	rows, err := s.db.Query(ctx, `SELECT u.id, u.name FROM app_user u WHERE u.id IN (SELECT e.user_id `+teamFrom+`)
		ORDER BY lower(u.name), u.id`, c.UserID, c.PanelAdmin, f.from, f.to, f.project, int64(0))
	return collectChoices(rows, err, "team people")
}

func collectChoices(rows pgx.Rows, err error, what string) ([]Choice, error) {
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Choice, error) {
		var ch Choice
		err := r.Scan(&ch.ID, &ch.Name)
		return ch, err
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// teamStates counts the entries of each state under the filter's other
// conditions, in the order draft, submitted, approved, rejected.
func (s *Store) teamStates(ctx context.Context, c items.Caller, f *teamFilter) ([]StateTotal, error) {
	rows, err := s.db.Query(ctx, `SELECT st.state, count(e.id), coalesce(sum(e.minutes), 0)
		FROM unnest(ARRAY['draft', 'submitted', 'approved', 'rejected']) WITH ORDINALITY st(state, n)
		LEFT JOIN (SELECT e.id, e.minutes, e.state `+teamFrom+`) e ON e.state = st.state
		GROUP BY st.state, st.n ORDER BY st.n`, c.UserID, c.PanelAdmin, f.from, f.to, f.project, f.person)
	if err != nil {
		return nil, fmt.Errorf("team states: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (StateTotal, error) {
		var st StateTotal
		err := r.Scan(&st.State, &st.Count, &st.Minutes)
		return st, err
	})
	if err != nil {
		return nil, fmt.Errorf("team states: %w", err)
	}
	return out, nil
}

// teamEntries lists the first limit entries of the team list, by person,
// day, project and item.
func (s *Store) teamEntries(ctx context.Context, c items.Caller, f *teamFilter, limit int) ([]TeamEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT e.id, e.user_id, coalesce(u.name, ''), i.id, i.component_id,
			coalesce(nullif(comp.name ->> $9, ''), comp.name ->> 'pt-BR', comp.key), i.number, i.title,
			coalesce(i.project_id, 0), coalesce(pr.name, ''), to_char(e.work_date, 'YYYY-MM-DD'), e.minutes,
			to_char(e.start_time, 'HH24:MI'), to_char(e.end_time, 'HH24:MI'), e.description, e.state, e.submitted_at,
			coalesce(r.name, ''), e.reviewed_at, e.review_note
		FROM (SELECT e.id `+teamFrom+` AND ($7 = '' OR e.state = $7)) sel
			JOIN item_time_entry e ON e.id = sel.id JOIN live_item i ON i.id = e.item_id JOIN component comp ON comp.id = i.component_id
			LEFT JOIN project pr ON pr.id = i.project_id LEFT JOIN app_user u ON u.id = e.user_id
			LEFT JOIN app_user r ON r.id = e.reviewer_id
		ORDER BY lower(u.name), e.user_id, e.work_date, lower(pr.name), i.number, e.id LIMIT $8`,
		c.UserID, c.PanelAdmin, f.from, f.to, f.project, f.person, f.state, limit, i18n.LangOf(ctx))
	if err != nil {
		return nil, fmt.Errorf("team entries: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (TeamEntry, error) {
		var e TeamEntry
		err := r.Scan(&e.ID, &e.UserID, &e.UserName, &e.ItemID, &e.ComponentID, &e.ComponentName, &e.FormattedID, &e.Title,
			&e.ProjectID, &e.ProjectName, &e.Date, &e.Minutes, &e.Start, &e.End, &e.Description, &e.State, &e.SubmittedAt,
			&e.Reviewer, &e.ReviewedAt, &e.ReviewNote)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("team entries: %w", err)
	}
	for i := range out {
		if out[i].SubmittedAt != nil {
			t := out[i].SubmittedAt.UTC()
			out[i].SubmittedAt = &t
		}
		if out[i].ReviewedAt != nil {
			t := out[i].ReviewedAt.UTC()
			out[i].ReviewedAt = &t
		}
	}
	return out, nil
}
