package apps

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tramita/tramita/internal/i18n"
)

// Store reads applications and menus.
type Store struct{ db *pgxpool.Pool }

// NewStore returns a store over db.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// usable is the visibility rule, over application a, with $1 the user id and
// $2 whether the user is a panel administrator.
const usable = `($2 OR EXISTS (
	SELECT 1 FROM application_group ag JOIN user_group g ON g.id = ag.group_id
	WHERE ag.application_id = a.id
	  AND (g.all_users OR EXISTS (SELECT 1 FROM group_member m WHERE m.group_id = g.id AND m.user_id = $1))))`

// applicationColumns select an Application; $3 is the language.
const applicationColumns = `a.id, coalesce(a.name ->> $3, a.name ->> 'pt-BR') AS name, a.icon_name, a.is_font_awesome_icon,
	a.image_content, a.display_on_toolbar, a.url_behavior, a.url_link, a.app_version, a.collapsed_menu`

// Allowed returns the applications c may use, in desktop order.
func (s *Store) Allowed(ctx context.Context, c Caller, lang i18n.Lang) ([]Application, error) {
	rows, err := s.db.Query(ctx, `SELECT `+applicationColumns+` FROM application a WHERE `+usable+`
		ORDER BY a.sort_order, a.id`, c.UserID, c.PanelAdmin, string(lang))
	if err != nil {
		return nil, fmt.Errorf("allowed applications: %w", err)
	}
	apps, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Application])
	if err != nil {
		return nil, fmt.Errorf("allowed applications: %w", err)
	}
	return apps, nil
}

// RuntimeMenu returns application id and its menu entries when c may use it,
// false otherwise, missing or not c's alike. Every page of an application
// calls it, so it is one round trip: the entries travel with the check.
func (s *Store) RuntimeMenu(ctx context.Context, c Caller, id int64, lang i18n.Lang) (RuntimeApplication, []MenuEntry, bool, error) {
	var a RuntimeApplication
	var out []MenuEntry
	found := false
	b := &pgx.Batch{}
	b.Queue(`SELECT `+applicationColumns+`, a.html_scripts FROM application a
		WHERE a.id = $4 AND `+usable, c.UserID, c.PanelAdmin, string(lang), id).QueryRow(func(r pgx.Row) error {
		err := r.Scan(&a.ID, &a.Name, &a.IconName, &a.IsFontAwesomeIcon, &a.ImageContent, &a.DisplayOnToolbar,
			&a.URLBehavior, &a.URLLink, &a.AppVersion, &a.CollapsedMenu, &a.HTMLScripts)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		found = err == nil
		return err
	})
	b.Queue(`
		SELECT key, key_parent, coalesce(name ->> $2, name ->> 'pt-BR'), link, icon, is_font_awesome,
		       image_content, badge, title, multilevel
		FROM menu_entry WHERE application_id = $1
		ORDER BY sort_order, id`, id, string(lang)).Query(func(rows pgx.Rows) error {
		var e MenuEntry
		_, err := pgx.ForEachRow(rows, []any{&e.Key, &e.KeyParent, &e.Name, &e.Link, &e.Icon, &e.IsFontAwesome,
			&e.ImageContent, &e.Badge, &e.Title, &e.Multilevel}, func() error {
			out = append(out, e)
			return nil
		})
		return err
	})
	if err := s.db.SendBatch(ctx, b).Close(); err != nil {
		return RuntimeApplication{}, nil, false, fmt.Errorf("application %d: %w", id, err)
	}
	if !found {
		return RuntimeApplication{}, nil, false, nil
	}
	return a, out, true, nil
}

// Script returns the htmlScripts of application id when c may use it.
func (s *Store) Script(ctx context.Context, c Caller, id int64) (string, bool, error) {
	var script string
	err := s.db.QueryRow(ctx, `SELECT a.html_scripts FROM application a WHERE a.id = $3 AND `+usable,
		c.UserID, c.PanelAdmin, id).Scan(&script)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("script of application %d: %w", id, err)
	}
	return script, true, nil
}

// ActiveCaller reads user id's current panel-admin permission, false when the
// user no longer exists or is inactive. Signed script addresses outlive the
// request that made them, so they are checked against the user as they are now.
func (s *Store) ActiveCaller(ctx context.Context, id int64) (Caller, bool, error) {
	c := Caller{UserID: id}
	err := s.db.QueryRow(ctx, `SELECT panel_admin FROM app_user WHERE id = $1 AND active`, id).Scan(&c.PanelAdmin)
	if errors.Is(err, pgx.ErrNoRows) {
		return Caller{}, false, nil
	}
	if err != nil {
		return Caller{}, false, fmt.Errorf("user %d: %w", id, err)
	}
	return c, true, nil
}

// scriptKeySetting names the secret platform setting that signs script addresses.
const scriptKeySetting = "applicationScriptKey"

// ScriptKey returns the key that signs script addresses, created on first use.
// Instances starting together agree: the first insert wins.
func (s *Store) ScriptKey(ctx context.Context) ([]byte, error) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	if _, err := s.db.Exec(ctx, `INSERT INTO platform_setting (key, value, secret) VALUES ($1, to_jsonb($2::text), true)
		ON CONFLICT (key) DO NOTHING`, scriptKeySetting, base64.RawURLEncoding.EncodeToString(b)); err != nil {
		return nil, fmt.Errorf("script key: %w", err)
	}
	var v string
	if err := s.db.QueryRow(ctx, `SELECT value #>> '{}' FROM platform_setting WHERE key = $1`, scriptKeySetting).Scan(&v); err != nil {
		return nil, fmt.Errorf("script key: %w", err)
	}
	key, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil || len(key) < 32 {
		return nil, fmt.Errorf("script key: setting %s is not 32 bytes of base64url", scriptKeySetting)
	}
	return key, nil
}
