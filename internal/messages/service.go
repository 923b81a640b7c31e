package messages

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/jobs"
)

// Limits of a message sent by another module.
const (
	maxTitleLength = 300
	maxTextLength  = 20000
)

// Service answers the message calls and sends messages.
type Service struct{ store *Store }

// NewService returns the messages service.
func NewService(store *Store) *Service { return &Service{store: store} }

// List returns the caller's messages, newest first.
func (s *Service) List(ctx context.Context, c Caller) ([]Message, error) {
	msgs, err := s.store.List(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	if msgs == nil {
		msgs = []Message{}
	}
	return msgs, nil
}

// SetReaded marks the caller's message id as read. Another user's message
// answers not-found and is left alone.
func (s *Service) SetReaded(ctx context.Context, c Caller, id int64) (Message, error) {
	var m Message
	err := s.store.inTx(ctx, func(tx *Store) error {
		var ok bool
		var err error
		if m, ok, err = tx.SetReaded(ctx, c.UserID, id); err != nil {
			return err
		}
		if !ok {
			return httpx.NotFound()
		}
		return tx.Notify(ctx, c.UserID, Event{Change: ChangeRead, ID: id})
	})
	return m, err
}

// Delete removes the caller's message id. Another user's message answers
// not-found and is left alone.
func (s *Service) Delete(ctx context.Context, c Caller, id int64) error {
	return s.store.inTx(ctx, func(tx *Store) error {
		ok, err := tx.Delete(ctx, c.UserID, id)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.NotFound()
		}
		return tx.Notify(ctx, c.UserID, Event{Change: ChangeDeleted, ID: id})
	})
}

// DeleteAll removes all the caller's messages.
func (s *Service) DeleteAll(ctx context.Context, c Caller) error {
	return s.store.inTx(ctx, func(tx *Store) error {
		n, err := tx.DeleteAll(ctx, c.UserID)
		if err != nil || n == 0 {
			return err
		}
		return tx.Notify(ctx, c.UserID, Event{Change: ChangeAllDeleted})
	})
}

// SetAllReaded marks all the caller's messages as read.
func (s *Service) SetAllReaded(ctx context.Context, c Caller) error {
	return s.store.inTx(ctx, func(tx *Store) error {
		n, err := tx.SetAllReaded(ctx, c.UserID)
		if err != nil || n == 0 {
			return err
		}
		return tx.Notify(ctx, c.UserID, Event{Change: ChangeAllRead})
	})
}

// Send gives user a new message: it is stored, the user's open pages hear of
// it, and a push to each of the user's devices is queued, all in one
// transaction.
func (s *Service) Send(ctx context.Context, userID int64, title, text string) (Message, error) {
	var m Message
	err := s.store.inTx(ctx, func(tx *Store) error {
		var err error
		m, err = s.send(ctx, tx, userID, title, text)
		return err
	})
	return m, err
}

// SendTx is Send inside the caller's transaction, for a module whose change
// and message must land together (a workflow transition and its notice).
func (s *Service) SendTx(ctx context.Context, tx pgx.Tx, userID int64, title, text string) (Message, error) {
	return s.send(ctx, s.store.withTx(tx), userID, title, text)
}

func (s *Service) send(ctx context.Context, tx *Store, userID int64, title, text string) (Message, error) {
	title = strings.TrimSpace(title)
	var v httpx.Validation
	switch {
	case title == "":
		v.Add("title", "error.required")
	case utf8.RuneCountInString(title) > maxTitleLength:
		v.Add("title", "portal.textTooLong", "max", maxTitleLength)
	}
	if utf8.RuneCountInString(text) > maxTextLength {
		v.Add("messageText", "portal.textTooLong", "max", maxTextLength)
	}
	if err := v.Err(); err != nil {
		return Message{}, err
	}
	m, err := tx.Insert(ctx, userID, title, text)
	if errors.Is(err, errUnknownUser) {
		return Message{}, httpx.NotFound()
	}
	if err != nil {
		return Message{}, err
	}
	devices, err := tx.DeviceIDs(ctx, userID)
	if err != nil {
		return Message{}, err
	}
	for _, d := range devices {
		if err := jobs.Enqueue(ctx, tx.db, PushJobKind, pushJob{MessageID: m.ID, DeviceID: d}, jobs.Options{}); err != nil {
			return Message{}, err
		}
	}
	return m, tx.Notify(ctx, userID, Event{Change: ChangeNew, ID: m.ID})
}
