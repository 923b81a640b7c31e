package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

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

// Store is the SQL of sign-in: users' credentials, sessions, throttling,
// terms of use. Every time comes from the service's clock, never from now()
// in SQL, so tests move time by moving the clock.
type Store struct {
	db   dbtx
	pool *pgxpool.Pool
}

// NewStore returns a store over pool.
func NewStore(pool *pgxpool.Pool) *Store { return &Store{db: pool, pool: pool} }

// tx runs fn with a store bound to one transaction.
func (s *Store) tx(ctx context.Context, fn func(*Store) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return fn(&Store{db: tx, pool: s.pool}) })
}

// user is what sign-in needs of a user.
type user struct {
	ID                       int64
	Login                    string
	Name                     string
	Email                    string
	PasswordHash             string
	PasswordChangedAt        *time.Time
	MustChangePassword       bool
	Active                   bool
	PanelAdmin               bool
	Administrator            bool
	ChangePasswordPermission bool
	Avatar                   string
	Language                 string
	MFAEnabled               bool
	MFASecret                []byte
	MFALastStep              int64
}

const userColumns = `u.id, u.login::text AS login, u.name, u.email::text AS email, u.password_hash, u.password_changed_at,
	u.must_change_password, u.active, u.panel_admin, u.administrator, u.change_password_permission, u.avatar,
	u.language, u.mfa_enabled, u.mfa_secret, u.mfa_last_step`

func (s *Store) oneUser(ctx context.Context, where string, args ...any) (user, bool, error) {
	rows, err := s.db.Query(ctx, `SELECT `+userColumns+` FROM app_user u WHERE `+where, args...)
	if err != nil {
		return user{}, false, fmt.Errorf("load user: %w", err)
	}
	u, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByPos[user])
	if errors.Is(err, pgx.ErrNoRows) {
		return user{}, false, nil
	}
	if err != nil {
		return user{}, false, fmt.Errorf("load user: %w", err)
	}
	return u, true, nil
}

// userByLogin finds a user by login, case-insensitively (login is citext).
func (s *Store) userByLogin(ctx context.Context, login string) (user, bool, error) {
	return s.oneUser(ctx, `u.login = $1`, login)
}

func (s *Store) userByID(ctx context.Context, id int64) (user, bool, error) {
	return s.oneUser(ctx, `u.id = $1`, id)
}

