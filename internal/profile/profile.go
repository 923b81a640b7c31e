// Package profile lets signed-in users update their own name, e-mail and
// avatar (spec: Update Profile dialog, POST /users/updateProfile).
package profile

import (
	"context"
	"encoding/base64"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/tramita/tramita/internal/httpx"
)

// Caller is the signed-in user as this package needs it. The server adapts
// the auth module's principal to it.
type Caller struct {
	UserID int64
}

// CurrentUser returns the caller of a request, false when nobody (or a
// session that still owes the second factor or the terms) is signed in.
type CurrentUser func(ctx context.Context) (Caller, bool)

// Profile is what a user edits of themselves, with the spec's field names.
// Avatar is an image data URL, or "" for the initials.
type Profile struct {
	Name   string `json:"name"`
	Email  string `json:"email"`
	Avatar string `json:"avatar"`
}

// Input is the body of updateProfile: the profile, and the current password
// when the e-mail changes.
type Input struct {
	Profile
	CurrentPassword string `json:"currentPassword"`
}

// Limits of a profile.
const (
	maxNameLength  = 200
	maxEmailLength = 254 // RFC 5321 path limit
	// MaxAvatarBytes caps the decoded avatar image.
	MaxAvatarBytes = 512 << 10
)

// emailPattern is the simple address check of the spec: something, an @,
// something, a dot, something, and no spaces.
var emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@]+$`)

// avatarTypes are the image types an avatar may have.
var avatarTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/webp": true}

// validate trims p and checks it, naming every field at fault.
func validate(p Profile) (Profile, error) {
	p.Name = strings.TrimSpace(p.Name)
	p.Email = strings.TrimSpace(p.Email)
	p.Avatar = strings.TrimSpace(p.Avatar)
	var v httpx.Validation
	switch {
	case p.Name == "":
		v.Add("name", "error.required")
	case utf8.RuneCountInString(p.Name) > maxNameLength:
		v.Add("name", "portal.textTooLong", "max", maxNameLength)
	}
	switch {
	case p.Email == "":
		v.Add("email", "error.required")
	case len(p.Email) > maxEmailLength || !emailPattern.MatchString(p.Email):
		v.Add("email", "portal.invalidEmail")
	}
	if p.Avatar != "" {
		if key, args := checkAvatar(p.Avatar); key != "" {
			v.Add("avatar", key, args...)
		}
	}
	return p, v.Err()
}

// checkAvatar accepts a base64 data URL of a PNG, JPEG or WebP image whose
// bytes are what the URL says, up to MaxAvatarBytes. It returns the message
// key of the fault, "" when there is none.
func checkAvatar(avatar string) (string, []any) {
	meta, data, ok := strings.Cut(avatar, ",")
	mediaType, isBase64 := strings.CutSuffix(strings.TrimPrefix(meta, "data:"), ";base64")
	if !ok || !strings.HasPrefix(meta, "data:") || !isBase64 || !avatarTypes[strings.ToLower(mediaType)] {
		return "portal.avatarInvalid", nil
	}
	tooLarge := []any{"limit", "512 KB"}
	if base64.StdEncoding.DecodedLen(len(data)) > MaxAvatarBytes+3 {
		return "portal.avatarTooLarge", tooLarge
	}
	img, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return "portal.avatarInvalid", nil
	}
	if len(img) > MaxAvatarBytes {
		return "portal.avatarTooLarge", tooLarge
	}
	if http.DetectContentType(img) != strings.ToLower(mediaType) {
		return "portal.avatarInvalid", nil
	}
	return "", nil
}
