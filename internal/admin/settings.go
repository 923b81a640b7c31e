package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/auth"
	"github.com/tramita/tramita/internal/documents"
	"github.com/tramita/tramita/internal/httpx"
)

// settingKind says how a platform setting is checked.
type settingKind int

const (
	settingText settingKind = iota
	settingImage
	settingBool
	settingColors
	settingDays
	settingSecret
	// settingProtocol is the Signature Protocol's template: text with
	// {placeholders}, kept out of the public settings call.
	settingProtocol
)

// editableSettings are the settings of spec section 1 plus the sign-in
// switches; nothing else can be written through the editor.
var editableSettings = map[string]settingKind{
	"theme": settingText, "font": settingText, "brand": settingText, "recaptchaSiteKey": settingText,
	"defaultLanguage": settingText, "layout": settingText,
	"logo": settingImage, "loginLogo": settingImage, "logoWhite": settingImage, "bg": settingImage, "bgLogin": settingImage,
	"footerLogoLeft": settingImage, "footerLogoRight": settingImage,
	"showFooter": settingBool, "enableRecaptcha": settingBool, "requireTermsOfUse": settingBool,
	"enableMultiLanguage": settingBool, "enableBPMComponent": settingBool, "maintenance": settingBool, "enableMFA": settingBool,
	"primaryColor": settingColors, "secondaryColor": settingColors,
	"passwordMaxAgeDays": settingDays,
	"recaptchaSecret":    settingSecret,

	documents.ProtocolTemplateSetting: settingProtocol,
}

// Choices of the enumerated settings.
var (
	settingLanguages = []string{"pt-br", "en"}
	settingLayouts   = []string{"left-sidebar", "big-sidebar", "right-sidebar", "top-navigation", "mega-menu", "plugflex"}
	hexColor         = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
)

// Limits of setting values: an image is an address or a data URL.
const (
	maxSettingText  = 200
	maxSettingImage = 700 << 10
	maxPasswordDays = 3650
	// MaxProtocolTemplate is the longest Signature Protocol template, in
	// characters (a few pages of the protocol's PDF).
	MaxProtocolTemplate = 5000
)