// setPassword stores a new password; a forced change and a pending reset
// link end.
func (s *Store) setPassword(ctx context.Context, userID int64, hash string, now time.Time) error {
	_, err := s.db.Exec(ctx, `
		UPDATE app_user SET password_hash = $2, password_changed_at = $3, must_change_password = false, updated_at = $3
		WHERE id = $1`, userID, hash, now)
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if _, err := s.db.Exec(ctx, `DELETE FROM password_reset WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	return nil
}

// setResetLink keeps the hash of a user's new reset link, replacing any
// pending one.
func (s *Store) setResetLink(ctx context.Context, userID int64, tokenHash []byte, now, expires time.Time) error {
	if _, err := s.db.Exec(ctx, `
		INSERT INTO password_reset (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET token_hash = $2, expires_at = $3, created_at = $4`,
		userID, tokenHash, expires, now); err != nil {
		return fmt.Errorf("set reset link: %w", err)
	}
	return nil
}

// resetLinkUser is the user of an unexpired reset link; false for an
// unknown, used or expired one.
func (s *Store) resetLinkUser(ctx context.Context, tokenHash []byte, now time.Time) (user, bool, error) {
	return s.oneUser(ctx, `u.id = (SELECT user_id FROM password_reset WHERE token_hash = $1 AND expires_at > $2)`, tokenHash, now)
}

// useResetLink deletes the link of tokenHash if it is still good: true once,
// so two requests racing with one link cannot both set a password.
func (s *Store) useResetLink(ctx context.Context, tokenHash []byte, userID int64, now time.Time) (bool, error) {
	tag, err := s.db.Exec(ctx, `DELETE FROM password_reset WHERE token_hash = $1 AND user_id = $2 AND expires_at > $3`,
		tokenHash, userID, now)
	if err != nil {
		return false, fmt.Errorf("use reset link: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (s *Store) enrolMFA(ctx context.Context, userID int64, sealed []byte, step int64) error {
	if _, err := s.db.Exec(ctx, `UPDATE app_user SET mfa_enabled = true, mfa_secret = $2, mfa_last_step = $3 WHERE id = $1`,
		userID, sealed, step); err != nil {
		return fmt.Errorf("enrol mfa: %w", err)
	}
	return nil
}

// useMFAStep records step as used; false when it (or a later one) already
// was, so two requests racing with one code cannot both pass.
func (s *Store) useMFAStep(ctx context.Context, userID, step int64) (bool, error) {
	tag, err := s.db.Exec(ctx, `UPDATE app_user SET mfa_last_step = $2 WHERE id = $1 AND mfa_last_step < $2`, userID, step)
	if err != nil {
		return false, fmt.Errorf("use mfa step: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (s *Store) resetMFA(ctx context.Context, userID int64) (bool, error) {
	tag, err := s.db.Exec(ctx, `UPDATE app_user SET mfa_enabled = false, mfa_secret = NULL, mfa_last_step = 0 WHERE id = $1`, userID)
	if err != nil {
		return false, fmt.Errorf("reset mfa: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// session is a user_session row.
type session struct {
	ID             string
	UserID         int64
	ExpiresAt      time.Time
	MFAComplete    bool
	TermsPending   bool
	MFAFailures    int
	MFAEnrolSecret []byte
}

func (s *Store) createSession(ctx context.Context, userID int64, now, expires time.Time, address, userAgent string,
	mfaComplete, termsPending bool) (string, error) {
	var id string
	err := s.db.QueryRow(ctx, `
		INSERT INTO user_session (user_id, created_at, expires_at, address, user_agent, mfa_complete, terms_pending)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text`,
		userID, now, expires, address, userAgent, mfaComplete, termsPending).Scan(&id)
	if err != nil {
		return "", fmt.Errorf("create session: %w", err)
	}
	return id, nil
}

// liveSession returns a session that is not revoked nor past its absolute
// lifetime, with its user, only while the user is active.
func (s *Store) liveSession(ctx context.Context, id string, now time.Time) (session, user, bool, error) {
	rows, err := s.db.Query(ctx, `
		SELECT s.id::text, s.user_id, s.expires_at, s.mfa_complete, s.terms_pending, s.mfa_failures, s.mfa_enrol_secret,
			`+userColumns+`
		FROM user_session s JOIN app_user u ON u.id = s.user_id
		WHERE s.id = $1::uuid AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.active`, id, now)
	if err != nil {
		return session{}, user{}, false, fmt.Errorf("load session: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		return session{}, user{}, false, rows.Err()
	}
	var ss session
	var u user
	if err := rows.Scan(&ss.ID, &ss.UserID, &ss.ExpiresAt, &ss.MFAComplete, &ss.TermsPending, &ss.MFAFailures, &ss.MFAEnrolSecret,
		&u.ID, &u.Login, &u.Name, &u.Email, &u.PasswordHash, &u.PasswordChangedAt, &u.MustChangePassword, &u.Active,
		&u.PanelAdmin, &u.Administrator, &u.ChangePasswordPermission, &u.Avatar, &u.Language, &u.MFAEnabled,
		&u.MFASecret, &u.MFALastStep); err != nil {
		return session{}, user{}, false, fmt.Errorf("load session: %w", err)
	}
	return ss, u, true, rows.Err()
}

func (s *Store) revokeSession(ctx context.Context, id string, now time.Time) error {
	if _, err := s.db.Exec(ctx, `UPDATE user_session SET revoked_at = $2 WHERE id = $1::uuid AND revoked_at IS NULL`, id, now); err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	return nil
}

// revokeUserSessions ends every session of a user but keep (which may be "").
func (s *Store) revokeUserSessions(ctx context.Context, userID int64, now time.Time, keep string) error {
	if _, err := s.db.Exec(ctx, `
		UPDATE user_session SET revoked_at = $2
		WHERE user_id = $1 AND revoked_at IS NULL AND id::text <> $3`, userID, now, keep); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return nil
}

func (s *Store) setEnrolSecret(ctx context.Context, id string, sealed []byte) error {
	if _, err := s.db.Exec(ctx, `UPDATE user_session SET mfa_enrol_secret = $2 WHERE id = $1::uuid`, id, sealed); err != nil {
		return fmt.Errorf("keep enrolment secret: %w", err)
	}
	return nil
}

func (s *Store) completeMFA(ctx context.Context, id string) error {
	if _, err := s.db.Exec(ctx, `UPDATE user_session SET mfa_complete = true, mfa_enrol_secret = NULL WHERE id = $1::uuid`, id); err != nil {
		return fmt.Errorf("complete mfa: %w", err)
	}
	return nil
}

// addMFAFailure counts a wrong code on the session and returns the count.
func (s *Store) addMFAFailure(ctx context.Context, id string) (int, error) {
	var n int
	if err := s.db.QueryRow(ctx, `UPDATE user_session SET mfa_failures = mfa_failures + 1 WHERE id = $1::uuid RETURNING mfa_failures`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("count mfa failure: %w", err)
	}
	return n, nil
}

func (s *Store) clearTermsPending(ctx context.Context, id string) error {
	if _, err := s.db.Exec(ctx, `UPDATE user_session SET terms_pending = false WHERE id = $1::uuid`, id); err != nil {
		return fmt.Errorf("clear terms pending: %w", err)
	}
	return nil
}

// settings are the platform settings sign-in reads.
type settings struct {
	EnableRecaptcha    bool   `json:"enableRecaptcha"`
	RecaptchaSecret    string `json:"recaptchaSecret"`
	RequireTermsOfUse  bool   `json:"requireTermsOfUse"`
	EnableMFA          bool   `json:"enableMFA"`
	PasswordMaxAgeDays int    `json:"passwordMaxAgeDays"`
	Brand              string `json:"brand"`
}

// settings reads the platform_setting rows of sign-in. The platform module
// owns the table; sign-in only reads it.
func (s *Store) settings(ctx context.Context) (settings, error) {
	rows, err := s.db.Query(ctx, `SELECT key, value FROM platform_setting
		WHERE key IN ('enableRecaptcha', 'recaptchaSecret', 'requireTermsOfUse', 'enableMFA', 'passwordMaxAgeDays', 'brand')`)
	if err != nil {
		return settings{}, fmt.Errorf("sign-in settings: %w", err)
	}
	raw := map[string]json.RawMessage{}
	var key string
	var value json.RawMessage
	if _, err := pgx.ForEachRow(rows, []any{&key, &value}, func() error {
		raw[key] = append(json.RawMessage(nil), value...)
		return nil
	}); err != nil {
		return settings{}, fmt.Errorf("sign-in settings: %w", err)
	}
	b, _ := json.Marshal(raw)
	var st settings
	if err := json.Unmarshal(b, &st); err != nil {
		return settings{}, fmt.Errorf("sign-in settings: %w", err)
	}
	return st, nil
}

// ensureSecret returns the secret setting key, creating it with value when
// absent. Instances starting together agree: the first insert wins.
func (s *Store) ensureSecret(ctx context.Context, key, value string) (string, error) {
	if _, err := s.db.Exec(ctx, `INSERT INTO platform_setting (key, value, secret) VALUES ($1, to_jsonb($2::text), true)
		ON CONFLICT (key) DO NOTHING`, key, value); err != nil {
		return "", fmt.Errorf("secret %s: %w", key, err)
	}
	var v string
	if err := s.db.QueryRow(ctx, `SELECT value #>> '{}' FROM platform_setting WHERE key = $1`, key).Scan(&v); err != nil {
		return "", fmt.Errorf("secret %s: %w", key, err)
	}
	return v, nil
}

// hit counts one request of address in the minute of now and returns the
// count so far. Past minutes, and throttle rows that no longer delay or lock
// anything, are dropped on the way, so neither table grows.
func (s *Store) hit(ctx context.Context, address string, now time.Time) (int, error) {
	window := now.Truncate(time.Minute)
	var n int
	err := s.db.QueryRow(ctx, `
		WITH gone AS (DELETE FROM auth_rate WHERE window_start < $2),
		stale AS (DELETE FROM auth_throttle WHERE last_failure_at < $3::timestamptz - $4::interval
			AND coalesce(locked_until, '-infinity') < $3 AND coalesce(next_attempt_at, '-infinity') < $3)
		INSERT INTO auth_rate (address, window_start, hits) VALUES ($1, $2, 1)
		ON CONFLICT (address, window_start) DO UPDATE SET hits = auth_rate.hits + 1
		RETURNING hits`, address, window, now, failureWindow).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("rate limit: %w", err)
	}
	return n, nil
}

