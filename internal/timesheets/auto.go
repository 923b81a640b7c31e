package timesheets

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/items"
)

// Codes of autoTimesheetType that make entries (0 is manual).
const (
	autoFromTasks    = 1
	autoFromCalendar = 2
	// maxAutoDays is how far back an item's time in a status makes entries,
	// so a task forgotten for a year does not fill a year of timesheets.
	maxAutoDays = 62
)

// StatusLeft makes the automatic entries of item leaving status through a
// transition, in its transaction (tx), written by by: when status is a
// working one and responsible's autoTimesheetType is "from tasks", each day
// since the item entered it gets the work of the person's calendar in that
// time, as a draft of responsible on item.
func (s *Service) StatusLeft(ctx context.Context, tx pgx.Tx, by, item, status int64, responsible *int64) error {
	if responsible == nil {
		return nil
	}
	working, err := s.store.workingStatus(ctx, tx, status)
	if err != nil || !working {
		return err
	}
	owner := *responsible
	p, err := s.store.autoPersonOf(ctx, tx, owner)
	if err != nil || p.auto != autoFromTasks || p.timesheetType == timesheetNone {
		return err
	}
	since, err := items.StatusSince(ctx, tx, []int64{item})
	if err != nil {
		return err
	}
	from, ok := since[item]
	if !ok {
		return nil
	}
	now := s.now().UTC()
	first, last := maxTime(dayOf(from), dayOf(now).AddDate(0, 0, -maxAutoDays)), dayOf(now)
	if err := s.store.lockUser(ctx, tx, owner); err != nil {
		return err
	}
	g, err := s.autoGuard(ctx, tx, owner, first, last)
	if err != nil {
		return err
	}
	actor := items.Caller{UserID: by}
	for day := first; !day.After(last); day = day.AddDate(0, 0, 1) {
		minutes := p.calendar.worked(day, from, now)
		if minutes == 0 {
			continue
		}
		if open, err := g.open(ctx, day); err != nil || !open {
			if err != nil {
				return err
			}
			continue
		}
		if err := s.autoItemDay(ctx, tx, actor, owner, item, day, minutes); err != nil {
			return err
		}
	}
	return nil
}

// autoItemDay makes owner's automatic draft on item on day minutes long
// (less when the day's other hours leave less of 24:00). A day on which the
// person recorded hours on the item by hand, or whose automatic entry is no
// longer a draft, is theirs: it is left as it is.
func (s *Service) autoItemDay(ctx context.Context, tx pgx.Tx, actor items.Caller, owner, item int64, day time.Time, minutes int) error {
	entries, err := s.store.dayEntries(ctx, tx, owner, day)
	if err != nil {
		return err
	}
	var kept []autoEntry
	others := 0
	for _, e := range entries {
		switch {
		case e.item == item && !e.replaceable():
			return nil
		case e.item == item:
			kept = append(kept, e)
		default:
			others += e.minutes
		}
	}
	minutes = min(minutes, MaxDayMinutes-others)
	if minutes <= 0 {
		return nil
	}
	if len(kept) == 1 && kept[0].minutes == minutes {
		return nil // the same generation again
	}
	for _, e := range kept[min(1, len(kept)):] {
		if err := s.store.deleteEntry(ctx, tx, e.id); err != nil {
			return err
		}
		if err := s.store.recordEvent(ctx, tx, actor, item, owner, "delete", day, e.minutes, ""); err != nil {
			return err
		}
	}
	op := "add"
	if len(kept) > 0 {
		op, err = "edit", s.store.setAutoMinutes(ctx, tx, kept[0].id, actor.UserID, minutes)
	} else {
		err = s.store.addAutoEntry(ctx, tx, item, owner, actor.UserID, day, minutes)
	}
	if err != nil {
		return err
	}
	return s.store.recordEvent(ctx, tx, actor, item, owner, op, day, minutes, "")
}

