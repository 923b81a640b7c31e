package profile

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"github.com/tramita/tramita/internal/httpx"
)

// avatarCache lets a browser keep a picture: its address carries ?v=, which
// changes whenever the user does (items.AvatarPath). Private: it is only for
// signed-in people.
const avatarCache = "private, max-age=31536000, immutable"

// avatar serves a user's picture to any signed-in user, so lists and
// pickers need not carry every image: GET /users/avatar/{id}.
func (h *Handler) avatar(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.currentUser(r.Context()); !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		httpx.WriteError(w, r, httpx.NotFound())
		return
	}
	avatar, err := h.svc.store.Avatar(r.Context(), id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	meta, data, _ := strings.Cut(avatar, ",")
	mediaType := strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(meta, "data:"), ";base64"))
	img, err := base64.StdEncoding.DecodeString(data)
	if err != nil || !avatarTypes[mediaType] {
		httpx.WriteError(w, r, httpx.NotFound())
		return
	}
	w.Header().Set("Content-Type", mediaType)
	w.Header().Set("Content-Length", strconv.Itoa(len(img)))
	w.Header().Set("Cache-Control", avatarCache)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(img)
}

// Avatar is the data URL of user id's picture; not found when the user does
// not exist or has none.
func (s *Store) Avatar(ctx context.Context, id int64) (string, error) {
	var avatar string
	err := s.db.QueryRow(ctx, `SELECT avatar FROM app_user WHERE id = $1`, id).Scan(&avatar)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && avatar == "") {
		return "", httpx.NotFound()
	}
	if err != nil {
		return "", fmt.Errorf("user avatar: %w", err)
	}
	return avatar, nil
}
