package messages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// dbtx is a pool or a transaction.
type dbtx interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Store reads and writes messages and push devices.
type Store struct {
	pool *pgxpool.Pool
	db   dbtx
}

// NewStore returns a store over pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{pool: pool, db: pool} }

// inTx runs fn with a store bound to a new transaction, committed when fn
// returns nil.
func (s *Store) inTx(ctx context.Context, fn func(tx *Store) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return fn(s.withTx(tx)) })
}

func (s *Store) withTx(tx pgx.Tx) *Store { return &Store{pool: s.pool, db: tx} }

const messageColumns = `id, title, message_text, creation_date, readed`

func scanMessage(row pgx.Row) (Message, error) {
	var m Message
	err := row.Scan(&m.ID, &m.Title, &m.MessageText, &m.CreationDate, &m.Readed)
	m.CreationDate = m.CreationDate.UTC()
	return m, err
}

// List returns user's messages, newest first.
func (s *Store) List(ctx context.Context, userID int64) ([]Message, error) {
	rows, err := s.db.Query(ctx, `SELECT `+messageColumns+` FROM message WHERE user_id = $1
		ORDER BY creation_date DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("messages of user %d: %w", userID, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Message, error) { return scanMessage(r) })
	if err != nil {
		return nil, fmt.Errorf("messages of user %d: %w", userID, err)
	}
	return out, nil
}

// Insert adds a message for user.
func (s *Store) Insert(ctx context.Context, userID int64, title, text string) (Message, error) {
	m, err := scanMessage(s.db.QueryRow(ctx, `INSERT INTO message (user_id, title, message_text) VALUES ($1, $2, $3)
		RETURNING `+messageColumns, userID, title, text))
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23503" {
		return Message{}, errUnknownUser
	}
	if err != nil {
		return Message{}, fmt.Errorf("insert message: %w", err)
	}
	return m, nil
}

var errUnknownUser = errors.New("unknown user")

// SetReaded marks message id of user as read; false when user has no such message.
func (s *Store) SetReaded(ctx context.Context, userID, id int64) (Message, bool, error) {
	m, err := scanMessage(s.db.QueryRow(ctx, `UPDATE message SET readed = true WHERE id = $1 AND user_id = $2
		RETURNING `+messageColumns, id, userID))
	if errors.Is(err, pgx.ErrNoRows) {
		return Message{}, false, nil
	}
	if err != nil {
		return Message{}, false, fmt.Errorf("mark message %d: %w", id, err)
	}
	return m, true, nil
}

// Delete removes message id of user; false when user has no such message.
func (s *Store) Delete(ctx context.Context, userID, id int64) (bool, error) {
	tag, err := s.db.Exec(ctx, `DELETE FROM message WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return false, fmt.Errorf("delete message %d: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}

// DeleteAll removes user's messages and returns how many there were.
func (s *Store) DeleteAll(ctx context.Context, userID int64) (int64, error) {
	tag, err := s.db.Exec(ctx, `DELETE FROM message WHERE user_id = $1`, userID)
	if err != nil {
		return 0, fmt.Errorf("delete messages of user %d: %w", userID, err)
	}
	return tag.RowsAffected(), nil
}

// SetAllReaded marks user's unread messages as read and returns how many.
func (s *Store) SetAllReaded(ctx context.Context, userID int64) (int64, error) {
	tag, err := s.db.Exec(ctx, `UPDATE message SET readed = true WHERE user_id = $1 AND NOT readed`, userID)
	if err != nil {
		return 0, fmt.Errorf("mark messages of user %d: %w", userID, err)
	}
	return tag.RowsAffected(), nil
}

// Notify queues an event for user's pages; PostgreSQL delivers it to every
// listening instance when the transaction commits, and not at all if it
// rolls back.
func (s *Store) Notify(ctx context.Context, userID int64, e Event) error {
	b, err := json.Marshal(notification{UserID: userID, Event: e})
	if err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	if _, err := s.db.Exec(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, string(b)); err != nil {
		return fmt.Errorf("notify: %w", err)
	}
	return nil
}

// DeviceIDs returns the ids of user's push devices.
func (s *Store) DeviceIDs(ctx context.Context, userID int64) ([]int64, error) {
	rows, err := s.db.Query(ctx, `SELECT id FROM push_device WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("push devices of user %d: %w", userID, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("push devices of user %d: %w", userID, err)
	}
	return ids, nil
}

// vapidSetting names the secret platform setting holding the VAPID keys.
const vapidSetting = "webPushVapid"

// VAPIDKeys returns the stored VAPID keys, storing fresh first when there are
// none. Instances starting together agree: the first insert wins.
func (s *Store) VAPIDKeys(ctx context.Context, fresh vapidKeys) (vapidKeys, error) {
	b, err := json.Marshal(fresh)
	if err != nil {
		return vapidKeys{}, fmt.Errorf("vapid keys: %w", err)
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO platform_setting (key, value, secret) VALUES ($1, $2, true)
		ON CONFLICT (key) DO NOTHING`, vapidSetting, b); err != nil {
		return vapidKeys{}, fmt.Errorf("vapid keys: %w", err)
	}
	var k vapidKeys
	if err := s.db.QueryRow(ctx, `SELECT value FROM platform_setting WHERE key = $1`, vapidSetting).Scan(&k); err != nil {
		return vapidKeys{}, fmt.Errorf("vapid keys: %w", err)
	}
	if k.PublicKey == "" || k.PrivateKey == "" {
		return vapidKeys{}, fmt.Errorf("vapid keys: setting %s lacks a key", vapidSetting)
	}
	if k.Subject == "" {
		k.Subject = vapidSubject
	}
	return k, nil
}

// SaveDevice stores a subscription for user; an endpoint already known (even
// for another user) is updated and moved to user. Past limit devices, the
// user's oldest are removed.
func (s *Store) SaveDevice(ctx context.Context, userID int64, name, endpoint, p256dh, auth string, limit int) error {
	if _, err := s.db.Exec(ctx, `
		WITH saved AS (
			INSERT INTO push_device (user_id, device_name, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, device_name = $2, p256dh = $4, auth = $5, updated_at = now()
			RETURNING id)
		DELETE FROM push_device WHERE user_id = $1 AND id NOT IN (SELECT id FROM saved) AND id NOT IN (
			SELECT id FROM push_device WHERE user_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $6)`,
		userID, name, endpoint, p256dh, auth, limit-1); err != nil {
		return fmt.Errorf("save push device: %w", err)
	}
	return nil
}

// pushTarget is a message and the device it is pushed to.
type pushTarget struct {
	Message  Message
	Endpoint string
	P256DH   string
	Auth     string
}

// PushTarget returns message id and device deviceID when both still exist and
// the device still belongs to the message's user.
func (s *Store) PushTarget(ctx context.Context, id, deviceID int64) (pushTarget, bool, error) {
	var t pushTarget
	m := &t.Message
	err := s.db.QueryRow(ctx, `
		SELECT m.id, m.title, m.message_text, m.creation_date, m.readed, d.endpoint, d.p256dh, d.auth
		FROM message m JOIN push_device d ON d.user_id = m.user_id
		WHERE m.id = $1 AND d.id = $2`, id, deviceID).Scan(
		&m.ID, &m.Title, &m.MessageText, &m.CreationDate, &m.Readed, &t.Endpoint, &t.P256DH, &t.Auth)
	if errors.Is(err, pgx.ErrNoRows) {
		return pushTarget{}, false, nil
	}
	if err != nil {
		return pushTarget{}, false, fmt.Errorf("push target: %w", err)
	}
	return t, true, nil
}

// DeleteDevice removes a push device.
func (s *Store) DeleteDevice(ctx context.Context, id int64) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM push_device WHERE id = $1`, id); err != nil {
		return fmt.Errorf("delete push device %d: %w", id, err)
	}
	return nil
}
