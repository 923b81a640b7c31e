package timesheets

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
	"github.com/tramita/tramita/internal/items"
)

// Review states of a time entry (migration 00160).
const (
	stateDraft     = "draft"
	stateSubmitted = "submitted"
	stateApproved  = "approved"
	stateRejected  = "rejected"
)

// Bounds of a review.
const (
	// MaxReviewNote is a rejection reason's length in characters.
	MaxReviewNote = 500
	// MaxReviewEntries is how many entries one approval or rejection names.
	MaxReviewEntries = 2000
	// maxMessageLines is how many entries a review message lists; the rest
	// is counted.
	maxMessageLines = 40
)

// Send stores an in-app message for a user (and queues its push) in the
// caller's transaction: internal/messages' Service.SendTx.
type Send func(ctx context.Context, tx pgx.Tx, user int64, title, text string) error

// SetSend gives the service what tells people their hours were reviewed;
// without it nothing can be approved or rejected.
func (s *Service) SetSend(send Send) { s.send = send }

// reviewLocked: a submitted entry waits for its review and an approved one
// is final; neither changes.
func reviewLocked(state string) bool { return state == stateSubmitted || state == stateApproved }

// lockedError refuses a change of an entry of day in state (nil: it may
// change).
func lockedError(state string, day time.Time) error {
	switch state {
	case stateSubmitted:
		return httpx.Fail(http.StatusConflict, "timesheets.entrySubmitted", "date", day.Format("02/01/2006"))
	case stateApproved:
		return httpx.Fail(http.StatusConflict, "timesheets.entryApproved", "date", day.Format("02/01/2006"))
	}
	return nil
}

// cellState is the state a cell shows when it holds entries in states was
// and next: what asks for action first (rejected, then draft, then
// submitted, then approved).
func cellState(was, next string) string {
	rank := map[string]int{"": 0, stateApproved: 1, stateSubmitted: 2, stateDraft: 3, stateRejected: 4}
	if rank[next] > rank[was] {
		return next
	}
	return was
}

// WeekReview is the state of a week's entries for the week grid: how many
// are in each state, and State: "empty" (no entries), "open" (drafts or
// rejected entries to submit), "submitted" (all sent, some waiting) or
// "approved" (all approved).
type WeekReview struct {
	State     string `json:"state"`
	Draft     int    `json:"draft"`
	Submitted int    `json:"submitted"`
	Approved  int    `json:"approved"`
	Rejected  int    `json:"rejected"`
}

func (r *WeekReview) count(state string) {
	switch state {
	case stateDraft:
		r.Draft++
	case stateSubmitted:
		r.Submitted++
	case stateApproved:
		r.Approved++
	case stateRejected:
		r.Rejected++
	}
}

func (r *WeekReview) settle() {
	switch {
	case r.Draft+r.Rejected > 0:
		r.State = "open"
	case r.Submitted > 0:
		r.State = stateSubmitted
	case r.Approved > 0:
		r.State = stateApproved
	default:
		r.State = "empty"
	}
}