// fillFromCalendar makes the automatic entries of c's week starting sunday
// when c's autoTimesheetType is "from the work calendar" and it is the
// current week: each working day before today on which c recorded nothing
// gets its capacity shared over the items c is responsible for that were
// in a working status that day.
func (s *Service) fillFromCalendar(ctx context.Context, c items.Caller, sunday time.Time) error {
	today := dayOf(s.now())
	if !sunday.Equal(today.AddDate(0, 0, -int(today.Weekday()))) || !sunday.Before(today) {
		return nil
	}
	p, err := s.store.autoPersonOf(ctx, s.store.db, c.UserID)
	if err != nil || p.auto != autoFromCalendar || p.timesheetType == timesheetNone {
		return err
	}
	return pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		if err := s.store.lockUser(ctx, tx, c.UserID); err != nil {
			return err
		}
		g, err := s.autoGuard(ctx, tx, c.UserID, sunday, today)
		if err != nil {
			return err
		}
		work, err := s.store.workingItems(ctx, tx, c.UserID)
		if err != nil || len(work) == 0 {
			return err
		}
		since, err := items.StatusSince(ctx, tx, work)
		if err != nil {
			return err
		}
		for day := sunday; day.Before(today); day = day.AddDate(0, 0, 1) {
			if err := s.fillDay(ctx, tx, c, g, p.calendar.capacity(day), day, work, since); err != nil {
				return err
			}
		}
		return nil
	})
}

// fillDay shares capacity of day over the items of work in their status by
// then, unless the day is closed, sent or has any entry of c's.
func (s *Service) fillDay(ctx context.Context, tx pgx.Tx, c items.Caller, g *autoGuard, capacity int, day time.Time,
	work []int64, since map[int64]time.Time) error {
	if capacity == 0 {
		return nil
	}
	if open, err := g.open(ctx, day); err != nil || !open {
		return err
	}
	entries, err := s.store.dayEntries(ctx, tx, c.UserID, day)
	if err != nil || len(entries) > 0 {
		return err
	}
	var on []int64
	for _, id := range work {
		if at, ok := since[id]; ok && !dayOf(at).After(day) {
			on = append(on, id)
		}
	}
	for i, minutes := range splitDay(capacity, len(on)) {
		if minutes == 0 {
			continue
		}
		if err := s.store.addAutoEntry(ctx, tx, on[i], c.UserID, c.UserID, day, minutes); err != nil {
			return err
		}
		if err := s.store.recordEvent(ctx, tx, c, on[i], c.UserID, "add", day, minutes, ""); err != nil {
			return err
		}
	}
	return nil
}

// autoGuard says which days automatic entries may write for owner: not in a
// closed month, not in a week already sent for approval (as it was before
// this generation wrote anything).
type autoGuard struct {
	s      *Service
	tx     pgx.Tx
	owner  int64
	closed map[time.Time]bool
	sent   map[time.Time]bool
}

// autoGuard reads owner's closed months from first to last.
func (s *Service) autoGuard(ctx context.Context, tx pgx.Tx, owner int64, first, last time.Time) (*autoGuard, error) {
	months, err := s.store.closedMonths(ctx, tx, owner, first, monthOf(last).AddDate(0, 1, 0))
	if err != nil {
		return nil, err
	}
	g := &autoGuard{s: s, tx: tx, owner: owner, closed: map[time.Time]bool{}, sent: map[time.Time]bool{}}
	for _, m := range months {
		g.closed[m.month] = true
	}
	return g, nil
}

// open: automatic entries may be written on day.
func (g *autoGuard) open(ctx context.Context, day time.Time) (bool, error) {
	if g.closed[monthOf(day)] {
		return false, nil
	}
	sunday := day.AddDate(0, 0, -int(day.Weekday()))
	sent, ok := g.sent[sunday]
	if !ok {
		var err error
		if sent, err = g.s.store.weekSent(ctx, g.tx, g.owner, sunday); err != nil {
			return false, err
		}
		g.sent[sunday] = sent
	}
	return !sent, nil
}
