package reports

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/tramita/tramita/internal/httpx"
	"github.com/tramita/tramita/internal/i18n"
)

// Handler serves the report viewer.
type Handler struct {
	svc         *Service
	currentUser CurrentUser
}

// NewHandler returns the handler; currentUser names the caller of a request.
func NewHandler(svc *Service, currentUser CurrentUser) *Handler {
	return &Handler{svc: svc, currentUser: currentUser}
}

// Routes mounts GET /reportviewer. authenticate is the API's token check,
// run again for a token that came in the query (a frame or a download link
// cannot send a header).
func (h *Handler) Routes(r chi.Router, authenticate func(http.Handler) http.Handler) {
	r.With(fromQuery, authenticate).Get("/reportviewer", h.viewer)
}

// fromQuery takes the session token and the language from the query, as the
// spec's viewer URL carries them. A query token naming another session than
// the header's is refused: one request, one reader.
func fromQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if lang := q.Get("language"); lang != "" {
			r = r.WithContext(i18n.With(r.Context(), i18n.Parse(lang)))
		}
		if tok := q.Get("token"); tok != "" {
			header := r.Header.Get("Authorization")
			if header != "" && strings.TrimSpace(header[min(len(header), 7):]) != tok {
				httpx.WriteError(w, r, httpx.Fail(http.StatusForbidden, "reports.foreignToken"))
				return
			}
			r = r.Clone(r.Context())
			r.Header.Set("Authorization", "Bearer "+tok)
		}
		next.ServeHTTP(w, r)
	})
}

func (h *Handler) viewer(w http.ResponseWriter, r *http.Request) {
	c, ok := h.currentUser(r.Context())
	if !ok {
		httpx.WriteError(w, r, httpx.Unauthorized())
		return
	}
	q, err := ParseQuery(r.URL.Query())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	switch format := r.URL.Query().Get("format"); format {
	case "", "json":
		res, err := h.svc.Run(r.Context(), c, q)
		httpx.Answer(w, r, res, err)
	case "xlsx":
		res, err := h.svc.Export(r.Context(), c, q)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		data, err := Workbook(res)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
		w.Header().Set("Content-Disposition", "attachment; filename*=UTF-8''"+url.PathEscape(res.Name+".xlsx"))
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(data)
	default:
		httpx.WriteError(w, r, httpx.Invalid("format", "reports.badFormat", "format", format))
	}
}