// throttle is the failure state of one login text or address.
type throttle struct {
	Failures      int
	NextAttemptAt *time.Time
	LockedUntil   *time.Time
}

func (s *Store) throttle(ctx context.Context, scope, key string) (throttle, error) {
	var t throttle
	err := s.db.QueryRow(ctx, `SELECT failures, next_attempt_at, locked_until FROM auth_throttle WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&t.Failures, &t.NextAttemptAt, &t.LockedUntil)
	if errors.Is(err, pgx.ErrNoRows) {
		return throttle{}, nil
	}
	if err != nil {
		return throttle{}, fmt.Errorf("throttle: %w", err)
	}
	return t, nil
}

// addFailure counts a failure and returns the count; a failure more than
// window after the previous one starts counting anew.
func (s *Store) addFailure(ctx context.Context, scope, key string, now time.Time, window time.Duration) (int, error) {
	var n int
	err := s.db.QueryRow(ctx, `
		INSERT INTO auth_throttle (scope, key, failures, last_failure_at) VALUES ($1, $2, 1, $3)
		ON CONFLICT (scope, key) DO UPDATE SET
			failures = CASE WHEN auth_throttle.last_failure_at < $3 - $4::interval THEN 1 ELSE auth_throttle.failures + 1 END,
			last_failure_at = $3
		RETURNING failures`, scope, key, now, window).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count failure: %w", err)
	}
	return n, nil
}

// delay makes the next attempt wait until next and, when lockedUntil is
// set, locks until then. Both only move forward.
func (s *Store) delay(ctx context.Context, scope, key string, next, lockedUntil *time.Time) error {
	_, err := s.db.Exec(ctx, `
		INSERT INTO auth_throttle (scope, key, failures, last_failure_at, next_attempt_at, locked_until)
		VALUES ($1, $2, 0, coalesce($3::timestamptz, $4::timestamptz), $3::timestamptz, $4::timestamptz)
		ON CONFLICT (scope, key) DO UPDATE SET
			next_attempt_at = GREATEST(auth_throttle.next_attempt_at, $3::timestamptz),
			locked_until = GREATEST(auth_throttle.locked_until, $4::timestamptz)`, scope, key, next, lockedUntil)
	if err != nil {
		return fmt.Errorf("delay: %w", err)
	}
	return nil
}

func (s *Store) clearThrottle(ctx context.Context, scope, key string) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM auth_throttle WHERE scope = $1 AND key = $2`, scope, key); err != nil {
		return fmt.Errorf("clear throttle: %w", err)
	}
	return nil
}

