package items

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tramita/tramita/internal/i18n"
)

// readBatch is how many rows ListRows.Each reads before their lookups
// (users, picklists, projects) are resolved and handed on: memory stays
// flat however long the list.
const readBatch = 1000

// ListRows reads a list as executeFilter does (the same rights, query,
// filters and order) row after row with their display values: how a
// module that needs every row of a list (the Excel export,
// internal/itemio) reads it without the core's SQL.
type ListRows struct {
	s *Service
	q *listQuery
	// Component is the list's type.
	Component *Component
}

// ReadList checks and compiles list request in for c as executeFilter
// does; its paging fields are the caller's to use with Each.
func (s *Service) ReadList(ctx context.Context, c Caller, in ExecuteFilterInput) (*ListRows, error) {
	q, err := s.prepare(ctx, c, in)
	if err != nil {
		return nil, err
	}
	return &ListRows{s: s, q: q, Component: q.comp}, nil
}

// Only keeps the rows of ids among those the list matches.
func (l *ListRows) Only(ids []int64) {
	l.q.args = append(l.q.args, ids)
	l.q.where += " AND i.id = ANY($" + strconv.Itoa(len(l.q.args)) + ")"
}

// Columns are the list's columns: its view's, else the type's default
// view's, hidden ones included (Column.Hidden).
func (l *ListRows) Columns(ctx context.Context) ([]Column, error) {
	view := l.q.view
	if view == nil {
		views, err := l.s.store.views(ctx, l.q.comp.ID, l.q.lang)
		if err != nil {
			return nil, err
		}
		for i := range views {
			if views[i].Default && view == nil {
				view = &views[i]
			}
		}
	}
	return columns(l.q.comp, view, i18n.Lang(l.q.lang)), nil
}

// CountUpTo counts the matching rows, stopping at limit.
func (l *ListRows) CountUpTo(ctx context.Context, limit int) (int, error) {
	return l.s.store.countUpTo(ctx, l.q.where, l.q.args, limit)
}

// Each reads limit rows from offset, in the list's order, and hands them to
// fn in batches with their lookups resolved, keyed as executeFilter's rows.
func (l *ListRows) Each(ctx context.Context, limit, offset int, fn func([]map[string]any) error) error {
	return l.s.store.each(ctx, l.q.comp, l.q.where, l.q.order, l.q.args, limit, offset, l.q.lang, fn)
}

// countUpTo counts matching rows, stopping at limit.
func (st *Store) countUpTo(ctx context.Context, where string, args []any, limit int) (int, error) {
	var n int
	err := st.db.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM item i WHERE `+where+` LIMIT `+strconv.Itoa(limit)+`) t`,
		args...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count export: %w", err)
	}
	return n, nil
}

// each reads rows in order and hands them on in batches with their lookups
// resolved: one query streams the rows, each batch adds one query per kind.
func (st *Store) each(ctx context.Context, comp *Component, where, order string, args []any, limit, offset int, lang string,
	fn func([]map[string]any) error) error {
	args = append(args, lang, limit, offset)
	n := len(args)
	rows, err := st.db.Query(ctx, `SELECT `+fmt.Sprintf(rowColumns, n-2)+` FROM item i`+rowJoins+` WHERE `+where+
		` ORDER BY `+order+fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n-1, n), args...)
	if err != nil {
		return fmt.Errorf("export items: %w", err)
	}
	defer rows.Close()
	batch := make([]map[string]any, 0, readBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := st.resolve(ctx, comp, batch, lang); err != nil {
			return err
		}
		err := fn(batch)
		batch = batch[:0]
		return err
	}
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			return err
		}
		if batch = append(batch, r); len(batch) == readBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("export items: %w", err)
	}
	return flush()
}
