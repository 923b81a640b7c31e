package platform

import (
	"context"
	"encoding/json"
	"fmt"
)

// Colors is a palette entry of the theme: light, main and dark shades.
type Colors struct {
	Light string `json:"light"`
	Main  string `json:"main"`
	Dark  string `json:"dark"`
}

// Settings are the public platform settings, with the spec's field names.
// They are served without authentication, so nothing secret belongs here.
type Settings struct {
	Theme               string `json:"theme"`
	Font                string `json:"font"`
	DefaultLanguage     string `json:"defaultLanguage"`
	Brand               string `json:"brand"`
	Logo                string `json:"logo"`
	LoginLogo           string `json:"loginLogo"`
	LogoWhite           string `json:"logoWhite"`
	Bg                  string `json:"bg"`
	BgLogin             string `json:"bgLogin"`
	Layout              string `json:"layout"`
	ShowFooter          bool   `json:"showFooter"`
	FooterLogoLeft      string `json:"footerLogoLeft"`
	FooterLogoRight     string `json:"footerLogoRight"`
	EnableRecaptcha     bool   `json:"enableRecaptcha"`
	RecaptchaSiteKey    string `json:"recaptchaSiteKey"`
	RequireTermsOfUse   bool   `json:"requireTermsOfUse"`
	EnableMultiLanguage bool   `json:"enableMultiLanguage"`
	EnableBPMComponent  bool   `json:"enableBPMComponent"`
	Maintenance         bool   `json:"maintenance"`
	PrimaryColor        Colors `json:"primaryColor"`
	SecondaryColor      Colors `json:"secondaryColor"`
}

// Service answers the platform settings.
type Service struct{ store *Store }

// NewService returns the settings service.
func NewService(store *Store) *Service { return &Service{store: store} }

// Settings returns the public settings.
func (s *Service) Settings(ctx context.Context) (Settings, error) {
	raw, err := s.store.Public(ctx)
	if err != nil {
		return Settings{}, err
	}
	// The rows are keyed by the JSON names, so one round trip through JSON
	// maps them onto the typed struct and drops anything unknown.
	b, err := json.Marshal(raw)
	if err != nil {
		return Settings{}, fmt.Errorf("platform settings: %w", err)
	}
	var out Settings
	if err := json.Unmarshal(b, &out); err != nil {
		return Settings{}, fmt.Errorf("platform settings: %w", err)
	}
	return out, nil
}

// SetMaintenance turns the maintenance page on or off.
func (s *Service) SetMaintenance(ctx context.Context, on bool) error {
	return s.store.Set(ctx, "maintenance", on)
}