// Terms is one version of the terms of use.
type Terms struct {
	ID       int64
	Version  int
	FileName string
	PDF      []byte
}

func (s *Store) currentTerms(ctx context.Context) (Terms, error) {
	var t Terms
	err := s.db.QueryRow(ctx, `SELECT id, version, file_name, pdf FROM terms_of_use ORDER BY version DESC LIMIT 1`).
		Scan(&t.ID, &t.Version, &t.FileName, &t.PDF)
	if err != nil {
		return Terms{}, fmt.Errorf("current terms of use: %w", err)
	}
	return t, nil
}

func (s *Store) ensureDefaultTerms(ctx context.Context, fileName string, pdf []byte) error {
	if _, err := s.db.Exec(ctx, `INSERT INTO terms_of_use (version, file_name, pdf) SELECT 1, $1, $2
		WHERE NOT EXISTS (SELECT 1 FROM terms_of_use) ON CONFLICT (version) DO NOTHING`, fileName, pdf); err != nil {
		return fmt.Errorf("default terms of use: %w", err)
	}
	return nil
}

func (s *Store) addTerms(ctx context.Context, fileName string, pdf []byte, now time.Time) (int, error) {
	var v int
	err := s.db.QueryRow(ctx, `INSERT INTO terms_of_use (version, file_name, pdf, created_at)
		SELECT coalesce(max(version), 0) + 1, $1, $2, $3 FROM terms_of_use RETURNING version`, fileName, pdf, now).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("add terms of use: %w", err)
	}
	return v, nil
}

func (s *Store) acceptedTerms(ctx context.Context, userID, termsID int64) (bool, error) {
	var ok bool
	err := s.db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM terms_acceptance WHERE user_id = $1 AND terms_id = $2)`, userID, termsID).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("terms acceptance: %w", err)
	}
	return ok, nil
}

func (s *Store) acceptTerms(ctx context.Context, userID, termsID int64, now time.Time, address, browserInfo string) error {
	if _, err := s.db.Exec(ctx, `INSERT INTO terms_acceptance (user_id, terms_id, accepted_at, address, browser_info)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, terms_id) DO NOTHING`, userID, termsID, now, address, browserInfo); err != nil {
		return fmt.Errorf("accept terms of use: %w", err)
	}
	return nil
}