// Settings answers every setting that is not a secret.
func (s *Service) Settings(ctx context.Context, a Actor) (map[string]json.RawMessage, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	// The protocol template's row is private only to keep it out of the
	// public settings call; the administrators edit it here.
	rows, err := s.db.Query(ctx, `SELECT key, value FROM platform_setting WHERE NOT secret OR key = $1 ORDER BY key`, documents.ProtocolTemplateSetting)
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	out := map[string]json.RawMessage{}
	var key string
	var value json.RawMessage
	if _, err := pgx.ForEachRow(rows, []any{&key, &value}, func() error {
		out[key] = append(json.RawMessage(nil), value...)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	return out, nil
}

func checkSetting(key string, raw json.RawMessage) (any, string) {
	kind, ok := editableSettings[key]
	if !ok {
		return nil, "admin.unknownSetting"
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	switch kind {
	case settingBool:
		var b bool
		if dec.Decode(&b) != nil {
			return nil, "admin.invalidValue"
		}
		return b, ""
	case settingDays:
		var n int
		if dec.Decode(&n) != nil || n < 0 || n > maxPasswordDays {
			return nil, "admin.invalidValue"
		}
		return n, ""
	case settingColors:
		var c map[string]string
		if dec.Decode(&c) != nil || len(c) != 3 {
			return nil, "admin.invalidColors"
		}
		for _, k := range []string{"light", "main", "dark"} {
			if !hexColor.MatchString(c[k]) {
				return nil, "admin.invalidColors"
			}
		}
		return c, ""
	}
	var str string
	if dec.Decode(&str) != nil {
		return nil, "admin.invalidValue"
	}
	limit := maxSettingText
	if kind == settingImage {
		limit = maxSettingImage
	}
	switch {
	case utf8.RuneCountInString(str) > limit:
		return nil, "admin.invalidValue"
	case key == "defaultLanguage" && !slices.Contains(settingLanguages, str):
		return nil, "admin.invalidOption"
	case key == "layout" && !slices.Contains(settingLayouts, str):
		return nil, "admin.invalidOption"
	case kind == settingImage && str != "" && !validImageSetting(str):
		return nil, "admin.invalidImage"
	}
	return str, ""
}

// CheckProtocolTemplate refuses a Signature Protocol template that is too
// long, holds control characters other than line ends and tabs, or names a
// placeholder signing does not fill (it would print as is); "" is no protocol.
func CheckProtocolTemplate(raw json.RawMessage) (string, *httpx.FieldError) {
	var str string
	if json.Unmarshal(raw, &str) != nil {
		return "", &httpx.FieldError{Key: "admin.invalidValue"}
	}
	str = strings.ReplaceAll(str, "\r\n", "\n")
	if n := utf8.RuneCountInString(str); n > MaxProtocolTemplate {
		return "", &httpx.FieldError{Key: "admin.tooLong", Args: []any{"max", MaxProtocolTemplate}}
	}
	if !utf8.ValidString(str) || strings.ContainsFunc(str, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) {
		return "", &httpx.FieldError{Key: "admin.protocolControlCharacters"}
	}
	if unknown := UnknownProtocolPlaceholders(str); len(unknown) > 0 {
		return "", &httpx.FieldError{Key: "admin.protocolUnknownPlaceholders", Args: []any{"names", strings.Join(unknown, ", ")}}
	}
	return str, nil
}

// UnknownProtocolPlaceholders lists the {names} of template that signing
// would not fill, as written, each once (read as internal/items renders the
// protocol).
func UnknownProtocolPlaceholders(template string) []string {
	return documents.UnknownProtocolPlaceholders(template)
}

// validImageSetting accepts a same-site path or an image data URL, never a
// script: the value ends up in an img src.
func validImageSetting(s string) bool {
	if len(s) > 1 && s[0] == '/' && s[1] != '/' {
		return true
	}
	return validAvatar(s) || bytes.HasPrefix([]byte(s), []byte("data:image/svg+xml;base64,"))
}

// SaveSettings validates and saves the settings given (the others stay).
func (s *Service) SaveSettings(ctx context.Context, a Actor, in map[string]json.RawMessage) (map[string]json.RawMessage, error) {
	if err := allow(a); err != nil {
		return nil, err
	}
	var v httpx.Validation
	values := map[string]any{}
	keys := make([]string, 0, len(in))
	for key, raw := range in {
		if editableSettings[key] == settingProtocol {
			val, err := CheckProtocolTemplate(raw)
			if err != nil {
				v.Add(key, err.Key, err.Args...)
				continue
			}
			values[key] = val
			keys = append(keys, key)
			continue
		}
		val, msg := checkSetting(key, raw)
		if msg != "" {
			v.Add(key, msg)
			continue
		}
		values[key] = val
		keys = append(keys, key)
	}
	slices.Sort(keys)
	if err := v.Err(); err != nil {
		return nil, err
	}
	err := s.tx(ctx, func(tx pgx.Tx) error {
		before, after := map[string]any{}, map[string]any{}
		for _, key := range keys {
			var old json.RawMessage
			if err := tx.QueryRow(ctx, `SELECT value FROM platform_setting WHERE key = $1 FOR UPDATE`, key).Scan(&old); err != nil && err != pgx.ErrNoRows {
				return fmt.Errorf("setting %s: %w", key, err)
			}
			b, err := json.Marshal(values[key])
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `
				INSERT INTO platform_setting (key, value, secret) VALUES ($1, $2, $3)
				ON CONFLICT (key) DO UPDATE SET value = $2, updated_at = now()`, key, b, editableSettings[key] == settingSecret || editableSettings[key] == settingProtocol); err != nil {
				return fmt.Errorf("setting %s: %w", key, err)
			}
			if editableSettings[key] == settingSecret {
				before[key], after[key] = "***", "***"
				continue
			}
			before[key], after[key] = old, json.RawMessage(b)
		}
		// reCAPTCHA on without a site key would lock everybody out of the login page.
		var on bool
		var siteKey string
		if err := tx.QueryRow(ctx, `SELECT coalesce((SELECT value = 'true' FROM platform_setting WHERE key = 'enableRecaptcha'), false),
			coalesce((SELECT value #>> '{}' FROM platform_setting WHERE key = 'recaptchaSiteKey'), '')`).Scan(&on, &siteKey); err != nil {
			return fmt.Errorf("settings: %w", err)
		}
		if on && siteKey == "" {
			return httpx.Invalid("recaptchaSiteKey", "admin.recaptchaNeedsKey")
		}
		return s.record(ctx, tx, a, "admin.settings.updated", "settings", 0, before, after)
	})
	if err != nil {
		return nil, err
	}
	return s.Settings(ctx, a)
}

// PublishTerms publishes a new terms-of-use PDF through the auth module.
func (s *Service) PublishTerms(ctx context.Context, a Actor, fileName string, pdf []byte) (int, error) {
	if err := allow(a); err != nil {
		return 0, err
	}
	if fileName == "" {
		fileName = "termos-de-uso.pdf"
	}
	return s.terms.PublishTerms(ctx, a.Principal, fileName, pdf, auth.Client{Address: a.Address})
}