// SubmitMyWeek answers submitMyWeek: the caller's draft and rejected entries
// of the week are sent for approval (submitted), then the week.
func (s *Service) SubmitMyWeek(ctx context.Context, c items.Caller, in WeekInput) (*Week, error) {
	sunday, err := sundayOf(in.WeekStart)
	if err != nil {
		return nil, err
	}
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		// After the saves of the caller's entries under way.
		if err := s.store.lockUser(ctx, tx, c.UserID); err != nil {
			return err
		}
		// Submitting changes the entries: none of their days may be in a
		// closed month (docs/timesheets.md, "Month closing").
		days, err := s.store.daysToSubmit(ctx, tx, c.UserID, sunday, sunday.AddDate(0, 0, 7))
		if err != nil {
			return err
		}
		if err := s.checkOpen(ctx, tx, c.UserID, days...); err != nil {
			return err
		}
		n, err := s.store.submit(ctx, tx, c.UserID, sunday, sunday.AddDate(0, 0, 7))
		if err != nil {
			return err
		}
		if n == 0 {
			return httpx.Fail(http.StatusBadRequest, "timesheets.nothingToSubmit")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.week(ctx, c, sunday, nil)
}

// ReviewInput is the body of approveTimeEntries and rejectTimeEntries: the
// entries and, to reject, the reason.
type ReviewInput struct {
	IDs    []httpx.ID `json:"ids"`
	Reason string     `json:"reason"`
}

// ReviewResult answers a review: how many entries changed and how many
// people were told.
type ReviewResult struct {
	Count  int `json:"count"`
	People int `json:"people"`
}

// ApproveTimeEntries answers approveTimeEntries.
func (s *Service) ApproveTimeEntries(ctx context.Context, c items.Caller, in ReviewInput) (*ReviewResult, error) {
	return s.review(ctx, c, in, stateApproved)
}

// RejectTimeEntries answers rejectTimeEntries.
func (s *Service) RejectTimeEntries(ctx context.Context, c items.Caller, in ReviewInput) (*ReviewResult, error) {
	return s.review(ctx, c, in, stateRejected)
}

// review approves or rejects the entries in one transaction, all or none:
// each must be submitted and of a project the caller manages (a panel
// administrator: any), and not the caller's own unless they administer the
// panel. Each person gets one message listing what happened.
func (s *Service) review(ctx context.Context, c items.Caller, in ReviewInput, to string) (*ReviewResult, error) {
	ids, err := reviewIDs(in.IDs)
	if err != nil {
		return nil, err
	}
	reason := strings.TrimSpace(in.Reason)
	if to == stateRejected {
		switch {
		case reason == "":
			return nil, httpx.Invalid("reason", "timesheets.reasonRequired")
		case utf8.RuneCountInString(reason) > MaxReviewNote:
			return nil, httpx.Invalid("reason", "timesheets.reasonTooLong", "max", MaxReviewNote)
		case strings.ContainsRune(reason, 0):
			return nil, httpx.Invalid("reason", "timesheets.descriptionInvalid")
		}
	} else {
		reason = ""
	}
	if s.send == nil {
		return nil, errors.New("timesheets: no messages to tell people of reviews")
	}
	out := &ReviewResult{}
	err = pgx.BeginFunc(ctx, s.store.db, func(tx pgx.Tx) error {
		entries, err := s.store.reviewEntries(ctx, tx, c, ids)
		if err != nil {
			return err
		}
		if len(entries) < len(ids) {
			return httpx.NotFound()
		}
		for _, e := range entries {
			day := e.day.Format("02/01/2006")
			switch {
			case !e.manages && !e.reads:
				return httpx.NotFound() // an entry of a project one does not even read
			case !e.manages:
				return httpx.Fail(http.StatusForbidden, "timesheets.notManager", "project", e.project)
			case e.owner == c.UserID && !c.PanelAdmin:
				return httpx.Fail(http.StatusForbidden, "timesheets.ownEntries")
			case e.state != stateSubmitted:
				return httpx.Fail(http.StatusConflict, "timesheets.notSubmitted", "user", e.ownerName, "date", day,
					"state", localize(ctx, "timesheets.state."+e.state))
			}
		}
		if err := s.store.setReview(ctx, tx, c.UserID, ids, to, reason); err != nil {
			return err
		}
		reviewer, err := s.store.userName(ctx, tx, c.UserID)
		if err != nil {
			return err
		}
		people := 0
		for start := 0; start < len(entries); {
			end := start
			for end < len(entries) && entries[end].owner == entries[start].owner {
				end++
			}
			if err := s.tell(ctx, tx, entries[start:end], to, reviewer, reason); err != nil {
				return err
			}
			people++
			start = end
		}
		out.Count, out.People = len(entries), people
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// reviewIDs checks the ids: some, at most MaxReviewEntries, each positive;
// repeated ones count once.
func reviewIDs(in []httpx.ID) ([]int64, error) {
	switch {
	case len(in) == 0:
		return nil, httpx.Invalid("ids", "timesheets.noEntries")
	case len(in) > MaxReviewEntries:
		return nil, httpx.Invalid("ids", "timesheets.tooManyEntries", "max", MaxReviewEntries)
	}
	seen := map[int64]bool{}
	out := make([]int64, 0, len(in))
	for i, id := range in {
		if id <= 0 {
			return nil, httpx.Invalid("ids["+strconv.Itoa(i)+"]", "error.idInvalid", "field", "ids")
		}
		if !seen[int64(id)] {
			seen[int64(id)] = true
			out = append(out, int64(id))
		}
	}
	return out, nil
}

// tell sends the owner of entries (all one person's, by day) one message in
// their language saying who approved or rejected which hours, and why.
func (s *Service) tell(ctx context.Context, tx pgx.Tx, entries []reviewEntry, to, reviewer, reason string) error {
	owner := entries[0]
	l := i18n.Parse(owner.ownerLang)
	var b strings.Builder
	if to == stateApproved {
		b.WriteString(i18n.T(l, "timesheets.approvedText", "reviewer", reviewer))
	} else {
		b.WriteString(i18n.T(l, "timesheets.rejectedText", "reviewer", reviewer, "reason", reason))
	}
	total := 0
	for i, e := range entries {
		total += e.minutes
		if i < maxMessageLines {
			b.WriteString("\n" + e.day.Format("02/01/2006") + " · #" + strconv.FormatInt(e.number, 10) + " " + e.title + " · " + hoursText(e.minutes))
		}
	}
	if len(entries) > maxMessageLines {
		b.WriteString("\n" + i18n.T(l, "timesheets.messageMore", "count", len(entries)-maxMessageLines))
	}
	b.WriteString("\n" + i18n.T(l, "timesheets.messageTotal", "hours", hoursText(total)))
	if to == stateRejected {
		b.WriteString("\n" + i18n.T(l, "timesheets.rejectedFix"))
	}
	title := i18n.T(l, "timesheets.approvedTitle")
	if to == stateRejected {
		title = i18n.T(l, "timesheets.rejectedTitle")
	}
	return s.send(ctx, tx, owner.owner, title, b.String())
}
